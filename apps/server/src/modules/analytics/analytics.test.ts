import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';
import { buildApp } from '../../app.js';
import { AnalyticsService, hourBucket, minuteBucket } from './service.js';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const HOUR = 3_600_000;
const DAY = 86_400_000;

describe.each(dialects)('newsroom analytics on %s', (dialect) => {
  let t: TestApp;
  let writerA: Awaited<ReturnType<typeof userWithToken>>;
  let writerB: Awaited<ReturnType<typeof userWithToken>>;
  let admin: Awaited<ReturnType<typeof userWithToken>>;
  let reader: Awaited<ReturnType<typeof userWithToken>>;
  let artA: { id: number; slug: string };
  let artB: { id: number; slug: string };

  const view = (
    path: string,
    articleId: number | null,
    opts: { ua?: string; ip?: string; referer?: string; tracking?: string; now?: number; svc?: AnalyticsService } = {},
  ) =>
    (opts.svc ?? t.app.services.analytics).recordPageView(
      {
        path,
        tracking: opts.tracking ?? '',
        articleId,
        searchEmpty: false,
        referer: opts.referer,
        host: 'localhost',
        userAgent: opts.ua ?? BROWSER,
        ip: opts.ip ?? '198.51.100.1',
        purpose: undefined,
      },
      opts.now,
    );
  const beacon = (payload: string | object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: {
        'content-type': typeof payload === 'string' ? 'text/plain;charset=UTF-8' : 'application/json',
        'user-agent': BROWSER,
        ...headers,
      },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const sumOf = async (
    table: 'analytics_minutes' | 'analytics_hours' | 'analytics_days',
    articleId: number,
    col = 'views',
  ) => {
    const rows = await t.app.dbh.db.selectFrom(table).selectAll().where('article_id', '=', articleId).execute();
    return rows.reduce((n, r) => n + Number((r as unknown as Record<string, number>)[col]), 0);
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { ANALYTICS_FLOOD_PER_MINUTE: '20', ANALYTICS_FLUSH_MS: '3600000' } });
    writerA = await userWithToken(t, 'skribent-a', 'writer');
    writerB = await userWithToken(t, 'skribent-b', 'writer');
    admin = await userWithToken(t, 'stat-admin', 'admin');
    reader = await userWithToken(t, 'stat-lasare', 'user');
    const make = async (title: string, authorId: number, category: 'NYHETER' | 'EKONOMI') => {
      const a = await t.app.services.articles.create({
        title,
        content: 'Text.',
        category,
        authorId,
        authorName: 'Skribent',
        featuredImage: null,
        publishedAt: new Date(Date.now() - HOUR).toISOString(),
      });
      return { id: a.id, slug: a.slug };
    };
    artA = await make('Älgen på torget', writerA.id, 'NYHETER');
    artB = await make('Elpriset stiger', writerB.id, 'EKONOMI');
  });
  afterAll(() => t?.close());

  it('counts reader page views in memory with referrer kind and device; bots, prefetches and unknown pages are left out', async () => {
    const a = t.app.services.analytics;
    await a.flush();
    expect(view(`/article/${artA.slug}`, artA.id)).toBe(true);
    expect(view(`/article/${artA.slug}`, artA.id, { referer: 'https://www.google.se/' })).toBe(true);
    expect(view(`/article/${artA.slug}`, artA.id, { referer: 'https://l.facebook.com/l.php?u=x', ua: PHONE })).toBe(
      true,
    );
    expect(view(`/article/${artA.slug}`, artA.id, { tracking: 'utm_source=morgonbrevet&utm_medium=email' })).toBe(true);
    expect(view(`/article/${artA.slug}`, artA.id, { tracking: 'utm_source=push&utm_medium=push' })).toBe(true);
    expect(view(`/article/${artA.slug}`, artA.id, { referer: 'http://localhost/' })).toBe(true);
    expect(view(`/article/${artA.slug}`, artA.id, { referer: 'https://example.org/blogg' })).toBe(true);
    expect(view('/category/NYHETER', null)).toBe(true);
    expect(view('/_root.data', null)).toBe(true); // a client-side visit to the front page
    // not counted
    expect(view(`/article/${artA.slug}`, artA.id, { ua: 'Mozilla/5.0 (compatible; Googlebot/2.1)' })).toBe(false);
    expect(view(`/article/${artA.slug}`, artA.id, { ua: 'curl/8.5.0' })).toBe(false);
    expect(view('/admin/statistik', null)).toBe(false);
    expect(view('/login', null)).toBe(false);
    expect(
      t.app.services.analytics.recordPageView({
        path: `/article/${artA.slug}`,
        tracking: '',
        articleId: artA.id,
        searchEmpty: false,
        referer: undefined,
        host: 'localhost',
        userAgent: BROWSER,
        ip: '198.51.100.2',
        purpose: 'prefetch',
      }),
    ).toBe(false);
    expect(await sumOf('analytics_minutes', artA.id)).toBe(0); // nothing written before the flush
    await a.flush();
    const row = await t.app.dbh.db
      .selectFrom('analytics_days')
      .selectAll()
      .where('article_id', '=', artA.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.views)).toBe(7);
    expect(
      [
        row.ref_direct,
        row.ref_search,
        row.ref_social,
        row.ref_newsletter,
        row.ref_push,
        row.ref_internal,
        row.ref_other,
      ].map(Number),
    ).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect([row.dev_mobile, row.dev_desktop].map(Number)).toEqual([1, 6]);
    for (const table of ['analytics_minutes', 'analytics_hours', 'analytics_days'] as const)
      expect(await sumOf(table, artA.id)).toBe(7);
    const pages = await t.app.dbh.db
      .selectFrom('analytics_days')
      .select(['page', 'views'])
      .where('article_id', '=', 0)
      .orderBy('page')
      .execute();
    expect(pages.map((p) => [p.page, Number(p.views)])).toEqual([
      ['/', 1],
      ['/category/NYHETER', 1],
    ]);
  });

  it('a flood from one address counts up to the limit per minute; other addresses still count', async () => {
    const a = t.app.services.analytics;
    const before = await sumOf('analytics_days', artB.id);
    const now = Date.now();
    let counted = 0;
    for (let i = 0; i < 100; i++) if (view(`/article/${artB.slug}`, artB.id, { ip: '192.0.2.99', now })) counted++;
    expect(counted).toBe(20);
    expect(view(`/article/${artB.slug}`, artB.id, { ip: '192.0.2.100', now })).toBe(true);
    // the next minute the address counts again
    expect(view(`/article/${artB.slug}`, artB.id, { ip: '192.0.2.99', now: now + 60_000 })).toBe(true);
    await a.flush();
    expect((await sumOf('analytics_days', artB.id)) - before).toBe(22);
  });

  it('the beacon takes text/plain or JSON (204) and refuses bad input with 400 { msg }, never 500', async () => {
    const a = t.app.services.analytics;
    await a.flush();
    const before = await sumOf('analytics_days', artA.id, 'engaged_seconds');
    const ok = await beacon(JSON.stringify({ type: 'engaged', path: `/article/${artA.slug}`, seconds: 42 }));
    expect(ok.statusCode, ok.body).toBe(204);
    expect(ok.body).toBe('');
    expect((await beacon({ type: 'engaged', path: `/articles/${artA.id}`, seconds: 8 })).statusCode).toBe(204);
    expect((await beacon({ type: 'scroll', path: `/article/${artA.slug}`, depth: 75 })).statusCode).toBe(204);
    // a bot's beacon answers 204 and counts nothing
    expect(
      (
        await beacon(
          { type: 'engaged', path: `/article/${artA.slug}`, seconds: 500 },
          { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
        )
      ).statusCode,
    ).toBe(204);
    for (const bad of [
      'inte json',
      '',
      '[]',
      'null',
      JSON.stringify({ type: 'engaged', path: '/' }),
      JSON.stringify({ type: 'engaged', path: '/', seconds: -1 }),
      JSON.stringify({ type: 'engaged', path: '/', seconds: 1.5 }),
      JSON.stringify({ type: 'engaged', path: '/', seconds: 999999 }),
      JSON.stringify({ type: 'scroll', path: '/', depth: 33 }),
      JSON.stringify({ type: 'scroll', path: '/' }),
      JSON.stringify({ type: 'click', path: '/' }),
      JSON.stringify({ type: 'engaged', path: 'https://evil.example/', seconds: 3 }),
      JSON.stringify({ type: 'engaged', path: '/', seconds: 3, visitor: 'abc' }),
      JSON.stringify({ type: 'engaged', path: `/${'x'.repeat(400)}`, seconds: 3 }),
      'x'.repeat(5000),
    ]) {
      const res = await beacon(bad);
      expect(res.statusCode, `${bad.slice(0, 40)} → ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(typeof res.json().msg).toBe('string');
    }
    expect((await beacon(JSON.stringify({ type: 'click', path: '/' }))).json()).toEqual({ msg: 'Ogiltig händelse' });
    await a.flush();
    expect((await sumOf('analytics_days', artA.id, 'engaged_seconds')) - before).toBe(50);
    expect(await sumOf('analytics_days', artA.id, 'scroll_75')).toBe(1);
  });

  it('a beacon for an article page another process served is matched by its address at the flush', async () => {
    const other = new AnalyticsService(t.app.dbh.db, t.app.services.articles);
    const before = await sumOf('analytics_days', artB.id, 'engaged_seconds');
    expect(other.recordEvent({ type: 'engaged', path: `/article/${artB.slug}`, seconds: 30 }, BROWSER, '1.2.3.4')).toBe(
      true,
    );
    expect(other.recordEvent({ type: 'engaged', path: '/article/finns-inte', seconds: 30 }, BROWSER, '1.2.3.4')).toBe(
      true,
    );
    expect(other.recordEvent({ type: 'engaged', path: '/login', seconds: 30 }, BROWSER, '1.2.3.4')).toBe(false);
    await other.flush();
    expect((await sumOf('analytics_days', artB.id, 'engaged_seconds')) - before).toBe(30);
  });

  it('two processes on one database: each flushes its own counts, none counted twice', async () => {
    // a second app (its own memory, its own flush) on the same database, as a second node
    const second = await buildApp(t.config, { dbh: t.dbh });
    await second.ready();
    try {
      const a1 = t.app.services.analytics;
      const a2 = second.services.analytics;
      await a1.flush();
      const before = await sumOf('analytics_days', artB.id);
      const now = Date.now();
      for (let i = 0; i < 15; i++) view(`/article/${artB.slug}`, artB.id, { ip: `203.0.113.${i}`, now });
      for (let i = 0; i < 12; i++) view(`/article/${artB.slug}`, artB.id, { ip: `203.0.113.${i}`, now, svc: a2 });
      // both at once, and again (nothing left to write the second time)
      await Promise.all([a1.flush(), a2.flush()]);
      await Promise.all([a1.flush(), a2.flush()]);
      expect((await sumOf('analytics_days', artB.id)) - before).toBe(27);
      const minute = await t.app.dbh.db
        .selectFrom('analytics_minutes')
        .select('views')
        .where('article_id', '=', artB.id)
        .where('bucket', '=', minuteBucket(now))
        .executeTakeFirstOrThrow();
      expect(Number(minute.views)).toBeGreaterThanOrEqual(27);
    } finally {
      await second.close();
    }
  });

  it('retention: minutes go after 48 h, hours after 90 days, days stay (the analytics-retention job)', async () => {
    const a = new AnalyticsService(t.app.dbh.db, t.app.services.articles);
    const now = Date.now();
    const old = [now - 3 * DAY, now - 100 * DAY, now - 400 * DAY];
    for (const at of old)
      for (let i = 0; i < 3; i++) view(`/article/${artA.slug}`, artA.id, { svc: a, now: at, ip: `10.0.0.${i}` });
    await a.flush();
    const count = async (table: 'analytics_minutes' | 'analytics_hours', bucket: string) =>
      (
        await t.app.dbh.db
          .selectFrom(table)
          .select('views')
          .where('bucket', '=', bucket)
          .where('article_id', '=', artA.id)
          .execute()
      ).length;
    expect(await count('analytics_minutes', minuteBucket(old[0]))).toBe(1);
    expect(await count('analytics_hours', hourBucket(old[1]))).toBe(1);
    const daysBefore = await sumOf('analytics_days', artA.id);
    const purged = await t.app.services.analytics.purge(now);
    expect(purged.minutes).toBeGreaterThanOrEqual(0);
    expect(await count('analytics_minutes', minuteBucket(old[0]))).toBe(0);
    expect(await count('analytics_minutes', minuteBucket(old[1]))).toBe(0);
    expect(await count('analytics_hours', hourBucket(old[0]))).toBe(1); // 3 days: kept hourly
    expect(await count('analytics_hours', hourBucket(old[1]))).toBe(0);
    expect(await count('analytics_hours', hourBucket(old[2]))).toBe(0);
    expect(await sumOf('analytics_days', artA.id)).toBe(daysBefore); // the daily grain is kept for ever
    // the daily series still shows the old days
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/newsroom/analytics/timeseries?bucket=day&from=${new Date(old[2] - DAY).toISOString().slice(0, 10)}&articleId=${artA.id}`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { value: number }[]).reduce((n, p) => n + p.value, 0)).toBe(daysBefore);
  });

  it('conversions: a newsletter sign-up or registration sent from an article page counts for that article', async () => {
    const a = t.app.services.analytics;
    await a.flush();
    const sub = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      headers: { referer: `http://localhost:80/article/${artA.slug}`, host: 'localhost:80' },
      payload: { email: 'konvertit@example.se' },
    });
    expect(sub.statusCode, sub.body).toBe(202);
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { referer: `http://localhost:80/articles/${artA.id}`, host: 'localhost:80' },
      payload: { username: 'konvertit', password: 'ett-langt-losenord-123', email: 'konvertit2@example.se' },
    });
    expect(reg.statusCode, reg.body).toBeLessThan(300);
    // from another site or another page: not counted
    await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      headers: { referer: `https://evil.example/article/${artA.slug}`, host: 'localhost:80' },
      payload: { email: 'annan@example.se' },
    });
    await a.flush();
    const [stats] = (
      await t.app.inject({
        method: 'GET',
        url: '/api/newsroom/analytics/articles?category=nyheter',
        headers: admin.headers,
      })
    ).json();
    expect(stats.articleId).toBe(artA.id);
    expect(stats.conversions).toEqual({ newsletter: 1, registrations: 1, subscriptions: 0 });
  });

  it('conversions that start on an article and end on another page: the registration wall, the paywall', async () => {
    const a = t.app.services.analytics;
    await a.flush();
    const before = async () =>
      (
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/newsroom/analytics/articles?category=nyheter',
            headers: admin.headers,
          })
        ).json() as { articleId: number; conversions: Record<string, number> }[]
      ).find((r) => r.articleId === artA.id)?.conversions ?? { newsletter: 0, registrations: 0, subscriptions: 0 };
    const start = await before();
    // the registration wall sends the reader to /register?redirectTo=/article/<slug>: the sign-up counts there
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: {
        referer: `http://localhost:80/register?redirectTo=${encodeURIComponent(`/article/${artA.slug}`)}`,
        host: 'localhost:80',
      },
      payload: { username: 'murkonvertit', password: 'ett-langt-losenord-123', email: 'murkonvertit@example.se' },
    });
    expect(reg.statusCode, reg.body).toBeLessThan(300);
    // the paywall's "Prenumerera" goes to /prenumerera?artikel=<id>
    expect(
      a.recordConversion('subscription', `http://localhost:80/prenumerera?artikel=${artA.id}`, 'localhost:80'),
    ).toBe(true);
    // not an article's way in: another local page, another site, a protocol-relative address, a bad id
    expect(
      a.recordConversion('registration', 'http://localhost:80/register?redirectTo=%2Fom-oss', 'localhost:80'),
    ).toBe(false);
    expect(
      a.recordConversion(
        'registration',
        `http://localhost:80/register?redirectTo=//evil.example/article/${artA.slug}`,
        'localhost:80',
      ),
    ).toBe(false);
    expect(
      a.recordConversion(
        'registration',
        `https://evil.example/register?redirectTo=/article/${artA.slug}`,
        'localhost:80',
      ),
    ).toBe(false);
    expect(a.recordConversion('subscription', 'http://localhost:80/prenumerera?artikel=1x', 'localhost:80')).toBe(
      false,
    );
    expect(a.recordConversion('subscription', 'http://localhost:80/prenumerera?artikel=0', 'localhost:80')).toBe(false);
    // an id that names no article is dropped at the flush
    expect(a.recordConversion('subscription', 'http://localhost:80/prenumerera?artikel=987654', 'localhost:80')).toBe(
      true,
    );
    await a.flush();
    const after = await before();
    expect(after.registrations - start.registrations).toBe(1);
    expect(after.subscriptions - start.subscriptions).toBe(1);
    expect(after.newsletter - start.newsletter).toBe(0);
  });

  it('the read API: writers see their own articles only, admins all; others are refused', async () => {
    const a = t.app.services.analytics;
    for (let i = 0; i < 3; i++) view(`/article/${artB.slug}`, artB.id, { ip: `10.9.9.${i}` });
    view(`/article/${artA.slug}`, artA.id, { ip: '10.9.9.9' });
    await a.flush();
    const get = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: `/api/newsroom/analytics/${url}`, headers });
    for (const url of ['realtime', 'articles', 'timeseries']) {
      expect((await get(url)).statusCode).toBe(401);
      expect((await get(url, reader.headers)).statusCode).toBe(403);
    }
    // realtime
    const rtAdmin = (await get('realtime', admin.headers)).json();
    expect(rtAdmin.articles.map((x: { articleId: number }) => x.articleId).sort()).toEqual([artA.id, artB.id].sort());
    const rtA = (await get('realtime', writerA.headers)).json();
    expect(rtA.articles.map((x: { articleId: number }) => x.articleId)).toEqual([artA.id]);
    expect(rtA.articles[0].title).toBe('Älgen på torget');
    expect(rtA.readers_5min).toBe(rtA.articles[0].readers_5min);
    expect(rtAdmin.readers_5min).toBeGreaterThan(rtA.readers_5min);
    expect(Object.keys(rtAdmin.referrers)).toEqual([
      'search',
      'social',
      'newsletter',
      'push',
      'direct',
      'internal',
      'other',
    ]);
    // the article list
    const listA = (await get('articles', writerA.headers)).json();
    expect(listA.map((x: { articleId: number }) => x.articleId)).toEqual([artA.id]);
    const listAll = (await get('articles?limit=10', admin.headers)).json();
    expect(listAll.map((x: { articleId: number }) => x.articleId).sort()).toEqual([artA.id, artB.id].sort());
    expect((await get(`articles?author=${writerB.id}`, admin.headers)).json()).toHaveLength(1);
    expect((await get(`articles?author=${writerB.id}`, writerA.headers)).statusCode).toBe(403);
    // one article (its edit page's statistics): another writer's is not among a writer's own
    expect((await get(`articles?articleId=${artA.id}`, writerA.headers)).json()).toHaveLength(1);
    expect((await get(`articles?articleId=${artB.id}`, writerA.headers)).json()).toEqual([]);
    expect((await get(`articles?articleId=${artB.id}`, admin.headers)).json()[0].articleId).toBe(artB.id);
    // time series
    expect((await get(`timeseries?articleId=${artB.id}`, writerA.headers)).json()).toEqual({
      msg: 'Du kan bara se statistik för dina egna artiklar',
    });
    const own = await get(`timeseries?articleId=${artA.id}`, writerA.headers);
    expect(own.statusCode).toBe(200);
    const series = own.json() as { t: string; value: number }[];
    expect(series).toHaveLength(48);
    expect(series.at(-1)?.t).toBe(hourBucket(Date.now()));
    expect(series.reduce((n, p) => n + p.value, 0)).toBeGreaterThan(0);
    // a writer's series without an article is the sum of their own articles only
    const sumSeries = async (h: Record<string, string>, q = '') =>
      ((await get(`timeseries?bucket=day${q}`, h)).json() as { value: number }[]).reduce((n, p) => n + p.value, 0);
    expect(await sumSeries(writerA.headers)).toBe(await sumSeries(admin.headers, `&articleId=${artA.id}`));
    expect(await sumSeries(admin.headers)).toBeGreaterThan(await sumSeries(writerA.headers));
  });

  it('CSV for each list; bad ranges are 400', async () => {
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/newsroom/analytics/articles?format=csv',
      headers: admin.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'articleId,title,views,engaged_seconds_avg,search,social,newsletter,push,direct,internal,other,newsletter_signups,registrations,subscriptions',
    );
    expect(lines.some((l) => l.startsWith(`${artA.id},Älgen på torget,`))).toBe(true);
    const ts = await t.app.inject({
      method: 'GET',
      url: '/api/newsroom/analytics/timeseries?bucket=day&format=csv',
      headers: admin.headers,
    });
    expect(ts.body.split('\r\n')[0]).toBe('t,value');
    expect(ts.body.trim().split('\r\n')).toHaveLength(91);
    for (const q of [
      'timeseries?from=2026-13-01&bucket=day',
      'timeseries?from=2026-11-20&to=2026-11-01&bucket=day',
      'timeseries?from=2020-01-01T00:00:00Z&bucket=hour',
      'timeseries?bucket=week',
      'articles?limit=1000',
      'articles?from=igår',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/newsroom/analytics/${q}`, headers: admin.headers });
      expect(res.statusCode, `${q}: ${res.body}`).toBe(400);
      expect(typeof res.json().msg).toBe('string');
    }
  });
});
