import { canWrite, isAdmin, MSG, type User } from '@vaggen/contract';
import { Navigate, useLocation } from 'react-router';
import type { LoginState } from '../lib/session/redirect';
import { useSession } from '../lib/session/session';

export type Requirement = 'user' | 'writer' | 'admin';

const allowed: Record<Requirement, (u: User) => boolean> = {
  user: () => true,
  writer: canWrite,
  admin: isAdmin,
};

export function SessionLoading() {
  return (
    <p className="session-loading" role="status">
      {MSG.loading}
    </p>
  );
}

/**
 * Route protection of spec 000 §2: "Loading..." while the session loads; a visitor goes to /login
 * keeping the origin location; a logged-in user without the role goes to /. The server enforces
 * every rule itself; this only decides what the browser shows.
 */
export function RequireRole({ need, children }: { need: Requirement; children: (user: User) => React.ReactNode }) {
  const { status, user, loggedOut } = useSession();
  const location = useLocation();
  if (status === 'loading') return <SessionLoading />;
  if (!user) {
    if (loggedOut) return <Navigate to="/" replace />;
    const state: LoginState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to="/login" replace state={state} />;
  }
  if (!allowed[need](user)) return <Navigate to="/" replace />;
  return <>{children(user)}</>;
}
