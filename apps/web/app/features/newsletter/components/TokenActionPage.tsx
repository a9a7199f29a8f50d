import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api';

type State = { phase: 'working' } | { phase: 'done'; msg: string } | { phase: 'failed'; msg: string };

/**
 * A page opened from a link in a mail (confirm, unsubscribe): it sends the token from the browser
 * once hydrated (link scanners that only fetch the page change nothing) and says what happened.
 */
export function TokenActionPage({
  title,
  working,
  run,
}: {
  title: string;
  working: string;
  run: (token: string) => Promise<{ msg: string }>;
}) {
  const [state, setState] = useState<State>({ phase: 'working' });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = new URLSearchParams(window.location.search).get('token') ?? '';
    if (!token) {
      setState({ phase: 'failed', msg: 'Länken saknar sin kod. Kopiera hela adressen från mejlet.' });
      return;
    }
    run(token)
      .then((r) => setState({ phase: 'done', msg: r.msg }))
      .catch((err) =>
        setState({
          phase: 'failed',
          msg: err instanceof ApiError && err.serverMsg ? err.serverMsg : 'Något gick fel. Försök igen om en stund.',
        }),
      );
  }, [run]);
  return (
    <div className="newsletter-page">
      <h1 className="page-title">{title}</h1>
      {state.phase === 'working' && (
        <p role="status" className="muted">
          {working}
        </p>
      )}
      {state.phase === 'done' && (
        <p role="status" className="form-success">
          {state.msg}
        </p>
      )}
      {state.phase === 'failed' && (
        <p role="alert" className="form-error">
          {state.msg}
        </p>
      )}
      <p>
        <Link to="/">Till förstasidan</Link>
      </p>
    </div>
  );
}
