import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';
import { buildApp } from '../../app.js';
import { openDb } from '../../db/index.js';
import { createJobs } from '../../jobs/index.js';
import { createReaderApi } from '../../ssr/reader-api.js';

type Who = Awaited<ReturnType<typeof userWithToken>>;
const buildDir = path.resolve(process.env.WEB_BUILD_DIR || path.join(import.meta.dirname, '../../../../web/build'));
const built = fs.existsSync(path.join(buildDir, 'server/index.js'));

/** Issue 14: statuses, scheduling, revisions, edit conflicts, tags and bylines — on every dialect. */
describe.each(dialects)('the newsroom workflow on %s', (dialect) => {
  let t: TestApp;
  let writer: Who;
  let writer2: Who;
  let admin: Who;
  const base = { content: '<p>Brödtext.</p>', category: 'sport' };
  const send = (method: 'POST' | 'PUT', url: string, who: Who, payload: object) =>
    t.app.inject({ method, url, headers: who.headers, payload });
  const create = async (who: Who, payload: object) => {
    const res = await send('POST', '/api/articles', who, { ...base, ...payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const get = (url: string, who?: Who) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });

  beforeAll(async () => {
    t = await createTestApp(dialect, built ? { web: true, env: { WEB_BUILD_DIR: buildDir } } : {});
    writer = await userWithToken(t, 'nyhetsskribent', 'writer');
    writer2 = await userWithToken(t, 'andraskribent', 'writer');
    admin = await userWithToken(t, 'nyhetschef', 'admin');
  });
  afterAll(() => t?.close());

  it('publishes at once on a create or an update without a status, as the spec says (decision 019, amended)', async () => {
    const a = await create(writer, { title: 'Direkt publicerad' });
    expect(a).toMatchObject({ status: 'published', publish_at: null, version: 1, tags: [] });
    const res = await send('PUT', `/api/articles/${a.id}`, writer, {
      ...base,
      title: 'Direkt publicerad',
      category: 'SPORT',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'published', version: 2, date: a.date }); // stays, same date
    expect((await get(`/api/articles/${a.id}`)).statusCode).toBe(200);

    // A draft, a scheduled and an unpublished article, each updated without a status: live now
    const draft = await create(writer, { title: 'Utkast som publiceras', status: 'draft' });
    const scheduled = await create(writer, {
      title: 'Schemalagd som publiceras',
      status: 'scheduled',
      publish_at: '2099-01-01T08:00:00.000Z',
    });
    const gone = await create(writer, { title: 'Avpublicerad som publiceras' });
    await send('PUT', `/api/articles/${gone.id}`, writer, { ...base, title: gone.title, status: 'unpublished' });
    for (const h of [draft, scheduled, gone]) expect((await get(`/api/articles/${h.id}`)).statusCode).toBe(404);
    const before = Date.now();
    for (const h of [draft, scheduled, gone]) {
      const up = await send('PUT', `/api/articles/${h.id}`, writer, { ...base, title: h.title });
      expect(up.statusCode, up.body).toBe(200);
      expect(up.json()).toMatchObject({ status: 'published', publish_at: null });
      const seen = await get(`/api/articles/${h.id}`);
      expect(seen.statusCode).toBe(200);
      expect(seen.json().title).toBe(h.title);
    }
    // dated now when first going live; the unpublished one put back keeps its date
    expect(Date.parse((await get(`/api/articles/${draft.id}`)).json().date)).toBeGreaterThanOrEqual(before - 1000);
    expect((await get(`/api/articles/${gone.id}`)).json().date).toBe(gone.date);

    // The other side: with its status a draft stays a draft, and a future time alone schedules
    const kept = await create(writer, { title: 'Utkast som förblir utkast', status: 'draft' });
    const still = await send('PUT', `/api/articles/${kept.id}`, writer, {
      ...base,
      title: 'Utkast som förblir utkast',
      status: 'draft',
    });
    expect(still.json()).toMatchObject({ status: 'draft', version: 2 });
    expect((await get(`/api/articles/${kept.id}`)).statusCode).toBe(404);
    const embargo = await send('PUT', `/api/articles/${kept.id}`, writer, {
      ...base,
      title: 'Utkast som förblir utkast',
      publish_at: '2099-02-01T08:00:00.000Z',
    });
    expect(embargo.json()).toMatchObject({ status: 'scheduled', publish_at: '2099-02-01T08:00:00.000Z' });
    expect((await get(`/api/articles/${kept.id}`)).statusCode).toBe(404);
    // a restore keeps the status (it is not a save without one)
    const revs = (await get(`/api/newsroom/articles/${kept.id}/revisions`, writer)).json();
    const restored = await send(
      'POST',
      `/api/newsroom/articles/${kept.id}/revisions/${revs.at(-1).id}/restore`,
      writer,
      {
        version: 3,
      },
    );
    expect(restored.json()).toMatchObject({ status: 'scheduled', version: 4 });
    expect((await get(`/api/articles/${kept.id}`)).statusCode).toBe(404);

    // A live article saved with a schedule already past (an editor opened before the scheduler put
    // it live) stays live instead of being hidden and published again
    const stale = await send('PUT', `/api/articles/${a.id}`, writer, {
      ...base,
      title: 'Direkt publicerad',
      category: 'SPORT',
      status: 'scheduled',
      publish_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(stale.json()).toMatchObject({ status: 'published', publish_at: null, date: a.date });
    expect((await get(`/api/articles/${a.id}`)).statusCode).toBe(200);
  });

  it('hides drafts, scheduled and unpublished articles from every reader surface; staff still see them', async () => {
    const draft = await create(writer, { title: 'Hemligt utkast', status: 'draft', tags: ['Hemlig'] });
    const scheduled = await create(writer, {
      title: 'Embargo till i morgon',
      status: 'scheduled',
      publish_at: '2099-01-01T08:00:00.000Z',
      tags: ['hemlig'],
    });
    const gone = await create(writer, { title: 'Snart avpublicerad', tags: ['hemlig'] });
    const unpub = await send('PUT', `/api/articles/${gone.id}`, writer, {
      ...base,
      title: 'Snart avpublicerad igen',
      status: 'unpublished',
    });
    expect(unpub.json()).toMatchObject({ status: 'unpublished' });
    const visible = await create(writer, { title: 'Synlig sportnyhet', tags: ['Hemlig'] });
    const hidden = [draft, scheduled, gone];
    expect(draft).toMatchObject({ status: 'draft', publish_at: null });
    expect(scheduled).toMatchObject({ status: 'scheduled', publish_at: '2099-01-01T08:00:00.000Z' });

    // API: lists (all, category, tag), by id, by slug and by the old slug of the renamed one
    for (const url of ['/api/articles?limit=100', '/api/articles?category=sport', '/api/articles?tag=HEMLIG']) {
      const ids = (await get(url)).json().map((a: { id: number }) => a.id);
      expect(ids, url).toContain(visible.id);
      for (const h of hidden) expect(ids, url).not.toContain(h.id);
    }
    for (const h of hidden) {
      for (const url of [`/api/articles/${h.id}`, `/api/articles/slug/${h.slug}`]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ msg: 'Article not found' });
      }
    }
    expect((await get(`/api/articles/slug/${gone.slug}`)).statusCode).toBe(404); // old slug: no redirect
    // Comments cannot be written under a hidden article
    const comment = await t.app.inject({
      method: 'POST',
      url: '/api/comments',
      payload: { articleId: draft.id, content: 'Hej', name: 'Läsare', email: 'l@example.se' },
    });
    expect(comment.statusCode).toBe(404);

    // What the server-rendered pages read
    const reader = createReaderApi(t.app.services, t.app.pageCache);
    const listed = (await reader.listArticles({ limit: 100, offset: 0 })).map((a) => a.id);
    const bySport = (await reader.listArticles({ category: 'SPORT', limit: 100, offset: 0 })).map((a) => a.id);
    const related = (await reader.related({ id: visible.id, category: 'SPORT' }, 100)).map((a) => a.id);
    const side = await reader.sidebar();
    const sideIds = [...side.latest, ...side.next, ...side.hottest].map((a) => a.id);
    expect(listed).toContain(visible.id);
    for (const h of hidden) {
      for (const ids of [listed, bySport, related, sideIds]) expect(ids).not.toContain(h.id);
      expect(await reader.articleById(h.id)).toBeNull();
      expect(await reader.articleBySlug(h.slug)).toBeNull();
    }

    // Pages (when the web app is built)
    if (built) {
      for (const h of hidden) expect((await get(`/article/${h.slug}`)).statusCode).toBe(404);
      const tagPage = await get('/tag/hemlig');
      expect(tagPage.body).toContain('Synlig sportnyhet');
      expect(tagPage.body).not.toContain('Hemligt utkast');
    }

    // Staff: the writer and an admin see each with its status; another writer is refused
    for (const h of hidden) {
      const own = await get(`/api/newsroom/articles/${h.id}`, writer);
      expect(own.statusCode).toBe(200);
      expect(own.json().status).toBe(h === gone ? 'unpublished' : h.status);
      expect((await get(`/api/newsroom/articles/${h.id}`, admin)).statusCode).toBe(200);
      const other = await get(`/api/newsroom/articles/${h.id}`, writer2);
      expect(other.statusCode).toBe(403);
      expect(other.json()).toEqual({ msg: 'Du kan bara redigera artiklar som du har skrivit.' });
    }
    const drafts = (await get('/api/newsroom/articles?status=draft', writer)).json();
    expect(drafts.map((a: { id: number }) => a.id)).toEqual([draft.id]);
    const all = (await get('/api/newsroom/articles?limit=100', admin)).json().map((a: { id: number }) => a.id);
    for (const h of [...hidden, visible]) expect(all).toContain(h.id);
    expect((await get('/api/newsroom/articles?status=hemlig', admin)).statusCode).toBe(400);

    // Publishing a draft makes it visible, dated now
    const before = Date.now();
    const pub = await send('PUT', `/api/articles/${draft.id}`, writer, {
      ...base,
      title: 'Hemligt utkast',
      status: 'published',
    });
    expect(pub.json().status).toBe('published');
    expect(Date.parse(pub.json().date)).toBeGreaterThanOrEqual(before - 1000);
    expect((await get(`/api/articles/${draft.id}`)).statusCode).toBe(200);
  });

  it('refuses a schedule without a time, and a time that is not one', async () => {
    const res = await send('POST', '/api/articles', writer, { ...base, title: 'Utan tid', status: 'scheduled' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: 'Ange datum och tid för publiceringen' });
    const bad = await send('POST', '/api/articles', writer, { ...base, title: 'Fel tid', publish_at: 'i morgon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('Publiceringstiden måste vara ett giltigt datum och en giltig tid');
  });

  it('publishes scheduled articles when due (fake clock), once, with a notification and a fresh page cache', async () => {
    const s = t.app.services;
    const a = await create(writer, {
      title: 'Schemalagd nyhet',
      status: 'scheduled',
      publish_at: '2030-05-01T06:00:00.000Z',
    });
    const job = createJobs(s).find((j) => j.name === 'scheduled-publish');
    expect(job?.everyMs).toBeLessThanOrEqual(30_000);
    // cache a list that does not show it yet
    expect((await get('/api/articles?limit=100')).json().map((x: { id: number }) => x.id)).not.toContain(a.id);
    expect(await job?.run(new Date('2030-05-01T05:59:59.999Z'), new AbortController().signal)).toBeUndefined(); // not yet due
    expect((await get(`/api/articles/${a.id}`)).statusCode).toBe(404);
    expect(await job?.run(new Date('2030-05-01T06:00:00.000Z'), new AbortController().signal)).toBe(
      `published scheduled articles: ${a.id}`,
    );
    expect(await job?.run(new Date('2030-05-01T06:00:30.000Z'), new AbortController().signal)).toBeUndefined(); // exactly once
    const live = await get(`/api/articles/${a.id}`);
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ status: 'published', publish_at: null, date: '2030-05-01T06:00:00.000Z' });
    expect((await get('/api/articles?limit=100')).json().map((x: { id: number }) => x.id)).toContain(a.id);
    const notes = await s.notifications.list(writer.id, { unread: false, limit: 50 });
    const mine = notes.filter((n) => n.type === 'article_published');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      title: 'Din artikel har publicerats',
      message: 'Den schemalagda artikeln ”Schemalagd nyhet” är nu publicerad.',
      action_url: `/article/${a.slug}`,
    });
  });

  it('gives a scheduled article a new version when it goes live: an editor still holding it gets the 409', async () => {
    const a = await create(writer, {
      title: 'Schemalagd och öppen',
      status: 'scheduled',
      publish_at: '2031-02-01T06:00:00.000Z',
    });
    expect(a.version).toBe(1);
    expect(await t.app.services.articles.publishDue(new Date('2031-02-01T06:00:00.000Z'))).toHaveLength(1);
    const live = (await get(`/api/newsroom/articles/${a.id}`, writer)).json();
    expect(live).toMatchObject({ status: 'published', version: 2, title: 'Schemalagd och öppen' });
    // the revision list shows who put it live, with the content it went live with
    const revs = (await get(`/api/newsroom/articles/${a.id}/revisions`, writer)).json();
    expect(
      revs.map((r: { version: number; status: string; user_name: string }) => [r.version, r.status, r.user_name]),
    ).toEqual([
      [2, 'published', 'schemaläggningen'],
      [1, 'scheduled', 'nyhetsskribent Testsson'],
    ]);
    // the editor opened version 1 before the publish: a save is refused, naming the scheduler
    const stale = await send('PUT', `/api/articles/${a.id}`, writer, {
      ...base,
      title: 'Ändrad efter publiceringen',
      status: 'scheduled',
      publish_at: '2031-02-01T06:00:00.000Z',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toMatch(/^Artikeln har ändrats av schemaläggningen \(.+\) efter att du öppnade den\./);
    // with the version it has now, the save goes through
    const fresh = await send('PUT', `/api/articles/${a.id}`, writer, {
      ...base,
      title: 'Ändrad efter publiceringen',
      status: 'published',
      version: 2,
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({ version: 3, status: 'published' });
  });

  it('catches up at start on what fell due while the server was down', async () => {
    const a = await create(writer, {
      title: 'Förföll under driftstopp',
      status: 'scheduled',
      publish_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    // "Down": the running server stops (its job leases go), ten minutes pass without any run, and
    // a later-started server (another app on the same database) runs the job at start.
    await t.app.jobs.stop();
    const tenMinutesAgo = new Date(Date.now() - 600_000).toISOString();
    await t.dbh.db.updateTable('articles').set({ publish_at: tenMinutesAgo }).where('id', '=', a.id).execute();
    await t.dbh.db.updateTable('job_leases').set({ last_run_at: tenMinutesAgo }).execute();
    expect((await get(`/api/articles/${a.id}`)).statusCode).toBe(404);
    const second = await buildApp(t.config, { dbh: openDb(t.config.database) });
    try {
      await second.ready();
      await second.jobs.settled(); // the first pass starts with the server (not awaited by it)
      expect((await get(`/api/articles/${a.id}`)).statusCode).toBe(200);
    } finally {
      await second.close();
      await t.app.jobs.start();
    }
  });

  it.runIf(dialect === 'postgres')('publishes once with two app instances on one PostgreSQL database', async () => {
    const dbs = [openDb(t.config.database), openDb(t.config.database)];
    const apps = await Promise.all(dbs.map((dbh) => buildApp(t.config, { dbh })));
    try {
      const ids: number[] = [];
      for (let i = 0; i < 8; i++) {
        const a = await create(writer2, {
          title: `Tävling ${i}`,
          status: 'scheduled',
          publish_at: '2031-01-01T00:00:00.000Z',
        });
        ids.push(a.id);
      }
      const now = new Date('2031-01-01T00:00:05.000Z');
      const results = await Promise.all([
        ...apps.map((app) => app.services.articles.publishDue(now)),
        ...apps.map((app) => app.services.articles.publishDue(now)),
      ]);
      const published = results.flat().map((r) => r.id);
      expect(published.sort((x, y) => x - y)).toEqual(ids);
      const notes = await t.app.services.notifications.list(writer2.id, { unread: false, limit: 50 });
      expect(notes.filter((n) => n.type === 'article_published')).toHaveLength(8);
    } finally {
      for (const app of apps) await app.close();
      for (const dbh of dbs) await dbh.close();
    }
  });

  it('keeps a revision of every save; lists, shows and restores one (as a new revision)', async () => {
    const a = await create(writer, { title: 'Första lydelsen', tags: ['Val'], featured_image_alt: 'En valurna' });
    await send('PUT', `/api/articles/${a.id}`, writer, {
      ...base,
      title: 'Andra lydelsen',
      content: '<p>Ny text.</p>',
      category: 'POLITIK',
      tags: ['riksdag'],
    });
    const list = await get(`/api/newsroom/articles/${a.id}/revisions`, writer);
    expect(list.statusCode).toBe(200);
    const revs = list.json();
    expect(revs.map((r: { title: string }) => r.title)).toEqual(['Andra lydelsen', 'Första lydelsen']);
    expect(revs[0]).toMatchObject({ version: 2, user_id: writer.id, user_name: 'nyhetsskribent Testsson' });
    const first = await get(`/api/newsroom/articles/${a.id}/revisions/${revs[1].id}`, writer);
    expect(first.json()).toMatchObject({
      title: 'Första lydelsen',
      content: '<p>Brödtext.</p>',
      category: 'SPORT',
      tags: ['Val'],
      featured_image_alt: 'En valurna',
    });
    // another writer may not read them; a revision of another article is 404
    expect((await get(`/api/newsroom/articles/${a.id}/revisions`, writer2)).statusCode).toBe(403);
    const other = await create(writer, { title: 'Annan artikel' });
    const wrong = await get(`/api/newsroom/articles/${other.id}/revisions/${revs[1].id}`, writer);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ msg: 'Versionen finns inte' });

    const restored = await send('POST', `/api/newsroom/articles/${a.id}/revisions/${revs[1].id}/restore`, admin, {
      version: 2,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ title: 'Första lydelsen', category: 'SPORT', tags: ['Val'], version: 3 });
    const after = (await get(`/api/newsroom/articles/${a.id}/revisions`, writer)).json();
    expect(after).toHaveLength(3);
    expect(after[0]).toMatchObject({ title: 'Första lydelsen', user_name: 'nyhetschef Testsson', version: 3 });
  });

  it('answers 409 with a Swedish message on a stale save; a save without a version overwrites as today', async () => {
    const a = await create(writer, { title: 'Konfliktartikel' });
    const first = await send('PUT', `/api/articles/${a.id}`, admin, { ...base, title: 'Chefens version', version: 1 });
    expect(first.statusCode).toBe(200);
    const stale = await send('PUT', `/api/articles/${a.id}`, writer, { ...base, title: 'Min version', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toMatch(
      /^Artikeln har ändrats av nyhetschef Testsson \(.+\) efter att du öppnade den\. Ladda deras version eller skriv över medvetet\.$/,
    );
    expect((await get(`/api/newsroom/articles/${a.id}`, writer)).json().title).toBe('Chefens version');
    // overwrite knowingly: send the version just read
    const over = await send('PUT', `/api/articles/${a.id}`, writer, { ...base, title: 'Min version', version: 2 });
    expect(over.json()).toMatchObject({ title: 'Min version', version: 3 });
    const plain = await send('PUT', `/api/articles/${a.id}`, writer, { ...base, title: 'Utan version' });
    expect(plain.statusCode).toBe(200);
    // a stale restore is refused too
    const revs = (await get(`/api/newsroom/articles/${a.id}/revisions`, writer)).json();
    const restore = await send('POST', `/api/newsroom/articles/${a.id}/revisions/${revs[3].id}/restore`, writer, {
      version: 1,
    });
    expect(restore.statusCode).toBe(409);
  });

  it('keeps tags as written (one per key), suggests existing ones, lists by tag; bylines of staff or a free one', async () => {
    const a = await create(writer, {
      title: 'Taggad artikel',
      tags: ['  Fotbolls-VM ', 'fotbolls-vm', 'ÅRETS  Match'],
      author_ids: [writer.id, writer2.id],
      featured_image: 'https://example.se/bild.jpg',
      featured_image_caption: 'Målet i 90:e minuten',
      featured_image_credit: 'Anna Fotograf',
    });
    expect(a.tags).toEqual(['Fotbolls-VM', 'ÅRETS Match']); // issue 41: as written, one per key
    // issue 40: the colleague is invited, and stands in the byline once they accept
    expect(a.authors).toEqual([{ id: writer.id, name: 'nyhetsskribent Testsson', username: 'nyhetsskribent' }]);
    const [invitation] = (await get('/api/newsroom/byline-invitations', writer2)).json().invitations;
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/newsroom/byline-invitations/${invitation.id}/accept`,
      headers: writer2.headers,
    });
    expect(accepted.statusCode).toBe(200);
    expect((await get(`/api/articles/${a.id}`)).json().authors).toEqual([
      { id: writer.id, name: 'nyhetsskribent Testsson', username: 'nyhetsskribent' },
      { id: writer2.id, name: 'andraskribent Testsson', username: 'andraskribent' },
    ]);
    expect(a).toMatchObject({ featured_image_caption: 'Målet i 90:e minuten', featured_image_credit: 'Anna Fotograf' });
    const suggest = await get('/api/newsroom/tags?q=FOT', writer);
    expect(suggest.json()).toEqual(['Fotbolls-VM']);
    const byTag = (await get(`/api/articles?tag=${encodeURIComponent('Årets match')}`)).json();
    expect(byTag.map((x: { id: number }) => x.id)).toEqual([a.id]);
    const reader = await userWithToken(t, 'taglasare', 'user');
    const badAuthor = await send('POST', '/api/articles', writer, {
      ...base,
      title: 'Fel skribent',
      author_ids: [reader.id],
    });
    expect(badAuthor.statusCode).toBe(400);
    expect(badAuthor.json()).toEqual({ msg: 'Skribenten finns inte eller är inte skribent eller administratör' });

    // external API: free byline, tags, status and publish_at (embargoed wire copy)
    const key = await t.app.services.apiTokens.regenerate(writer.id);
    const form = multipart({
      title: 'Telegram från TT',
      category: 'NYHETER',
      content: 'Text från byrån.',
      byline: 'TT',
      tags: 'Inrikes, Telegram',
      publish_at: '2099-06-01T10:00:00.000Z',
    });
    const ext = await t.app.inject({
      method: 'POST',
      url: '/api/articles/external',
      headers: { ...form.headers, 'x-api-key': key },
      payload: form.payload,
    });
    expect(ext.statusCode, ext.body).toBe(201);
    expect(ext.json()).toMatchObject({
      status: 'scheduled',
      publish_at: '2099-06-01T10:00:00.000Z',
      tags: ['Inrikes', 'Telegram'],
      authors: [{ id: null, name: 'TT', username: null }],
    });
    const draftForm = multipart({ title: 'Utkast från TT', category: 'NYHETER', content: 'Text.', status: 'draft' });
    const extDraft = await t.app.inject({
      method: 'POST',
      url: '/api/articles/external',
      headers: { ...draftForm.headers, 'x-api-key': key },
      payload: draftForm.payload,
    });
    expect(extDraft.json().status).toBe('draft');
  });
});
