import { type RawBuilder, type SqlBool, sql } from 'kysely';

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
