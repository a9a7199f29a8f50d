import { STORAGE_KEYS, type User } from '@vaggen/contract';

/** The session as kept in local storage (spec 000 §3 client-side storage keys). */
export interface StoredSession {
  token: string | null;
  isLoggedIn: boolean;
  username: string | null;
  isAdmin: boolean;
  userId: string | null;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode): behave as a visitor
  }
}

/**
 * The bearer token, or null (no session, on the server, or storage disabled). The one place that
 * reads it: the API client (`lib/api.ts`), uploads and the session all ask here.
 */
export function readStoredToken(): string | null {
  try {
    return storage()?.getItem(STORAGE_KEYS.token) ?? null;
  } catch {
    return null;
  }
}

export function readStoredSession(): StoredSession {
  const s = storage();
  return {
    token: readStoredToken(),
    isLoggedIn: s?.getItem(STORAGE_KEYS.isLoggedIn) === 'true',
    username: s?.getItem(STORAGE_KEYS.username) ?? null,
    isAdmin: s?.getItem(STORAGE_KEYS.isAdmin) === 'true',
    userId: s?.getItem(STORAGE_KEYS.userId) ?? null,
  };
}

/** After login: the token and the flags. */
export function storeToken(token: string): void {
  const s = storage();
  s?.setItem(STORAGE_KEYS.token, token);
  s?.setItem(STORAGE_KEYS.isLoggedIn, 'true');
}

/** The user's flags, kept in step with the loaded user. */
export function storeUser(user: Pick<User, 'username' | 'is_admin' | 'id' | 'profile_picture'>): void {
  const s = storage();
  if (!s) return;
  s.setItem(STORAGE_KEYS.username, user.username);
  s.setItem(STORAGE_KEYS.isAdmin, String(user.is_admin));
  s.setItem(STORAGE_KEYS.userId, String(user.id));
  if (user.profile_picture) s.setItem(STORAGE_KEYS.profilePicture, user.profile_picture);
  else s.removeItem(STORAGE_KEYS.profilePicture);
}

export function clearStoredSession(): void {
  const s = storage();
  if (!s) return;
  for (const key of Object.values(STORAGE_KEYS)) s.removeItem(key);
}

/** Keys whose change in another tab means the session there changed. */
export const SESSION_KEYS: readonly string[] = [STORAGE_KEYS.token, STORAGE_KEYS.isLoggedIn];
