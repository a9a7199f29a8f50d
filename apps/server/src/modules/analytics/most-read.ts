import { type ArticleSummary, stockholmDay } from '@vaggen/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { ArticlesService } from '../articles/service.js';
import { readerVisibleIds } from '../articles/visibility.js';

/** One published comment weighs as much as this many views in "hottest last week". */
export const COMMENT_WEIGHT = 5;

const DAY_MS = 86_400_000;

/**
 * The site's reading lists (issue 15; one count since decision 050's amendment of 2026-11-30): the
 * sidebar's "hottest last week" and the newsletter's "most read yesterday" are ranked from the same
 * page views the newsroom's statistics show — counted by the page handler, also for pages from the
 * cache and the page store, without bots, prefetches or floods — read from `analytics_days`.
 */
export class MostRead {
  constructor(
    private readonly db: Db,
    private readonly articles: ArticlesService,
  ) {}

  /**
   * The visible articles with the most views in the `days` Swedish days ending with `now`'s,
   * plus `commentWeight` per published comment; ties go to the newer article.
   */
  async list(
    days: number,
    limit: number,
    excludeIds: number[],
    opts: { commentWeight?: number; now?: number } = {},
  ): Promise<ArticleSummary[]> {
    const now = opts.now ?? Date.now();
    const weight = opts.commentWeight ?? COMMENT_WEIGHT;
    const total = sql<number>`sum(d.views + ${sql.lit(weight)} * d.comments)`;
    let q = this.db
      .selectFrom('analytics_days as d')
      .where('d.bucket', '>=', stockholmDay(now - (days - 1) * DAY_MS))
      .where('d.bucket', '<=', stockholmDay(now))
      .where('d.article_id', 'in', readerVisibleIds(this.db))
      .select(['d.article_id', total.as('total')])
      .groupBy('d.article_id')
      .having(total, '>', 0)
      .orderBy('total', 'desc')
      .orderBy('d.article_id', 'desc')
      .limit(limit);
    if (excludeIds.length) q = q.where('d.article_id', 'not in', excludeIds);
    const rows = await q.execute();
    const found = await this.articles.getManyByIds(rows.map((r) => Number(r.article_id)));
    return found.map(({ content: _content, ...summary }) => summary);
  }
}
