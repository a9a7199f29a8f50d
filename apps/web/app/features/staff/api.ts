import type { StaffInvitation, StaffInvitationInput, StaffInvitationPreview } from '@vaggen/contract';
import { getJson, sendJson } from '../../lib/api';

/** Issue 41: invitations to the newsroom. */
export const staffApi = {
  open: () => getJson<StaffInvitation[]>('/api/newsroom/staff-invitations'),
  invite: (input: StaffInvitationInput) => sendJson<StaffInvitation>('POST', '/api/newsroom/staff-invitations', input),
  revoke: (id: number) => sendJson<null>('DELETE', `/api/newsroom/staff-invitations/${id}`),
  preview: (token: string) => getJson<StaffInvitationPreview>(`/api/staff-invitations/${encodeURIComponent(token)}`),
  accept: (token: string) =>
    sendJson<{ msg: string; account_type: 'writer' | 'admin' }>(
      'POST',
      `/api/staff-invitations/${encodeURIComponent(token)}/accept`,
    ),
};
