import { z } from 'zod';
import { EMAIL_MAX } from './accounts.js';
import {
  COMMENT_MAX,
  COMMENT_NAME_MAX,
  CONVERSATION_MSG,
  NOTIFICATION_TYPES,
  REJECT_REASON_MAX,
  REQUEST_KINDS,
  REQUEST_MESSAGE_MAX,
  REQUEST_STATUSES,
} from './conversation.js';
import { MSG } from './messages.js';

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
    isDeleted: z.boolean(),
    get replies() {
      return z.array(CommentSchema);
    },
  })
  .meta({ id: 'Comment' }); // recursive: the OpenAPI document refers to it as a named component
export type Comment = z.infer<typeof CommentSchema>;

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
/** A new comment as the server reads it (after trimming and coercion). */
export type CommentInput = z.infer<typeof CommentInputSchema>;

/** Notification of spec 000 §3. `data` carries the request's state for request notifications. */
export const NotificationSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(NOTIFICATION_TYPES),
    title: z.string(),
    message: z.string(),
    read: z.boolean(),
    created_at: z.string(),
    action_url: z.string().nullable(),
    data: z
      .object({
        status: z.enum(REQUEST_STATUSES).optional(),
        request_id: z.number().optional(),
        reason: z.string().optional(),
      })
      .catchall(z.unknown()),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof NotificationSchema>;

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

export const RoleRequestSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(REQUEST_KINDS),
    message: z.string(),
    status: z.enum(REQUEST_STATUSES),
    reason: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'RoleRequest' });
export type RoleRequest = z.infer<typeof RoleRequestSchema>;
