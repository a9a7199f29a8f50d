import { type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * A stored file's address equals `url`, found by the column's prefix index on
 * `substr(column, 1, 100)` (addresses are longer than what a plain index keeps well), then compared
 * whole. For "is this picture still shown anywhere?" (decision 027).
 */
export function storedUrlIs(column: string, url: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`substr(${sql.ref(column)}, 1, 100) = ${url.slice(0, 100)} AND ${sql.ref(column)} = ${url}`;
}
