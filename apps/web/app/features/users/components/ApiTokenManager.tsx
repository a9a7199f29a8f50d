import { API_TOKENS_MSG, INFO_MESSAGE_MS } from '@vaggen/contract';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormError } from '../../../components/FormField';
import { ApiError, serverMsgOr } from '../../../lib/api';
import { copyText } from '../../../lib/clipboard';
import { useFlash } from '../../../lib/useFlash';
import { usersApi } from '../api';

const VISIBLE_TAIL = 4;

export function maskToken(token: string): string {
  return '•'.repeat(Math.max(8, Math.min(token.length - VISIBLE_TAIL, 28))) + token.slice(-VISIBLE_TAIL);
}

/** Spec 001 §2 API token manager (writers and admins; the server checks the role too). */
export function ApiTokenManager() {
  const [token, setToken] = useState<string | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState(false);
  const [copyMsg, setCopyMsg] = useFlash(INFO_MESSAGE_MS);
  const [confirming, setConfirming] = useState(false);
  const [generating, setGenerating] = useState(false);

  useEffect(() => {
    let alive = true;
    usersApi
      .getApiToken()
      .then((r) => {
        if (!alive) return;
        setToken(r.api_token);
        setState('ready');
      })
      .catch((err) => {
        if (!alive) return;
        setError(serverMsgOr(err, API_TOKENS_MSG.tokenFetchFailed));
        setState('error');
      });
    return () => {
      alive = false;
    };
  }, []);

  async function generate() {
    setGenerating(true);
    setError(null);
    try {
      const r = await usersApi.newApiToken();
      setToken(r.api_token);
      setShown(true); // a new token is shown once so that it can be copied
      setState('ready');
      setConfirming(false);
    } catch (err) {
      setError(serverMsgOr(err, API_TOKENS_MSG.tokenGenerateFailed));
      setConfirming(false);
    } finally {
      setGenerating(false);
    }
  }

  async function copy() {
    if (!token) return;
    try {
      await copyText(token);
      setCopyMsg(API_TOKENS_MSG.copied);
    } catch {
      setCopyMsg(API_TOKENS_MSG.copyFailed);
    }
  }

  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  return (
    <div className="token-manager">
      <h3>API-token</h3>
      <p className="muted">
        Med din personliga token kan du publicera artiklar från andra system. Håll den hemlig: den som har den kan
        publicera i ditt namn.
      </p>
      {state === 'loading' && <p role="status">Laddar token...</p>}
      <FormError msg={error} />
      {state === 'ready' && (
        <>
          {token ? (
            <div className="token-row">
              <span className="visually-hidden">{shown ? 'API-token' : 'API-token (dold)'}</span>
              <code className="token-value" data-testid="api-token">
                {shown ? token : maskToken(token)}
              </code>
              <div className="token-buttons">
                <button
                  type="button"
                  className="button button-secondary button-small"
                  aria-pressed={shown}
                  onClick={() => setShown((s) => !s)}
                >
                  {shown ? 'Dölj' : 'Visa'}
                </button>
                <button type="button" className="button button-secondary button-small" onClick={() => void copy()}>
                  Kopiera
                </button>
                <span className="copy-msg" role="status">
                  {copyMsg}
                </span>
              </div>
            </div>
          ) : (
            <p>Du har ingen API-token ännu.</p>
          )}
          <button
            type="button"
            className="button"
            disabled={generating}
            onClick={() => (token ? setConfirming(true) : void generate())}
          >
            {generating ? 'Genererar...' : token ? 'Generera ny token' : 'Generera token'}
          </button>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title="Generera ny token?"
        confirmLabel="Generera ny token"
        pendingLabel="Genererar..."
        pending={generating}
        onConfirm={() => void generate()}
        onCancel={() => setConfirming(false)}
      >
        <p>{API_TOKENS_MSG.tokenConfirm}</p>
      </ConfirmDialog>

      <div className="token-usage">
        <h4>Så använder du din token</h4>
        <p>
          Skicka en <code>POST</code> till <code>/api/articles/external</code> med din token i headern{' '}
          <code>X-API-Key</code> och formulärfälten (multipart/form-data):
        </p>
        <ul>
          <li>
            <code>title</code> – rubrik
          </li>
          <li>
            <code>category</code> – kategori, till exempel <code>NYHETER</code>
          </li>
          <li>
            <code>content</code> – brödtext (HTML eller text)
          </li>
          <li>
            <code>image</code> – bild, som fil eller URL
          </li>
        </ul>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls sideways on a phone and keyboard users must be able to scroll it (WCAG 2.1.1, axe scrollable-region-focusable) */}
        <pre className="code-block" tabIndex={0}>
          {`curl -X POST ${origin}/api/articles/external \\
  -H "X-API-Key: DIN_TOKEN" \\
  -F "title=Rubrik" \\
  -F "category=NYHETER" \\
  -F "content=<p>Brödtext</p>" \\
  -F "image=@bild.jpg"
# eller med en bild-URL:
#  -F "image=https://exempel.se/bild.jpg"`}
        </pre>
      </div>
    </div>
  );
}
