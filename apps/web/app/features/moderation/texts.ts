import {
  MODERATION_REASON_LABELS,
  type ModerationReason,
  type QueueTab,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
} from '@vaggen/contract';
import { ApiError, tooManyRequestsText } from '../../lib/api';

/** What an empty tab says (issue 16). */
export const EMPTY_TEXT: Record<QueueTab, string> = {
  pending: 'Inga kommentarer väntar på granskning.',
  reported: 'Inga anmälda kommentarer att granska.',
  rejected: 'Inga avvisade kommentarer.',
};

/** Quick choices in the reject dialog: the report reasons but "Annat" (the moderator may write anything). */
export const REJECT_PRESETS: readonly string[] = REPORT_REASONS.filter((r) => r !== 'other').map(
  (r) => REPORT_REASON_LABELS[r],
);

/** Why a comment is in the queue, in words: "Misstänkt ord: idiot", "För många länkar: 4". */
export function reasonText(r: ModerationReason): string {
  const label = MODERATION_REASON_LABELS[r.code] ?? r.code;
  return r.detail ? `${label}: ${r.detail}` : label;
}

/** A refused or failed action: the server's message when it gave one, else a general text. */
export function actionErrorText(err: unknown): string {
  if (err instanceof ApiError && err.status === 429) return tooManyRequestsText(err);
  if (err instanceof ApiError && err.serverMsg) return err.serverMsg;
  return 'Det gick inte att spara. Försök igen.';
}
