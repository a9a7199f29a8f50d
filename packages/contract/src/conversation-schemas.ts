import { z } from 'zod';
import { EMAIL_MAX } from './accounts.js';
import {
  COMMENT_MAX,
  COMMENT_MAX_DEPTH,
  COMMENT_NAME_MAX,
  COMMENT_REPLIES_PAGE,
  COMMENT_REPLIES_PAGE_MAX,
  COMMENTS_PAGE,
  COMMENTS_PAGE_MAX,
  CONVERSATION_MSG,
  NOTIFICATION_TYPES,
  REJECT_REASON_MAX,
  REQUEST_MESSAGE_MAX,
} from './conversation.js';
import { MSG } from './messages.js';

type CommentShape = {
  id: number;
  articleId: number;
  parentId: number | null;
  name: string;
  email: string | null;
  content: string;
  createdAt: string;
  author_id: number | null;
  author_profile_picture: string | null;
  isDeleted: boolean;
  replies: CommentShape[];
  depth?: number;
  root_id?: number | null;
  reply_to_id?: number | null;
  reply_count?: number;
};

export const CommentSchema: z.ZodType<CommentShape> = z
  .lazy(() =>
    z.object({
      id: z.number().int(),
      articleId: z.number().int(),
      parentId: z.number().int().nullable(),
      name: z.string(),
      email: z.string().nullable(),
      content: z.string(),
      createdAt: z.string(),
      author_id: z.number().int().nullable(),
      author_profile_picture: z.string().nullable(),
      isDeleted: z.boolean(),
      replies: z.array(CommentSchema),
      depth: z.number().int().min(0).max(COMMENT_MAX_DEPTH).optional(),
      root_id: z.number().int().nullable().optional(),
      reply_to_id: z.number().int().nullable().optional(),
      reply_count: z.number().int().optional(),
    }),
  )
  .meta({ id: 'Comment' }); // recursive: the OpenAPI document refers to it as a named component

const cursor = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, CONVERSATION_MSG.commentCursor)
  .describe('next_cursor of the previous page');

/**
 * `GET /api/comments`. Without order, cursor or limit the answer is the spec's array (the first
 * page, oldest first, paging in headers); with any of them it is a `CommentPage` (decision 015).
 */
export const CommentsQuerySchema = z.object({
  articleId: z.coerce.number().int().positive(),
  order: z.enum(['newest', 'oldest']).optional(),
  cursor: cursor.optional(),
  limit: z.coerce.number().int().min(1).max(COMMENTS_PAGE_MAX).optional().describe(`default ${COMMENTS_PAGE}`),
});

export const CommentPageSchema = z
  .object({
    comments: z.array(CommentSchema),
    total: z.number().int(),
    order: z.enum(['newest', 'oldest']),
    next_cursor: z.string().nullable(),
  })
  .meta({ id: 'CommentPage' });

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
  name: z.string().trim().max(COMMENT_NAME_MAX).optional().nullable(),
  email: z.string().trim().max(EMAIL_MAX).optional().nullable(),
  content: z
    .string({ error: MSG.commentEmpty })
    .trim()
    .min(1, MSG.commentEmpty)
    .max(COMMENT_MAX, CONVERSATION_MSG.commentTooLong),
});

export const NotificationSchema = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  read: z.boolean(),
  created_at: z.string(),
  action_url: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});

export const NotificationsQuerySchema = z.object({
  unread: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const RoleRequestInputSchema = z.object({
  message: z
    .string({ error: CONVERSATION_MSG.requestMotivation })
    .trim()
    .min(1, CONVERSATION_MSG.requestMotivation)
    .max(REQUEST_MESSAGE_MAX, CONVERSATION_MSG.requestTooLong),
});

export const RejectInputSchema = z.object({
  reason: z.string().trim().max(REJECT_REASON_MAX, CONVERSATION_MSG.reasonTooLong).optional().nullable(),
});

export const RoleRequestSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['writer', 'admin']),
  message: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  reason: z.string().nullable(),
  created_at: z.string(),
});
