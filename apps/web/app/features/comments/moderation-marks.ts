import { type Comment, MODERATION_MSG } from '@vaggen/contract';

/**
 * What a comment thread needs to know of moderation (issue 16). The author of a held comment
 * ('pending', or 'hidden' by reports) gets it with name and text, shown "Väntar på granskning";
 * admins get every comment whole; anyone else gets a non-visible comment only as a placeholder
 * (no name, no text) when it has visible replies.
 */
export const isModerationPlaceholder = (c: Comment): boolean =>
  !c.isDeleted && c.moderation_status !== undefined && c.moderation_status !== 'visible' && c.content === '';

export const isHeldComment = (c: Comment): boolean =>
  (c.moderation_status === 'pending' || c.moderation_status === 'hidden') && !isModerationPlaceholder(c);

/** The mark beside a non-visible comment shown whole: held for its author, rejected for admins. */
export function moderationMark(c: Comment): string | null {
  if (isModerationPlaceholder(c)) return null;
  if (isHeldComment(c)) return MODERATION_MSG.pendingBadge;
  if (c.moderation_status === 'rejected') return 'Avvisad';
  return null;
}
