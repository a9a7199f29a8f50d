import {
  ANALYTICS_DAYS_MAX,
  ANALYTICS_HOURS_KEEP_DAYS,
  ANALYTICS_HOURS_MAX,
  ANALYTICS_MINUTES_KEEP_HOURS,
  ANALYTICS_MSG,
  ANALYTICS_TOP_MAX,
  type AnalyticsEvent,
  type AnalyticsRealtime,
  type ArticleStats,
  type ArticleStatsQuery,
  type ArticleTotals,
  type DeviceClass,
  REFERRER_KINDS,
  type ReferrerDomain,
  type ReferrerDomainsQuery,
  type ReferrerKind,
  stockholmDay,
  type TimeseriesPoint,
  type TimeseriesQuery,
} from '@vaggen/contract';
import { isbot } from 'isbot';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { httpError } from '../../lib/http-errors.js';
import type { ArticlesService } from '../articles/service.js';
import {
  articleIdInPath,
  conversionOrigin,
  deviceClass,
  readerPage,
  referrerDomain,
  referrerKind,
  searchWords,
} from './classify.js';

export { BEACON_SCRIPT } from './beacon.js';
export { readerPage } from './classify.js';
export { COMMENT_WEIGHT, MostRead } from './most-read.js';

/** The counters of every analytics row (migration 040). */
export const COUNTERS = [
  'views',
  'ref_search',
  'ref_social',
  'ref_newsletter',
  'ref_push',
  'ref_direct',
  'ref_internal',
  'ref_other',
  'dev_mobile',
  'dev_tablet',
  'dev_desktop',
  'engaged_seconds',
  'engaged_events',
  'scroll_25',
  'scroll_50',
  'scroll_75',
  'scroll_100',
  'conv_newsletter',
  'conv_registration',
  'conv_subscription',
  // migration 056: published comments, which "hottest last week" weighs (most-read.ts)
  'comments',
] as const;
type Counter = (typeof COUNTERS)[number];
type Counts = Partial<Record<Counter, number>>;
type CountTable = 'analytics_minutes' | 'analytics_hours' | 'analytics_days' | 'analytics_weeks';

export type ConversionKind = 'newsletter' | 'registration' | 'subscription';

/** A staff member asking (writers see their own articles only). */
export interface AnalyticsActor {
  id: number;
  account_type: string;
}

export interface AnalyticsOptions {
  /** Counted events (views and beacons) per address and minute; more are left out (a flood). */
  floodPerMinute?: number;
  /** How often each process writes what it counted. */
  flushEveryMs?: number;
  /** Long top lists read whole weeks (default); false reads days only (the bench's before/after). */
  weeklyTopLists?: boolean;
  /** The site's preset lists read the job's ranking (default); false sums them (the bench's before/after). */
  readyTopLists?: boolean;
}

/** One page view as the page handler saw it (the headers are read here and not kept). */
export interface PageViewInput {
  /** The request's path (and query), tracking parameters taken off. */
  path: string;
  /** The tracking parameters the address had (`utm_source=…`). */
  tracking: string;
  /** The article the page shows (from the rendered page), if it is an article page. */
  articleId: number | null;
  /** The search page found nothing. */
  searchEmpty: boolean;
  referer: string | undefined;
  host: string;
  userAgent: string | undefined;
  /** The client's address: only the flood limit's key, in memory for a minute. */
  ip: string;
  purpose: string | undefined;
}

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/**
 * The site-wide ranges, ending today, whose ranking a job keeps ready (the dashboard's 30, 90 and
 * 365 days; migration 055): summing every article read in them is ~240 ms on PostgreSQL at 100 000
 * articles. A ranking older than READY_TOP_FRESH_MS is not used (the list is then summed as asked).
 */
export const READY_TOP_DAYS: readonly number[] = [30, 90, 365];
export const READY_TOP_EVERY_MS = 5 * 60_000;
const READY_TOP_FRESH_MS = 3 * READY_TOP_EVERY_MS;
/** Distinct addresses the flood limit tracks in a minute; past it, new addresses are not counted. */
const FLOOD_ADDRESSES_MAX = 200_000;
/** Pages remembered as "this path is article N" for the beacons (cleared when full). */
const PATH_IDS_MAX = 50_000;
/** Keys a process may hold between flushes (beyond it new pages wait for the next flush). */
const PENDING_MAX = 100_000;
/** Distinct search words kept per flush. */
const SEARCHES_MAX = 1_000;
/** Distinct (day, page, referring domain) kept per flush. */
const DOMAINS_MAX = 5_000;
/** Referring domains a list shows. */
export const REFERRER_DOMAINS_TOP = 20;

export const minuteBucket = (t: number) => `${new Date(t).toISOString().slice(0, 16)}:00Z`;
export const hourBucket = (t: number) => `${new Date(t).toISOString().slice(0, 13)}:00:00Z`;
const isDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOfMs = (t: number) => new Date(t).toISOString().slice(0, 10);
/** Days after Monday (0 = Monday … 6 = Sunday). */
const weekday = (t: number) => (new Date(t).getUTCDay() + 6) % 7;
/** The week a Swedish day belongs to: its Monday's date. */
export const weekBucket = (day: string) => {
  const t = dayMs(day);
  return dayOfMs(t - weekday(t) * DAY);
};

/** One grain's part of a range of days. */
interface RangePart {
  table: CountTable;
  from: string;
  to: string;
}

/**
 * A range of days as whole weeks (`analytics_weeks`) plus the days before the first Monday and after
 * the last Sunday: a 90-day top list reads ~13 weeks and at most 12 days of rows per article.
 * Ranges shorter than two weeks stay in days.
 */
export function weekParts(from: string, to: string): RangePart[] {
  const f = dayMs(from);
  const t = dayMs(to);
  const firstMonday = weekday(f) === 0 ? f : f + (7 - weekday(f)) * DAY;
  const lastSunday = t - ((weekday(t) + 1) % 7) * DAY;
  if ((t - f) / DAY + 1 < 14 || lastSunday < firstMonday) return [{ table: 'analytics_days', from, to }];
  const parts: RangePart[] = [
    { table: 'analytics_weeks', from: dayOfMs(firstMonday), to: dayOfMs(lastSunday - 6 * DAY) },
  ];
  if (firstMonday > f) parts.push({ table: 'analytics_days', from, to: dayOfMs(firstMonday - DAY) });
  if (lastSunday < t) parts.push({ table: 'analytics_days', from: dayOfMs(lastSunday + DAY), to });
  return parts;
}

/** Total rows: the whole site (page ''), a section (page: its category), an author (page: the id). */
export const TOTAL_SITE = -1;
export const TOTAL_SECTION = -2;
export const TOTAL_AUTHOR = -3;

/** A grain's table as `m` (named literally: the boundaries test reads table names). */
const countsFrom = (db: Db, table: CountTable) =>
  table === 'analytics_minutes'
    ? db.selectFrom('analytics_minutes as m')
    : table === 'analytics_hours'
      ? db.selectFrom('analytics_hours as m')
      : table === 'analytics_weeks'
        ? db.selectFrom('analytics_weeks as m')
        : db.selectFrom('analytics_days as m');
const insertCounts = (db: Kysely<Database>, table: CountTable) =>
  table === 'analytics_minutes'
    ? db.insertInto('analytics_minutes')
    : table === 'analytics_hours'
      ? db.insertInto('analytics_hours')
      : table === 'analytics_weeks'
        ? db.insertInto('analytics_weeks')
        : db.insertInto('analytics_days');

/** `a:<id>` an article, `s:<path>` an article page known only by its address, `p:<path>` another page. */
type Target = string;

/**
 * Issue 45 (decision 050): the newsroom's analytics. Page views (counted by the page handler, also
 * for pages served from the cache or the page store), the beacon's engaged seconds and scroll
 * depth, conversions and searches without results are added up in memory per minute and page —
 * no address, user agent or identifier is kept — and each process writes its own counts every
 * `flushEveryMs` into the minute, hour and day tables (additive upserts in one transaction: two
 * processes never count a view twice). The `analytics-retention` job drops minutes after 48 h and
 * hours after 90 days; days are kept.
 */
export class AnalyticsService {
  private pending = new Map<string, Counts>();
  private searches = new Map<string, number>();
  /** `day\ntarget\ndomain` → views from that other site. */
  private domains = new Map<string, number>();
  private pathIds = new Map<string, number>();
  private floodWindow = 0;
  private flood = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  readonly floodPerMinute: number;
  readonly flushEveryMs: number;
  private readonly weeklyTopLists: boolean;
  private readonly readyTopLists: boolean;

  constructor(
    private readonly db: Db,
    private readonly articles: ArticlesService,
    opts: AnalyticsOptions = {},
  ) {
    this.floodPerMinute = opts.floodPerMinute ?? 120;
    this.flushEveryMs = opts.flushEveryMs ?? 10_000;
    this.weeklyTopLists = opts.weeklyTopLists ?? true;
    this.readyTopLists = opts.readyTopLists ?? true;
  }

  // ------------------------------------------------------------------ counting (in memory)

  /** Whether this address may still be counted this minute (the address is a key of a map reset each minute). */
  private admit(ip: string, now: number): boolean {
    const w = Math.floor(now / MINUTE);
    if (w !== this.floodWindow) {
      this.floodWindow = w;
      this.flood.clear();
    }
    const n = (this.flood.get(ip) ?? 0) + 1;
    if (n > this.floodPerMinute) return false;
    if (n === 1 && this.flood.size >= FLOOD_ADDRESSES_MAX) return false;
    this.flood.set(ip, n);
    return true;
  }

  private add(now: number, target: Target, counts: Counts): void {
    const key = `${Math.floor(now / MINUTE) * MINUTE}|${target}`;
    let row = this.pending.get(key);
    if (!row) {
      if (this.pending.size >= PENDING_MAX) return;
      row = {};
      this.pending.set(key, row);
    }
    for (const [k, v] of Object.entries(counts) as [Counter, number][]) row[k] = (row[k] ?? 0) + v;
  }

  private rememberPath(path: string, id: number): void {
    if (this.pathIds.size >= PATH_IDS_MAX) this.pathIds.clear();
    this.pathIds.set(path, id);
  }

  private articleTarget(path: string): Target {
    const id = this.pathIds.get(path) ?? articleIdInPath(path);
    return id ? `a:${id}` : `s:${path}`;
  }

  /** Counts one page view of a reader page; bots, prefetches and floods are left out. */
  recordPageView(v: PageViewInput, now = Date.now()): boolean {
    if (!v.userAgent || isbot(v.userAgent)) return false;
    if (v.purpose && /prefetch|prerender/i.test(v.purpose)) return false;
    const page = readerPage(v.path);
    if (!page || !this.admit(v.ip, now)) return false;
    let target: Target;
    if (page.kind === 'article') {
      if (v.articleId) this.rememberPath(page.path, v.articleId);
      target = v.articleId ? `a:${v.articleId}` : this.articleTarget(page.path);
    } else target = `p:${page.path}`;
    const ref: ReferrerKind = referrerKind(v.referer, v.host, v.tracking);
    const dev: DeviceClass = deviceClass(v.userAgent);
    this.add(now, target, { views: 1, [`ref_${ref}`]: 1, [`dev_${dev}`]: 1 });
    if (ref !== 'internal' && ref !== 'direct') {
      const domain = referrerDomain(v.referer, v.host);
      if (domain) {
        const key = `${stockholmDay(now)}\n${target}\n${domain}`;
        if (this.domains.has(key) || this.domains.size < DOMAINS_MAX)
          this.domains.set(key, (this.domains.get(key) ?? 0) + 1);
      }
    }
    if (v.searchEmpty && page.path === '/sok') {
      const q = new URLSearchParams(v.path.slice(v.path.indexOf('?') + 1)).get('q');
      const words = q ? searchWords(q) : '';
      if (words) {
        const key = `${stockholmDay(now)}|${words}`;
        if (this.searches.has(key) || this.searches.size < SEARCHES_MAX)
          this.searches.set(key, (this.searches.get(key) ?? 0) + 1);
      }
    }
    return true;
  }

  /** Counts one beacon event (engaged seconds or scroll depth) of an article page or the front page. */
  recordEvent(e: AnalyticsEvent, userAgent: string | undefined, ip: string, now = Date.now()): boolean {
    if (!userAgent || isbot(userAgent)) return false;
    const page = readerPage(e.path);
    if (!page || (page.kind === 'page' && page.path !== '/')) return false;
    if (!this.admit(ip, now)) return false;
    const target = page.kind === 'article' ? this.articleTarget(page.path) : `p:${page.path}`;
    if (e.type === 'engaged') this.add(now, target, { engaged_seconds: e.seconds ?? 0, engaged_events: 1 });
    else this.add(now, target, { [`scroll_${e.depth}`]: 1 });
    return true;
  }

  /**
   * A newsletter sign-up, registration or subscription checkout that started on an article: the
   * article its request's `Referer` names (same site), directly or through the registration wall's
   * `redirectTo` or the paywall's `?artikel=` (`conversionOrigin`). Returns whether it counted.
   */
  recordConversion(kind: ConversionKind, referer: string | undefined, host: string, now = Date.now()): boolean {
    const origin = conversionOrigin(referer, host);
    if (!origin) return false;
    const target: Target = 'path' in origin ? this.articleTarget(origin.path) : `a:${origin.articleId}`;
    this.add(now, target, { [`conv_${kind}`]: 1 });
    return true;
  }

  /** Counts one published comment on an article ("hottest last week" weighs them; not a reading). */
  recordComment(articleId: number, now = Date.now()): boolean {
    if (!Number.isSafeInteger(articleId) || articleId <= 0 || articleId > 2_147_483_647) return false;
    this.add(now, `a:${articleId}`, { comments: 1 });
    return true;
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  // ------------------------------------------------------------------ flushing

  /** Each process writes its own counts on this interval (the jobs home runs a job on one process only). */
  start(onError: (err: unknown) => void): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush().catch(onError), this.flushEveryMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Writes what this process counted since its last flush; returns the number of pages written. */
  async flush(): Promise<number> {
    if (this.pending.size === 0 && this.searches.size === 0 && this.domains.size === 0) return 0;
    const batch = this.pending;
    const searches = this.searches;
    const domains = this.domains;
    this.pending = new Map();
    this.searches = new Map();
    this.domains = new Map();
    try {
      return await this.write(batch, searches, domains);
    } catch (err) {
      for (const [k, n] of domains) this.domains.set(k, (this.domains.get(k) ?? 0) + n);
      for (const [k, v] of batch) {
        const row = this.pending.get(k) ?? {};
        for (const [c, n] of Object.entries(v) as [Counter, number][]) row[c] = (row[c] ?? 0) + n;
        this.pending.set(k, row);
      }
      for (const [k, n] of searches) this.searches.set(k, (this.searches.get(k) ?? 0) + n);
      throw err;
    }
  }

  private async write(
    batch: Map<string, Counts>,
    searches: Map<string, number>,
    domains: Map<string, number>,
  ): Promise<number> {
    // Article pages known only by address (a beacon on a process that did not serve the page).
    const slugs = new Map<string, number | null>();
    const targets = [
      ...[...batch.keys()].map((key) => key.slice(key.indexOf('|') + 1)),
      ...[...domains.keys()].map((key) => key.split('\n')[1] ?? ''),
    ];
    for (const target of targets) {
      if (target.startsWith('s:') && slugs.size < 1000) slugs.set(target.slice(2), null);
    }
    for (const path of slugs.keys()) {
      let slug: string;
      try {
        slug = decodeURIComponent(path.slice('/article/'.length));
      } catch {
        continue;
      }
      const found = await this.articles.getBySlug(slug);
      const id = found ? ('article' in found ? found.article.id : found.articleId) : null;
      slugs.set(path, id);
      if (id) this.rememberPath(path, id);
    }
    // The module's copy of what the dashboard groups by, for the articles read (deleted ones are dropped).
    const rows: { t: number; articleId: number; page: string; counts: Counts }[] = [];
    for (const [key, counts] of batch) {
      const bar = key.indexOf('|');
      const t = Number(key.slice(0, bar));
      const target = key.slice(bar + 1);
      if (target.startsWith('p:')) rows.push({ t, articleId: 0, page: target.slice(2), counts });
      else {
        const id = target.startsWith('a:') ? Number(target.slice(2)) : slugs.get(target.slice(2));
        if (id) rows.push({ t, articleId: id, page: '', counts });
      }
    }
    const ids = [...new Set(rows.filter((r) => r.articleId > 0).map((r) => r.articleId))];
    const meta = new Map<
      number,
      { title: string; author_id: number | null; category: string; published_at: string | null }
    >();
    for (let i = 0; i < ids.length; i += 100) {
      for (const a of await this.articles.summariesByIds(ids.slice(i, i + 100), false)) {
        meta.set(a.id, {
          title: a.title.slice(0, 300),
          author_id: a.author_id ?? null,
          category: a.category,
          published_at: a.date ?? null,
        });
      }
    }
    const kept = rows.filter((r) => r.articleId === 0 || meta.has(r.articleId));
    // The totals the dashboard reads without summing every page: the whole site, each section and
    // each author (rows with a negative "article id", TOTAL_*), added up with the pages' own rows.
    for (const r of [...kept]) {
      kept.push({ ...r, articleId: TOTAL_SITE, page: '' });
      const m = r.articleId > 0 ? meta.get(r.articleId) : undefined;
      if (m) {
        kept.push({ ...r, articleId: TOTAL_SECTION, page: m.category });
        if (m.author_id) kept.push({ ...r, articleId: TOTAL_AUTHOR, page: String(m.author_id) });
      }
    }
    const grains: [CountTable, (t: number) => string][] = [
      ['analytics_minutes', minuteBucket],
      ['analytics_hours', hourBucket],
      ['analytics_days', stockholmDay],
      ['analytics_weeks', (t) => weekBucket(stockholmDay(t))],
    ];
    // Each article's lifetime views and engaged seconds (the newsroom's article list).
    const totals = new Map<number, { views: number; engaged_seconds: number }>();
    for (const r of kept) {
      if (r.articleId <= 0 || !(r.counts.views || r.counts.engaged_seconds)) continue;
      const tot = totals.get(r.articleId) ?? { views: 0, engaged_seconds: 0 };
      tot.views += r.counts.views ?? 0;
      tot.engaged_seconds += r.counts.engaged_seconds ?? 0;
      totals.set(r.articleId, tot);
    }
    // Views per day, page and other site: the article's own row (when it still exists) and the site's.
    const referrers = new Map<string, { day: string; article_id: number; domain: string; views: number }>();
    const addReferrer = (day: string, article_id: number, domain: string, views: number) => {
      const k = `${day}\n${article_id}\n${domain}`;
      const row = referrers.get(k);
      if (row) row.views += views;
      else referrers.set(k, { day, article_id, domain, views });
    };
    for (const [key, views] of domains) {
      const [day = '', target = '', domain = ''] = key.split('\n');
      const id = target.startsWith('a:')
        ? Number(target.slice(2))
        : target.startsWith('s:')
          ? slugs.get(target.slice(2))
          : null;
      if (id && meta.has(id)) addReferrer(day, id, domain, views);
      addReferrer(day, TOTAL_SITE, domain, views);
    }
    await this.db.transaction().execute(async (trx) => {
      const metaRows = [...meta].map(([article_id, m]) => ({ article_id, ...m }));
      for (let i = 0; i < metaRows.length; i += 200) {
        await trx
          .insertInto('analytics_articles')
          .values(metaRows.slice(i, i + 200))
          .onConflict((oc) =>
            oc.column('article_id').doUpdateSet({
              title: (eb) => eb.ref('excluded.title'),
              author_id: (eb) => eb.ref('excluded.author_id'),
              category: (eb) => eb.ref('excluded.category'),
              published_at: (eb) => eb.ref('excluded.published_at'),
            }),
          )
          .execute();
      }
      for (const [table, bucketOf] of grains) {
        const merged = new Map<string, { bucket: string; article_id: number; page: string } & Counts>();
        for (const r of kept) {
          const bucket = bucketOf(r.t);
          const k = `${bucket}|${r.articleId}|${r.page}`;
          let m = merged.get(k);
          if (!m) {
            m = { bucket, article_id: r.articleId, page: r.page };
            merged.set(k, m);
          }
          for (const [c, n] of Object.entries(r.counts) as [Counter, number][]) m[c] = (m[c] ?? 0) + n;
        }
        const values = [...merged.values()].map((m) => {
          const full: Record<string, string | number> = { bucket: m.bucket, article_id: m.article_id, page: m.page };
          for (const c of COUNTERS) full[c] = m[c] ?? 0;
          return full;
        });
        for (let i = 0; i < values.length; i += 100) {
          await insertCounts(trx, table)
            .values(values.slice(i, i + 100) as never)
            .onConflict((oc) =>
              oc
                .columns(['bucket', 'article_id', 'page'])
                .doUpdateSet(
                  Object.fromEntries(
                    COUNTERS.map((c) => [c, sql`${sql.ref(`${table}.${c}`)} + ${sql.ref(`excluded.${c}`)}`]),
                  ) as never,
                ),
            )
            .execute();
        }
      }
      const totalRows = [...totals].map(([article_id, t]) => ({ article_id, ...t }));
      for (let i = 0; i < totalRows.length; i += 200) {
        await trx
          .insertInto('analytics_totals')
          .values(totalRows.slice(i, i + 200))
          .onConflict((oc) =>
            oc.column('article_id').doUpdateSet({
              views: sql`${sql.ref('analytics_totals.views')} + ${sql.ref('excluded.views')}`,
              engaged_seconds: sql`${sql.ref('analytics_totals.engaged_seconds')} + ${sql.ref('excluded.engaged_seconds')}`,
            }),
          )
          .execute();
      }
      const referrerRows = [...referrers.values()];
      for (let i = 0; i < referrerRows.length; i += 200) {
        await trx
          .insertInto('analytics_referrers')
          .values(referrerRows.slice(i, i + 200))
          .onConflict((oc) =>
            oc.columns(['day', 'article_id', 'domain']).doUpdateSet({
              views: sql`${sql.ref('analytics_referrers.views')} + ${sql.ref('excluded.views')}`,
            }),
          )
          .execute();
      }
      const searchRows = [...searches].map(([k, n]) => {
        const bar = k.indexOf('|');
        return { day: k.slice(0, bar), words: k.slice(bar + 1), searches: n };
      });
      for (let i = 0; i < searchRows.length; i += 200) {
        await trx
          .insertInto('analytics_searches')
          .values(searchRows.slice(i, i + 200))
          .onConflict((oc) =>
            oc.columns(['day', 'words']).doUpdateSet({
              searches: sql`${sql.ref('analytics_searches.searches')} + ${sql.ref('excluded.searches')}`,
            }),
          )
          .execute();
      }
    });
    return kept.length;
  }

  /**
   * Retention (the `analytics-retention` job): minutes after 48 h; hours, search words and referring
   * domains after 90 days; days, weeks and lifetime totals stay.
   */
  async purge(now = Date.now()): Promise<{ minutes: number; hours: number; searches: number; referrers: number }> {
    const minutes = await this.db
      .deleteFrom('analytics_minutes')
      .where('bucket', '<', minuteBucket(now - ANALYTICS_MINUTES_KEEP_HOURS * HOUR))
      .executeTakeFirst();
    const hours = await this.db
      .deleteFrom('analytics_hours')
      .where('bucket', '<', hourBucket(now - ANALYTICS_HOURS_KEEP_DAYS * DAY))
      .executeTakeFirst();
    const searches = await this.db
      .deleteFrom('analytics_searches')
      .where('day', '<', stockholmDay(now - ANALYTICS_HOURS_KEEP_DAYS * DAY))
      .executeTakeFirst();
    const referrers = await this.db
      .deleteFrom('analytics_referrers')
      .where('day', '<', stockholmDay(now - ANALYTICS_HOURS_KEEP_DAYS * DAY))
      .executeTakeFirst();
    return {
      minutes: Number(minutes.numDeletedRows),
      hours: Number(hours.numDeletedRows),
      searches: Number(searches.numDeletedRows),
      referrers: Number(referrers.numDeletedRows),
    };
  }

  // ------------------------------------------------------------------ reading (the dashboard)

  /** A writer's own author id (every query is limited to it), or an admin's filter. */
  private scope(actor: AnalyticsActor, author: number | undefined): number | undefined {
    if (actor.account_type === 'admin') return author;
    if (author !== undefined && author !== actor.id) throw httpError(403, ANALYTICS_MSG.notOwnAuthor);
    return actor.id;
  }

  async realtime(actor: AnalyticsActor, now = Date.now()): Promise<AnalyticsRealtime> {
    const since = minuteBucket(now - 4 * MINUTE);
    const author = this.scope(actor, undefined);
    const refs = REFERRER_KINDS.map((k) => sql<number>`coalesce(sum(${sql.ref(`m.ref_${k}`)}), 0)`.as(k));
    const totals = this.db
      .selectFrom('analytics_minutes as m')
      .where('m.bucket', '>=', since)
      .where('m.article_id', '=', author === undefined ? TOTAL_SITE : TOTAL_AUTHOR)
      .where('m.page', '=', author === undefined ? '' : String(author))
      .select([sql<number>`coalesce(sum(m.views), 0)`.as('views'), ...refs]);
    let top = this.db
      .selectFrom('analytics_minutes as m')
      .innerJoin('analytics_articles as a', 'a.article_id', 'm.article_id')
      .where('m.bucket', '>=', since)
      .where('m.article_id', '>', 0)
      .select(['m.article_id', 'a.title', sql<number>`sum(m.views)`.as('views')])
      .groupBy(['m.article_id', 'a.title'])
      .orderBy('views', 'desc')
      .orderBy('m.article_id', 'desc')
      .limit(10);
    if (author !== undefined) top = top.where('a.author_id', '=', author);
    const [t, list] = await Promise.all([totals.executeTakeFirstOrThrow(), top.execute()]);
    const row = t as unknown as Record<string, number | string>;
    return {
      readers_5min: Number(row.views),
      articles: list.map((r) => ({ articleId: Number(r.article_id), title: r.title, readers_5min: Number(r.views) })),
      referrers: Object.fromEntries(REFERRER_KINDS.map((k) => [k, Number(row[k])])) as AnalyticsRealtime['referrers'],
    };
  }

  /** The range asked as buckets of the grain, validated (a reversed or too long range is a 400). */
  private range(bucket: 'hour' | 'day', from: string | undefined, to: string | undefined, now: number) {
    const parse = (s: string) => {
      const t = Date.parse(isDate(s) ? `${s}T00:00:00Z` : s);
      if (Number.isNaN(t) || (isDate(s) && new Date(t).toISOString().slice(0, 10) !== s))
        throw httpError(400, ANALYTICS_MSG.badRange);
      return t;
    };
    if (bucket === 'day') {
      const dayOf = (v: string) => {
        const t = parse(v);
        return isDate(v) ? v : stockholmDay(t);
      };
      const toDay = to ? dayOf(to) : stockholmDay(now);
      const fromDay = from ? dayOf(from) : stockholmDay(Date.parse(`${toDay}T12:00:00Z`) - 89 * DAY);
      if (fromDay > toDay) throw httpError(400, ANALYTICS_MSG.badRange);
      const days = Math.round((Date.parse(`${toDay}T00:00:00Z`) - Date.parse(`${fromDay}T00:00:00Z`)) / DAY) + 1;
      if (days > ANALYTICS_DAYS_MAX) throw httpError(400, ANALYTICS_MSG.rangeTooLong);
      const buckets: string[] = [];
      for (let i = 0; i < days; i++)
        buckets.push(new Date(Date.parse(`${fromDay}T00:00:00Z`) + i * DAY).toISOString().slice(0, 10));
      return { table: 'analytics_days' as const, from: fromDay, to: toDay, buckets };
    }
    const toT = to ? parse(to) : now;
    const fromT = from ? parse(from) : toT - 47 * HOUR;
    if (fromT > toT) throw httpError(400, ANALYTICS_MSG.badRange);
    const first = Math.floor(fromT / HOUR) * HOUR;
    const hours = Math.floor(toT / HOUR) - first / HOUR + 1;
    if (hours > ANALYTICS_HOURS_MAX) throw httpError(400, ANALYTICS_MSG.rangeTooLong);
    const buckets = Array.from({ length: hours }, (_, i) => hourBucket(first + i * HOUR));
    return { table: 'analytics_hours' as const, from: hourBucket(fromT), to: hourBucket(toT), buckets };
  }

  /** The `limit` article ids with the most views in the union of `parts` (every row summed). */
  private async topBySum(
    // biome-ignore lint/suspicious/noExplicitAny: one grain's table aliased `m`, whichever it is
    parts: SelectQueryBuilder<any, any, { article_id: number; views: number }>[],
    limit: number,
  ): Promise<number[]> {
    const [first, ...rest] = parts;
    if (!first) return [];
    const unioned = rest.reduce((u, part) => u.unionAll(part), first);
    const top = await this.db
      .selectFrom(unioned.as('u'))
      .select(['u.article_id', sql<number>`sum(u.views)`.as('views')])
      .groupBy('u.article_id')
      .orderBy('views', 'desc')
      .orderBy('u.article_id', 'desc')
      .limit(limit)
      .execute();
    return top.map((t) => Number(t.article_id));
  }

  /** Site-wide rows of a range of days, by grain (whole weeks and edge days when weekly). */
  private siteParts(from: string, to: string): RangePart[] {
    return this.weeklyTopLists ? weekParts(from, to) : [{ table: 'analytics_days', from, to }];
  }

  /**
   * Ranks the site's articles for each of READY_TOP_DAYS ending today and keeps the ranking (the
   * `analytics-top-lists` job, once per cluster). Returns the number of lists written.
   */
  async rankTopLists(now = Date.now()): Promise<number> {
    const today = stockholmDay(now);
    const at = new Date(now).toISOString();
    for (const days of READY_TOP_DAYS) {
      const from = stockholmDay(Date.parse(`${today}T12:00:00Z`) - (days - 1) * DAY);
      const ids = await this.topBySum(
        this.siteParts(from, today).map((p) =>
          countsFrom(this.db, p.table)
            .where('m.bucket', '>=', p.from)
            .where('m.bucket', '<=', p.to)
            .where('m.article_id', '>', 0)
            .select(['m.article_id', 'm.views']),
        ),
        ANALYTICS_TOP_MAX,
      );
      await this.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('analytics_top_lists').where('days', '=', days).execute();
        if (ids.length > 0)
          await trx
            .insertInto('analytics_top_lists')
            .values(ids.map((article_id, i) => ({ days, rank: i + 1, article_id, to_day: today, computed_at: at })))
            .execute();
      });
    }
    return READY_TOP_DAYS.length;
  }

  /** The kept ranking of a preset range ending today, when fresh: its first `limit` ids; else null. */
  private async readyTop(days: number, limit: number, now: number): Promise<number[] | null> {
    if (!READY_TOP_DAYS.includes(days)) return null;
    const rows = await this.db
      .selectFrom('analytics_top_lists')
      .select(['article_id', 'to_day', 'computed_at'])
      .where('days', '=', days)
      .orderBy('rank')
      .limit(limit)
      .execute();
    const first = rows[0];
    if (!first || first.to_day !== stockholmDay(now)) return null;
    if (now - Date.parse(first.computed_at) > READY_TOP_FRESH_MS) return null;
    return rows.map((r) => Number(r.article_id));
  }

  /** The most read articles in a range (days by default; hours when a bound is a time), top `limit`. */
  async articleStats(actor: AnalyticsActor, q: ArticleStatsQuery, now = Date.now()): Promise<ArticleStats[]> {
    const author = this.scope(actor, q.author);
    const byHour = [q.from, q.to].some((s) => s !== undefined && !isDate(s));
    const r = byHour
      ? this.range('hour', q.from, q.to ?? new Date(now).toISOString(), now)
      : this.range('day', q.from ?? stockholmDay(now - 6 * DAY), q.to, now);
    const category = q.category?.toUpperCase();
    // Whole weeks and the edge days for long ranges of days; one grain otherwise.
    const parts: RangePart[] = r.table === 'analytics_days' && this.weeklyTopLists ? weekParts(r.from, r.to) : [r];
    const rowsOf = (p: RangePart) => {
      let part = countsFrom(this.db, p.table)
        .where('m.bucket', '>=', p.from)
        .where('m.bucket', '<=', p.to)
        .where('m.article_id', '>', 0);
      if (q.articleId !== undefined) part = part.where('m.article_id', '=', q.articleId);
      if (author !== undefined || category)
        part = part.where('m.article_id', 'in', (eb) => {
          let sub = eb.selectFrom('analytics_articles as a').select('a.article_id');
          if (author !== undefined) sub = sub.where('a.author_id', '=', author);
          if (category) sub = sub.where('a.category', '=', category);
          return sub;
        });
      return part;
    };
    // First the top `limit` by views (one column summed), then everything else for those only. The
    // whole site over a preset range ending today: the job's ranking, when fresh (migration 055).
    const sitePreset =
      this.readyTopLists &&
      r.table === 'analytics_days' &&
      author === undefined &&
      !category &&
      q.articleId === undefined &&
      r.to === stockholmDay(now);
    const ready = sitePreset ? await this.readyTop(r.buckets.length, q.limit, now) : null;
    const ids =
      ready ??
      (await this.topBySum(
        parts.map((p) => rowsOf(p).select(['m.article_id', 'm.views'])),
        q.limit,
      ));
    if (ids.length === 0) return [];
    const picked = parts.map((p) =>
      countsFrom(this.db, p.table)
        .where('m.bucket', '>=', p.from)
        .where('m.bucket', '<=', p.to)
        .where('m.article_id', 'in', ids)
        .select(['m.article_id', ...COUNTERS.map((c) => `m.${c}` as const)]),
    );
    const [pickedFirst, ...pickedRest] = picked;
    const all = pickedRest.reduce((u, part) => u.unionAll(part), pickedFirst as NonNullable<typeof pickedFirst>);
    const [sums, titles] = await Promise.all([
      this.db
        .selectFrom(all.as('u'))
        .select(['u.article_id', ...COUNTERS.map((c) => sql<number>`sum(${sql.ref(`u.${c}`)})`.as(c))])
        .groupBy('u.article_id')
        .execute(),
      this.db.selectFrom('analytics_articles').select(['article_id', 'title']).where('article_id', 'in', ids).execute(),
    ]);
    const byId = new Map(
      sums.map((row) => [Number(row.article_id), row as unknown as Record<Counter, number | string>]),
    );
    const titleOf = new Map(titles.map((t) => [Number(t.article_id), t.title]));
    const rows = ids.map((id) => ({
      ...(byId.get(id) as Record<Counter, number | string>),
      article_id: id,
      title: titleOf.get(id) ?? '',
    }));
    // a kept ranking is minutes old: its articles are ordered by their figures now
    if (ready) rows.sort((x, y) => Number(y.views ?? 0) - Number(x.views ?? 0) || y.article_id - x.article_id);
    return rows.map((row) => {
      const n = (c: Counter) => Number(row[c] ?? 0);
      const views = n('views');
      return {
        articleId: Number(row.article_id),
        title: row.title,
        views,
        engaged_seconds_avg: views > 0 ? Math.round((n('engaged_seconds') / views) * 10) / 10 : 0,
        referrers: Object.fromEntries(REFERRER_KINDS.map((k) => [k, n(`ref_${k}`)])) as ArticleStats['referrers'],
        conversions: {
          newsletter: n('conv_newsletter'),
          registrations: n('conv_registration'),
          subscriptions: n('conv_subscription'),
        },
      };
    });
  }

  /** Lifetime views and average engaged seconds of the articles asked (≤ 100; a writer: their own only). */
  async totals(actor: AnalyticsActor, ids: number[]): Promise<ArticleTotals[]> {
    if (ids.length === 0) return [];
    let q = this.db
      .selectFrom('analytics_totals as t')
      .select(['t.article_id', 't.views', 't.engaged_seconds'])
      .where('t.article_id', 'in', ids);
    if (actor.account_type !== 'admin')
      q = q.where('t.article_id', 'in', (eb) =>
        eb
          .selectFrom('analytics_articles as a')
          .select('a.article_id')
          .where('a.author_id', '=', actor.id)
          .where('a.article_id', 'in', ids),
      );
    return (await q.orderBy('t.article_id').execute()).map((t) => {
      const views = Number(t.views);
      return {
        articleId: Number(t.article_id),
        views,
        engaged_seconds_avg: views > 0 ? Math.round((Number(t.engaged_seconds) / views) * 10) / 10 : 0,
      };
    });
  }

  /**
   * The other sites readers came from in a range of days (≤ 90, the retention): the whole site's, an
   * article's, or (a writer without an article) the writer's articles'; the top REFERRER_DOMAINS_TOP.
   */
  async referrerDomains(actor: AnalyticsActor, q: ReferrerDomainsQuery, now = Date.now()): Promise<ReferrerDomain[]> {
    const r = this.range('day', q.from ?? stockholmDay(now - 29 * DAY), q.to, now);
    if (r.buckets.length > ANALYTICS_HOURS_KEEP_DAYS) throw httpError(400, ANALYTICS_MSG.rangeTooLong);
    let query = this.db
      .selectFrom('analytics_referrers as r')
      .where('r.day', '>=', r.from)
      .where('r.day', '<=', r.to)
      .select(['r.domain', sql<number>`sum(r.views)`.as('views')])
      .groupBy('r.domain')
      .orderBy('views', 'desc')
      .orderBy('r.domain')
      .limit(REFERRER_DOMAINS_TOP);
    if (q.articleId !== undefined) {
      if (actor.account_type !== 'admin') {
        const a = await this.articles.getAnyById(q.articleId);
        if (a && a.author_id !== actor.id) throw httpError(403, ANALYTICS_MSG.notOwnArticle);
      }
      query = query.where('r.article_id', '=', q.articleId);
    } else if (actor.account_type !== 'admin') {
      query = query.where('r.article_id', 'in', (eb) =>
        eb.selectFrom('analytics_articles as a').select('a.article_id').where('a.author_id', '=', actor.id),
      );
    } else query = query.where('r.article_id', '=', TOTAL_SITE);
    return (await query.execute()).map((row) => ({ domain: row.domain, views: Number(row.views) }));
  }

  /** One metric per hour or day, every bucket of the range (zero where nothing was counted). */
  async timeseries(actor: AnalyticsActor, q: TimeseriesQuery, now = Date.now()): Promise<TimeseriesPoint[]> {
    let author = this.scope(actor, q.author);
    if (q.articleId !== undefined && actor.account_type !== 'admin') {
      const a = await this.articles.getAnyById(q.articleId);
      if (a && a.author_id !== actor.id) throw httpError(403, ANALYTICS_MSG.notOwnArticle);
      author = undefined; // the article is the writer's own (or does not exist: nothing to show)
      if (!a) return this.range(q.bucket, q.from, q.to, now).buckets.map((t) => ({ t, value: 0 }));
    }
    const r = this.range(q.bucket, q.from, q.to, now);
    const col: Counter =
      q.metric === 'engaged_seconds' ? 'engaged_seconds' : q.referrer ? `ref_${q.referrer}` : 'views';
    let query = countsFrom(this.db, r.table)
      .where('m.bucket', '>=', r.from)
      .where('m.bucket', '<=', r.to)
      .select(['m.bucket', sql<number>`sum(${sql.ref(`m.${col}`)})`.as('value')])
      .groupBy('m.bucket');
    const category = q.category?.toUpperCase();
    if (q.articleId !== undefined) query = query.where('m.article_id', '=', q.articleId);
    else if (author !== undefined && category) {
      query = query.where('m.article_id', 'in', (eb) =>
        eb
          .selectFrom('analytics_articles as a')
          .select('a.article_id')
          .where('a.author_id', '=', author)
          .where('a.category', '=', category),
      );
    } else if (author !== undefined) {
      query = query.where('m.article_id', '=', TOTAL_AUTHOR).where('m.page', '=', String(author));
    } else if (category) {
      query = query.where('m.article_id', '=', TOTAL_SECTION).where('m.page', '=', category);
    } else query = query.where('m.article_id', '=', TOTAL_SITE).where('m.page', '=', '');
    const got = new Map((await query.execute()).map((row) => [row.bucket, Number(row.value)]));
    return r.buckets.map((t) => ({ t, value: got.get(t) ?? 0 }));
  }
}
