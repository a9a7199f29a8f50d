import type {
  DsaAppealPage,
  DsaNotice,
  DsaNoticeInput,
  DsaNoticePage,
  DsaReceipt,
  DsaStatement,
} from '@vaggen/contract';
import { getJson, sendJson } from '../../lib/api';

/** Issue 43: the DSA's calls (notices and appeals for everyone, the desk for admins). */
export const dsaApi = {
  notice: (input: DsaNoticeInput) => sendJson<DsaReceipt>('POST', '/api/dsa/notices', input),
  statement: (caseNumber: string, token: string | null) =>
    getJson<DsaStatement>(
      `/api/dsa/statements/${encodeURIComponent(caseNumber)}${token ? `?token=${encodeURIComponent(token)}` : ''}`,
    ),
  appeal: (caseNumber: string, text: string, token: string | null) =>
    sendJson<{ msg: string }>('POST', '/api/dsa/appeals', { case_number: caseNumber, text, token }),
  notices: (status: 'open' | 'decided', cursor?: string | null) =>
    getJson<DsaNoticePage>(`/api/dsa/notices?status=${status}${cursor ? `&cursor=${cursor}` : ''}`),
  decide: (id: number, body: { action: 'removed' | 'no_action'; ground?: 'illegal' | 'terms'; text: string }) =>
    sendJson<DsaNotice>('POST', `/api/dsa/notices/${id}/decision`, body),
  appeals: (status: 'open' | 'decided', cursor?: string | null) =>
    getJson<DsaAppealPage>(`/api/dsa/appeals?status=${status}${cursor ? `&cursor=${cursor}` : ''}`),
  decideAppeal: (id: number, body: { outcome: 'upheld' | 'reversed'; text: string }) =>
    sendJson<DsaStatement>('POST', `/api/dsa/appeals/${id}/decision`, body),
};
