import type { LoginResponse, User } from '@vaggen/contract';
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../api';
import { announceSessionEnd } from '../sessionEnd';
import { accountApi } from './api';
import { sizedDefaultAvatar } from './redirect';
import { clearStoredSession, readStoredSession, SESSION_KEYS, storeToken, storeUser } from './storage';

export type SessionStatus = 'loading' | 'anonymous' | 'authenticated';

export interface Session {
  status: SessionStatus;
  user: User | null;
  /** True after an explicit logout in this tab (guards then go home instead of to /login). */
  loggedOut: boolean;
  /** Stores the token and flags, then loads the user (spec 000 §4). */
  login(res: LoginResponse): Promise<User>;
  logout(): Promise<void>;
  /** Replace the loaded user (after a profile save). */
  setUser(user: User): void;
}

const SessionContext = createContext<Session | null>(null);

type State = { status: SessionStatus; user: User | null; loggedOut: boolean };

/**
 * Session bootstrap of spec 000 §4. The server renders every page as a visitor (public pages are
 * page-cached for everyone), so the stored session is read only after hydration, in an effect.
 */
export function SessionProvider({ children }: { children: React.ReactNode }) {
  const [state, setState] = useState<State>({ status: 'loading', user: null, loggedOut: false });
  // Each load gets a number; an older answer never overwrites a newer session.
  const generation = useRef(0);

  const becomeAnonymous = useCallback((loggedOut: boolean) => {
    clearStoredSession();
    announceSessionEnd();
    setState({ status: 'anonymous', user: null, loggedOut });
  }, []);

  const accept = useCallback((user: User) => {
    storeUser(user);
    setState({ status: 'authenticated', user, loggedOut: false });
    // Spec 000 §4 avatar rule: a default avatar without a size becomes the 96 px one, saved to the profile.
    const sized = sizedDefaultAvatar(user.profile_picture);
    if (sized) {
      const gen = generation.current;
      accountApi
        .updateProfile({ profile_picture: sized })
        .then((updated) => {
          if (gen !== generation.current) return;
          storeUser(updated);
          setState((s) => (s.user?.id === updated.id ? { ...s, user: updated } : s));
        })
        .catch((err) => console.error('avatar update failed', err));
    }
  }, []);

  const load = useCallback(async (): Promise<User | null> => {
    const gen = ++generation.current;
    const stored = readStoredSession();
    if (!stored.isLoggedIn || !stored.token) {
      if (stored.isLoggedIn || stored.token) clearStoredSession(); // half a session is none
      // A transition: an urgent update of the session right after hydration made React throw away
      // the server's comments section still waiting for its chunk (and what the reader had typed
      // into it), and render its loading state instead.
      startTransition(() => setState((s) => ({ status: 'anonymous', user: null, loggedOut: s.loggedOut })));
      return null;
    }
    try {
      const user = await accountApi.me();
      if (gen !== generation.current) return null;
      accept(user);
      return user;
    } catch (err) {
      if (gen !== generation.current) return null;
      console.error('loading the current user failed', err);
      if (err instanceof ApiError) {
        // Spec 000 §8: loading the current user failing clears the stored session and yields no user.
        becomeAnonymous(false);
      } else {
        // No answer at all: offline, or the browser aborted the call because the page is being
        // left (a reload or link during the call). That must not log the user out; this view
        // simply shows a visitor and the next page load tries again.
        setState({ status: 'anonymous', user: null, loggedOut: false });
      }
      return null;
    }
  }, [accept, becomeAnonymous]);

  useEffect(() => {
    void load();
    // A login or logout in another tab changes this tab's session too.
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || SESSION_KEYS.includes(e.key)) void load();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [load]);

  const login = useCallback(
    async (res: LoginResponse) => {
      clearStoredSession();
      storeToken(res.access_token);
      storeUser({
        username: res.username,
        is_admin: res.is_admin,
        id: res.user_id,
        profile_picture: res.profile_picture,
      });
      const user = await load();
      if (!user) throw new Error('Could not load the user');
      return user;
    },
    [load],
  );

  const logout = useCallback(async () => {
    generation.current++;
    if (readStoredSession().token) {
      try {
        await accountApi.logout(); // revokes the token on the server
      } catch (err) {
        console.error('logout failed', err);
      }
    }
    becomeAnonymous(true);
  }, [becomeAnonymous]);

  const setUser = useCallback((user: User) => {
    storeUser(user);
    setState((s) => (s.status === 'authenticated' ? { ...s, user } : s));
  }, []);

  const value = useMemo<Session>(() => ({ ...state, login, logout, setUser }), [state, login, logout, setUser]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/**
 * The session handed to a part of the page rendered in a React root of its own (the comments
 * section, decision 029): the root does not see the page's providers, so the page passes it in.
 */
export function ProvideSession({ value, children }: { value: Session; children: React.ReactNode }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}
