import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@vaggen/contract';
import { notificationKeys, notificationsApi } from './api';
import { requestDecisionApi, requestKindOf } from './requests';

export type Decision =
  | { notification: Notification; approve: true }
  | { notification: Notification; approve: false; reason: string };

/**
 * Approve or reject the request behind a notification. The notification shows its new status at
 * once (so a handled request leaves the admin panel immediately); a failure puts it back.
 */
export function useDecideRequest(userId: number) {
  const qc = useQueryClient();
  const lists = notificationKeys.lists(userId);
  return useMutation({
    mutationFn: async (d: Decision) => {
      const kind = requestKindOf(d.notification);
      const id = d.notification.data.request_id;
      if (!kind || typeof id !== 'number') throw new Error('not a request notification');
      if (d.approve) await requestDecisionApi.approve(kind, id);
      else await requestDecisionApi.reject(kind, id, d.reason);
    },
    onMutate: async (d) => {
      await qc.cancelQueries({ queryKey: lists });
      const before = qc.getQueriesData<Notification[]>({ queryKey: lists });
      const status = d.approve ? 'approved' : 'rejected';
      qc.setQueriesData<Notification[]>({ queryKey: lists }, (old) =>
        old?.map((n) =>
          n.id === d.notification.id
            ? { ...n, read: true, data: { ...n.data, status, ...(d.approve ? {} : { reason: d.reason }) } }
            : n,
        ),
      );
      return { before };
    },
    onError: (err, _d, ctx) => {
      console.error('deciding a request failed', err);
      for (const [key, data] of ctx?.before ?? []) qc.setQueryData(key, data);
    },
    onSuccess: async (_r, d) => {
      // A handled request is no longer news for this admin.
      if (!d.notification.read) await notificationsApi.markRead(d.notification.id).catch(() => {});
    },
    onSettled: () => qc.invalidateQueries({ queryKey: notificationKeys.all(userId) }),
  });
}
