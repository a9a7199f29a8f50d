import { stockholmDay } from '@vaggen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, databaseBefore, dialects, type TestApp } from '../../../test/helpers.js';
import { AnalyticsService, weekBucket, weekParts } from './service.js';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const DAY = 86_400_000;

/**
 * Issue 45: the weekly grain (long top lists read weeks and edge days), each article's lifetime
 * totals (the newsroom's article list) and the referring domains (where readers came from).
 */
describe('weeks of a range of days', () => {
  it('Monday is the week; long ranges split into whole weeks and edge days, short ones stay days', () => {
    expect(weekBucket('2026-11-29')).toBe('2026-11-23'); // a Sunday
    expect(weekBucket('2026-11-23')).toBe('2026-11-23'); // a Monday
    expect(weekBucket('2026-01-01')).toBe('2025-12-29'); // across a year
    expect(weekParts('2026-11-20', '2026-11-29')).toEqual([
      { table: 'analytics_days', from: '2026-11-20', to: '2026-11-29' },
    ]);
    // Wednesday 2026-09-02 … Saturday 2026-11-28
    expect(weekParts('2026-09-02', '2026-11-28')).toEqual([
      { table: 'analytics_weeks', from: '2026-09-07', to: '2026-11-16' },
      { table: 'analytics_days', from: '2026-09-02', to: '2026-09-06' },
      { table: 'analytics_days', from: '2026-11-23', to: '2026-11-28' },
    ]);
    // Monday … Sunday: weeks only
    expect(weekParts('2026-11-02', '2026-11-29')).toEqual([
      { table: 'analytics_weeks', from: '2026-11-02', to: '2026-11-23' },
    ]);
  });
});

describe.each(dialects)('analytics roll-ups on %s', (dialect) => {
  let t: TestApp;
  let writerA: Awaited<ReturnType<typeof userWithToken>>;
  let writerB: Awaited<ReturnType<typeof userWithToken>>;
  let admin: Awaited<ReturnType<typeof userWithToken>>;
  const arts: { id: number; slug: string; author: number }[] = [];

  const view = (svc: AnalyticsService, a: { id: number; slug: string }, now: number, ip: string, referer?: string) =>
    svc.recordPageView(
      {
        path: `/article/${a.slug}`,
        tracking: '',
        articleId: a.id,
        searchEmpty: false,
        referer,
        host: 'localhost',
        userAgent: BROWSER,
        ip,
        purpose: undefined,
      },
      now,
    );
  const get = (url: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/newsroom/analytics/${url}`, headers });

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { ANALYTICS_FLOOD_PER_MINUTE: '1000', ANALYTICS_FLUSH_MS: '3600000' } });
    writerA = await userWithToken(t, 'vecka-a', 'writer');
    writerB = await userWithToken(t, 'vecka-b', 'writer');
    admin = await userWithToken(t, 'vecka-admin', 'admin');
    for (let i = 0; i < 6; i++) {
      const author = i % 2 === 0 ? writerA.id : writerB.id;
      const a = await t.app.services.articles.create({
        title: `Veckans nyhet ${i}`,
        content: 'Text.',
        category: 'NYHETER',
        authorId: author,
        authorName: 'Skribent',
        featuredImage: null,
        publishedAt: new Date(Date.now() - 100 * DAY).toISOString(),
      });
      arts.push({ id: a.id, slug: a.slug, author });
    }
  });
  afterAll(() => t?.close());

  it('a top list over a long range (weeks and edge days) equals the sum of its days, for every range', async () => {
    const svc = new AnalyticsService(t.app.dbh.db, t.app.services.articles);
    const now = Date.now();
    // Article i is read on day d (0…89 days ago) (i + d) % 5 times: every ranking differs by range.
    for (let d = 0; d < 90; d++)
      for (const [i, a] of arts.entries())
        for (let k = 0; k < (i * 7 + d) % 5; k++) view(svc, a, now - d * DAY, `10.${i}.${d}.${k}`);
    await svc.flush();
    const rowsOf = (table: 'analytics_days' | 'analytics_weeks') =>
      t.app.dbh.db
        .selectFrom(table)
        .select(['bucket', 'article_id', 'views'])
        .where(
          'article_id',
          'in',
          arts.map((a) => a.id),
        )
        .execute();
    const days = await rowsOf('analytics_days');
    const weeks = await rowsOf('analytics_weeks');
    const total = (rows: { views: number }[]) => rows.reduce((n, r) => n + Number(r.views), 0);
    expect(total(weeks)).toBe(total(days));
    expect(weeks.every((w) => weekBucket(w.bucket) === w.bucket)).toBe(true);
    for (const span of [14, 20, 45, 63, 90]) {
      for (const end of [0, 3, 11]) {
        const to = stockholmDay(now - end * DAY);
        const from = stockholmDay(now - (end + span - 1) * DAY);
        const res = await get(`articles?from=${from}&to=${to}&limit=100`, admin.headers);
        expect(res.statusCode, res.body).toBe(200);
        const got = (res.json() as { articleId: number; views: number; engaged_seconds_avg: number }[]).filter((x) =>
          arts.some((a) => a.id === x.articleId),
        );
        const want = arts
          .map((a) => ({
            articleId: a.id,
            views: total(days.filter((r) => r.article_id === a.id && r.bucket >= from && r.bucket <= to)),
          }))
          .filter((x) => x.views > 0)
          .sort((x, y) => y.views - x.views || y.articleId - x.articleId);
        expect(
          got.map((x) => [x.articleId, x.views]),
          `${from}…${to}`,
        ).toEqual(want.map((x) => [x.articleId, x.views]));
      }
    }
    // the same as summing every day (the bench's "before")
    const summed = new AnalyticsService(t.app.dbh.db, t.app.services.articles, { weeklyTopLists: false });
    for (const limit of [1, 2, 5]) {
      const q = { from: stockholmDay(now - 89 * DAY), to: stockholmDay(now), limit, format: 'json' as const };
      const actor = { id: admin.id, account_type: 'admin' };
      const weekly = await t.app.services.analytics.articleStats(actor, q, now);
      expect(weekly.map((x) => [x.articleId, x.views, x.engaged_seconds_avg, x.referrers])).toEqual(
        (await summed.articleStats(actor, q, now)).map((x) => [
          x.articleId,
          x.views,
          x.engaged_seconds_avg,
          x.referrers,
        ]),
      );
    }
    // a writer's long list holds their own articles only
    const mine = (await get(`articles?from=${stockholmDay(now - 89 * DAY)}`, writerA.headers)).json() as {
      articleId: number;
    }[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((x) => arts.find((a) => a.id === x.articleId)?.author === writerA.id)).toBe(true);
  });

  it('the site-wide 30-, 90- and 365-day lists read the ranking the job keeps, while it is fresh (migration 055)', async () => {
    const svc = t.app.services.analytics;
    const db = t.app.dbh.db;
    const now = Date.now();
    const actor = { id: admin.id, account_type: 'admin' };
    const q = (days: number) => ({
      from: stockholmDay(now - (days - 1) * DAY),
      to: stockholmDay(now),
      limit: 5,
      format: 'json' as const,
    });
    const pairs = (l: { articleId: number; views: number }[]) => l.map((x) => [x.articleId, x.views]);
    await db.deleteFrom('analytics_top_lists').execute();
    const live = await svc.articleStats(actor, q(90), now);
    expect(live.length).toBeGreaterThan(2);
    expect(await svc.rankTopLists(now)).toBe(3);
    const kept = await db
      .selectFrom('analytics_top_lists')
      .select(['days', 'rank', 'article_id', 'to_day'])
      .orderBy('days')
      .orderBy('rank')
      .execute();
    expect([...new Set(kept.map((r) => Number(r.days)))]).toEqual([30, 90, 365]);
    expect(kept.every((r) => r.to_day === stockholmDay(now))).toBe(true);
    const ninety = kept.filter((r) => Number(r.days) === 90).map((r) => Number(r.article_id));
    expect(ninety.slice(0, live.length)).toEqual(live.map((x) => x.articleId));
    // the same answer through the kept ranking, with the figures summed now
    expect(pairs(await svc.articleStats(actor, q(90), now))).toEqual(pairs(live));
    expect(pairs(await svc.articleStats(actor, q(30), now))).toEqual(
      pairs(
        await new AnalyticsService(db, t.app.services.articles).articleStats(actor, { ...q(30), to: undefined }, now),
      ),
    );
    // it is the kept ranking that is read: cut to its first article, the list is that one
    await db.deleteFrom('analytics_top_lists').where('days', '=', 90).where('rank', '>', 1).execute();
    expect(pairs(await svc.articleStats(actor, q(90), now))).toEqual(pairs(live.slice(0, 1)));
    // too old a ranking is not used: the list is summed as asked
    expect(pairs(await svc.articleStats(actor, q(90), now + 16 * 60_000))).toEqual(pairs(live));
    // nor for a writer, a section or a range that is no preset
    const writer = { id: writerA.id, account_type: 'writer' };
    const mine = await svc.articleStats(writer, q(90), now);
    expect(mine.every((x) => arts.find((a) => a.id === x.articleId)?.author === writerA.id)).toBe(true);
    expect((await svc.articleStats(actor, { ...q(90), category: 'nyheter' }, now)).length).toBe(live.length);
    expect((await svc.articleStats(actor, q(89), now)).length).toBe(live.length);
  });

  it('lifetime totals for the newsroom list: views and engaged time; a writer gets their own only; bad ids 400', async () => {
    const svc = new AnalyticsService(t.app.dbh.db, t.app.services.articles);
    const [a0, a1] = arts as [(typeof arts)[0], (typeof arts)[0]];
    const before = (await get(`totals?ids=${a0.id},${a1.id}`, admin.headers)).json() as {
      articleId: number;
      views: number;
    }[];
    const viewsBefore = (id: number) => before.find((x) => x.articleId === id)?.views ?? 0;
    const now = Date.now();
    for (let k = 0; k < 4; k++) view(svc, a0, now, `10.200.0.${k}`);
    svc.recordEvent({ type: 'engaged', path: `/article/${a0.slug}`, seconds: 400 }, BROWSER, '10.200.1.1', now);
    await svc.flush();
    const res = await get(`totals?ids=${a0.id},${a1.id},999999`, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as { articleId: number; views: number; engaged_seconds_avg: number }[];
    expect(list.map((x) => x.articleId)).toEqual([a0.id, a1.id]);
    expect(list[0]?.views).toBe(viewsBefore(a0.id) + 4);
    expect(list[0]?.engaged_seconds_avg).toBe(Math.round((400 / (viewsBefore(a0.id) + 4)) * 10) / 10);
    expect(list[1]?.views).toBe(viewsBefore(a1.id));
    // a writer: only their own (a1 is writer B's)
    const own = (await get(`totals?ids=${a0.id},${a1.id}`, writerA.headers)).json() as { articleId: number }[];
    expect(own.map((x) => x.articleId)).toEqual([a0.id]);
    for (const q of [
      'totals',
      'totals?ids=',
      'totals?ids=abc',
      'totals?ids=1,,2',
      'totals?ids=0',
      `totals?ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`,
    ]) {
      const bad = await get(q, admin.headers);
      expect(bad.statusCode, q).toBe(400);
      expect(typeof bad.json().msg).toBe('string');
    }
    expect((await get('totals?ids=abc', admin.headers)).json().msg).toBe(
      'Ange upp till 100 artikelnummer, åtskilda med kommatecken',
    );
    expect((await t.app.inject({ method: 'GET', url: `/api/newsroom/analytics/totals?ids=${a0.id}` })).statusCode).toBe(
      401,
    );
  });

  it('referring domains: other sites only (no path, no www.), per article and site-wide, kept 90 days', async () => {
    const svc = new AnalyticsService(t.app.dbh.db, t.app.services.articles);
    const [a0, a1] = arts as [(typeof arts)[0], (typeof arts)[0]];
    const now = Date.now();
    view(svc, a0, now, '10.300.0.1', 'https://www.google.se/search?q=hemligt');
    view(svc, a0, now, '10.300.0.2', 'https://www.google.se/');
    view(svc, a0, now, '10.300.0.3', 'https://blogg.example.org/inlagg/1?ref=x');
    view(svc, a1, now, '10.300.0.4', 'https://blogg.example.org/');
    view(svc, a0, now, '10.300.0.5', 'http://localhost/'); // internal
    view(svc, a0, now, '10.300.0.6'); // direct
    view(svc, a0, now, '10.300.0.7', 'android-app://com.example/'); // no web page
    view(svc, a0, now - 120 * DAY, '10.300.0.8', 'https://gammal.example.net/');
    await svc.flush();
    const rows = await t.app.dbh.db.selectFrom('analytics_referrers').selectAll().execute();
    expect(rows.every((r) => !r.domain.includes('/') && !r.domain.startsWith('www.'))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('hemligt');

    const site = await get('referrers', admin.headers);
    expect(site.statusCode, site.body).toBe(200);
    expect(site.json()).toEqual([
      { domain: 'blogg.example.org', views: 2 },
      { domain: 'google.se', views: 2 },
    ]);
    expect((await get(`referrers?articleId=${a0.id}`, admin.headers)).json()).toEqual([
      { domain: 'google.se', views: 2 },
      { domain: 'blogg.example.org', views: 1 },
    ]);
    // writers: their own articles' (A wrote a0, B a1), another's article is refused
    expect((await get('referrers', writerB.headers)).json()).toEqual([{ domain: 'blogg.example.org', views: 1 }]);
    const refused = await get(`referrers?articleId=${a0.id}`, writerB.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('Du kan bara se statistik för dina egna artiklar');
    const csv = await get('referrers?format=csv', admin.headers);
    expect(csv.body.trim().split('\r\n')).toEqual(['domain,views', 'blogg.example.org,2', 'google.se,2']);
    // longer than the 90 days kept: 400; the old row goes with the retention job
    const long = await get(`referrers?from=${stockholmDay(now - 120 * DAY)}`, admin.headers);
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toBe('Tidsintervallet är för långt');
    const purged = await t.app.services.analytics.purge(now);
    expect(purged.referrers).toBe(2); // the old day's article and site rows
    expect(
      (await t.app.dbh.db.selectFrom('analytics_referrers').select('domain').execute()).map((r) => r.domain),
    ).not.toContain('gammal.example.net');
  });
});

describe.each(dialects)('migration 052 on %s', (dialect) => {
  it('fills the weeks and the lifetime totals from the days already counted', async () => {
    // 056 adds a column to the weeks 052 makes
    const m = await databaseBefore(dialect, '052_analytics_weeks', ['056_one_reading_count']);
    const dbh = m.dbh;
    try {
      const day = (bucket: string, article_id: number, views: number, engaged_seconds = 0) => ({
        bucket,
        article_id,
        page: '',
        views,
        engaged_seconds,
      });
      await dbh.db
        .insertInto('analytics_days')
        .values([
          day('2026-11-22', 7, 1, 10), // a Sunday: the week of 2026-11-16
          day('2026-11-23', 7, 2), // Monday
          day('2026-11-29', 7, 3, 5), // Sunday: same week
          day('2026-11-29', 8, 4),
          day('2026-11-29', -1, 10),
        ])
        .execute();
      expect(await m.migrateRest()).toEqual(['052_analytics_weeks', '056_one_reading_count']);
      const weeks = await dbh.db
        .selectFrom('analytics_weeks')
        .select(['bucket', 'article_id', 'views'])
        .orderBy('article_id')
        .orderBy('bucket')
        .execute();
      expect(weeks.map((w) => [w.bucket, w.article_id, Number(w.views)])).toEqual([
        ['2026-11-23', -1, 10],
        ['2026-11-16', 7, 1],
        ['2026-11-23', 7, 5],
        ['2026-11-23', 8, 4],
      ]);
      const totals = await dbh.db.selectFrom('analytics_totals').selectAll().orderBy('article_id').execute();
      expect(totals.map((x) => [x.article_id, Number(x.views), Number(x.engaged_seconds)])).toEqual([
        [7, 6, 15],
        [8, 4, 0],
      ]);
    } finally {
      await m.close();
    }
  });
});
