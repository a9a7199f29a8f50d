import {
  CORRECTION_TEXT_MAX,
  CORRECTION_WRONG_MAX,
  CORRECTIONS_MSG,
  type CorrectionHistory,
  MSG,
  type NewsroomArticle,
} from '@vaggen/contract';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { FormError, FormSuccess, SubmitButton } from '../../../components/FormField';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useFormSubmission } from '../../../lib/useFormSubmission';
import { newsroomApi } from '../api';
import { editPath } from './ArticleDashboard';
import { NewsroomState } from './NewsroomState';

type Load =
  | { status: 'loading' }
  | { status: 'ready'; article: NewsroomArticle; corrections: CorrectionHistory[] }
  | { status: 'error'; msg: string };

type Values = { text: string; what_was_wrong: string };

/** One form for a new correction or an amendment (issue 43). */
function CorrectionForm({
  idPrefix,
  initial,
  submitLabel,
  send,
  onDone,
  onCancel,
}: {
  idPrefix: string;
  initial: Values;
  submitLabel: string;
  send: (v: Values) => Promise<unknown>;
  onDone: (msg: string) => void;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState(initial);
  const form = useFormSubmission<Values, 'text' | 'what_was_wrong'>({
    idPrefix,
    validate: (v) => (v.text.trim() ? null : { msg: CORRECTIONS_MSG.textRequired, field: 'text' }),
    send: (v) => send({ text: v.text.trim(), what_was_wrong: v.what_was_wrong.trim() }),
    failMsg: 'Rättelsen kunde inte sparas. Försök igen.',
    stayOpen: true,
  });
  return (
    <form
      className="correction-form"
      onSubmit={async (e) => {
        if (await form.submit(e, values)) {
          setValues({ text: '', what_was_wrong: '' });
          onDone(submitLabel === 'Publicera rättelsen' ? CORRECTIONS_MSG.added : CORRECTIONS_MSG.amended);
        }
      }}
    >
      <label htmlFor={`${idPrefix}-text`}>Rättelse (visas överst i artikeln)</label>
      <textarea
        id={`${idPrefix}-text`}
        className="control"
        rows={3}
        maxLength={CORRECTION_TEXT_MAX}
        value={values.text}
        aria-invalid={form.isInvalid('text') || undefined}
        aria-describedby={form.isInvalid('text') ? form.errorId : undefined}
        onChange={(e) => setValues({ ...values, text: e.target.value })}
      />
      <label htmlFor={`${idPrefix}-what_was_wrong`}>Vad var fel? (valfritt)</label>
      <input
        id={`${idPrefix}-what_was_wrong`}
        className="control"
        maxLength={CORRECTION_WRONG_MAX}
        value={values.what_was_wrong}
        onChange={(e) => setValues({ ...values, what_was_wrong: e.target.value })}
      />
      <FormError id={form.errorId} msg={form.problem?.msg} />
      <p className="form-actions">
        <SubmitButton form={form} label={submitLabel} sendingLabel="Sparar…" />
        {onCancel && (
          <button type="button" className="button button-secondary" onClick={onCancel}>
            Avbryt
          </button>
        )}
      </p>
    </form>
  );
}

/**
 * Issue 43: the newsroom's page for an article's corrections (`/admin/articles/:id/rattelser`):
 * add one to a published article, amend one (the earlier wording stays in its history), never
 * remove one. The article's writer and admins (the server decides).
 */
export function CorrectionsPage({ id }: { id: number }) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [done, setDone] = useState<string | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const reload = useCallback(async () => {
    try {
      const [article, corrections] = await Promise.all([newsroomApi.get(id), newsroomApi.corrections(id)]);
      setLoad({ status: 'ready', article, corrections });
    } catch (err) {
      const msg =
        err instanceof ApiError && err.status === 404
          ? MSG.articleNotFound
          : err instanceof ApiError && err.status === 403
            ? MSG.articleEditNotOwn
            : 'Rättelserna kunde inte hämtas. Ladda om sidan för att försöka igen.';
      setLoad({ status: 'error', msg });
    }
  }, [id]);
  useEffect(() => {
    void reload();
  }, [reload]);

  if (load.status === 'loading') return <p role="status">Hämtar rättelser…</p>;
  if (load.status === 'error') return <NewsroomState msg={load.msg} />;
  const { article, corrections } = load;
  const finished = (msg: string) => {
    setDone(msg);
    setEditing(null);
    void reload();
  };
  return (
    <div className="corrections-desk">
      <Breadcrumbs trail={[{ to: editPath(article.id), label: article.title }]} current="Rättelser" />
      <h1>Rättelser: {article.title}</h1>
      <p className="field-hint">
        En rättelse visas i en ruta överst i artikeln med datum, på sidan <Link to="/rattelser">Rättelser</Link> och i
        dess RSS-flöde. Den kan ändras men aldrig tas bort; tidigare lydelser sparas.
      </p>
      <FormSuccess msg={done} />
      {article.status === 'published' ? (
        <section aria-labelledby="ny-rattelse">
          <h2 id="ny-rattelse">Ny rättelse</h2>
          <CorrectionForm
            idPrefix="new-correction"
            initial={{ text: '', what_was_wrong: '' }}
            submitLabel="Publicera rättelsen"
            send={(v) => newsroomApi.addCorrection(article.id, v)}
            onDone={finished}
          />
        </section>
      ) : (
        <p className="form-error">{CORRECTIONS_MSG.notPublished}</p>
      )}
      <section aria-labelledby="tidigare-rattelser">
        <h2 id="tidigare-rattelser">Rättelser i artikeln</h2>
        {corrections.length === 0 ? (
          <p>Artikeln har inga rättelser.</p>
        ) : (
          <ul className="corrections-desk-list">
            {corrections.map((c) => (
              <li key={c.id}>
                <p>
                  <strong>{formatDateTime(c.created_at)}</strong>
                  {c.created_by && <> av {c.created_by}</>}
                  {c.amended_at && <> · ändrad {formatDateTime(c.amended_at)}</>}
                </p>
                {editing === c.id ? (
                  <CorrectionForm
                    idPrefix={`amend-${c.id}`}
                    initial={{ text: c.text, what_was_wrong: c.what_was_wrong ?? '' }}
                    submitLabel="Spara ändringen"
                    send={(v) => newsroomApi.amendCorrection(c.id, v)}
                    onDone={finished}
                    onCancel={() => setEditing(null)}
                  />
                ) : (
                  <>
                    <p>
                      {c.text}
                      {c.what_was_wrong && <em> Fel: {c.what_was_wrong}</em>}
                    </p>
                    <button type="button" className="button button-secondary" onClick={() => setEditing(c.id)}>
                      Ändra rättelsen
                    </button>
                  </>
                )}
                {c.versions.length > 0 && (
                  <details>
                    <summary>Tidigare lydelser ({c.versions.length})</summary>
                    <ul>
                      {c.versions.map((v) => (
                        <li key={v.replaced_at}>
                          {v.text}
                          {v.what_was_wrong && <em> Fel: {v.what_was_wrong}</em>} — ersatt{' '}
                          {formatDateTime(v.replaced_at)}
                          {v.replaced_by && <> av {v.replaced_by}</>}
                        </li>
                      ))}
                    </ul>
                  </details>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
