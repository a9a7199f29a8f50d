import type { Notification, RequestKind } from '@vaggen/contract';
import { sendJson } from '../../lib/api';
import { ROLE_REQUEST_API } from '../../lib/paths';

/** Spec 000 §7: an admin approves or rejects a writer or admin request, from its notification. */
export const requestDecisionApi = {
  approve: (kind: RequestKind, id: number) =>
    sendJson<{ msg: string }>('POST', `${ROLE_REQUEST_API[kind]}/${id}/approve`),
  reject: (kind: RequestKind, id: number, reason: string) =>
    sendJson<{ msg: string }>('POST', `${ROLE_REQUEST_API[kind]}/${id}/reject`, { reason }),
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
