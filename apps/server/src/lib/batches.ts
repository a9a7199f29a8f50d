import { type Expression, sql } from 'kysely';

/** Rows read per query when a person's whole history is exported or erased (issue 21). */
export const BATCH_SIZE = 500;

/**
 * Every row of a keyset-paged query, one page of `size` at a time: `page(after, size)` returns the
 * rows after the key `after` (null: from the start) in key order. Memory stays one page whatever
 * the total (a reader with 50 000 comments), and each page is one indexed read.
 */
export async function* keysetRows<T>(
  page: (after: number | null, size: number) => Promise<T[]>,
  key: (row: T) => number,
  size = BATCH_SIZE,
): AsyncGenerator<T> {
  let after: number | null = null;
  for (;;) {
    const rows = await page(after, size);
    for (const r of rows) yield r;
    if (rows.length < size) return;
    after = key(rows[rows.length - 1] as T);
  }
}

/** Enough of a Kysely select to read it a page at a time by a key column. */
interface KeysetQuery<R> {
  where(lhs: Expression<unknown>, op: '>', rhs: number): KeysetQuery<R>;
  orderBy(ref: Expression<unknown>): KeysetQuery<R>;
  limit(n: number): KeysetQuery<R>;
  execute(): Promise<R[]>;
}

/**
 * Every row of `query` (a select, filtered to the person) in the order of its id, a page at a time
 * (`keysetRows`): `column` is the id's column in the query (`id` unless a join names it otherwise);
 * the rows' `id` is the key.
 */
export function rowsById<R extends { id: number | string }>(query: KeysetQuery<R>, column = 'id'): AsyncGenerator<R> {
  return keysetRows(
    (after, size) =>
      (after === null ? query : query.where(sql.ref(column), '>', after))
        .orderBy(sql.ref(column))
        .limit(size)
        .execute(),
    (r) => Number(r.id),
  );
}

/** Maps an async sequence lazily. */
export async function* mapRows<T, U>(rows: AsyncIterable<T>, fn: (row: T) => U): AsyncGenerator<U> {
  for await (const r of rows) yield fn(r);
}
