import type { MailSettings, MailStatus } from '@vaggen/contract';
import { getJson, sendJson } from '../../lib/api';

/** Issue 21: outgoing e-mail, for admins. */
export const mailApi = {
  status: () => getJson<MailStatus>('/api/admin/mail/status'),
  settings: () => getJson<MailSettings>('/api/admin/mail/settings'),
  saveSettings: (s: MailSettings) => sendJson<MailSettings>('PUT', '/api/admin/mail/settings', s),
};
