import { REPLY_NEXT, REPLY_STATUS_LABELS, REPLY_STATUSES, type ReplyCase, type ReplyStatus } from '@vaggen/contract';
import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { FormError, FormSuccess } from '../../../components/FormField';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { repliesApi } from '../api';

type Load = { status: 'loading' } | { status: 'ready'; items: ReplyCase[] } | { status: 'error' };

/** Moves one case on: the next states it may take, reasons, and the reply's article for a publication. */
function CaseDecision({ c, onDone }: { c: ReplyCase; onDone: (msg: string) => void }) {
  const id = useId();
  const next = REPLY_NEXT[c.status] as readonly ('granted' | 'published' | 'rejected')[];
  const [to, setTo] = useState(next[0]);
  const [text, setText] = useState('');
  const [articleId, setArticleId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!to) return null;
  return (
    <form
      className="dsa-decision"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        setError(null);
        try {
          await repliesApi.decide(c.id, {
            status: to,
            ...(text.trim() ? { decision_text: text.trim() } : {}),
            ...(to === 'published' && articleId ? { reply_article_id: Number(articleId) } : {}),
          });
          onDone(
            `Ärende ${c.case_number}: ${REPLY_STATUS_LABELS[to].toLowerCase()}. Den som begärde genmäle har fått besked.`,
          );
        } catch (err) {
          setError(
            err instanceof ApiError && err.serverMsg ? err.serverMsg : 'Beslutet kunde inte sparas. Försök igen.',
          );
        } finally {
          setBusy(false);
        }
      }}
    >
      <fieldset>
        <legend>Nytt läge</legend>
        {next.map((s) => (
          <label key={s} className="dsa-choice">
            <input type="radio" name={`${id}-to`} value={s} checked={to === s} onChange={() => setTo(s)} />
            {REPLY_STATUS_LABELS[s]}
          </label>
        ))}
      </fieldset>
      {to === 'published' && (
        <div className="field">
          <label htmlFor={`${id}-article`}>Genmälets artikel (id, publicerad)</label>
          <input
            id={`${id}-article`}
            className="control"
            inputMode="numeric"
            value={articleId}
            onChange={(e) => setArticleId(e.target.value.replace(/\D/g, ''))}
          />
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-text`}>
          {to === 'rejected' ? 'Motivering (krävs vid avslag, skickas till personen)' : 'Meddelande (frivilligt)'}
        </label>
        <textarea
          id={`${id}-text`}
          className="control"
          rows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <FormError msg={error} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Sparar…' : 'Spara beslutet'}
      </button>
    </form>
  );
}

/** Issue 43: `/admin/genmalen` — requests for a right of reply as cases, by state, for admins. */
export function RepliesDesk() {
  const [status, setStatus] = useState<ReplyStatus>('received');
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [done, setDone] = useState<string | null>(null);
  const reload = useCallback(() => {
    setLoad({ status: 'loading' });
    repliesApi
      .cases(status)
      .then((p) => setLoad({ status: 'ready', items: p.items }))
      .catch(() => setLoad({ status: 'error' }));
  }, [status]);
  useEffect(reload, [reload]);
  return (
    <div className="dsa-desk">
      <Breadcrumbs current="Genmälen" />
      <h1>Genmälen</h1>
      <p className="field-hint">
        Begäranden om genmäle från personer som en artikel handlar om. Varje beslut mejlas till personen; ett avslag ska
        motiveras. Ett publicerat genmäle och artikeln det svarar på länkar till varandra.
      </p>
      <FormSuccess msg={done} />
      <div className="subnav" role="tablist" aria-label="Läge">
        {REPLY_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={status === s}
            className="link-button"
            onClick={() => setStatus(s)}
          >
            {REPLY_STATUS_LABELS[s]}
          </button>
        ))}
      </div>
      {load.status === 'loading' && <p role="status">Hämtar ärenden…</p>}
      {load.status === 'error' && <p className="form-error">Ärendena kunde inte hämtas. Ladda om sidan.</p>}
      {load.status === 'ready' && load.items.length === 0 && <p>Inga ärenden i det här läget.</p>}
      {load.status === 'ready' && load.items.length > 0 && (
        <ul className="dsa-list">
          {load.items.map((c) => (
            <li key={c.id}>
              <h2>
                {c.case_number}: {c.name}
              </h2>
              <p className="field-hint">
                {formatDateTime(c.created_at)} · {c.email} · {REPLY_STATUS_LABELS[c.status]}
                {c.decided_by ? ` (${c.decided_by})` : ''}
              </p>
              {c.article && (
                <p>
                  Artikel: <Link to={c.article.url}>{c.article.title}</Link>
                </p>
              )}
              <blockquote className="dsa-quote">{c.text}</blockquote>
              {c.decision_text && <p>Motivering: {c.decision_text}</p>}
              {c.reply_article && (
                <p>
                  Publicerat genmäle: <Link to={c.reply_article.url}>{c.reply_article.title}</Link>
                </p>
              )}
              <CaseDecision
                c={c}
                onDone={(msg) => {
                  setDone(msg);
                  reload();
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
