import {
  MODERATION_MSG,
  MODERATION_REASON_LABELS,
  type ModerationReason,
  REPORT_REASONS,
  type ReportReason,
  type ReportSummary,
} from '@vaggen/contract';
import type { Selectable } from 'kysely';
import type { ModerationItemsTable } from '../../db/schema.js';
import { httpError } from '../../lib/http-errors.js';

/** A queue row as stored (the table's own type, not a twin). */
export type ItemRow = Selectable<ModerationItemsTable>;

/** 'u:<id>' for an account, 'e:<lower-case e-mail>' for a visitor. */
export function commenterKey(authorId: number | null, email: string | null): string {
  return authorId !== null ? `u:${authorId}` : `e:${(email ?? '').trim().toLowerCase()}`;
}

export const parseReasons = (json: string): ModerationReason[] => {
  try {
    const v = JSON.parse(json) as ModerationReason[];
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
};

export const validCursor = (cursor: string | undefined): number | undefined => {
  if (cursor === undefined) return undefined;
  const n = Number(cursor);
  if (!(Number.isSafeInteger(n) && n > 0)) throw httpError(400, MODERATION_MSG.cursor);
  return n;
};

export const emptySummary = (): ReportSummary => ({
  open: 0,
  by_reason: Object.fromEntries(REPORT_REASONS.map((r) => [r, 0])) as Record<ReportReason, number>,
  notes: [],
});

/** Labels for a reason list (notifications, logs). */
export const reasonText = (reasons: ModerationReason[]): string =>
  reasons.map((r) => `${MODERATION_REASON_LABELS[r.code]}${r.detail ? ` (${r.detail})` : ''}`).join(', ');
