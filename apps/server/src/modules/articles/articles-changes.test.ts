import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, makeAuthor, type TestApp } from '../../../test/helpers.js';
import type { Db } from '../../db/index.js';
import { ArticleChanged, ArticleDeleted, ArticlePublished, ArticleWritten } from './events.js';
import type { ArticleChange, NewArticle, WentLive } from './service.js';

/**
 * What the articles service tells the modules that react to it (the page cache listens to every
 * change readers can see; comments and notifications hang on deletes and publishing), and the rules
 * of a save that only show in the stored article: trimmed optional texts, kept ones, bylines.
 */
describe.each(dialects)('article changes and save rules on %s', (dialect) => {
  let t: TestApp;
  let w1: number;
  let w2: number;
  const changes: ArticleChange[] = [];
  const deleted: number[] = [];
  const wentLive: WentLive[][] = [];
  const make = (title: string, more: Partial<NewArticle> = {}) =>
    t.app.services.articles.create({
      title,
      content: `<p>${title}.</p>`,
      category: 'POLITIK',
      authorId: w1,
      authorName: 'Wilma Ett',
      featuredImage: null,
      ...more,
    });
  const changesOf = async (action: () => Promise<unknown>) => {
    changes.length = 0;
    await action();
    return [...changes];
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w1 = await makeAuthor(t, 'wilma', 'Wilma Ett');
    w2 = await makeAuthor(t, 'william', 'William Två');
    // The module's events, as a reacting module subscribes to them (src/events.ts)
    const events = t.app.events;
    events.afterCommit(ArticleChanged, 'test: changes', async (c) => {
      changes.push(c);
    });
    events.afterCommit(ArticleDeleted, 'test: deleted', async (a) => {
      deleted.push(a.id);
    });
    // the scheduler's publications of one run come in one transaction: one batch each
    let batchOf: Db | null = null;
    events.inTransaction(ArticlePublished, 'test: went live', async (a, trx) => {
      if (batchOf !== trx) wentLive.push([]);
      batchOf = trx;
      const batch = wentLive[wentLive.length - 1] ?? [];
      batch.push(a);
      batch.sort((x, y) => x.id - y.id);
    });
  });
  afterAll(() => t?.close());

  it('tells of what readers see change: created, updated (moved, retagged), deleted — nothing for hidden saves', async () => {
    const s = t.app.services.articles;
    let draftId = 0;
    expect(
      await changesOf(async () => {
        draftId = (await make('Hemligt utkast', { status: 'draft' })).id;
      }),
    ).toEqual([]);
    let id = 0;
    const created = await changesOf(async () => {
      id = (await make('Valet', { tags: ['Val', 'riksdag'], authorIds: [w1, w2] })).id;
    });
    const common = { id, authorId: w1, authorIds: [w1, w2] };
    expect(created).toEqual([{ kind: 'created', category: 'POLITIK', tags: ['riksdag', 'val'], ...common }]);

    const save = (changes: object) =>
      s.update(id, { title: 'Valet', content: '<p>Text.</p>', category: 'POLITIK', featuredImage: null, ...changes });
    // the same tags (even given in another order) and category: nothing "previous"
    expect(await changesOf(() => save({ tags: ['val', 'Riksdag'] }))).toEqual([
      { kind: 'updated', category: 'POLITIK', tags: ['val', 'riksdag'], ...common },
    ]);
    expect(await changesOf(() => save({ tags: ['riksdag', 'val'] }))).toEqual([
      { kind: 'updated', category: 'POLITIK', tags: ['riksdag', 'val'], ...common },
    ]);
    // as many tags, one of them other: a change
    expect(await changesOf(() => save({ tags: ['riksdag', 'eu'] }))).toMatchObject([
      { tags: ['riksdag', 'eu'], previousTags: ['riksdag', 'val'] },
    ]);
    await save({ tags: ['riksdag', 'val'] });
    // moved and retagged: the pages of before and after
    expect(await changesOf(() => save({ category: 'SPORT', tags: ['val'] }))).toEqual([
      {
        kind: 'updated',
        category: 'SPORT',
        previousCategory: 'POLITIK',
        tags: ['val'],
        previousTags: ['riksdag', 'val'],
        ...common,
      },
    ]);
    // tags not sent: they stay, nothing previous
    expect(await changesOf(() => save({ category: 'SPORT' }))).toEqual([
      { kind: 'updated', category: 'SPORT', tags: ['val'], ...common },
    ]);
    // one tag fewer is a change even when the rest agree
    expect(await changesOf(() => save({ category: 'SPORT', tags: ['val', 'extra'] }))).toMatchObject([
      { previousTags: ['val'] },
    ]);
    // …and so is one tag fewer when the kept ones come first
    expect(await changesOf(() => save({ category: 'SPORT', tags: ['extra'] }))).toMatchObject([
      { tags: ['extra'], previousTags: ['extra', 'val'] },
    ]);
    expect(await changesOf(() => save({ category: 'SPORT', tags: ['val'] }))).toMatchObject([
      { tags: ['val'], previousTags: ['extra'] },
    ]);
    // going away and coming back
    expect(await changesOf(() => save({ category: 'SPORT', status: 'unpublished' }))).toEqual([
      { kind: 'deleted', category: 'SPORT', tags: ['val'], ...common },
    ]);
    expect(await changesOf(() => save({ category: 'SPORT', status: 'draft' }))).toEqual([]);
    expect(await changesOf(() => save({ category: 'SPORT' }))).toEqual([
      { kind: 'created', category: 'SPORT', tags: ['val'], ...common },
    ]);

    // a free byline has no staff authors
    const wire = await changesOf(() => make('Telegram', { byline: 'TT' }));
    expect(wire).toMatchObject([{ kind: 'created', authorId: w1, authorIds: [] }]);

    // deletes: every one is told to onDeleted, only the visible one to onChange
    deleted.length = 0;
    expect(await changesOf(() => s.delete(draftId))).toEqual([]);
    expect(await changesOf(() => s.delete(id))).toEqual([
      { kind: 'deleted', category: 'SPORT', tags: ['val'], ...common },
    ]);
    expect(deleted).toEqual([draftId, id]);
    await expect(s.delete(id)).rejects.toMatchObject({ statusCode: 404, message: 'Article not found' });
    expect(deleted).toEqual([draftId, id]);
  });

  it('publishing due articles tells the live hooks and the listeners, once; nothing due tells nothing', async () => {
    const s = t.app.services.articles;
    const a = await make('Schemalagd', { status: 'scheduled', publishAt: '2032-03-01T06:00:00.000Z', tags: ['Kväll'] });
    // wire copy without a staff author
    const b = await make('Byråtext', {
      authorId: null,
      authorName: 'TT',
      status: 'scheduled',
      publishAt: '2032-03-01T06:00:10.000Z',
    });
    wentLive.length = 0;
    expect(await changesOf(() => s.publishDue(new Date('2032-03-01T05:59:59.999Z')))).toEqual([]);
    expect(wentLive).toEqual([]);
    // the scheduler runs a little late: each is dated its own publishing time, not the run's
    const told = await changesOf(() => s.publishDue(new Date('2032-03-01T06:00:30.000Z')));
    expect(told.sort((x, y) => x.id - y.id)).toEqual([
      { kind: 'created', id: a.id, category: 'POLITIK', authorId: w1, authorIds: [w1], tags: ['kväll'] },
      { kind: 'created', id: b.id, category: 'POLITIK', authorId: null, authorIds: [], tags: [] },
    ]);
    expect(wentLive).toEqual([
      [
        { id: a.id, slug: 'schemalagd', title: 'Schemalagd', authorId: w1 },
        { id: b.id, slug: 'byratext', title: 'Byråtext', authorId: null },
      ],
    ]);
    expect(await s.publishDue(new Date('2032-03-01T06:01:00.000Z'))).toEqual([]);
    expect(wentLive).toHaveLength(1);
    expect(await s.getAnyById(a.id)).toMatchObject({ status: 'published', date: '2032-03-01T06:00:00.000Z' });
    expect(await s.getAnyById(b.id)).toMatchObject({ status: 'published', date: '2032-03-01T06:00:10.000Z' });
    const revisions = await s.listRevisions(a.id);
    expect(revisions.map((r) => [r.version, r.status, r.user_id, r.user_name, r.created_at])).toEqual([
      [2, 'published', null, 'schemaläggningen', '2032-03-01T06:00:00.000Z'],
      [1, 'scheduled', w1, 'Wilma Ett', revisions[1]?.created_at],
    ]);
    const live = await s.getRevision(a.id, revisions[0]?.id ?? 0);
    expect(live).toMatchObject({ title: 'Schemalagd', content: '<p>Schemalagd.</p>', tags: ['Kväll'] });
  });

  it('stores optional texts trimmed, blank ones as none; a save without them keeps them, null clears them', async () => {
    const s = t.app.services.articles;
    const a = await make('Med bildtexter', {
      byline: '  TT  ',
      featuredImage: '/uploads/bild.webp',
      featuredImageAlt: '  Bron i kvällsljus ',
      featuredImageCaption: '   ',
      featuredImageCredit: '',
      tags: ['  Bro ', '', '   ', 'bro'],
    });
    expect(a).toMatchObject({
      authors: [{ id: null, name: 'TT', username: null }],
      featured_image_alt: 'Bron i kvällsljus',
      featured_image_caption: null,
      featured_image_credit: null,
      tags: ['Bro'],
    });
    const [first] = await s.listRevisions(a.id);
    expect(await s.getRevision(a.id, first?.id ?? 0)).toMatchObject({
      byline: 'TT',
      featured_image_alt: 'Bron i kvällsljus',
      featured_image_caption: null,
      featured_image_credit: null,
      tags: ['Bro'],
    });

    const base = { title: 'Med bildtexter', content: '<p>Ny text.</p>', category: 'POLITIK' as const };
    const kept = await s.update(a.id, { ...base, featuredImage: '/uploads/bild.webp', featuredImageCaption: 'Bron' });
    expect(kept).toMatchObject({
      authors: [{ id: null, name: 'TT', username: null }],
      featured_image_alt: 'Bron i kvällsljus',
      featured_image_caption: 'Bron',
      featured_image_credit: null,
      tags: ['Bro'],
    });
    const [keptRevision] = await s.listRevisions(a.id);
    expect(await s.getRevision(a.id, keptRevision?.id ?? 0)).toMatchObject({
      byline: 'TT',
      featured_image_alt: 'Bron i kvällsljus',
      featured_image_caption: 'Bron',
      tags: ['Bro'],
    });
    const cleared = await s.update(a.id, {
      ...base,
      featuredImage: null,
      byline: null,
      featuredImageAlt: null,
      featuredImageCaption: ' ',
      featuredImageCredit: ' Anna Berg ',
      tags: [],
    });
    expect(cleared).toMatchObject({
      authors: [{ id: w1, name: 'Wilma Ett', username: 'wilma' }],
      featured_image: null,
      featured_image_alt: null,
      featured_image_caption: null,
      featured_image_credit: 'Anna Berg',
      tags: [],
    });
    // and a save of a staff byline without a byline field keeps the staff
    const again = await s.update(a.id, { ...base, featuredImage: null });
    expect(again.authors).toEqual([{ id: w1, name: 'Wilma Ett', username: 'wilma' }]);
  });

  it('a save without a byline keeps the byline of an article whose first author’s account was deleted', async () => {
    const s = t.app.services.articles;
    const gone = await makeAuthor(t, 'borta', 'Borta Bengtsson');
    const base = { content: '<p>Text.</p>', category: 'POLITIK' as const, featuredImage: null };
    const shared = await make('Delad byline', { authorId: gone, authorName: 'Borta Bengtsson', authorIds: [gone, w2] });
    const alone = await make('Ensam skribent', { authorId: gone, authorName: 'Borta Bengtsson' });
    await s.forgetAuthor(gone, 'Borta Bengtsson (raderad)');
    const former = { id: null, name: 'Borta Bengtsson (raderad)', username: null };
    const william = { id: w2, name: 'William Två', username: 'william' };
    expect((await s.getAnyById(shared.id))?.authors).toEqual([former, william]);
    // the deleted account's name is its place in the byline, not a free byline: William stays
    const saved = await s.update(shared.id, { ...base, title: 'Delad byline' });
    expect(saved.authors).toEqual([former, william]);
    const stored = await t.dbh.db
      .selectFrom('articles')
      .select('byline')
      .where('id', '=', shared.id)
      .executeTakeFirst();
    expect(stored?.byline).toBeNull();
    const own = await s.update(alone.id, { ...base, title: 'Ensam skribent', authorIds: [w2] });
    expect(own.authors).toEqual([william]);
  });

  it('the editor opens an article with its stored free byline: none for staff or a deleted author, "TT" for wire copy', async () => {
    const s = t.app.services.articles;
    const admin = await userWithToken(t, 'bylineredaktor', 'admin');
    const open = async (id: number) =>
      (await t.app.inject({ url: `/api/newsroom/articles/${id}`, headers: admin.headers })).json();
    const gone = await makeAuthor(t, 'forsvunnen', 'Försvunnen Författare');
    const shared = await make('Byline i redigeraren', {
      authorId: gone,
      authorName: 'Försvunnen Författare',
      authorIds: [gone, w2],
    });
    const wire = await make('Telegram i redigeraren', { byline: 'TT' });
    await s.forgetAuthor(gone, 'Försvunnen Författare (raderad)');
    const opened = await open(shared.id);
    expect(opened.authors).toEqual([
      { id: null, name: 'Försvunnen Författare (raderad)', username: null },
      { id: w2, name: 'William Två', username: 'william' },
    ]);
    expect(opened.byline).toBeNull();
    expect((await open(wire.id)).byline).toBe('TT');
    // so the editor sends back what it opened, and the byline stays as it was
    const resaved = await t.app.inject({
      method: 'PUT',
      url: `/api/articles/${shared.id}`,
      headers: admin.headers,
      payload: {
        title: opened.title,
        content: opened.content,
        category: 'POLITIK',
        status: opened.status,
        byline: opened.byline,
      },
    });
    expect(resaved.statusCode).toBe(200);
    expect(resaved.json().authors).toEqual(opened.authors);
    // a restored version opens with the byline it had
    const revisions = (
      await t.app.inject({ url: `/api/newsroom/articles/${wire.id}/revisions`, headers: admin.headers })
    ).json();
    await t.app.inject({
      method: 'PUT',
      url: `/api/articles/${wire.id}`,
      headers: admin.headers,
      payload: {
        title: 'Telegram i redigeraren',
        content: '<p>Ny.</p>',
        category: 'SPORT',
        status: 'published',
        byline: null,
      },
    });
    expect((await open(wire.id)).byline).toBeNull();
    const restored = await t.app.inject({
      method: 'POST',
      url: `/api/newsroom/articles/${wire.id}/revisions/${revisions.at(-1).id}/restore`,
      headers: admin.headers,
      payload: {},
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().byline).toBe('TT');
  });

  it('bylines: repeated ids count once, an id that cannot exist is a 400, none leaves the writer', async () => {
    const s = t.app.services.articles;
    const twice = await make('Två gånger', { authorIds: [w2, w1, w2] });
    expect(twice.authors.map((a) => a.id)).toEqual([w2, w1]);
    // also when an id is repeated besides (it was dropped silently then)
    for (const ids of [[w1, 2_147_483_648], [0], [w1, -3], [w1, w1, 2_147_483_648], [0, 0]]) {
      await expect(make('Omöjlig skribent', { authorIds: ids })).rejects.toMatchObject({
        statusCode: 400,
        message: 'Skribenten finns inte eller är inte skribent eller administratör',
      });
    }
    const none = await make('Ingen lista', { authorIds: [] });
    expect(none.authors).toEqual([{ id: w1, name: 'Wilma Ett', username: 'wilma' }]);
    // an update with an empty list removes the co-authors
    const emptied = await s.update(twice.id, {
      title: 'Två gånger',
      content: '<p>Text.</p>',
      category: 'POLITIK',
      featuredImage: null,
      authorIds: [],
    });
    expect(emptied.authors).toEqual([{ id: w1, name: 'Wilma Ett', username: 'wilma' }]);
  });

  it('a save on top of a save made after it was read is a 409, naming the last saver when the editor sent a version', async () => {
    const s = t.app.services.articles;
    const a = await make('Samtidigt');
    const read = await s.getAnyById(a.id);
    if (!read) throw new Error('missing');
    const base = { title: 'Samtidigt', content: '<p>Text.</p>', category: 'POLITIK' as const, featuredImage: null };
    await s.update(a.id, base, { saver: { id: w2, name: 'William Två' } });
    // the route passes the article it read: the write finds a newer version
    await expect(s.update(a.id, base, { current: read })).rejects.toMatchObject({
      statusCode: 409,
      message:
        'Artikeln har ändrats av någon annan efter att du öppnade den. Ladda deras version eller skriv över medvetet.',
    });
    await expect(s.update(a.id, base, { current: read, expectedVersion: 1 })).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringMatching(/^Artikeln har ändrats av William Två \(.+\) efter att du öppnade den\./),
    });
    expect(await s.getAnyById(a.id)).toMatchObject({ version: 2 });
    // the time is the last save's, in Swedish time (summer time here)
    await t.dbh.db
      .updateTable('article_revisions')
      .set({ created_at: '2025-06-01T10:00:00.000Z' })
      .where('article_id', '=', a.id)
      .where('version', '=', 2)
      .execute();
    await expect(s.update(a.id, base, { expectedVersion: 1 })).rejects.toMatchObject({
      statusCode: 409,
      message:
        'Artikeln har ändrats av William Två (2025-06-01 12:00) efter att du öppnade den. Ladda deras version eller skriv över medvetet.',
    });
    // an article without any saved revision (made before revisions existed): the plain 409
    const [{ id: old }] = await t.dbh.db
      .insertInto('articles')
      .values({
        slug: 'utan-versioner',
        title: 'Utan versioner',
        content: '<p>Text.</p>',
        excerpt: 'Text.',
        category: 'POLITIK',
        author_id: w1,
        author_name: 'Wilma Ett',
        featured_image: null,
        published_at: '2020-01-01T00:00:00.000Z',
        updated_at: '2020-01-01T00:00:00.000Z',
        publish_at: null,
        byline: null,
        featured_image_alt: null,
        featured_image_caption: null,
        featured_image_credit: null,
      })
      .returning('id')
      .execute();
    await expect(s.update(Number(old), base, { expectedVersion: 7 })).rejects.toMatchObject({
      statusCode: 409,
      message:
        'Artikeln har ändrats av någon annan efter att du öppnade den. Ladda deras version eller skriv över medvetet.',
    });
    await expect(s.update(999_999, base)).rejects.toMatchObject({ statusCode: 404, message: 'Article not found' });
  });

  it('scheduling: a re-save keeps the time, a past time on a hidden article stays scheduled, times are stored in UTC', async () => {
    const s = t.app.services.articles;
    const base = { title: 'Tidsstyrd', content: '<p>Text.</p>', category: 'POLITIK' as const, featuredImage: null };
    const a = await make('Tidsstyrd', { status: 'scheduled', publishAt: '2099-01-01T09:00:00+01:00' });
    expect(a).toMatchObject({ status: 'scheduled', publish_at: '2099-01-01T08:00:00.000Z' });
    // created scheduled: dated when made, like a draft
    expect(Date.parse(a.date)).toBeGreaterThan(Date.now() - 60_000);
    const resaved = await s.update(a.id, { ...base, status: 'scheduled' });
    expect(resaved).toMatchObject({ status: 'scheduled', publish_at: '2099-01-01T08:00:00.000Z', date: a.date });
    const moved = await s.update(a.id, { ...base, status: 'scheduled', publishAt: '2098-05-05T05:05:00.000Z' });
    expect(moved).toMatchObject({ status: 'scheduled', publish_at: '2098-05-05T05:05:00.000Z', date: a.date });
    // a draft given a time already past is scheduled (the scheduler puts it live on its next run)
    const draft = await make('Utkast med gammal tid', { status: 'draft' });
    const past = await s.update(draft.id, {
      ...base,
      title: 'Utkast med gammal tid',
      status: 'scheduled',
      publishAt: '2020-01-01T00:00:00.000Z',
    });
    expect(past).toMatchObject({ status: 'scheduled', publish_at: '2020-01-01T00:00:00.000Z' });
    // without a status a past time publishes now; an explicit "published" ignores a future time
    const now = await s.update(draft.id, {
      ...base,
      title: 'Utkast med gammal tid',
      publishAt: '2020-01-01T00:00:00.000Z',
    });
    expect(now).toMatchObject({ status: 'published', publish_at: null });
    expect(Date.parse(now.date)).toBeGreaterThan(Date.now() - 60_000);
    const live = await make('Direkt trots tid', { status: 'published', publishAt: '2099-01-01T00:00:00.000Z' });
    expect(live).toMatchObject({ status: 'published', publish_at: null });
    // a scheduled article re-saved as scheduled without any time it had: refused
    const plain = await make('Utan tid');
    await expect(s.update(plain.id, { ...base, title: 'Utan tid', status: 'scheduled' })).rejects.toMatchObject({
      statusCode: 400,
      message: 'Ange datum och tid för publiceringen',
    });
    // a date given at creation counts only for an article that goes live
    const dated = await make('Daterad', { publishedAt: '2021-02-03T04:05:06.000Z' });
    expect(dated.date).toBe('2021-02-03T04:05:06.000Z');
    const undated = await make('Daterat utkast', { status: 'draft', publishedAt: '2021-02-03T04:05:06.000Z' });
    expect(Date.parse(undated.date)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('revisions: a page of 20 newest first, the next page before an id; impossible or foreign ids are 404', async () => {
    const s = t.app.services.articles;
    const a = await make('Många sparningar');
    for (let i = 2; i <= 22; i++) {
      await s.update(a.id, {
        title: `Sparning ${i}`,
        content: '<p>Text.</p>',
        category: 'POLITIK',
        featuredImage: null,
      });
    }
    const first = await s.listRevisions(a.id);
    expect(first.map((r) => r.version)).toEqual(Array.from({ length: 20 }, (_, i) => 22 - i));
    const rest = await s.listRevisions(a.id, first.at(-1)?.id);
    expect(rest.map((r) => r.version)).toEqual([2, 1]);
    expect(rest[1]).toMatchObject({
      title: 'Många sparningar',
      status: 'published',
      user_id: w1,
      user_name: 'Wilma Ett',
    });
    // saved without a saver: the revision names the article's writer
    expect(first[0]).toMatchObject({ title: 'Sparning 22', user_id: w1, user_name: 'Wilma Ett' });
    expect(await s.listRevisions(a.id, rest[1]?.id)).toEqual([]);
    const other = await make('Annan');
    for (const id of [0, -1, 2_147_483_648, first[0]?.id ?? 0]) {
      await expect(s.getRevision(other.id, id)).rejects.toMatchObject({
        statusCode: 404,
        message: 'Versionen finns inte',
      });
    }
    // a revision whose stored tags and meta cannot be read shows none
    const [own] = await s.listRevisions(other.id);
    await t.dbh.db
      .updateTable('article_revisions')
      .set({ tags: 'inte json', meta: '{' })
      .where('id', '=', own?.id ?? 0)
      .execute();
    expect(await s.getRevision(other.id, own?.id ?? 0)).toMatchObject({
      tags: [],
      byline: null,
      featured_image_alt: null,
      featured_image_caption: null,
      featured_image_credit: null,
    });
  });

  it('suggests tags from the prefix on (inclusive), without treating % and _ as wildcards; no prefix lists the first ten', async () => {
    const s = t.app.services.articles;
    const admin = { id: 0, account_type: 'admin' as const };
    await make('Taggförslag', { tags: ['fotboll', 'fotbolls-vm', 'fp', 'fo_x', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6'] });
    expect(await s.suggestTags('FOT', admin)).toEqual(['fotboll', 'fotbolls-vm']);
    expect(await s.suggestTags('fotboll', admin)).toEqual(['fotboll', 'fotbolls-vm']);
    expect(await s.suggestTags('fotbolls-vm', admin)).toEqual(['fotbolls-vm']);
    expect(await s.suggestTags('fo%', admin)).toEqual(['fo_x', 'fotboll', 'fotbolls-vm']);
    expect(await s.suggestTags('fo', admin, 1)).toEqual(['fo_x']);
    const all = await s.suggestTags('', admin);
    expect(all).toHaveLength(10);
    expect(all.slice(0, 3)).toEqual(['a1', 'a2', 'a3']);
  });

  it('a title whose slug is the article’s own keeps it; a third equal title gets -3', async () => {
    const s = t.app.services.articles;
    await make('Lika rubrik');
    const second = await make('Lika rubrik');
    expect(second.slug).toBe('lika-rubrik-2');
    const renamed = await s.update(second.id, {
      title: 'Lika rubrik 2',
      content: '<p>Text.</p>',
      category: 'POLITIK',
      featuredImage: null,
    });
    expect(renamed.slug).toBe('lika-rubrik-2');
    expect((await make('Lika rubrik')).slug).toBe('lika-rubrik-3');
  });

  it('status dates and schedules: a live article can be rescheduled; going live dates a draft now, a live or unpublished one keeps its date', async () => {
    const s = t.app.services.articles;
    const base = { content: '<p>Text.</p>', category: 'POLITIK' as const, featuredImage: null };
    const live = await make('Omplanerad');
    const later = await s.update(live.id, {
      ...base,
      title: 'Omplanerad',
      status: 'scheduled',
      publishAt: '2099-03-03T03:03:00.000Z',
    });
    expect(later).toMatchObject({ status: 'scheduled', publish_at: '2099-03-03T03:03:00.000Z' });
    // created scheduled with a time already past: scheduled (the next scheduler run puts it live)
    const past = await make('Försenad', { status: 'scheduled', publishAt: '2020-01-01T00:00:00.000Z' });
    expect(past).toMatchObject({ status: 'scheduled', publish_at: '2020-01-01T00:00:00.000Z' });
    const old = '2020-05-05T05:05:05.000Z';
    const draft = await make('Gammalt utkast', { status: 'draft' });
    const shown = await make('Gammal publicerad');
    const gone = await make('Gammal avpublicerad');
    await s.update(gone.id, { ...base, title: 'Gammal avpublicerad', status: 'unpublished' });
    for (const a of [draft, shown, gone]) {
      await t.dbh.db.updateTable('articles').set({ published_at: old }).where('id', '=', a.id).execute();
    }
    const before = Date.now();
    for (const a of [draft, shown, gone]) {
      const saved = await s.update(a.id, { ...base, title: a.title, status: 'published' });
      if (a === draft) expect(Date.parse(saved.date)).toBeGreaterThanOrEqual(before - 1000);
      else expect(saved.date, a.title).toBe(old);
    }
  });

  it('an image alone is content, whatever comes before its address', async () => {
    const a = await make('Bara bild', { content: '<p><img alt="Bron" src="/uploads/bron.webp"></p>' });
    expect(a.content).toMatch(/^<p><img [^>]*src="\/uploads\/bron.webp"/);
  });

  it('titles are stored trimmed; an earlier slug leads to the article it belongs to', async () => {
    const s = t.app.services.articles;
    const written: { id: number; title: string }[] = [];
    t.app.events.inTransaction(ArticleWritten, 'test: written', async (a) => {
      written.push({ id: a.id, title: a.title });
    });
    const a = await make('  Luftig rubrik  ');
    expect(a).toMatchObject({ title: 'Luftig rubrik', slug: 'luftig-rubrik' });
    const base = { content: '<p>Text.</p>', category: 'POLITIK' as const, featuredImage: null };
    const renamed = await s.update(a.id, { ...base, title: '  Ny luftig rubrik ' });
    expect(renamed).toMatchObject({ title: 'Ny luftig rubrik', slug: 'ny-luftig-rubrik' });
    expect(written).toEqual([
      { id: a.id, title: 'Luftig rubrik' },
      { id: a.id, title: 'Ny luftig rubrik' },
    ]);
    expect((await s.listRevisions(a.id)).map((r) => r.title)).toEqual(['Ny luftig rubrik', 'Luftig rubrik']);
    expect(await s.getBySlug('luftig-rubrik')).toEqual({ redirectTo: 'ny-luftig-rubrik', articleId: a.id });
    expect(await s.getBySlug('finns-inte-alls')).toBeNull();
  });
});
