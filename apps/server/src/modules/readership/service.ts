import { type ArticleSummary, stockholmDay } from '@vaggen/contract';
import { isbot } from 'isbot';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { ArticlesService } from '../articles/service.js';
import { readerVisibleIds, storedArticleIds } from '../articles/visibility.js';

/** One published comment weighs as much as this many views in "most read". */
export const COMMENT_WEIGHT = 5;

/** What one process counted for an article and day since its last flush. */
interface Counts {
  views: number;
  comments: number;
}

/**
 * "Most read" (issue 15): article views counted in memory — no database write per view, nothing
 * about the reader kept, bots (by user agent) left out — and added to `article_views` (per article
 * and day) by the `views-flush` job. Published comments are counted the same way and weigh
 * COMMENT_WEIGHT views each. Every process flushes into the same table, so the ranking is shared
 * between processes.
 */
export class ReadershipService {
  private pending = new Map<string, Counts>();
  /** The job runs on one process of a cluster (a lease), so each process also flushes its own counts. */
  private lastFlushAt = Date.now();

  constructor(
    private readonly db: Db,
    private readonly articles: ArticlesService,
  ) {}

  /** Counts one view unless the user agent is a bot (or missing). Returns whether it counted. */
  recordView(articleId: number, userAgent: string | undefined, now = Date.now()): boolean {
    if (!userAgent || isbot(userAgent)) return false;
    return this.count(articleId, 'views', now);
  }

  /** Counts one published comment on an article (in memory, flushed with the views). */
  recordComment(articleId: number, now = Date.now()): boolean {
    return this.count(articleId, 'comments', now);
  }

  private count(articleId: number, what: keyof Counts, now: number): boolean {
    if (!Number.isSafeInteger(articleId) || articleId <= 0 || articleId > 2_147_483_647) return false;
    const key = `${stockholmDay(now)}|${articleId}`;
    const counts = this.pending.get(key) ?? { views: 0, comments: 0 };
    counts[what]++;
    this.pending.set(key, counts);
    if (Date.now() - this.lastFlushAt >= ReadershipService.FLUSH_EVERY_MS) void this.flush().catch(() => {});
    return true;
  }

  /** How old a process's unflushed counts may get while it serves views (the job's interval). */
  static readonly FLUSH_EVERY_MS = 30_000;

  get pendingCount(): number {
    return this.pending.size;
  }

  /** Adds the counted views to the table (views of since-deleted articles are dropped). */
  async flush(): Promise<number> {
    this.lastFlushAt = Date.now();
    if (this.pending.size === 0) return 0;
    const batch = this.pending;
    this.pending = new Map();
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const [key, { views, comments }] of batch) {
          const [day, id] = key.split('|');
          await sql`
            INSERT INTO article_views (article_id, day, views, comments)
            SELECT s.id, ${day}, ${views}, ${comments} FROM (${storedArticleIds(trx)}) s WHERE s.id = ${Number(id)}
            ON CONFLICT (article_id, day) DO UPDATE
              SET views = article_views.views + excluded.views,
                  comments = article_views.comments + excluded.comments`.execute(trx);
        }
      });
    } catch (err) {
      // Keep the counts for the next flush.
      for (const [k, v] of batch) {
        const since = this.pending.get(k);
        this.pending.set(k, since ? { views: since.views + v.views, comments: since.comments + v.comments } : v);
      }
      throw err;
    }
    return batch.size;
  }

  /**
   * The most read visible articles of the last `days` Swedish days (today included): views plus
   * COMMENT_WEIGHT per published comment.
   */
  async mostRead(days: number, limit: number, excludeIds: number[], now = Date.now()): Promise<ArticleSummary[]> {
    const since = stockholmDay(now - (days - 1) * 86_400_000);
    let q = this.db
      .selectFrom('article_views as v')
      .where('v.day', '>=', since)
      .where('v.article_id', 'in', readerVisibleIds(this.db))
      .select((eb) => [
        'v.article_id',
        eb.fn.sum<number>(sql`v.views + ${sql.lit(COMMENT_WEIGHT)} * v.comments`).as('total'),
      ])
      .groupBy('v.article_id')
      .orderBy('total', 'desc')
      .orderBy('v.article_id', 'desc')
      .limit(limit);
    if (excludeIds.length) q = q.where('v.article_id', 'not in', excludeIds);
    const rows = await q.execute();
    const found = await this.articles.getManyByIds(rows.map((r) => Number(r.article_id)));
    return found.map(({ content: _content, ...summary }) => summary);
  }
}
