import { z } from 'zod';
import { EMAIL_MAX } from './accounts.js';
import {
  COMMENT_MAX,
  COMMENT_NAME_MAX,
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
  author_role: 'writer' | 'admin' | null;
  isDeleted: boolean;
  replies: CommentShape[];
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
      author_role: z.enum(['writer', 'admin']).nullable(),
      isDeleted: z.boolean(),
      replies: z.array(CommentSchema),
    }),
  )
  .meta({ id: 'Comment' }); // recursive: the OpenAPI document refers to it as a named component

export const CommentsQuerySchema = z.object({ articleId: z.coerce.number().int().positive() });

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
