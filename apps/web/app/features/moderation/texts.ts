import {
  MODERATION_REASON_LABELS,
  type ModerationReason,
  type QueueTab,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  retryAfterSentence,
} from '@vaggen/contract';
import { ApiError } from '../../lib/api';

/** What an empty tab says (issue 16). */
export const EMPTY_TEXT: Record<QueueTab, string> = {
  pending: 'Inga kommentarer väntar på granskning.',
  reported: 'Inga anmälda kommentarer att granska.',
  rejected: 'Inga avvisade kommentarer.',
};

/** The reasons of "Anmäl", in the contract's order, as radio options. */
export const REPORT_REASON_OPTIONS = REPORT_REASONS.map((value) => ({ value, label: REPORT_REASON_LABELS[value] }));

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
  if (err instanceof ApiError && err.status === 429) return tooManyText(err);
  if (err instanceof ApiError && err.serverMsg) return err.serverMsg;
  return 'Det gick inte att spara. Försök igen.';
}

/** A refused report: the server's message (a 429 says how long to wait), else `failMsg`. */
export function reportErrorText(err: unknown, failMsg: string): string {
  if (err instanceof ApiError && err.status === 429) return tooManyText(err);
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.serverMsg) return err.serverMsg;
  return failMsg;
}

/** A 429: the server's own text (the API client has added the wait), else ours with the wait. */
function tooManyText(err: ApiError): string {
  if (err.serverMsg) return err.serverMsg;
  const wait = err.retryAfterSeconds ? retryAfterSentence(err.retryAfterSeconds) : 'Försök igen senare.';
  return `Du har gjort det för många gånger på kort tid. ${wait}`;
}
