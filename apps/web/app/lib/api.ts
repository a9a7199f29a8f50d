import { retryAfterSentence } from '@vaggen/contract';
import { readStoredToken } from './session/storage';

/** Browser-side API calls: same origin, credentials, and the stored bearer token when present (spec 000 §7). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's own `msg`, when the response carried one (for "server msg, else …" texts). */
    readonly serverMsg?: string,
    /** On a 429: seconds until the limit lets the caller try again (Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

function authHeaders(): Record<string, string> {
  const token = readStoredToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** The server's own message of a failed call, else `fallback` (what forms show under a failed action). */
export const serverMsgOr = (err: unknown, fallback: string): string =>
  err instanceof ApiError && err.serverMsg ? err.serverMsg : fallback;

export async function getJson<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(path, {
    ...init,
    credentials: 'include',
    headers: { Accept: 'application/json', ...authHeaders(), ...(init.headers as Record<string, string>) },
  });
  const body = await res.json().catch(() => null);
  if (!res.ok) {
    const msg = body && typeof body.msg === 'string' && body.msg ? (body.msg as string) : undefined;
    // Every 429 says how long to wait (issue 17): the server's Retry-After, unless the message does.
    const retry = res.status === 429 ? Number(res.headers.get('Retry-After')) : Number.NaN;
    if (Number.isFinite(retry) && retry > 0) {
      const text = msg || res.statusText;
      const full = /Försök igen om/.test(text) ? text : `${text} ${retryAfterSentence(retry)}`;
      throw new ApiError(res.status, full, msg && full, retry);
    }
    throw new ApiError(res.status, msg || res.statusText, msg);
  }
  return body as T;
}

/**
 * A file to save (e.g. the JSON of one's own data): the body as a Blob and the name from the
 * answer's Content-Disposition; same token and error handling as `getJson`.
 */
export async function getFile(path: string): Promise<{ blob: Blob; filename: string | null }> {
  const res = await fetch(path, { credentials: 'include', headers: { ...authHeaders() } });
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    const msg = body && typeof body.msg === 'string' && body.msg ? (body.msg as string) : undefined;
    throw new ApiError(res.status, msg || res.statusText, msg);
  }
  const disposition = res.headers.get('Content-Disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
  return { blob: await res.blob(), filename };
}

/** A 429: the server's own text (the API client has added the wait), else ours with the wait. */
export function tooManyRequestsText(err: ApiError): string {
  if (err.serverMsg) return err.serverMsg;
  const wait = err.retryAfterSeconds ? retryAfterSentence(err.retryAfterSeconds) : 'Försök igen senare.';
  return `Du har gjort det för många gånger på kort tid. ${wait}`;
}

/** POST / PUT / DELETE with an optional JSON body; same token and error handling as `getJson`. */
export function sendJson<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  return getJson<T>(path, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
  });
}
