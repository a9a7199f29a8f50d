import { fillWeeksAndTotals } from '../apps/server/src/db/migrations/052_analytics_weeks.js';
import { DomainEvents } from '../apps/server/src/lib/events/domain-events.js';
import {
  AnalyticsService,
  COUNTERS,
  hourBucket,
  minuteBucket,
  TOTAL_AUTHOR,
  TOTAL_SECTION,
  TOTAL_SITE,
} from '../apps/server/src/modules/analytics/service.js';
import { ArticlesService } from '../apps/server/src/modules/articles/service.js';
import { CATEGORIES, stockholmDay } from '../packages/contract/src/index.js';
import { openScratchDb } from './bench-db.js';

const N = Number(process.env.BENCH_ARTICLES ?? 100_000);
const HOURS = Number(process.env.BENCH_HOURS ?? 12);
const DAYS = Number(process.env.BENCH_DAYS ?? 4);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WRITERS = 200;
const pgUrl = process.env.BENCH_DATABASE_URL;
const HOUR = 3_600_000;
const DAY = 86_400_000;

let seed = 7;
const rand = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const counts = (views: number) => {
  const row: Record<string, number> = {};
  for (const c of COUNTERS) row[c] = 0;
  row.views = views;
  row.ref_search = Math.floor(views * 0.3);
  row.ref_social = Math.floor(views * 0.2);
  row.ref_direct = views - row.ref_search - row.ref_social;
  row.dev_mobile = Math.floor(views * 0.6);
  row.dev_desktop = views - row.dev_mobile;
  row.engaged_seconds = views * 35;
  row.engaged_events = views;
  return row;
};

async function main() {
  const scratch = await openScratchDb(pgUrl, 'analytics');
  const { dbh } = scratch;
  await dbh.migrate();
  const db = dbh.db;
  const now = Date.now();
  const t0 = performance.now();
  type Row = Record<string, string | number>;
  const buffers: Record<string, Row[]> = { analytics_minutes: [], analytics_hours: [], analytics_days: [] };
  const push = (table: 'analytics_minutes' | 'analytics_hours' | 'analytics_days', row: Row) => {
    buffers[table].push(row);
    addTotals(
      table,
      row.bucket as string,
      row.article_id as number,
      row.views as number,
      (row.article_id as number) > 0,
    );
  };
  const flush = async (table: 'analytics_minutes' | 'analytics_hours' | 'analytics_days', force = false) => {
    const rows = buffers[table];
    if (rows.length < 1000 && !(force && rows.length)) return;
    buffers[table] = [];
    for (let i = 0; i < rows.length; i += 40) {
      const chunk = rows.slice(i, i + 40) as never;
      if (table === 'analytics_minutes') await db.insertInto('analytics_minutes').values(chunk).execute();
      else if (table === 'analytics_hours') await db.insertInto('analytics_hours').values(chunk).execute();
      else await db.insertInto('analytics_days').values(chunk).execute();
    }
  };
  // the totals the flush writes beside the pages' rows (site, section, author: TOTAL_*)
  const totals = new Map<string, number>();
  const addTotals = (table: string, bucket: string, id: number, views: number, isArticle = true) => {
    const keys = [`${table}|${bucket}|${TOTAL_SITE}|`];
    if (isArticle)
      keys.push(
        `${table}|${bucket}|${TOTAL_SECTION}|${CATEGORIES[id % CATEGORIES.length]}`,
        `${table}|${bucket}|${TOTAL_AUTHOR}|${1 + (id % WRITERS)}`,
      );
    for (const k of keys) totals.set(k, (totals.get(k) ?? 0) + views);
  };
  const arts: Row[] = [];
  for (let id = 1; id <= N; id++) {
    const published = now - rand() * 90 * DAY;
    arts.push({
      article_id: id,
      title: `Artikel ${id}`,
      author_id: 1 + (id % WRITERS),
      category: CATEGORIES[id % CATEGORIES.length],
      published_at: new Date(published).toISOString(),
    });
    const base = 20 + Math.floor(rand() * 2000);
    const seenDays = new Set<string>();
    for (let h = 0; h < HOURS; h++) {
      const t = published + h * HOUR;
      if (t > now) break;
      push('analytics_hours', {
        bucket: hourBucket(t),
        article_id: id,
        page: '',
        ...counts(Math.ceil(base / (h + 1))),
      });
      if (now - t < 48 * HOUR)
        for (let m = 0; m < 60; m += 5)
          push('analytics_minutes', {
            bucket: minuteBucket(t + m * 60_000),
            article_id: id,
            page: '',
            ...counts(1 + Math.floor(base / 100)),
          });
    }
    for (let d = 0; d < DAYS; d++) {
      const day = stockholmDay(published + d * DAY);
      if (published + d * DAY > now || seenDays.has(day)) continue;
      seenDays.add(day);
      push('analytics_days', {
        bucket: day,
        article_id: id,
        page: '',
        ...counts(Math.ceil((base * 3) / (d + 1))),
      });
    }
    if (arts.length >= 500) {
      for (let i = 0; i < arts.length; i += 100)
        await db
          .insertInto('analytics_articles')
          .values(arts.slice(i, i + 100) as never)
          .execute();
      arts.length = 0;
    }
    await flush('analytics_minutes');
    await flush('analytics_hours');
    await flush('analytics_days');
  }
  if (arts.length)
    await db
      .insertInto('analytics_articles')
      .values(arts as never)
      .execute();
  // the front and section pages, every hour of 90 days and every day
  for (let h = 0; h < 90 * 24; h++) {
    const t = now - h * HOUR;
    for (const page of ['/', '/category/NYHETER', '/category/SPORT'])
      push('analytics_hours', { bucket: hourBucket(t), article_id: 0, page, ...counts(500) });
    await flush('analytics_hours');
  }
  for (let d = 0; d < 90; d++)
    for (const page of ['/', '/category/NYHETER', '/category/SPORT'])
      push('analytics_days', { bucket: stockholmDay(now - d * DAY), article_id: 0, page, ...counts(12_000) });
  for (const [k, views] of totals) {
    const [table, bucket, id, page] = k.split('|');
    buffers[table].push({ bucket, article_id: Number(id), page, ...counts(views) });
    await flush(table as 'analytics_minutes');
  }
  await flush('analytics_minutes', true);
  await flush('analytics_hours', true);
  await flush('analytics_days', true);
  await fillWeeksAndTotals(db as never, dbh.dialect);
  // Each day row of an article came partly from one of 50 other sites (and the site's own rows).
  const refRows = await db
    .selectFrom('analytics_days')
    .select(['bucket', 'article_id', 'views'])
    .where('article_id', '>', 0)
    .execute();
  const siteRefs = new Map<string, number>();
  for (let i = 0; i < refRows.length; i += 200) {
    const chunk = refRows.slice(i, i + 200).map((r) => {
      const domain = `sajt${r.article_id % 50}.example`;
      const views = Math.ceil(Number(r.views) / 10);
      siteRefs.set(`${r.bucket}|${domain}`, (siteRefs.get(`${r.bucket}|${domain}`) ?? 0) + views);
      return { day: r.bucket, article_id: r.article_id, domain, views };
    });
    await db.insertInto('analytics_referrers').values(chunk).execute();
  }
  const siteRows = [...siteRefs].map(([k, views]) => {
    const [day = '', domain = ''] = k.split('|');
    return { day, article_id: TOTAL_SITE, domain, views };
  });
  for (let i = 0; i < siteRows.length; i += 200)
    await db
      .insertInto('analytics_referrers')
      .values(siteRows.slice(i, i + 200))
      .execute();
  // PostgreSQL: VACUUM as well as ANALYZE — the steady state of a running paper, where autovacuum
  // (insert thresholds, PostgreSQL ≥ 13) has set the visibility map: without it the covering
  // indexes' index-only scans go to the heap for every row of freshly filled tables.
  if (pgUrl) await (await import('kysely')).sql`VACUUM (ANALYZE)`.execute(db);
  const sizes: string[] = [];
  for (const t of [
    'analytics_minutes',
    'analytics_hours',
    'analytics_days',
    'analytics_weeks',
    'analytics_totals',
    'analytics_referrers',
  ] as const) {
    const r = await db
      .selectFrom(t)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    sizes.push(`${t} ${Number(r.n).toLocaleString('sv-SE')}`);
  }
  console.log(
    `${pgUrl ? 'PostgreSQL' : 'SQLite'}: ${N.toLocaleString('sv-SE')} articles, filled in ${((performance.now() - t0) / 1000).toFixed(0)} s: ${sizes.join(', ')}`,
  );

  const events = new DomainEvents(db);
  const analytics = new AnalyticsService(db, new ArticlesService(db, events));
  const daysOnly = new AnalyticsService(db, new ArticlesService(db, events), {
    weeklyTopLists: false,
    readyTopLists: false,
  });
  const summed = new AnalyticsService(db, new ArticlesService(db, events), { readyTopLists: false });
  // the job that keeps the site's 30-, 90- and 365-day rankings (every 5 minutes, once per cluster)
  const rankStart = performance.now();
  await analytics.rankTopLists(now);
  console.log(`  ranking the 30-, 90- and 365-day lists (the job): ${(performance.now() - rankStart).toFixed(0)} ms`);
  const admin = { id: 999_999, account_type: 'admin' };
  const writer = { id: 42, account_type: 'writer' };
  const today = stockholmDay(now);
  const daysAgo = (n: number) => stockholmDay(now - n * DAY);
  const someArticle = 4242;
  const cases: [string, () => Promise<unknown>][] = [
    ['realtime (admin)', () => analytics.realtime(admin, now)],
    ['realtime (writer)', () => analytics.realtime(writer, now)],
    [
      'articles top 50, 7 days (admin)',
      () => analytics.articleStats(admin, { from: daysAgo(6), to: today, limit: 50, format: 'json' }, now),
    ],
    [
      'articles top 50, 90 days (admin)',
      () => analytics.articleStats(admin, { from: daysAgo(89), to: today, limit: 50, format: 'json' }, now),
    ],
    [
      'articles top 50, 90 days (admin), summed: before the kept ranking',
      () => summed.articleStats(admin, { from: daysAgo(89), to: today, limit: 50, format: 'json' }, now),
    ],
    [
      'articles top 50, 90 days (admin), days only: before the weekly grain',
      () => daysOnly.articleStats(admin, { from: daysAgo(89), to: today, limit: 50, format: 'json' }, now),
    ],
    [
      'articles top 50, 90 days (writer)',
      () => analytics.articleStats(writer, { from: daysAgo(89), to: today, limit: 50, format: 'json' }, now),
    ],
    [
      'articles top 50, 30 days, a section (admin)',
      () =>
        analytics.articleStats(
          admin,
          { from: daysAgo(29), to: today, category: 'SPORT', limit: 50, format: 'json' },
          now,
        ),
    ],
    [
      'articles top 50, last 24 h by hour (admin)',
      () => analytics.articleStats(admin, { from: new Date(now - DAY).toISOString(), limit: 50, format: 'json' }, now),
    ],
    [
      'articles top 50, 365 days (admin)',
      () => analytics.articleStats(admin, { from: daysAgo(364), to: today, limit: 50, format: 'json' }, now),
    ],
    [
      'lifetime totals of 50 articles (the newsroom list, admin)',
      () =>
        analytics.totals(
          admin,
          Array.from({ length: 50 }, (_, i) => someArticle + i),
        ),
    ],
    [
      'lifetime totals of 50 articles (writer, own only)',
      () =>
        analytics.totals(
          writer,
          Array.from({ length: 50 }, (_, i) => someArticle + i),
        ),
    ],
    ['referring sites, 30 days (admin, site)', () => analytics.referrerDomains(admin, { format: 'json' }, now)],
    [
      'referring sites, 90 days (admin, site)',
      () => analytics.referrerDomains(admin, { from: daysAgo(89), format: 'json' }, now),
    ],
    [
      'referring sites, 90 days (one article)',
      () => analytics.referrerDomains(admin, { from: daysAgo(89), articleId: someArticle, format: 'json' }, now),
    ],
    ['referring sites, 30 days (writer, own)', () => analytics.referrerDomains(writer, { format: 'json' }, now)],
    [
      'timeseries hour 48 h (admin, all pages)',
      () => analytics.timeseries(admin, { metric: 'views', bucket: 'hour', format: 'json' }, now),
    ],
    [
      'timeseries day 90 d (admin, all pages)',
      () => analytics.timeseries(admin, { metric: 'views', bucket: 'day', format: 'json' }, now),
    ],
    [
      'timeseries day 90 d (writer, own)',
      () => analytics.timeseries(writer, { metric: 'views', bucket: 'day', format: 'json' }, now),
    ],
    [
      'timeseries hour 48 h (a section)',
      () => analytics.timeseries(admin, { metric: 'views', bucket: 'hour', category: 'SPORT', format: 'json' }, now),
    ],
    [
      'timeseries day 90 d (one article)',
      () =>
        analytics.timeseries(admin, { metric: 'views', bucket: 'day', articleId: someArticle, format: 'json' }, now),
    ],
    [
      'timeseries hour 90 d (one article)',
      () =>
        analytics.timeseries(
          admin,
          {
            metric: 'views',
            bucket: 'hour',
            articleId: someArticle,
            from: new Date(now - 89 * DAY).toISOString(),
            format: 'json',
          },
          now,
        ),
    ],
  ];
  for (const [name, q] of cases) {
    await q();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      await q();
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    const p = (x: number) => times[Math.min(times.length - 1, Math.floor(x * times.length))].toFixed(1);
    console.log(`  ${name.padEnd(48)} p50 ${p(0.5).padStart(7)} ms   p99 ${p(0.99).padStart(7)} ms`);
  }
  await dbh.close();
  await scratch.drop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
