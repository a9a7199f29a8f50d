import { randomBytes } from 'node:crypto';

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

/**
 * A case number people quote (issue 43: DSA notices, statements, replies): `PREFIX-YYYY-<hex>`,
 * random so that it does not tell how many cases there are; the table's unique index is the guard.
 */
export function caseNumber(prefix: string, atIso: string, bytes = 5): string {
  return `${prefix}-${atIso.slice(0, 4)}-${randomBytes(bytes).toString('hex').toUpperCase()}`;
}
