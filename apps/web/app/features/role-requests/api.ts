import type { Notification, RequestKind, RoleRequest } from '@vaggen/contract';
import { getJson, sendJson } from '../../lib/api';

export type { RequestKind, RoleRequest };

const BASE: Record<RequestKind, string> = { admin: '/api/admin/request', writer: '/api/user/request-writer' };

/** Spec 000 §7 request calls, and our `GET /role-requests/mine` for the profile. */
export const roleRequestsApi = {
  send: (kind: RequestKind, message: string) => sendJson<{ id: number; msg: string }>('POST', BASE[kind], { message }),
  approve: (kind: RequestKind, id: number) => sendJson<{ msg: string }>('POST', `${BASE[kind]}/${id}/approve`),
  reject: (kind: RequestKind, id: number, reason: string) =>
    sendJson<{ msg: string }>('POST', `${BASE[kind]}/${id}/reject`, { reason }),
  mine: () => getJson<RoleRequest[]>('/api/role-requests/mine'),
};

/** A request notification's kind: `data.kind` when present, else from its type. */
export function requestKindOf(n: Notification): RequestKind | null {
  const kind = n.data?.kind;
  if (kind === 'admin' || kind === 'writer') return kind;
  if (n.type === 'admin_request') return 'admin';
  if (n.type === 'writer_request') return 'writer';
  return null;
}

/** A request an admin can still decide: an admin or writer request whose status is pending. */
export function isPendingRequest(n: Notification): boolean {
  return (
    (n.type === 'admin_request' || n.type === 'writer_request') &&
    n.data?.status === 'pending' &&
    typeof n.data.request_id === 'number'
  );
}
