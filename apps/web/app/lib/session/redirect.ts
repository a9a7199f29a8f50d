import { AVATAR_DEFAULT_SIZE, defaultAvatarUrl } from '@vaggen/contract';

/** Where a guard sent the visitor from, carried to /login in the location state. */
export interface LoginState {
  from?: { pathname: string; search?: string; hash?: string };
  registrationSuccess?: boolean;
}

/** Only same-site paths: "/x" but never "//host" or "/\host" (no open redirect). */
export function safeLocalPath(path: string | null | undefined): string | null {
  if (!path?.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  return path;
}

/** Spec 000 §2: after login the user goes to the origin location, else to /admin. */
export function afterLoginPath(state: unknown, search: string): string {
  const from = (state as LoginState | null)?.from;
  const fromState = from?.pathname ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : null;
  const fromQuery = new URLSearchParams(search).get('redirectTo');
  const target = safeLocalPath(fromState) ?? safeLocalPath(fromQuery);
  return target && !target.startsWith('/login') ? target : '/admin';
}

/**
 * Spec 000 §4 avatar rule: one of our generated default avatars without a size parameter is
 * rewritten to the 96-pixel version. Returns the new URL, or null when nothing needs to change.
 */
export function sizedDefaultAvatar(picture: string | null | undefined): string | null {
  if (!picture) return null;
  let url: URL;
  try {
    url = new URL(picture, 'http://same.origin');
  } catch {
    return null;
  }
  const ours =
    url.pathname === '/api/avatar' &&
    (url.origin === 'http://same.origin' || (typeof window !== 'undefined' && url.origin === window.location.origin));
  if (!ours || url.searchParams.has('size')) return null;
  const name = url.searchParams.get('name')?.trim();
  return name ? defaultAvatarUrl(name, AVATAR_DEFAULT_SIZE) : null;
}
