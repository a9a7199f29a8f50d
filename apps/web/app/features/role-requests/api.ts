import type { RequestKind, RoleRequest } from '@vaggen/contract';
import { getJson, sendJson } from '../../lib/api';
import { ROLE_REQUEST_API as BASE } from '../../lib/paths';

export type { RequestKind, RoleRequest };

/** Spec 000 §7: asking for a role, and our `GET /role-requests/mine` for the profile (an admin decides from the notification: features/notifications). */
export const roleRequestsApi = {
  send: (kind: RequestKind, message: string) => sendJson<{ id: number; msg: string }>('POST', BASE[kind], { message }),
  mine: () => getJson<RoleRequest[]>('/api/role-requests/mine'),
};
