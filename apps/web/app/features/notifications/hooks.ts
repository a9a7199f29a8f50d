import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BADGE_MAX,
  type Notification,
  UNREAD_REFRESH_MS,
  UNREAD_RETRIES,
  UNREAD_RETRY_DELAY_MS,
} from '@vaggen/contract';
import { useEffect, useState } from 'react';
import { isAuthError, notificationKeys as keys, notificationsApi } from './api';

/**
 * Spec 000 §9: the unread count refreshes every 30 s, with 3 retries 1 s apart; a failure counts
 * as 0 (spec 000 §8).
 */
export function unreadCountQuery(userId: number, fetchCount: () => Promise<number> = notificationsApi.unreadCount) {
  return {
    queryKey: keys.unreadCount(userId),
    queryFn: fetchCount,
    refetchInterval: UNREAD_REFRESH_MS,
    retry: (failures: number, err: unknown) => failures < UNREAD_RETRIES && !isAuthError(err),
    retryDelay: UNREAD_RETRY_DELAY_MS,
    staleTime: 5_000, // the bell, the menu badge and the page mount together: one call serves them
  };
}

export function useUnreadCount(userId: number): number {
  const q = useQuery(unreadCountQuery(userId));
  if (q.status === 'error') return 0;
  return q.data ?? 0;
}

/** "9+" above 9 (spec 000 §9). */
export const badgeLabel = (count: number) => (count > BADGE_MAX ? `${BADGE_MAX}+` : String(count));

export const unreadText = (count: number) =>
  count === 0 ? 'Inga olästa notifikationer' : count === 1 ? '1 oläst notifikation' : `${count} olästa notifikationer`;

/** Spec 000 §8: a failed list fetch is logged and yields an empty list. */
async function listOrEmpty(unread: boolean, limit: number): Promise<Notification[]> {
  try {
    return await notificationsApi.list(unread, limit);
  } catch (err) {
    console.error('loading notifications failed', err);
    return [];
  }
}

export function useNotificationList(
  userId: number,
  {
    unread = false,
    limit,
    enabled = true,
    refetchInterval,
  }: {
    unread?: boolean;
    limit: number;
    enabled?: boolean;
    refetchInterval?: number;
  },
) {
  return useQuery({
    queryKey: keys.list(userId, unread, limit),
    queryFn: () => listOrEmpty(unread, limit),
    enabled,
    refetchInterval,
  });
}

/** When the unread count grows, cached lists are stale: the next look at a list refetches it. */
export function useListsFollowCount(userId: number, count: number) {
  const qc = useQueryClient();
  const [last, setLast] = useState(count);
  useEffect(() => {
    if (count > last) void qc.invalidateQueries({ queryKey: keys.lists(userId) });
    setLast(count);
  }, [count, last, qc, userId]);
}

/** Update every cached list of this user's notifications. */
export function updateCachedLists(
  qc: ReturnType<typeof useQueryClient>,
  userId: number,
  fn: (n: Notification) => Notification,
) {
  qc.setQueriesData<Notification[]>({ queryKey: keys.lists(userId) }, (old) => old?.map(fn));
}

/** Marks one read at once on screen (and in the count), then confirms with the server. */
export function useMarkRead(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (n: Notification) => notificationsApi.markRead(n.id),
    onMutate: async (n) => {
      if (n.read) return;
      await qc.cancelQueries({ queryKey: keys.all(userId) });
      updateCachedLists(qc, userId, (x) => (x.id === n.id ? { ...x, read: true } : x));
      qc.setQueryData<number>(keys.unreadCount(userId), (c) => Math.max(0, (c ?? 1) - 1));
    },
    onError: (err) => console.error('marking a notification read failed', err),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.all(userId) }),
  });
}

export function useMarkAllRead(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => notificationsApi.markAllRead(),
    onMutate: async () => {
      await qc.cancelQueries({ queryKey: keys.all(userId) });
      updateCachedLists(qc, userId, (x) => (x.read ? x : { ...x, read: true }));
      qc.setQueryData<number>(keys.unreadCount(userId), 0);
    },
    onError: (err) => console.error('marking all notifications read failed', err),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.all(userId) }),
  });
}

/** Re-render every `ms` so relative times ("Just nu" → "1 minut sedan") stay true. */
export function useNow(ms = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}
