import type { InboxItem, InboxKind, InboxList, InboxStatus } from '@vaggen/contract';
import { getJson, sendJson } from '../../lib/api';

/** The admins' inbox of what readers sent (issue 6): list, read, mark handled. */
export const inboxApi = {
  list: (kind: InboxKind, status: InboxStatus | 'all', offset = 0) =>
    getJson<InboxList>(
      `/api/inbox?kind=${kind}${status === 'all' ? '' : `&status=${status}`}${offset ? `&offset=${offset}` : ''}`,
    ),
  get: (kind: InboxKind, id: number) => getJson<InboxItem>(`/api/inbox/${kind}/${id}`),
  setHandled: (kind: InboxKind, id: number, handled: boolean) =>
    sendJson<InboxItem>('POST', `/api/inbox/${kind}/${id}/handled`, { handled }),
};
