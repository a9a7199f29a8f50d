import type { Comment } from '@vaggen/contract';

/**
 * What a comment thread needs to know of moderation (issue 16). The author of a held comment
 * ('pending', or 'hidden' by reports) gets it with name and text, shown "Väntar på granskning";
 * anyone else gets a non-visible comment only as a placeholder (no name, no text) when it has
 * visible replies.
 */
export const isModerationPlaceholder = (c: Comment): boolean =>
  !c.isDeleted && c.moderation_status !== undefined && c.moderation_status !== 'visible' && c.content === '';

export const isHeldComment = (c: Comment): boolean =>
  (c.moderation_status === 'pending' || c.moderation_status === 'hidden') && !isModerationPlaceholder(c);
