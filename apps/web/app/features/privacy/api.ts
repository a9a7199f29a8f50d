import type { AccountDelete } from '@vaggen/contract';
import { getFile, sendJson } from '../../lib/api';

/** Readers' own data (issue 21): the download and the account's deletion. */
export const privacyApi = {
  download: () => getFile('/api/profile/export'),
  deleteAccount: (body: AccountDelete) => sendJson<{ msg: string }>('DELETE', '/api/profile', body),
};
