import { z } from 'zod';
import { NOTIFICATION_TYPES } from './notifications.js';
import { REQUEST_STATUSES } from './role-requests.js';

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
