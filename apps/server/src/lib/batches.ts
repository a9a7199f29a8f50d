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

/** Maps an async sequence lazily. */
export async function* mapRows<T, U>(rows: AsyncIterable<T>, fn: (row: T) => U): AsyncGenerator<U> {
  for await (const r of rows) yield fn(r);
}
