import type { AdInquiryInput, ContactInput, TipInput } from '@vaggen/contract';
import { ApiError, sendJson } from '../../lib/api';

type Sent = { msg: string };

/**
 * A tip goes out without the stored bearer token or cookies: the server never links a tip to an
 * account, and the browser is not asked to identify the sender in any way.
 */
async function postAnonymously(path: string, body: unknown): Promise<Sent> {
  const res = await fetch(path, {
    method: 'POST',
    credentials: 'omit',
    cache: 'no-store',
    referrerPolicy: 'no-referrer',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const data = await res.json().catch(() => null);
  if (!res.ok) {
    const msg = data && typeof data.msg === 'string' && data.msg ? (data.msg as string) : undefined;
    throw new ApiError(res.status, msg || res.statusText, msg);
  }
  return data as Sent;
}

/** What readers send the newsroom (issue 6). */
export const staticPagesApi = {
  sendContact: (body: ContactInput) => sendJson<Sent>('POST', '/api/contact', body),
  sendTip: (body: TipInput) => postAnonymously('/api/tips', body),
  sendAdInquiry: (body: AdInquiryInput) => sendJson<Sent>('POST', '/api/ad-inquiries', body),
};
