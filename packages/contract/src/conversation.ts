/** Comments, notifications and role requests (spec 000 §3–§9, spec 001 §2–§8). Browser-safe. */

/** Comment of spec 000 §3. `email` is only sent to admins. */
export interface Comment {
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
  replies: Comment[];
  /** Paged threads (issue 13, decision 015): 0 for a top-level comment, at most COMMENT_MAX_DEPTH. */
  depth?: number;
  /** The thread's top-level comment; null for a top-level comment. */
  root_id?: number | null;
  /** The comment answered, when the reply hangs under that comment's parent (nesting limit). */
  reply_to_id?: number | null;
  /** Top-level comments: every reply in the thread, at any depth (placeholders included). */
  reply_count?: number;
}

export type CommentOrder = 'newest' | 'oldest';

/** One page of an article's top-level comments, each with its first replies (decision 015). */
export interface CommentPage {
  comments: Comment[];
  /** Comments of the article that still show their text. */
  total: number;
  order: CommentOrder;
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: string | null;
}

/** The next replies of a thread, oldest first, nested among themselves (decision 015). */
export interface CommentRepliesPage {
  replies: Comment[];
  reply_count: number;
  next_cursor: string | null;
}

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
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export type RequestStatus = 'pending' | 'approved' | 'rejected';

/** Notification of spec 000 §3. */
export interface Notification {
  id: number;
  type: NotificationType;
  title: string;
  message: string;
  read: boolean;
  created_at: string;
  action_url: string | null;
  data: { status?: RequestStatus; request_id?: number; reason?: string; [key: string]: unknown };
}

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
