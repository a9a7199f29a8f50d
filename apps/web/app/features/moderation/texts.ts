import { retryAfterSentence } from '@vaggen/contract';
import { ApiError } from '../../lib/api';
import type { QueueTab } from './api';

/** What an empty tab says (issue 16). */
export const EMPTY_TEXT: Record<QueueTab, string> = {
  pending: 'Inga kommentarer väntar på granskning.',
  reported: 'Inga anmälda kommentarer att granska.',
  rejected: 'Inga avvisade kommentarer.',
};

/** Quick choices in the reject dialog; the moderator may write anything. */
export const REJECT_PRESETS: readonly string[] = ['Spam', 'Hat eller hot', 'Personangrepp', 'Olagligt innehåll', 'Utanför ämnet'];

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
