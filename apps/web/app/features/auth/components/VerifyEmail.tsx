import { AUTH_MSG } from '@vaggen/contract';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api';
import { authApi } from '../api';

type State = { phase: 'working' } | { phase: 'done'; msg: string } | { phase: 'failed'; msg: string };

/** Issue 21: the page a verification mail links to (`?token=…`); confirms once, in the browser. */
export function VerifyEmail({ token }: { token: string | null }) {
  const [state, setState] = useState<State>(
    token ? { phase: 'working' } : { phase: 'failed', msg: AUTH_MSG.resetLinkMissing },
  );
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    authApi
      .verifyEmail(token)
      .then((r) => setState({ phase: 'done', msg: r.msg }))
      .catch((err) =>
        setState({
          phase: 'failed',
          msg: err instanceof ApiError && err.serverMsg ? err.serverMsg : AUTH_MSG.verifyLinkInvalid,
        }),
      );
  }, [token]);

  return (
    <div className="account-card surface">
      <h1 className="account-title">Bekräfta e-postadress</h1>
      {state.phase === 'working' && (
        <p className="form-info" role="status">
          Bekräftar din e-postadress…
        </p>
      )}
      {state.phase === 'done' && (
        <p className="form-success" role="status">
          {state.msg}
        </p>
      )}
      {state.phase === 'failed' && (
        <p className="form-error" role="alert">
          {state.msg}
        </p>
      )}
      <p className="account-switch">
        <Link to="/">Till startsidan</Link>
      </p>
    </div>
  );
}
