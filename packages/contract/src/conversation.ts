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
}

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
