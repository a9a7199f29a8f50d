import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';
import { createReaderApi } from '../../ssr/reader-api.js';
import { COMMENT_WEIGHT } from './most-read.js';

// Needs the web build (`npm run build`): the views are the pages the page handler serves.
const buildDir = path.resolve(process.env.WEB_BUILD_DIR || path.join(import.meta.dirname, '../../../../web/build'));
const built = fs.existsSync(path.join(buildDir, 'server/index.js'));

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const BOTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'curl/8.5.0',
  'python-requests/2.31',
];

if (!built) {
  describe('one count of reading', () => {
    it.skip(`SKIPPED: no web build in ${buildDir} (run \`npm run build\` first)`, () => {});
  });
}

/**
 * Issue 45 (decision 050, amended 2026-11-30): "hottest last week" and the newsletter's "most read"
 * are ranked from the page views the newsroom's statistics show — the same count, so the site's
 * lists and the dashboard cannot disagree. Issue 15's rules stay: bots do not count, published
 * comments weigh COMMENT_WEIGHT views in "hottest", held ones nothing, deleted articles drop out.
 */
describe.skipIf(!built).each(dialects)('one count of reading on %s', (dialect) => {
  let t: TestApp;
  const ids: number[] = [];
  const slugs: string[] = [];
  let address = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      web: true,
      env: { WEB_BUILD_DIR: buildDir, ANALYTICS_FLUSH_MS: '3600000' },
    });
    for (let i = 0; i < 10; i++) {
      const a = await t.app.services.articles.create({
        title: `Artikel ${i}`,
        content: '<p>Text.</p>',
        category: 'NYHETER',
        authorId: null,
        authorName: 'Redaktionen',
        featuredImage: null,
        publishedAt: new Date(Date.now() - (10 - i) * 3600_000).toISOString(),
      });
      ids.push(a.id);
      slugs.push(a.slug);
    }
  });
  afterAll(() => t?.close());

  /** A reader (each from an address of its own: the flood limit is not what is tested) reads article i. */
  const read = async (i: number, ua: string = BROWSER) => {
    address++;
    const res = await t.app.inject({
      method: 'GET',
      url: `/article/${slugs[i]}`,
      remoteAddress: `198.51.100.${address % 250}`,
      headers: { 'user-agent': ua },
    });
    expect(res.statusCode).toBe(200);
  };
  const names = (list: { title: string }[]) => list.map((a) => a.title);
  const hottest = () => t.app.services.mostRead.list(7, 10, []);
  const stats = async () => {
    const admin = await userWithToken(t, `statistik-${address++}`, 'admin');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/newsroom/analytics/articles?limit=10',
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { title: string; views: number }[];
  };

  it('ranks the pages served to readers, as the newsroom statistics count them; bots and the old beacon count nothing', async () => {
    for (let n = 0; n < 5; n++) await read(2);
    for (let n = 0; n < 3; n++) await read(3);
    await read(0);
    for (const ua of BOTS) await read(1, ua);
    // the view beacon of issue 15 (pages of earlier builds may still send it) adds nothing
    const beacon = await t.app.inject({
      method: 'POST',
      url: `/api/articles/${ids[1]}/view`,
      headers: { 'user-agent': BROWSER },
    });
    expect(beacon.statusCode).toBe(204);
    expect(beacon.body).toBe('');
    expect((await t.app.inject({ method: 'POST', url: '/api/articles/0/view' })).statusCode).toBe(400);
    // nothing is ranked before the process writes what it counted
    expect(await hottest()).toEqual([]);
    await t.app.services.analytics.flush();
    expect(names(await hottest())).toEqual(['Artikel 2', 'Artikel 3', 'Artikel 0']);
    // the dashboard's top list: the same articles, the same order, the same numbers
    const top = await stats();
    expect(top.map((a) => [a.title, a.views])).toEqual([
      ['Artikel 2', 5],
      ['Artikel 3', 3],
      ['Artikel 0', 1],
    ]);
    for (let n = 0; n < 4; n++) await read(3);
    await t.app.services.analytics.flush();
    expect(names(await hottest())).toEqual(['Artikel 3', 'Artikel 2', 'Artikel 0']);
    expect((await stats()).map((a) => a.title)).toEqual(['Artikel 3', 'Artikel 2', 'Artikel 0']);
    // The sidebar: the six newest are shown elsewhere, so they are left out; read ones come first.
    const reader = createReaderApi(t.app.services, t.app.pageCache);
    const sidebar = await reader.sidebar();
    expect(names(sidebar.latest)).toEqual(['Artikel 9', 'Artikel 8', 'Artikel 7']);
    expect(names(sidebar.hottest).slice(0, 3)).toEqual(['Artikel 3', 'Artikel 2', 'Artikel 0']);
    expect(sidebar.hottest).toHaveLength(4);
  });

  it(`weighs published comments as ${COMMENT_WEIGHT} views each in "hottest"; held comments do not count`, async () => {
    expect(names(await hottest())).not.toContain('Artikel 5');
    // Artikel 3 leads with 7 views; two comments (2 × 5) put Artikel 5 above it.
    const comment = (id: number, content: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/comments',
        payload: { articleId: id, name: 'Läsare', email: 'lasare@example.se', content },
      });
    expect((await comment(ids[5], 'Bra skrivet.')).statusCode).toBe(201);
    await t.app.services.analytics.flush();
    let titles = names(await hottest());
    expect(titles.indexOf('Artikel 5')).toBeGreaterThan(titles.indexOf('Artikel 3'));
    expect((await comment(ids[5], 'Håller med.')).statusCode).toBe(201);
    await t.app.services.analytics.flush();
    titles = names(await hottest());
    expect(titles[0]).toBe('Artikel 5');
    const row = await t.app.dbh.db
      .selectFrom('analytics_days')
      .select(['views', 'comments'])
      .where('article_id', '=', ids[5])
      .executeTakeFirstOrThrow();
    expect([Number(row.views), Number(row.comments)]).toEqual([0, 2]);
    // "most read" (the newsletter's) is reading alone: views, no comments
    expect(names(await t.app.services.mostRead.list(7, 10, [], { commentWeight: 0 }))).toEqual([
      'Artikel 3',
      'Artikel 2',
      'Artikel 0',
    ]);

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
    expect(t.app.services.analytics.pendingCount).toBe(0);
  });

  it('leaves out deleted articles and the days outside the range', async () => {
    await t.app.services.articles.delete(ids[2]);
    expect(names(await hottest())).not.toContain('Artikel 2');
    // yesterday's list (the newsletter's) has none of today's readings
    expect(await t.app.services.mostRead.list(1, 10, [], { commentWeight: 0, now: Date.now() - 86_400_000 })).toEqual(
      [],
    );
    // an excluded article is not listed
    expect(names(await t.app.services.mostRead.list(7, 10, [ids[5]]))).not.toContain('Artikel 5');
  });
});
