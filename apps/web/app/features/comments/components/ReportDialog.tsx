import { useId, useRef, useState } from 'react';
import { useModalDialog } from '../../../components/useModalDialog';
import { useFormSubmission } from '../../../lib/useFormSubmission';
import { reportErrorText } from '../report-texts';

export interface ReportReasonOption<R extends string> {
  value: R;
  label: string;
}

/**
 * "Anmäl" (issue 16): a modal <dialog> with the reasons as radio buttons and an optional note.
 * The browser keeps the focus inside and returns it to the "Anmäl" button on close; Escape
 * cancels unless the report is on its way. After sending it thanks the reader in place (announced)
 * and offers "Stäng"; a refusal (e.g. too many reports: 429 with the wait) shows the server's text.
 */
export function ReportDialog<R extends string>({
  open,
  authorName,
  reasons,
  noteMax,
  texts,
  onSend,
  onClose,
  idBase,
}: {
  open: boolean;
  /** Whose comment, for the title's context. */
  authorName: string;
  reasons: readonly ReportReasonOption<R>[];
  noteMax: number;
  texts: { sent: string; failed: string; pickReason: string };
  onSend: (reason: R, note: string) => Promise<void>;
  onClose: () => void;
  /** Fixed ids for a dialog whose markup is hydrated in a root of its own (see ConfirmDialog). */
  idBase?: string;
}) {
  const [reason, setReason] = useState<R | null>(null);
  const [note, setNote] = useState('');
  const firstRadio = useRef<HTMLInputElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const autoId = useId();
  const id = idBase ?? autoId;
  const form = useFormSubmission<{ reason: R | null; note: string }, 'reason'>({
    // a missing reason focuses the first one (`<id>-reason`)
    idPrefix: id,
    validate: (v) => (v.reason ? null : { msg: texts.pickReason, field: 'reason' }),
    send: async (v) => {
      try {
        await onSend(v.reason as R, v.note.trim());
      } catch (err) {
        console.error('reporting a comment failed', err);
        throw err;
      }
      // the form gives way to the thank-you: keep the focus in the dialog, on its one button
      requestAnimationFrame(() => closeRef.current?.focus());
    },
    failMsg: (err) => reportErrorText(err, texts.failed),
  });
  const sending = form.sending;
  const dialog = useModalDialog({
    open,
    pending: sending,
    onCancel: onClose,
    onOpen: () => {
      setReason(null);
      setNote('');
      form.reset();
      firstRadio.current?.focus();
    },
  });
  const titleId = `${id}-title`;
  const errorId = `${id}-error`;
  const noteId = `${id}-note`;
  const noteHintId = `${id}-note-hint`;

  const reasonMissing = form.problem?.field === 'reason';

  return (
    <dialog {...dialog} className="confirm-dialog report-dialog" aria-labelledby={titleId}>
      <h2 id={titleId} className="confirm-title">
        Anmäl kommentar
      </h2>
      {form.phase === 'sent' ? (
        <>
          <p className="report-sent" role="status">
            {texts.sent}
          </p>
          <div className="confirm-actions">
            <button ref={closeRef} type="button" className="button" onClick={onClose}>
              Stäng
            </button>
          </div>
        </>
      ) : (
        <form onSubmit={(e) => void form.submit(e, { reason, note })} noValidate>
          <p className="report-subject">Kommentaren från {authorName}</p>
          <fieldset
            className="report-reasons"
            aria-invalid={reasonMissing || undefined}
            aria-describedby={reasonMissing ? errorId : undefined}
          >
            <legend>
              Varför anmäler du kommentaren?
              <span className="visually-hidden"> (obligatoriskt)</span>
            </legend>
            {reasons.map((r, i) => (
              <label key={r.value} className="report-reason">
                <input
                  ref={i === 0 ? firstRadio : undefined}
                  id={i === 0 ? `${id}-reason` : undefined}
                  type="radio"
                  name={`${id}-reason`}
                  value={r.value}
                  checked={reason === r.value}
                  onChange={() => {
                    setReason(r.value);
                    if (reasonMissing) form.clearProblem();
                  }}
                />
                {r.label}
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor={noteId}>Kommentar till redaktionen (frivilligt)</label>
            <textarea
              className="control"
              id={noteId}
              rows={3}
              maxLength={noteMax}
              value={note}
              aria-describedby={noteHintId}
              onChange={(e) => setNote(e.target.value)}
            />
            <p id={noteHintId} className="field-hint">
              Högst {noteMax} tecken.
            </p>
          </div>
          {form.problem && (
            <p id={errorId} className="form-error" role="alert">
              {form.problem.msg}
            </p>
          )}
          <div className="confirm-actions">
            <button type="button" className="button button-secondary" onClick={onClose} disabled={sending}>
              Avbryt
            </button>
            <button type="submit" className="button" disabled={sending}>
              {sending ? 'Skickar...' : 'Skicka anmälan'}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
