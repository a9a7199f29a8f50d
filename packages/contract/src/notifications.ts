/** Notifications (spec 000 §3/§7, spec 001 §7). Browser-safe. */

// Notification is derived from its zod schema in notifications-schemas.ts and exported from the index as a type.

export const NOTIFICATION_TYPES = [
  'admin_request',
  'writer_request',
  'admin_approved',
  'admin_rejected',
  'writer_approved',
  'writer_rejected',
  'new_comment',
  'other',
  /** Issue 14: a scheduled article of yours went live. */
  'article_published',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATIONS_MSG = {
  noNotifications: 'Inga notifikationer att visa',
  justNow: 'Just nu',
  // server-side rules of our own
  notificationNotFound: 'Notifikationen finns inte',
} as const;
