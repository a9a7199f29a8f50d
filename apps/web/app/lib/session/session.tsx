import type { LoginResponse, User } from '@vaggen/contract';
import { createContext, startTransition, useContext, useEffect, useMemo, useState } from 'react';
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

/** What the server renders, and every root's first (hydration) render. */
const SERVER_STATE: State = { status: 'loading', user: null, loggedOut: false };

/**
 * The document's one session (spec 000 §4), kept outside React: every React root on the page reads
 * it — the full app's provider, and each island of a reader page (decision 054), which hydrates as a
 * root of its own. It is loaded once per document, when the first root asks, after hydration.
 */
const store = (() => {
  let state: State = SERVER_STATE;
  const listeners = new Set<(urgent: boolean) => void>();
  // Each load gets a number; an older answer never overwrites a newer session.
  let generation = 0;
  let started = false;

  const set = (next: State | ((s: State) => State), urgent = true) => {
    state = typeof next === 'function' ? next(state) : next;
    for (const l of listeners) l(urgent);
  };

  const becomeAnonymous = (loggedOut: boolean) => {
    clearStoredSession();
    announceSessionEnd();
    set({ status: 'anonymous', user: null, loggedOut });
  };

  const accept = (user: User) => {
    storeUser(user);
    set({ status: 'authenticated', user, loggedOut: false });
    // Spec 000 §4 avatar rule: a default avatar without a size becomes the 96 px one, saved to the profile.
    const sized = sizedDefaultAvatar(user.profile_picture);
    if (sized) {
      const gen = generation;
      accountApi
        .updateProfile({ profile_picture: sized })
        .then((updated) => {
          if (gen !== generation) return;
          storeUser(updated);
          set((s) => (s.user?.id === updated.id ? { ...s, user: updated } : s));
        })
        .catch((err) => console.error('avatar update failed', err));
    }
  };

  const load = async (): Promise<User | null> => {
    const gen = ++generation;
    const stored = readStoredSession();
    if (!stored.isLoggedIn || !stored.token) {
      if (stored.isLoggedIn || stored.token) clearStoredSession(); // half a session is none
      // Not urgent (a transition): an urgent update of the session right after hydration made React
      // throw away the server's comments section still waiting for its chunk (and what the reader
      // had typed into it), and render its loading state instead.
      set((s) => ({ status: 'anonymous', user: null, loggedOut: s.loggedOut }), false);
      return null;
    }
    try {
      const user = await accountApi.me();
      if (gen !== generation) return null;
      accept(user);
      return user;
    } catch (err) {
      if (gen !== generation) return null;
      console.error('loading the current user failed', err);
      if (err instanceof ApiError) {
        // Spec 000 §8: loading the current user failing clears the stored session and yields no user.
        becomeAnonymous(false);
      } else {
        // No answer at all: offline, or the browser aborted the call because the page is being
        // left (a reload or link during the call). That must not log the user out; this view
        // simply shows a visitor and the next page load tries again.
        set({ status: 'anonymous', user: null, loggedOut: false });
      }
      return null;
    }
  };

  return {
    get: () => state,
    subscribe(listener: (urgent: boolean) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** The first root to mount loads the session, and follows logins and logouts in other tabs. */
    start() {
      if (started) return;
      started = true;
      void load();
      window.addEventListener('storage', (e) => {
        if (e.key === null || SESSION_KEYS.includes(e.key)) void load();
      });
    },
    async login(res: LoginResponse) {
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
    async logout() {
      generation++;
      if (readStoredSession().token) {
        try {
          await accountApi.logout(); // revokes the token on the server
        } catch (err) {
          console.error('logout failed', err);
        }
      }
      becomeAnonymous(true);
    },
    setUser(user: User) {
      storeUser(user);
      set((s) => (s.status === 'authenticated' ? { ...s, user } : s));
    },
  };
})();

/**
 * Session bootstrap of spec 000 §4. The server renders every page as a visitor (public pages are
 * page-cached for everyone), so the stored session is read only after hydration, in an effect. Every
 * provider on the page shows the same session (the document's store).
 */
export function SessionProvider({ children }: { children: React.ReactNode }) {
  // The hydration render shows what the server rendered; the store's session follows in an effect.
  const [state, setState] = useState<State>(SERVER_STATE);
  useEffect(() => {
    const unsubscribe = store.subscribe((urgent) => {
      const next = store.get();
      if (urgent) setState(next);
      else startTransition(() => setState(next));
    });
    const now = store.get();
    if (now !== SERVER_STATE) setState(now);
    store.start();
    return unsubscribe;
  }, []);
  const value = useMemo<Session>(
    () => ({ ...state, login: store.login, logout: store.logout, setUser: store.setUser }),
    [state],
  );
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
