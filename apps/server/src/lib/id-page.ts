import { randomBytes } from 'node:crypto';
import { type Expression, sql } from 'kysely';

/**
 * One page of rows read with `limit + 1` (the extra row only says there is more): the page, and
 * the cursor for the next one — the last row's id — or null at the end.
 */
export function idPage<R extends { id: number | string }>(
  rows: R[],
  limit: number,
): { page: R[]; next_cursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, next_cursor: rows.length > limit && last ? String(last.id) : null };
}

/** Enough of a Kysely select to order it by id, read after a cursor and run it. */
interface IdQuery<R> {
  orderBy(ref: Expression<unknown>, dir: 'asc' | 'desc'): IdQuery<R>;
  where(lhs: Expression<unknown>, op: '>' | '<', rhs: number): IdQuery<R>;
  limit(n: number): IdQuery<R>;
  execute(): Promise<R[]>;
}

/**
 * One page of a desk's cases (issue 43): open ones oldest first (first in, first decided), decided
 * ones newest first; `cursor` is the last id seen.
 */
export async function casePage<R extends { id: number | string }>(
  query: IdQuery<R>,
  q: { status: 'open' | 'decided'; cursor?: string; limit: number },
): Promise<{ page: R[]; next_cursor: string | null }> {
  const open = q.status === 'open';
  let bounded = query.orderBy(sql.ref('id'), open ? 'asc' : 'desc').limit(q.limit + 1);
  if (q.cursor) bounded = bounded.where(sql.ref('id'), open ? '>' : '<', Number(q.cursor));
  return idPage(await bounded.execute(), q.limit);
}

/**
 * A case number people quote (issue 43: DSA notices, statements, replies): `PREFIX-YYYY-<hex>`,
 * random so that it does not tell how many cases there are; the table's unique index is the guard.
 */
export function caseNumber(prefix: string, atIso: string, bytes = 5): string {
  return `${prefix}-${atIso.slice(0, 4)}-${randomBytes(bytes).toString('hex').toUpperCase()}`;
}
