import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/index.js';

/**
 * THE rule of which articles readers may see (issue 14: published only — never drafts, scheduled
 * or unpublished ones), as a SQL condition on the articles table under `alias`. Search, feeds,
 * sitemaps, the author page and "most read" filter through this; the service's query builders use
 * the same rule as `whereVisibleToReaders`.
 */
export function readerVisible(alias = 'a'): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(`${alias}.status`)} = 'published'`;
}

/**
 * The articles module's read model of visibility for other modules (decision 014): the ids of the
 * articles readers may see, as a subquery to filter their own rows by (`where(col, 'in', …)`).
 */
export const readerVisibleIds = (db: Db) => db.selectFrom('articles as a').where(readerVisible('a')).select('a.id');

/**
 * Read model for search (issue 39): what a search filters its hits by — id, publication time and
 * category — of the articles readers may see. Joined as a subquery (`JOIN (…) a ON a.id = hit`).
 */
export const readerArticleFacts = (db: Db) =>
  db.selectFrom('articles as a').where(readerVisible('a')).select(['a.id', 'a.published_at', 'a.category']);

/** Read model (issue 39): the id of every stored article, whatever its status (counters keep rows only for these). */
export const storedArticleIds = (db: Db) => db.selectFrom('articles').select('id');
