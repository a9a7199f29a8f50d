import type { Article, ArticleCorrection, CorrectionHistory, CorrectionPage } from '@vaggen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';

type Who = Awaited<ReturnType<typeof userWithToken>>;

/**
 * Issue 43: corrections through HTTP on every database — who may correct, only published articles,
 * amended never removed (history kept), shown with the article (also from the page cache), listed
 * newest first by cursor, and in the feed.
 */
describe.each(dialects)('corrections on %s', (dialect) => {
  let t: TestApp;
  let admin: Who;
  let writer: Who;
  let other: Who;
  let reader: Who;
  const create = async (title: string, who: Who = writer, status?: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/articles',
      headers: who.headers,
      payload: {
        title,
        content: '<p>Kommunen beslutade 1989.</p>',
        category: 'NYHETER',
        ...(status ? { status } : {}),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Article;
  };
  const correct = (id: number, body: unknown, who?: Who) =>
    t.app.inject({
      method: 'POST',
      url: `/api/newsroom/articles/${id}/corrections`,
      headers: who?.headers ?? {},
      payload: body as object,
    });
  const amend = (id: number, body: unknown, who?: Who) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/newsroom/corrections/${id}`,
      headers: who?.headers ?? {},
      payload: body as object,
    });
  const list = async (query = '') => {
    const res = await t.app.inject(`/api/corrections${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CorrectionPage;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await userWithToken(t, 'ratt_admin', 'admin');
    writer = await userWithToken(t, 'ratt_skribent', 'writer', { fullName: 'Rut Rättare' });
    other = await userWithToken(t, 'ratt_annan', 'writer');
    reader = await userWithToken(t, 'ratt_lasare', 'user');
  });
  afterAll(() => t?.close());

  it("the article's writer corrects it; the correction shows with the article at once, cached or not", async () => {
    const a = await create('Kommunen fattade beslutet');
    // Read (and cache) the article first: the correction must reach the cached answer too.
    const before = await t.app.inject(`/api/articles/${a.id}`);
    expect(before.json().corrections).toEqual([]);
    expect((await t.app.inject(`/api/articles/${a.id}`)).headers['x-page-cache']).toBe('HIT');

    const res = await correct(
      a.id,
      { text: 'Beslutet fattades 1998, inte 1989.', what_was_wrong: 'Fel årtal' },
      writer,
    );
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json() as ArticleCorrection;
    expect(c).toMatchObject({
      text: 'Beslutet fattades 1998, inte 1989.',
      what_was_wrong: 'Fel årtal',
      amended_at: null,
    });
    expect(Date.parse(c.created_at)).toBeGreaterThan(Date.now() - 60_000);

    const after = (await t.app.inject(`/api/articles/${a.id}`)).json() as Article;
    expect(after.corrections).toEqual([c]);
    const bySlug = (await t.app.inject(`/api/articles/slug/${a.slug}`)).json() as Article;
    expect(bySlug.corrections).toEqual([c]);
    // Lists carry no corrections (one answer per article).
    const inList = ((await t.app.inject('/api/articles?limit=5')).json() as Article[]).find((x) => x.id === a.id);
    expect(inList).toBeDefined();
    expect(inList?.corrections).toBeUndefined();
  });

  it('only the writer and admins may correct; bad input is a 400 with the reason; a draft is a 409', async () => {
    const a = await create('Ett beslut om skolan');
    expect((await correct(a.id, { text: 'Fel.' })).statusCode).toBe(401);
    expect((await correct(a.id, { text: 'Fel.' }, reader)).statusCode).toBe(403);
    const foreign = await correct(a.id, { text: 'Fel.' }, other);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().msg).toBe('Du kan bara redigera artiklar som du har skrivit.');
    expect((await correct(a.id, { text: 'Rättat av redaktionen.' }, admin)).statusCode).toBe(201);
    expect((await correct(999_999, { text: 'Fel.' }, admin)).statusCode).toBe(404);

    const empty = await correct(a.id, { text: '   ' }, writer);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ msg: 'Skriv rättelsen' });
    const missing = await correct(a.id, {}, writer);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ msg: 'Skriv rättelsen' });
    const long = await correct(a.id, { text: 'x'.repeat(2001) }, writer);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ msg: 'Rättelsen får vara högst 2000 tecken' });
    expect((await correct(a.id, { text: 'x'.repeat(2000) }, writer)).statusCode).toBe(201);

    const draft = await create('Ett utkast', writer, 'draft');
    const notLive = await correct(draft.id, { text: 'Fel.' }, writer);
    expect(notLive.statusCode).toBe(409);
    expect(notLive.json().msg).toBe(
      'Bara en publicerad artikel kan rättas. Ändra texten direkt så länge den inte är publicerad.',
    );
  });

  it('a correction is amended, never removed: the earlier wording stays in the history', async () => {
    const a = await create('Budgeten för 2027');
    const c = (await correct(a.id, { text: 'Budgeten är 12 miljoner.' }, writer)).json() as ArticleCorrection;
    expect((await amend(c.id, { text: 'Ändrat' }, other)).statusCode).toBe(403);
    expect((await amend(c.id, { text: 'Ändrat' }, reader)).statusCode).toBe(403);
    expect((await amend(999_999, { text: 'Ändrat' }, admin)).statusCode).toBe(404);
    const res = await amend(
      c.id,
      { text: 'Budgeten är 21 miljoner kronor.', what_was_wrong: 'Siffrorna bytta' },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: c.id, text: 'Budgeten är 21 miljoner kronor.', created_at: c.created_at });
    expect(res.json().amended_at).not.toBeNull();

    const shown = ((await t.app.inject(`/api/articles/${a.id}`)).json() as Article).corrections;
    expect(shown?.map((x) => x.text)).toEqual(['Budgeten är 21 miljoner kronor.']);
    const history = await t.app.inject({ url: `/api/newsroom/articles/${a.id}/corrections`, headers: writer.headers });
    expect(history.statusCode).toBe(200);
    const [h] = history.json() as CorrectionHistory[];
    expect(h).toMatchObject({ id: c.id, created_by: 'Rut Rättare', text: 'Budgeten är 21 miljoner kronor.' });
    expect(h?.versions).toEqual([
      {
        text: 'Budgeten är 12 miljoner.',
        what_was_wrong: null,
        replaced_at: res.json().amended_at,
        replaced_by: 'ratt_admin Testsson',
      },
    ]);
    // There is no way to delete one.
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/newsroom/corrections/${c.id}`, headers: admin.headers }))
        .statusCode,
    ).toBe(404);
  });

  it('lists every correction of a published article newest first, by cursor; an unpublished article leaves the list', async () => {
    const start = await list('?limit=100');
    const a = await create('Första artikeln');
    const b = await create('Andra artikeln');
    const c1 = (await correct(a.id, { text: 'Rättelse ett' }, writer)).json() as ArticleCorrection;
    const c2 = (await correct(b.id, { text: 'Rättelse två' }, writer)).json() as ArticleCorrection;
    const c3 = (await correct(a.id, { text: 'Rättelse tre' }, writer)).json() as ArticleCorrection;
    const first = await list('?limit=2');
    expect(first.items.map((i) => i.id)).toEqual([c3.id, c2.id]);
    expect(first.items[0]).toMatchObject({
      articleId: a.id,
      article_title: 'Första artikeln',
      article_url: `/article/${a.slug}`,
      text: 'Rättelse tre',
    });
    expect(first.next_cursor).toBe(String(c2.id));
    const second = await list(`?limit=2&cursor=${first.next_cursor}`);
    expect(second.items[0]?.id).toBe(c1.id);
    expect((await list('?limit=100')).items.length).toBe(start.items.length + 3);

    // Unpublished: its corrections leave the public list at once (the list is cached).
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/articles/${a.id}`,
      headers: writer.headers,
      payload: { title: 'Första artikeln', content: '<p>Text.</p>', category: 'NYHETER', status: 'unpublished' },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await list('?limit=3')).items.map((i) => i.id)).toEqual([
      c2.id,
      ...start.items.slice(0, 2).map((i) => i.id),
    ]);

    expect((await t.app.inject('/api/corrections?limit=0')).statusCode).toBe(400);
    expect((await t.app.inject('/api/corrections?limit=101')).statusCode).toBe(400);
    const badCursor = await t.app.inject('/api/corrections?cursor=abc');
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json()).toEqual({ msg: 'Ogiltig markör' });
  });

  it('the corrections feed lists them with links to their articles, and follows a new one', async () => {
    const a = await create('Artikel i flödet');
    const before = await t.app.inject('/rss/rattelser.xml');
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toContain('application/rss+xml');
    expect(before.body).not.toContain('Namnet var felstavat');
    await correct(a.id, { text: 'Namnet var felstavat.', what_was_wrong: 'Stavning' }, writer);
    const after = await t.app.inject('/rss/rattelser.xml');
    expect(after.body).toContain('<title><![CDATA[Rättelse: Artikel i flödet]]></title>');
    expect(after.body).toContain('Namnet var felstavat. (Fel: Stavning)');
    expect(after.body).toContain(`/article/${a.slug}</link>`);
  });
});
