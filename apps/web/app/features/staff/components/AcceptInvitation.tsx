import { STAFF_INVITATION_ROLE_LABEL, STAFF_TEXT, type StaffInvitationPreview } from '@vaggen/contract';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../../../lib/api';
import { type LoginState, useSession } from '../../../lib/session';
import { staffApi } from '../api';

type State =
  | { phase: 'loading' }
  | { phase: 'ready'; invitation: StaffInvitationPreview }
  | { phase: 'accepting'; invitation: StaffInvitationPreview }
  | { phase: 'done'; msg: string }
  | { phase: 'failed'; msg: string };

/** Issue 41: the page an invitation mail links to (`/bli-medarbetare?token=…`). */
export function AcceptInvitation({ token }: { token: string | null }) {
  const session = useSession();
  const location = useLocation();
  const [state, setState] = useState<State>(
    token ? { phase: 'loading' } : { phase: 'failed', msg: STAFF_TEXT.notFound },
  );

  useEffect(() => {
    if (!token) return;
    let live = true;
    staffApi
      .preview(token)
      .then((invitation) => live && setState({ phase: 'ready', invitation }))
      .catch(
        (err) =>
          live &&
          setState({
            phase: 'failed',
            msg: err instanceof ApiError && err.serverMsg ? err.serverMsg : STAFF_TEXT.notFound,
          }),
      );
    return () => {
      live = false;
    };
  }, [token]);

  async function accept(invitation: StaffInvitationPreview) {
    if (!token) return;
    setState({ phase: 'accepting', invitation });
    try {
      const { msg } = await staffApi.accept(token);
      // a new role ends the account's sessions (as any role change): log in again to see the newsroom
      await session.logout().catch(() => {});
      setState({ phase: 'done', msg });
    } catch (err) {
      setState({
        phase: 'failed',
        msg: err instanceof ApiError && err.serverMsg ? err.serverMsg : STAFF_TEXT.notFound,
      });
    }
  }

  const here: LoginState = { from: { pathname: location.pathname, search: location.search } };
  return (
    <div className="account-card surface">
      <h1 className="account-title">{STAFF_TEXT.acceptHeading}</h1>
      {state.phase === 'loading' && <p role="status">Hämtar inbjudan…</p>}
      {(state.phase === 'ready' || state.phase === 'accepting') && (
        <>
          <p>
            {STAFF_TEXT.acceptIntro(
              STAFF_INVITATION_ROLE_LABEL[state.invitation.role],
              state.invitation.invited_by_name,
            )}
          </p>
          {session.status === 'authenticated' && session.user ? (
            <>
              <p className="muted">
                Rollen läggs på kontot <strong>{session.user.username}</strong>.
              </p>
              <button
                type="button"
                className="button"
                disabled={state.phase === 'accepting'}
                onClick={() => void accept(state.invitation)}
              >
                {state.phase === 'accepting' ? 'Tackar ja…' : STAFF_TEXT.accept}
              </button>
            </>
          ) : session.status === 'loading' ? (
            <p role="status">Loading...</p>
          ) : (
            <>
              <p>{STAFF_TEXT.acceptLogin}</p>
              <p className="account-switch">
                <Link className="button" to="/login" state={here}>
                  Logga in
                </Link>{' '}
                <Link to="/register" state={here}>
                  Skapa konto
                </Link>
              </p>
            </>
          )}
        </>
      )}
      {state.phase === 'done' && (
        <>
          <p className="form-success" role="status">
            {state.msg}
          </p>
          <p>
            <Link
              className="button"
              to="/login"
              state={{ from: { pathname: '/admin', search: '' } } satisfies LoginState}
            >
              Logga in till redaktionen
            </Link>
          </p>
        </>
      )}
      {state.phase === 'failed' && (
        <p className="form-error" role="alert">
          {state.msg}
        </p>
      )}
    </div>
  );
}
