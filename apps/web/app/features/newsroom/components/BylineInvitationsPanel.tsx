import { BYLINE_TEXT, type BylineInvitation, formatShortDateTime, SUCCESS_MESSAGE_MS } from '@vaggen/contract';
import { useEffect, useState } from 'react';
import { FormError, FormSuccess } from '../../../components/FormField';
import { ApiError } from '../../../lib/api';
import { useFlash } from '../../../lib/useFlash';
import { newsroomApi } from '../api';

/**
 * Issue 40: invitations to stand in a colleague's byline, on the newsroom dashboard. Shown only
 * while there are some (or an answer was just given); each is accepted or declined here.
 */
export function BylineInvitationsPanel({ onAccepted }: { onAccepted?: () => void }) {
  const [items, setItems] = useState<BylineInvitation[] | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [success, flashSuccess] = useFlash(SUCCESS_MESSAGE_MS);

  useEffect(() => {
    let live = true;
    newsroomApi
      .bylineInvitations()
      .then((page) => live && setItems(page.invitations))
      .catch((err) => {
        console.error('loading byline invitations failed', err);
        if (live) setItems([]);
      });
    return () => {
      live = false;
    };
  }, []);

  async function answer(inv: BylineInvitation, accept: boolean) {
    setBusy(inv.id);
    setError(null);
    try {
      const { msg } = await newsroomApi.answerInvitation(inv.id, accept);
      setItems((list) => (list ?? []).filter((i) => i.id !== inv.id));
      flashSuccess(msg);
      if (accept) onAccepted?.();
    } catch (err) {
      setError(err instanceof ApiError && err.serverMsg ? err.serverMsg : 'Något gick fel. Försök igen.');
      if (err instanceof ApiError && err.status === 404)
        setItems((list) => (list ?? []).filter((i) => i.id !== inv.id));
    } finally {
      setBusy(null);
    }
  }

  if (!items || (items.length === 0 && !success && !error)) return null;
  return (
    <section className="byline-invitations surface" aria-labelledby="byline-invitations-title">
      <h2 id="byline-invitations-title">{BYLINE_TEXT.heading}</h2>
      <p className="muted">{BYLINE_TEXT.intro}</p>
      <FormSuccess msg={success} />
      <FormError msg={error} />
      {items.length === 0 ? (
        <p className="muted">{BYLINE_TEXT.empty}</p>
      ) : (
        <ul className="byline-invitation-list">
          {items.map((inv) => (
            <li key={inv.id} className="byline-invitation">
              <div>
                <strong>{inv.article.title}</strong>
                <p className="muted">
                  {BYLINE_TEXT.invitedBy(inv.invited_by.name)} ·{' '}
                  <time dateTime={inv.created_at}>{formatShortDateTime(inv.created_at)}</time>
                </p>
              </div>
              <div className="byline-invitation-actions">
                <button
                  type="button"
                  className="button button-small"
                  disabled={busy !== null}
                  onClick={() => answer(inv, true)}
                  aria-label={`${BYLINE_TEXT.accept}: ${inv.article.title}`}
                >
                  {BYLINE_TEXT.accept}
                </button>
                <button
                  type="button"
                  className="button button-small button-secondary"
                  disabled={busy !== null}
                  onClick={() => answer(inv, false)}
                  aria-label={`${BYLINE_TEXT.decline}: ${inv.article.title}`}
                >
                  {BYLINE_TEXT.decline}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
