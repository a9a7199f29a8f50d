import type { Notification, NotificationMailKind, NotificationMailPrefs } from '@vaggen/contract';
import { ApiError, getJson, sendJson } from '../../lib/api';

/** Spec 000 §7 notification calls (own notifications only; the server scopes every call). */
export const notificationsApi = {
  list: (unread: boolean, limit: number) =>
    getJson<Notification[]>(`/api/notifications?unread=${unread}&limit=${limit}`),
  unreadCount: async () => (await getJson<{ unread_count: number }>('/api/notifications/unread-count')).unread_count,
  markRead: (id: number) => sendJson<{ msg: string }>('POST', `/api/notifications/${id}/mark-read`),
  markAllRead: () => sendJson<{ msg: string; updated: number }>('POST', '/api/notifications/mark-all-read'),
  /** Issue 21: which kinds also come by e-mail. */
  mailPrefs: () => getJson<NotificationMailPrefs>('/api/profile/mail-notifications'),
  setMailPref: (kind: NotificationMailKind, enabled: boolean) =>
    sendJson<NotificationMailPrefs>('PUT', '/api/profile/mail-notifications', { kind, enabled }),
};

/** Query keys. Everything is keyed by the user, so a different login never sees cached data. */
export const notificationKeys = {
  all: (userId: number) => ['notifications', userId] as const,
  unreadCount: (userId: number) => ['notifications', userId, 'unread-count'] as const,
  lists: (userId: number) => ['notifications', userId, 'list'] as const,
  list: (userId: number, unread: boolean, limit: number) => ['notifications', userId, 'list', unread, limit] as const,
};

/** A logged-out or revoked session: retrying cannot help. */
export const isAuthError = (err: unknown) => err instanceof ApiError && (err.status === 401 || err.status === 403);
