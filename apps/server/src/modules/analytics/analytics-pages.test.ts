import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';
import { BEACON_SCRIPT } from './beacon.js';

// Needs the web build (`npm run build`), as ssr.test.ts.
const buildDir = path.resolve(process.env.WEB_BUILD_DIR || path.join(import.meta.dirname, '../../../../web/build'));
const built = fs.existsSync(path.join(buildDir, 'server/index.js'));

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const SECRET_IP = '203.0.113.77';

if (!built) {
  describe('analytics of served pages', () => {
    it.skip(`SKIPPED: no web build in ${buildDir} (run \`npm run build\` first)`, () => {});
  });
}

/**
 * Issue 45: every reader page served counts — rendered, from memory (HIT) or from the page store
 * (STORE) — and the rendered page carries the beacon; after a browsing session nothing about the
 * reader is in the database or (in full) in the log.
 */
describe.skipIf(!built).each(dialects)('analytics of served pages on %s', (dialect) => {
  let t: TestApp;
  let slug: string;
  let id: number;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      web: true,
      env: { PUBLIC_URL: 'https://vaggen.example', WEB_BUILD_DIR: buildDir, ANALYTICS_FLUSH_MS: '3600000' },
    });
    const a = await t.app.services.articles.create({
      title: 'Bron öppnar i vår',
      content: '<p>Den nya bron över älven öppnar i april.</p>',
      category: 'NYHETER',
      authorId: null,
      authorName: 'Redaktionen',
      featuredImage: null,
      publishedAt: new Date(Date.now() - 3_600_000).toISOString(),
    });
    slug = a.slug;
    id = a.id;
  });
  afterAll(() => t?.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      remoteAddress: SECRET_IP,
      headers: { 'user-agent': BROWSER, ...headers },
    });
  const viewsOf = async (articleId: number) => {
    const rows = await t.app.dbh.db
      .selectFrom('analytics_days')
      .selectAll()
      .where('article_id', '=', articleId)
      .execute();
    return rows.reduce((n, r) => n + Number(r.views), 0);
  };

  it('counts a rendered page, a memory hit and a page-store hit, with where the reader came from', async () => {
    await t.app.services.analytics.flush();
    const first = await get(`/article/${slug}`, { referer: 'https://www.google.com/' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-page-cache']).toBe('MISS');
    // the rendered page carries the beacon, allowed by the page's CSP hash
    expect(first.body).toContain(`<script>${BEACON_SCRIPT}</script></head>`);
    expect(first.headers['content-security-policy']).toMatch(/script-src[^;]*'sha256-/);
    const hit = await get(`/article/${slug}?utm_source=morgonbrevet&utm_medium=email`);
    expect(hit.headers['x-page-cache']).toBe('HIT');
    await t.app.pageCache.settled();
    t.app.pageCache.forget(`/article/${slug}`);
    const stored = await get(`/article/${slug}`, { referer: 'https://vaggen.example/' });
    expect(stored.headers['x-page-cache']).toBe('STORE');
    // a revalidation (304) is a view too; a client-side visit (.data) is one
    const etag = stored.headers.etag as string;
    expect((await get(`/article/${slug}`, { 'if-none-match': etag })).statusCode).toBe(304);
    const data = await get(`/article/${slug}.data`, { referer: 'https://vaggen.example/' });
    expect(data.statusCode).toBe(200);
    // not counted: a bot, a prefetch, a HEAD, a staff page
    await get(`/article/${slug}`, {
      'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    });
    await get(`/article/${slug}.data`, { 'sec-purpose': 'prefetch' });
    await t.app.inject({ method: 'HEAD', url: `/article/${slug}`, headers: { 'user-agent': BROWSER } });
    await get('/login');
    await get('/');
    await t.app.services.analytics.flush();
    expect(await viewsOf(id)).toBe(5);
    const row = await t.app.dbh.db
      .selectFrom('analytics_days')
      .selectAll()
      .where('article_id', '=', id)
      .executeTakeFirstOrThrow();
    expect([row.ref_search, row.ref_newsletter, row.ref_internal, row.ref_direct].map(Number)).toEqual([1, 1, 2, 1]);
    const front = await t.app.dbh.db
      .selectFrom('analytics_days')
      .select('views')
      .where('article_id', '=', 0)
      .where('page', '=', '/')
      .executeTakeFirstOrThrow();
    expect(Number(front.views)).toBe(1);
    const login = await t.app.dbh.db.selectFrom('analytics_days').select('page').where('page', '=', '/login').execute();
    expect(login).toEqual([]);
  });

  it('counts the words of a search that found nothing (from the cache too)', async () => {
    for (let i = 0; i < 3; i++) expect((await get('/sok?q=Zebraf%C3%B6rening+%20Lund')).statusCode).toBe(200);
    await get('/sok?q=bron');
    await t.app.services.analytics.flush();
    const rows = await t.app.dbh.db.selectFrom('analytics_searches').select(['words', 'searches']).execute();
    expect(rows.map((r) => [r.words, Number(r.searches)])).toEqual([['zebraförening lund', 3]]);
  });

  it('after a browsing session the database holds no address, user agent or identifier, and the log no full address', async () => {
    const UA = 'Mozilla/5.0 (X11; Linux x86_64) Unik-Webblasare/9.9.9';
    for (const url of [`/article/${slug}`, '/', '/category/NYHETER', '/sok?q=bron'])
      await get(url, { 'user-agent': UA, referer: 'https://www.facebook.com/' });
    await t.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      remoteAddress: SECRET_IP,
      headers: { 'content-type': 'text/plain', 'user-agent': UA },
      payload: JSON.stringify({ type: 'engaged', path: `/article/${slug}`, seconds: 12 }),
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      remoteAddress: SECRET_IP,
      headers: { 'user-agent': UA, referer: `https://vaggen.example/article/${slug}` },
      payload: { email: 'lasare@example.se' },
    });
    await t.app.services.analytics.flush();
    const db = t.app.dbh.db;
    const tables =
      dialect === 'sqlite'
        ? (
            await db
              .selectFrom('sqlite_master' as never)
              .select('name' as never)
              .where('type' as never, '=', 'table' as never)
              .execute()
          ).map((r) => (r as { name: string }).name)
        : (
            await db
              .selectFrom('information_schema.tables' as never)
              .select('table_name' as never)
              .where(
                'table_schema' as never,
                '=',
                t.config.database.kind === 'postgres' ? (t.config.database.schema as never) : ('' as never),
              )
              .execute()
          ).map((r) => (r as { table_name: string }).table_name);
    expect(tables).toContain('analytics_minutes');
    for (const table of tables) {
      const rows = await db
        .selectFrom(table as never)
        .selectAll()
        .execute();
      const text = JSON.stringify(rows);
      expect(text.includes(SECRET_IP), `${table} holds the address`).toBe(false);
      expect(text.includes('Unik-Webblasare'), `${table} holds the user agent`).toBe(false);
    }
    // the analytics tables have counts only
    const cols = Object.keys(
      (await db.selectFrom('analytics_minutes').selectAll().where('article_id', '=', id).executeTakeFirstOrThrow()) ??
        {},
    );
    expect(
      cols.filter((c) => !/^(bucket|article_id|page|views|ref_|dev_|engaged_|scroll_|conv_|comments$)/.test(c)),
    ).toEqual([]);
    expect(t.logs.join('\n').includes(SECRET_IP)).toBe(false);
  });
});
