import {
  DSA_APPEAL_OUTCOME_LABELS,
  DSA_GROUND_LABELS,
  DSA_MSG,
  DSA_TEXT_MAX,
  type DsaStatement,
} from '@vaggen/contract';
import { useEffect, useState } from 'react';
import { FormFooter } from '../../../components/FormField';
import { ApiError } from '../../../lib/api';
import { formatDate, formatDateTime } from '../../../lib/format';
import { island } from '../../../lib/island';
import { FORM_ISLANDS } from '../../../lib/lazy-islands';
import { useFormSubmission } from '../../../lib/useFormSubmission';
import { dsaApi } from '../api';

type Load = { status: 'loading' } | { status: 'ready'; statement: DsaStatement } | { status: 'error'; msg: string };

/**
 * Issue 43: the statement of reasons a commenter got (DSA Art. 17) and their appeal (Art. 20):
 * by their account, or by the link in the mail a visitor got (`?arende=…&token=…`).
 */
export function AppealPage({ caseNumber, token }: { caseNumber: string; token: string | null }) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [text, setText] = useState('');
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    if (!caseNumber) {
      setLoad({ status: 'error', msg: DSA_MSG.caseNotFound });
      return;
    }
    dsaApi
      .statement(caseNumber, token)
      .then((statement) => live && setLoad({ status: 'ready', statement }))
      .catch((err) => {
        if (!live) return;
        setLoad({
          status: 'error',
          msg:
            err instanceof ApiError && err.status === 404
              ? `${DSA_MSG.caseNotFound}. Logga in med kontot som skrev kommentaren, eller använd länken i mejlet.`
              : 'Beslutet kunde inte hämtas. Ladda om sidan för att försöka igen.',
        });
      });
    return () => {
      live = false;
    };
  }, [caseNumber, token]);
  const form = useFormSubmission<{ text: string }, 'text'>({
    idPrefix: 'appeal',
    validate: (v) => (v.text.trim() ? null : { msg: DSA_MSG.appealTextRequired, field: 'text' }),
    send: async (v) => setDone((await dsaApi.appeal(caseNumber, v.text.trim(), token)).msg),
    failMsg: 'Överklagan kunde inte skickas. Försök igen.',
  });

  if (load.status === 'loading') return <p role="status">Hämtar beslutet…</p>;
  if (load.status === 'error')
    return (
      <p className="form-error" role="alert">
        {load.msg}
      </p>
    );
  const s = load.statement;
  const late = Date.parse(s.appeal_until) < Date.now();
  return (
    <div className="dsa-statement">
      <dl className="dsa-facts">
        <dt>Ärendenummer</dt>
        <dd>{s.case_number}</dd>
        <dt>Beslut</dt>
        <dd>{s.action === 'removed' ? 'Kommentaren togs bort' : 'Kommentaren doldes i väntan på granskning'}</dd>
        <dt>Kommentaren</dt>
        <dd>”{s.comment_excerpt}”</dd>
        <dt>Grund</dt>
        <dd>{DSA_GROUND_LABELS[s.ground]}</dd>
        <dt>Skäl</dt>
        <dd>{s.facts}</dd>
        <dt>Automatiskt beslut</dt>
        <dd>{s.automated ? 'Ja: läsarnas anmälningar dolde kommentaren' : 'Nej: en moderator fattade beslutet'}</dd>
        <dt>Datum</dt>
        <dd>{formatDateTime(s.created_at)}</dd>
        <dt>Överklaga senast</dt>
        <dd>{formatDate(s.appeal_until)}</dd>
      </dl>
      {s.appeal ? (
        <section aria-labelledby="appeal-state">
          <h2 id="appeal-state">Din överklagan</h2>
          <p>”{s.appeal.text}”</p>
          <p>
            {s.appeal.outcome
              ? `${DSA_APPEAL_OUTCOME_LABELS[s.appeal.outcome]}. ${s.appeal.outcome_text ?? ''}`
              : 'Överklagan väntar på prövning av en annan moderator.'}
          </p>
        </section>
      ) : done ? (
        <p className="form-success" role="status">
          {done}
        </p>
      ) : late ? (
        <p className="form-error">{DSA_MSG.appealTooLate}</p>
      ) : (
        <form noValidate onSubmit={(e) => void form.submit(e, { text })}>
          <h2>Överklaga beslutet</h2>
          <div className="field">
            <label htmlFor="appeal-text">Varför ska beslutet ändras?</label>
            <textarea
              id="appeal-text"
              className="control"
              rows={5}
              maxLength={DSA_TEXT_MAX}
              value={text}
              aria-invalid={form.isInvalid('text') || undefined}
              aria-describedby={form.isInvalid('text') ? form.errorId : undefined}
              onChange={(e) => setText(e.target.value)}
            />
          </div>
          <FormFooter form={form} label="Skicka överklagan" sendingLabel="Skickar…" />
        </form>
      )}
    </div>
  );
}

/** Issue 46: the statement and appeal as an island of /overklaga (its code fetched by that page only). */
export const AppealPageIsland = island(FORM_ISLANDS.dsaAppeal, AppealPage);
