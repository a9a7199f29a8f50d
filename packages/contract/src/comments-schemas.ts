import { z } from 'zod';
import {
  COMMENT_MAX,
  COMMENT_MAX_DEPTH,
  COMMENT_NAME_MAX,
  COMMENT_ORDERS,
  COMMENT_REPLIES_PAGE,
  COMMENT_REPLIES_PAGE_MAX,
  COMMENTS_MSG,
  COMMENTS_PAGE,
  COMMENTS_PAGE_MAX,
} from './comments.js';
import { MSG } from './messages.js';
import { MODERATION_REASON_CODES, MODERATION_STATUSES } from './moderation.js';
import { ONE_LINE_NAME, oneLineName } from './text-schemas.js';
import { EMAIL_MAX } from './users.js';

/** Issue 16: where a comment stands (moderation-schemas.ts has the rest of moderation). */
export const ModerationStatusSchema = z.enum(MODERATION_STATUSES).meta({
  id: 'ModerationStatus',
  description: "Readers see only 'visible'. 'pending': held; 'hidden': hidden by reports until reviewed; 'rejected'.",
});

/** Why a comment was held, hidden or rejected; `detail` names the word, the link count, the reason given… */
export const ModerationReasonSchema = z
  .object({
    code: z.enum(MODERATION_REASON_CODES),
    detail: z.string().nullable(),
  })
  .meta({ id: 'ModerationReason' });
export type ModerationReason = z.infer<typeof ModerationReasonSchema>;

/** Comment of spec 000 §3, with its replies (recursive). `email` is only sent to admins. */
export const CommentSchema = z
  .object({
    id: z.number().int(),
    articleId: z.number().int(),
    parentId: z.number().int().nullable(),
    name: z.string(),
    email: z.string().nullable(),
    content: z.string(),
    createdAt: z.string(),
    author_id: z.number().int().nullable(),
    author_profile_picture: z.string().nullable(),
    /** 'writer' or 'admin' when a staff member wrote it (shown as a badge), else null (issue 17). */
    author_role: z.enum(['writer', 'admin']).nullable(),
    isDeleted: z.boolean(),
    get replies() {
      return z.array(CommentSchema);
    },
    /** Paged threads (issue 13, decision 015): 0 for a top-level comment, at most COMMENT_MAX_DEPTH. */
    depth: z.number().int().min(0).max(COMMENT_MAX_DEPTH).optional(),
    /** The thread's top-level comment; null for a top-level comment. */
    root_id: z.number().int().nullable().optional(),
    /** The comment answered, when the reply hangs under that comment's parent (nesting limit). */
    reply_to_id: z.number().int().nullable().optional(),
    /** Top-level comments: every reply in the thread, at any depth (placeholders included). */
    reply_count: z.number().int().optional(),
    /**
     * Issue 16. Readers only ever get 'visible' comments (or a non-visible one with visible replies,
     * as a placeholder without name or text); the author also gets their own held ones
     * ('pending'/'hidden', shown "Väntar på granskning"); moderators see every status.
     */
    moderation_status: ModerationStatusSchema.optional(),
    /** Why it was held, hidden or rejected: sent to moderators only (empty for others). */
    moderation_reasons: z.array(ModerationReasonSchema).optional(),
    /**
     * Only in the answer to a visitor's POST /comments: the browser keeps it and sends it back in
     * the X-Commenter-Token header to see its own held comments (issue 16).
     */
    author_token: z.string().optional(),
  })
  .meta({ id: 'Comment' }); // recursive: the OpenAPI document refers to it as a named component
export type Comment = z.infer<typeof CommentSchema>;

const cursor = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, COMMENTS_MSG.commentCursor)
  .describe('next_cursor of the previous page');

/**
 * `GET /api/comments`. Without order, cursor or limit the answer is the spec's array (the first
 * page, oldest first, paging in headers); with any of them it is a `CommentPage` (decision 015).
 */
export const CommentsQuerySchema = z.object({
  articleId: z.coerce.number().int().positive(),
  order: z.enum(COMMENT_ORDERS).optional(),
  cursor: cursor.optional(),
  limit: z.coerce.number().int().min(1).max(COMMENTS_PAGE_MAX).optional().describe(`default ${COMMENTS_PAGE}`),
});

export const CommentPageSchema = z
  .object({
    comments: z.array(CommentSchema),
    total: z.number().int(),
    order: z.enum(COMMENT_ORDERS),
    next_cursor: z.string().nullable(),
  })
  .meta({ id: 'CommentPage' });
/** One page of an article's top-level comments, each with its first replies (decision 015). */
export type CommentPage = z.infer<typeof CommentPageSchema>;

export const CommentRepliesQuerySchema = z.object({
  cursor: cursor.optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(COMMENT_REPLIES_PAGE_MAX)
    .default(COMMENT_REPLIES_PAGE)
    .describe(`default ${COMMENT_REPLIES_PAGE}`),
});

export const CommentRepliesPageSchema = z
  .object({
    replies: z.array(CommentSchema),
    reply_count: z.number().int(),
    next_cursor: z.string().nullable(),
  })
  .meta({ id: 'CommentRepliesPage' });
/** The next replies of a thread, oldest first, nested among themselves (decision 015). */
export type CommentRepliesPage = z.infer<typeof CommentRepliesPageSchema>;

export const CommentDeletedSchema = z.object({
  msg: z.string(),
  /** true: it had replies and stays as a "Kommentaren har raderats." placeholder. */
  placeholder: z.boolean(),
  /** Ids that left the thread: the comment, and deleted ancestors left without replies. */
  removed: z.array(z.number().int()),
});

/** Name and email are checked in the service: they are required only for visitors. */
export const CommentInputSchema = z.object({
  articleId: z.coerce.number().int().positive(),
  parentId: z.coerce.number().int().positive().nullable().optional(),
  name: z.string().trim().max(COMMENT_NAME_MAX).refine(oneLineName, ONE_LINE_NAME).optional().nullable(),
  email: z.string().trim().max(EMAIL_MAX).optional().nullable(),
  content: z
    .string({ error: MSG.commentEmpty })
    .trim()
    .min(1, MSG.commentEmpty)
    .max(COMMENT_MAX, COMMENTS_MSG.commentTooLong),
});
/** A new comment as the server reads it (after trimming and coercion). */
export type CommentInput = z.infer<typeof CommentInputSchema>;
