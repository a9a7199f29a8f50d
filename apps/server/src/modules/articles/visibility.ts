import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/index.js';

/**
 * THE rule of which articles readers may see, as a SQL condition on the articles table under
 * `alias`. Search, feeds, sitemaps, the author page and "most read" all filter through this one
 * function. Today every stored article is published; when articles get a status (drafts,
 * scheduled, unpublished) this becomes that rule.
 */
export function readerVisible(alias = 'a'): RawBuilder<SqlBool> {
  void alias;
  return sql<SqlBool>`1 = 1`;
}

/**
 * The articles module's read model of visibility for other modules (decision 014): the ids of the
 * articles readers may see, as a subquery to filter their own rows by (`where(col, 'in', …)`).
 */
export const readerVisibleIds = (db: Db) => db.selectFrom('articles as a').where(readerVisible('a')).select('a.id');
