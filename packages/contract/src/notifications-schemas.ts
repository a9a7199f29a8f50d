import { z } from 'zod';
import { NOTIFICATION_MAIL_KINDS, NOTIFICATION_TYPES } from './notifications.js';
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

/** Issue 21: which notification kinds a person gets by e-mail. */
export const NotificationMailPrefsSchema = z
  .object({
    kinds: z.array(
      z.object({
        kind: z.enum(NOTIFICATION_MAIL_KINDS),
        label: z.string(),
        enabled: z.boolean(),
      }),
    ),
    /** false: the account has no e-mail address, nothing is sent until it has one. */
    has_email: z.boolean(),
  })
  .meta({ id: 'NotificationMailPrefs' });
export type NotificationMailPrefs = z.infer<typeof NotificationMailPrefsSchema>;

export const NotificationMailPrefUpdateSchema = z.object({
  kind: z.enum(NOTIFICATION_MAIL_KINDS),
  enabled: z.boolean(),
});
export type NotificationMailPrefUpdate = z.infer<typeof NotificationMailPrefUpdateSchema>;
