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
  if (err instanceof ApiError && err.status === 429) return err.message;
  if (err instanceof ApiError && err.serverMsg) return err.serverMsg;
  return 'Det gick inte att spara. Försök igen.';
}
