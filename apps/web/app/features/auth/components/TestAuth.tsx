import { useCallback, useEffect, useState } from 'react';
import { PropertyList } from '../../../components/PropertyList';
import { ApiError } from '../../../lib/api';
import { readStoredSession, type StoredSession } from '../../../lib/session/storage';
import { authApi } from '../api';

/** Spec 001 §2 test-auth: the local-storage flags and what the server sees (GET /debug-auth). */
export function TestAuth() {
  const [flags, setFlags] = useState<StoredSession | null>(null);
  const [answer, setAnswer] = useState<{ ok: true; json: unknown } | { ok: false; msg: string } | null>(null);
  const [loading, setLoading] = useState(false);

  const refresh = useCallback(async () => {
    setFlags(readStoredSession());
    setLoading(true);
    try {
      setAnswer({ ok: true, json: await authApi.debugAuth() });
    } catch (err) {
      setAnswer({ ok: false, msg: err instanceof ApiError ? `${err.status}: ${err.message}` : String(err) });
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const rows: [string, string][] = flags
    ? [
        ['token', flags.token ? 'finns' : 'saknas'],
        ['isLoggedIn', String(flags.isLoggedIn)],
        ['username', flags.username ?? '–'],
        ['isAdmin', String(flags.isAdmin)],
        ['userId', flags.userId ?? '–'],
      ]
    : [];

  return (
    <div className="test-auth">
      <h1 className="page-title">Testa inloggning</h1>
      <section aria-labelledby="ta-storage">
        <h2 id="ta-storage">Lokal lagring</h2>
        {flags ? (
          <PropertyList rows={rows} className="flag-list" testId="storage-flags" />
        ) : (
          <p role="status">Loading...</p>
        )}
      </section>
      <section aria-labelledby="ta-server">
        <h2 id="ta-server">Servern (GET /api/debug-auth)</h2>
        {answer === null ? (
          <p role="status">Loading...</p>
        ) : answer.ok ? (
          <pre className="debug-json" data-testid="debug-auth">
            {JSON.stringify(answer.json, null, 2)}
          </pre>
        ) : (
          <p className="form-error" role="alert">
            {answer.msg}
          </p>
        )}
        <button type="button" className="button button-secondary" onClick={() => void refresh()} disabled={loading}>
          {loading ? 'Hämtar...' : 'Hämta igen'}
        </button>
      </section>
    </div>
  );
}
