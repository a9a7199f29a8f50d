import type { ModerationReason, ModerationStatus, User } from '@vaggen/contract';
import { defineEvent } from '../../lib/events/domain-events.js';
import type { CommentTarget } from '../articles/service.js';

/** What happens to comments, as domain events (issue 39). Who reacts is listed in `src/events.ts`. */

/** The screen's verdict: publish at once, or hold with reasons. A refusal is thrown (httpError). */
export interface Screening {
  status: 'visible' | 'pending';
  reasons: ModerationReason[];
}

/** A comment just stored. */
export interface CreatedComment {
  id: number;
  article: CommentTarget;
  parentId: number | null;
  /** The author of the comment answered (they hear of a visible reply). */
  parentAuthorId: number | null;
  author: User | null;
  name: string;
  email: string | null;
  content: string;
  createdAt: string;
  screening: Screening;
}
/** A reader posted a comment (published at once or held by the screen). */
export const CommentPosted = defineEvent<CreatedComment>('CommentPosted');

/** Comments were deleted or became placeholders (by their author, an admin or an erased account). */
export const CommentsRemoved = defineEvent<{ articleIds: number[]; commentIds: number[] }>('CommentsRemoved');

/** Moderation moved a comment from one status to another. */
export interface StatusChange {
  commentId: number;
  articleId: number;
  from: ModerationStatus;
  to: ModerationStatus;
  /** Issue 43: why, for the statement of reasons (DSA Art. 17) to the commenter. */
  why?: StatusReason;
}
/** Who changed a comment's status and why: a moderator (with the reason given) or the system. */
export interface StatusReason {
  reason: string | null;
  /** The moderator; null when the system did it (readers' reports reaching the threshold). */
  actorId: number | null;
  actorName?: string | null;
  automated: boolean;
}
export const CommentStatusChanged = defineEvent<StatusChange>('CommentStatusChanged');

/** What readers see of these articles' threads changed otherwise (an erased name, a recounted total). */
export const CommentThreadChanged = defineEvent<{ articleIds: number[] }>('CommentThreadChanged');
