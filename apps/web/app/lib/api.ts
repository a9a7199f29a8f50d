import { readStoredToken } from '../features/auth/storage';

/** Browser-side API calls: same origin, credentials, and the stored bearer token when present (spec 000 §7). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's own `msg`, when the response carried one (for "server msg, else …" texts). */
    readonly serverMsg?: string,
  ) {
    super(message);
  }
}

function authHeaders(): Record<string, string> {
  const token = readStoredToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

export async function getJson<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(path, {
    ...init,
    credentials: 'include',
    headers: { Accept: 'application/json', ...authHeaders(), ...(init.headers as Record<string, string>) },
  });
  const body = await res.json().catch(() => null);
  if (!res.ok) {
    const msg = body && typeof body.msg === 'string' && body.msg ? (body.msg as string) : undefined;
    throw new ApiError(res.status, msg || res.statusText, msg);
  }
  return body as T;
}

/** POST / PUT / DELETE with an optional JSON body; same token and error handling as `getJson`. */
export function sendJson<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  return getJson<T>(path, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
  });
}
