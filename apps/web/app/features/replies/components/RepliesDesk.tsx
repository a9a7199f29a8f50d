import { REPLY_NEXT, REPLY_STATUS_LABELS, REPLY_STATUSES, type ReplyCase, type ReplyStatus } from '@vaggen/contract';
import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { DecisionForm } from '../../../components/DecisionForm';
import { FormSuccess } from '../../../components/FormField';
import { formatDateTime } from '../../../lib/format';
import { repliesApi } from '../api';

type Load = { status: 'loading' } | { status: 'ready'; items: ReplyCase[] } | { status: 'error' };

/** Moves one case on: the next states it may take, reasons, and the reply's article for a publication. */
function CaseDecision({ c, onDone }: { c: ReplyCase; onDone: (msg: string) => void }) {
  const id = useId();
  const next = REPLY_NEXT[c.status] as readonly ('granted' | 'published' | 'rejected')[];
  const [articleId, setArticleId] = useState('');
  return (
    <DecisionForm
      legend="Nytt läge"
      choices={next.map((s) => ({ value: s, label: REPLY_STATUS_LABELS[s] }))}
      extra={(to) =>
        to === 'published' && (
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
        )
      }
      textLabel={(to) =>
        to === 'rejected' ? 'Motivering (krävs vid avslag, skickas till personen)' : 'Meddelande (frivilligt)'
      }
      submitLabel="Spara beslutet"
      onDecide={async (to, text) => {
        await repliesApi.decide(c.id, {
          status: to,
          ...(text ? { decision_text: text } : {}),
          ...(to === 'published' && articleId ? { reply_article_id: Number(articleId) } : {}),
        });
        onDone(
          `Ärende ${c.case_number}: ${REPLY_STATUS_LABELS[to].toLowerCase()}. Den som begärde genmäle har fått besked.`,
        );
      }}
    />
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
