/** Comments, notifications and role requests (spec 000 §3–§9, spec 001 §2–§8). Browser-safe. */

// The shapes (Comment, Notification, RoleRequest, CommentInput) are derived from their zod schemas
// in conversation-schemas.ts and exported from the index as types.

/** Orders a reader may choose for the top-level comments. */
export const COMMENT_ORDERS = ['newest', 'oldest'] as const;
export type CommentOrder = (typeof COMMENT_ORDERS)[number];

/** Deepest nesting (top level = 0): a reply to a comment this deep hangs under that comment's parent. */
export const COMMENT_MAX_DEPTH = 6;
/** Top-level comments per page; the most a client may ask for. */
export const COMMENTS_PAGE = 10;
export const COMMENTS_PAGE_MAX = 50;
/** Replies sent with each top-level comment of a page. */
export const COMMENT_FIRST_REPLIES = 5;
/** Replies per "Visa fler svar"; the most a client may ask for. */
export const COMMENT_REPLIES_PAGE = 20;
export const COMMENT_REPLIES_PAGE_MAX = 100;

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
/** What a role request asks for (spec 000 §4). */
export const REQUEST_KINDS = ['writer', 'admin'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
export const REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const COMMENT_MAX = 5000;
export const COMMENT_NAME_MAX = 120;
export const REQUEST_MESSAGE_MAX = 2000;
export const REJECT_REASON_MAX = 1000;
/** Comments one address may post per minute. */
export const COMMENTS_PER_MINUTE = 5;

export const CONVERSATION_MSG = {
  requestMotivation: 'Vänligen ange en motivering till din förfrågan',
  requestFailed: 'Ett fel uppstod vid skickandet av din förfrågan. Försök igen senare.',
  rejectDialogTitle: 'Ange anledning till avslag',
  rejectCancel: 'Avbryt',
  rejectSubmit: 'Avslå förfrågan',
  rejectSending: 'Skickar...',
  rejectDefaultAdminPanel: 'Request rejected by administrator',
  rejectDefaultNotifications: 'Request rejected',
  noNotifications: 'Inga notifikationer att visa',
  justNow: 'Just nu',
  becomeWriter: 'Bli skribent',
  becomeAdmin: 'Administratörsrättigheter',
  sendNewRequest: 'Skicka ny förfrågan',
  // server-side rules of our own
  commentTooLong: `Kommentaren får vara högst ${COMMENT_MAX} tecken`,
  commentParent: 'Kommentaren du svarar på finns inte i den här artikeln',
  commentNotFound: 'Kommentaren finns inte',
  commentNotThread: 'Svaren hämtas per tråd: ange trådens första kommentar',
  commentCursor: 'Ogiltig sidmarkör',
  showMoreComments: 'Visa fler kommentarer',
  showMoreReplies: 'Visa fler svar',
  commentDeleteForbidden: 'Du kan bara ta bort dina egna kommentarer',
  commentRate: 'Du skriver kommentarer för tätt. Vänta en minut och försök igen.',
  notificationNotFound: 'Notifikationen finns inte',
  requestPending: 'Du har redan en förfrågan som väntar på svar',
  writerCannotRequestWriter: 'Du är redan skribent',
  adminCannotRequest: 'Du är redan administratör',
  requestNotFound: 'Förfrågan finns inte',
  requestHandled: 'Förfrågan är redan behandlad',
  requestTooLong: `Motiveringen får vara högst ${REQUEST_MESSAGE_MAX} tecken`,
  reasonTooLong: `Anledningen får vara högst ${REJECT_REASON_MAX} tecken`,
} as const;
