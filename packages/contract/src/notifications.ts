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
  /** Issue 41: an admin published, scheduled or returned the article you sent for review. */
  'article_reviewed',
  /** Issue 41 (admins): a writer sent an article for review. */
  'review_requested',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATIONS_MSG = {
  noNotifications: 'Inga notifikationer att visa',
  justNow: 'Just nu',
  // server-side rules of our own
  notificationNotFound: 'Notifikationen finns inte',
} as const;

/**
 * Issue 21: in-app notifications a person may also get by e-mail (opt-in per kind), batched to
 * at most one mail per kind per NOTIFICATION_MAIL_WINDOW_MS.
 */
export const NOTIFICATION_MAIL_KINDS = [
  'comment_reply',
  'article_comment',
  'role_decision',
  'review_decision',
] as const;
export type NotificationMailKind = (typeof NOTIFICATION_MAIL_KINDS)[number];
export const NOTIFICATION_MAIL_WINDOW_MS = 15 * 60_000;
export const NOTIFICATION_MAIL_LABELS: Record<NotificationMailKind, string> = {
  comment_reply: 'Svar på min kommentar',
  article_comment: 'Ny kommentar på min artikel',
  role_decision: 'Mitt rollärende har avgjorts',
  review_decision: 'Min artikel har granskats',
};
/** Kinds only writers and admins may choose (they have articles). */
export const NOTIFICATION_MAIL_WRITER_KINDS: readonly NotificationMailKind[] = ['article_comment', 'review_decision'];

export const NOTIFICATION_MAIL_MSG = {
  heading: 'E-post om notifikationer',
  intro: 'Välj vad du vill få e-post om. Vi skickar högst ett mejl per slag var 15:e minut.',
  noEmail: 'Lägg till en e-postadress ovan för att få notifikationer med e-post.',
  saved: 'Sparat.',
  writersOnly: 'Bara skribenter och administratörer kan få e-post om kommentarer på sina artiklar.',
} as const;
