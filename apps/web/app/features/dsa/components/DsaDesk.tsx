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
import { DecisionForm } from '../../../components/DecisionForm';
import { FormSuccess } from '../../../components/FormField';
import { formatDateTime } from '../../../lib/format';
import { dsaApi } from '../api';

type Load<T> = { status: 'loading' } | { status: 'ready'; items: T[] } | { status: 'error'; msg: string };

/** The reasons of every DSA decision: required, since they go to the people concerned. */
const REASONS = {
  textLabel: 'Motivering (skickas till de berörda)',
  textMax: DSA_TEXT_MAX,
  textRequired: 'Skriv en motivering',
};

/** A notice's decision: remove the comment (on a legal ground) or take no action; an article's notice can only be left. */
function NoticeDecision({ notice: n, onDone }: { notice: DsaNotice; onDone: (msg: string) => void }) {
  const id = useId();
  const [ground, setGround] = useState<DsaGround>('illegal');
  return (
    <DecisionForm<DsaAction>
      legend="Beslut"
      choices={(n.comment ? (['removed', 'no_action'] as const) : (['no_action'] as const)).map((a) => ({
        value: a,
        label: DSA_ACTION_LABELS[a],
      }))}
      extra={(action) =>
        action === 'removed' && (
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
        )
      }
      {...REASONS}
      submitLabel="Fatta beslut"
      onDecide={async (action, text) => {
        await dsaApi.decide(n.id, { action, ...(action === 'removed' ? { ground } : {}), text });
        onDone(`Beslut fattat i ärende ${n.case_number}.`);
      }}
    />
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
                <NoticeDecision
                  notice={n}
                  onDone={(msg) => {
                    setDone(msg);
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
                  {...REASONS}
                  submitLabel="Avgör överklagan"
                  onDecide={async (outcome, text) => {
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
