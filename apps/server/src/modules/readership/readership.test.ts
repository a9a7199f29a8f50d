import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';
import { createReaderApi } from '../../ssr/reader-api.js';
import { ReadershipService } from './service.js';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const BOTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'curl/8.5.0',
  'python-requests/2.31',
];

describe.each(dialects)('most read on %s', (dialect) => {
  let t: TestApp;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (let i = 0; i < 10; i++) {
      const a = await t.app.services.articles.create({
        title: `Artikel ${i}`,
        content: 'Text.',
        category: 'NYHETER',
        authorId: null,
        authorName: 'Redaktionen',
        featuredImage: null,
        publishedAt: new Date(Date.now() - (10 - i) * 3600_000).toISOString(),
      });
      ids.push(a.id);
    }
  });
  afterAll(() => t?.close());

  const view = (id: number, ua?: string) =>
    t.app.inject({ method: 'POST', url: `/api/articles/${id}/view`, headers: ua ? { 'user-agent': ua } : {} });
  const names = (list: { title: string }[]) => list.map((a) => a.title);

  it('counts views of readers in memory, not bots, and writes them only on flush', async () => {
    const { readership } = t.app.services;
    const res = await view(ids[0], BROWSER);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    for (const ua of BOTS) await view(ids[1], ua);
    await view(ids[1]);
    expect(readership.pendingCount).toBe(1);
    const before = await t.app.dbh.db.selectFrom('article_views').selectAll().execute();
    expect(before).toEqual([]);
    expect(await readership.flush()).toBe(1);
    const rows = await t.app.dbh.db.selectFrom('article_views').select(['article_id', 'views']).execute();
    expect(rows.map((r) => [Number(r.article_id), Number(r.views)])).toEqual([[ids[0], 1]]);
    // Nothing about the reader is stored: the table has only article, day and count.
    expect(
      Object.keys((await t.app.dbh.db.selectFrom('article_views').selectAll().executeTakeFirstOrThrow()) ?? {}).sort(),
    ).toEqual(['article_id', 'comments', 'day', 'views']);
  });

  it('ranks "hottest last week" by views, and the order follows the views', async () => {
    const { readership } = t.app.services;
    for (let i = 0; i < 5; i++) await view(ids[2], BROWSER);
    for (let i = 0; i < 3; i++) await view(ids[3], BROWSER);
    await readership.flush();
    expect(names(await readership.mostRead(7, 5, []))).toEqual(['Artikel 2', 'Artikel 3', 'Artikel 0']);
    for (let i = 0; i < 4; i++) await view(ids[3], BROWSER);
    await readership.flush();
    expect(names(await readership.mostRead(7, 5, []))).toEqual(['Artikel 3', 'Artikel 2', 'Artikel 0']);
    // The sidebar: the six newest are shown elsewhere, so they are left out; read ones come first.
    const reader = createReaderApi(t.app.services, t.app.pageCache);
    const sidebar = await reader.sidebar();
    expect(names(sidebar.latest)).toEqual(['Artikel 9', 'Artikel 8', 'Artikel 7']);
    expect(names(sidebar.hottest).slice(0, 3)).toEqual(['Artikel 3', 'Artikel 2', 'Artikel 0']);
    expect(sidebar.hottest).toHaveLength(4);
  });

  it('weighs published comments as COMMENT_WEIGHT views each; held comments do not count', async () => {
    const { readership } = t.app.services;
    await readership.flush();
    const before = await readership.mostRead(7, 10, []);
    const score = (title: string) => before.findIndex((a) => a.title === title);
    expect(score('Artikel 5')).toBe(-1);
    // Artikel 3 leads with 7 views; two comments (2 × 5) put Artikel 5 above it.
    const comment = (id: number, content: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/comments',
        payload: { articleId: id, name: 'Läsare', email: 'lasare@example.se', content },
      });
    expect((await comment(ids[5], 'Bra skrivet.')).statusCode).toBe(201);
    expect(readership.pendingCount).toBe(1);
    await readership.flush();
    let titles = names(await readership.mostRead(7, 10, []));
    expect(titles.indexOf('Artikel 5')).toBeGreaterThan(titles.indexOf('Artikel 3'));
    expect((await comment(ids[5], 'Håller med.')).statusCode).toBe(201);
    await readership.flush();
    titles = names(await readership.mostRead(7, 10, []));
    expect(titles[0]).toBe('Artikel 5');
    const row = await t.app.dbh.db
      .selectFrom('article_views')
      .select(['views', 'comments'])
      .where('article_id', '=', ids[5])
      .executeTakeFirstOrThrow();
    expect([Number(row.views), Number(row.comments)]).toEqual([0, 2]);

    // A comment held for moderation (the article holds every comment) is not counted.
    const admin = await userWithToken(t, 'mestlast-admin', 'admin');
    const policy = await t.app.inject({
      method: 'PUT',
      url: `/api/moderation/articles/${ids[6]}`,
      headers: admin.headers,
      payload: { mode: 'all', closed: false },
    });
    expect(policy.statusCode, policy.body).toBe(200);
    const held = await comment(ids[6], 'Väntar på granskning.');
    expect(held.statusCode, held.body).toBe(201);
    expect(held.json().moderation_status).toBe('pending');
    expect(readership.pendingCount).toBe(0);
  });

  it('drops views of deleted articles; ids that cannot exist are not counted', async () => {
    const { readership } = t.app.services;
    await view(ids[1], BROWSER);
    await t.app.services.articles.delete(ids[1]);
    expect(await readership.flush()).toBe(1);
    const rows = await t.app.dbh.db
      .selectFrom('article_views')
      .select('article_id')
      .where('article_id', '=', ids[1])
      .execute();
    expect(rows).toEqual([]);
    expect((await view(2_147_483_648, BROWSER)).statusCode).toBe(204);
    expect(readership.pendingCount).toBe(0);
    expect((await view(0, BROWSER)).statusCode).toBe(400);
  });

  it('flushes its own counts when a view comes 30 s after its last flush (the job runs on one process)', async () => {
    const other = new ReadershipService(t.app.dbh.db, t.app.services.articles);
    const viewsOf = async (id: number) => {
      const rows = await t.app.dbh.db
        .selectFrom('article_views')
        .select('views')
        .where('article_id', '=', id)
        .execute();
      return rows.reduce((n, r) => n + Number(r.views), 0);
    };
    const start = await viewsOf(ids[9]);
    const t0 = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(t0 + 1_000);
    try {
      expect(other.recordView(ids[9], BROWSER)).toBe(true);
      expect(other.pendingCount).toBe(1);
      expect(await viewsOf(ids[9])).toBe(start);
      clock.mockReturnValue(t0 + ReadershipService.FLUSH_EVERY_MS + 1_000);
      expect(other.recordView(ids[9], BROWSER)).toBe(true);
      await vi.waitFor(async () => expect(await viewsOf(ids[9])).toBe(start + 2));
      expect(other.pendingCount).toBe(0);
    } finally {
      clock.mockRestore();
    }
  });
});
