import {
  DSA_ACTION_LABELS,
  DSA_APPEAL_OUTCOME_LABELS,
  DSA_GROUND_LABELS,
  DSA_KIND_LABELS,
  DSA_TEXT_MAX,
  type DsaAction,
  type DsaAppealOutcome,
  type DsaGround,
  type DsaNotice,
  type DsaStatement,
} from '@vaggen/contract';
import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { FormError, FormSuccess } from '../../../components/FormField';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { dsaApi } from '../api';

type Load<T> = { status: 'loading' } | { status: 'ready'; items: T[] } | { status: 'error'; msg: string };

/** One decision form: a choice, and the reasons (required: they go to the people concerned). */
function DecisionForm<C extends string>({
  legend,
  choices,
  withGround,
  submitLabel,
  onDecide,
}: {
  legend: string;
  choices: { value: C; label: string }[];
  withGround?: (choice: C) => boolean;
  submitLabel: string;
  onDecide: (choice: C, ground: DsaGround, text: string) => Promise<void>;
}) {
  const id = useId();
  const [choice, setChoice] = useState<C>(choices[0]?.value as C);
  const [ground, setGround] = useState<DsaGround>('illegal');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="dsa-decision"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        if (!text.trim()) {
          setError('Skriv en motivering');
          document.getElementById(`${id}-text`)?.focus();
          return;
        }
        setBusy(true);
        setError(null);
        try {
          await onDecide(choice, ground, text.trim());
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
        <legend>{legend}</legend>
        {choices.map((c) => (
          <label key={c.value} className="dsa-choice">
            <input
              type="radio"
              name={`${id}-choice`}
              value={c.value}
              checked={choice === c.value}
              onChange={() => setChoice(c.value)}
            />
            {c.label}
          </label>
        ))}
      </fieldset>
      {withGround?.(choice) && (
        <div className="field">
          <label htmlFor={`${id}-ground`}>Grund</label>
          <select
            id={`${id}-ground`}
            className="control"
            value={ground}
            onChange={(e) => setGround(e.target.value as DsaGround)}
          >
            {(Object.keys(DSA_GROUND_LABELS) as DsaGround[]).map((g) => (
              <option key={g} value={g}>
                {DSA_GROUND_LABELS[g]}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-text`}>Motivering (skickas till de berörda)</label>
        <textarea
          id={`${id}-text`}
          className="control"
          rows={3}
          maxLength={DSA_TEXT_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <FormError msg={error} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Sparar…' : submitLabel}
      </button>
    </form>
  );
}

function useQueue<T>(load: () => Promise<{ items: T[] }>) {
  const [state, setState] = useState<Load<T>>({ status: 'loading' });
  const reload = useCallback(() => {
    load()
      .then((p) => setState({ status: 'ready', items: p.items }))
      .catch(() =>
        setState({ status: 'error', msg: 'Listan kunde inte hämtas. Ladda om sidan för att försöka igen.' }),
      );
  }, [load]);
  useEffect(reload, [reload]);
  return [state, reload] as const;
}

const loadNotices = () => dsaApi.notices('open');
const loadAppeals = () => dsaApi.appeals('open');

/**
 * Issue 43: the moderators' desk for the DSA (`/admin/dsa`): open notices of illegal content, oldest
 * first, each decided with reasons; open appeals, decided by another moderator than the first.
 */
export function DsaDesk() {
  const [notices, reloadNotices] = useQueue<DsaNotice>(loadNotices);
  const [appeals, reloadAppeals] = useQueue<DsaStatement>(loadAppeals);
  const [done, setDone] = useState<string | null>(null);
  return (
    <div className="dsa-desk">
      <Breadcrumbs trail={[{ to: '/admin/moderation', label: 'Moderering' }]} current="Olagligt innehåll (DSA)" />
      <h1>Olagligt innehåll (DSA)</h1>
      <p className="field-hint">
        Anmälningar enligt EU:s förordning om digitala tjänster. Varje beslut motiveras; den som skrev kommentaren får
        en motivering och kan överklaga i sex månader. En överklagan prövas av en annan moderator.{' '}
        <Link to="/transparensrapport">Transparensrapport</Link>
      </p>
      <FormSuccess msg={done} />
      <section aria-labelledby="dsa-notices">
        <h2 id="dsa-notices">Anmälningar att pröva</h2>
        {notices.status === 'loading' && <p role="status">Hämtar anmälningar…</p>}
        {notices.status === 'error' && <p className="form-error">{notices.msg}</p>}
        {notices.status === 'ready' && notices.items.length === 0 && <p>Inga anmälningar väntar.</p>}
        {notices.status === 'ready' && (
          <ul className="dsa-list">
            {notices.items.map((n) => (
              <li key={n.id}>
                <h3>
                  {n.case_number}: {DSA_KIND_LABELS[n.kind]}
                </h3>
                <p className="field-hint">
                  {formatDateTime(n.created_at)} · {n.name ?? 'Anonym anmälare'}
                  {n.email ? ` (${n.email})` : ''}
                </p>
                {n.article && (
                  <p>
                    Artikel: <Link to={n.article.url}>{n.article.title}</Link>
                  </p>
                )}
                {n.comment ? (
                  <blockquote className="dsa-quote">
                    <strong>{n.comment.name}:</strong> {n.comment.content}
                  </blockquote>
                ) : (
                  <p>Anmälan gäller artikeln (redaktionellt innehåll: ansvarig utgivare avgör).</p>
                )}
                <p>
                  <strong>Anmälarens förklaring:</strong> {n.explanation}
                </p>
                <DecisionForm<DsaAction>
                  legend="Beslut"
                  choices={(n.comment ? (['removed', 'no_action'] as const) : (['no_action'] as const)).map((a) => ({
                    value: a,
                    label: DSA_ACTION_LABELS[a],
                  }))}
                  withGround={(a) => a === 'removed'}
                  submitLabel="Fatta beslut"
                  onDecide={async (action, ground, text) => {
                    await dsaApi.decide(n.id, { action, ...(action === 'removed' ? { ground } : {}), text });
                    setDone(`Beslut fattat i ärende ${n.case_number}.`);
                    reloadNotices();
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="dsa-appeals">
        <h2 id="dsa-appeals">Överklaganden att pröva</h2>
        {appeals.status === 'loading' && <p role="status">Hämtar överklaganden…</p>}
        {appeals.status === 'error' && <p className="form-error">{appeals.msg}</p>}
        {appeals.status === 'ready' && appeals.items.length === 0 && <p>Inga överklaganden väntar.</p>}
        {appeals.status === 'ready' && (
          <ul className="dsa-list">
            {appeals.items.map((s) => (
              <li key={s.id}>
                <h3>{s.case_number}</h3>
                <p className="field-hint">
                  Beslut {formatDateTime(s.created_at)} av {s.decided_by ?? 'systemet (automatiskt)'} ·{' '}
                  {DSA_GROUND_LABELS[s.ground]}
                </p>
                <blockquote className="dsa-quote">{s.comment_excerpt}</blockquote>
                <p>
                  <strong>Skäl:</strong> {s.facts}
                </p>
                <p>
                  <strong>Överklagan:</strong> {s.appeal?.text}
                </p>
                <DecisionForm<DsaAppealOutcome>
                  legend="Utfall"
                  choices={(['upheld', 'reversed'] as const).map((o) => ({
                    value: o,
                    label: DSA_APPEAL_OUTCOME_LABELS[o],
                  }))}
                  submitLabel="Avgör överklagan"
                  onDecide={async (outcome, _ground, text) => {
                    await dsaApi.decideAppeal(s.id, { outcome, text });
                    setDone(`Överklagan i ärende ${s.case_number} är avgjord.`);
                    reloadAppeals();
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
