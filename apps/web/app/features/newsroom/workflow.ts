import type { ArticleStatus } from '@vaggen/contract';

/** What the editor's buttons ask for: keep the status the article has ("Spara ändringar"), or a new one. */
export type SaveAction = 'keep' | ArticleStatus;

/**
 * The status the editor sends with a save. Always explicit: a save without a status publishes at
 * once (the spec's rule for every client, decision 019), so "Spara ändringar" on a draft must say
 * "draft" or the draft would go live.
 */
export function statusToSend(action: SaveAction, current: ArticleStatus | null): ArticleStatus {
  return action === 'keep' ? (current ?? 'published') : action;
}
