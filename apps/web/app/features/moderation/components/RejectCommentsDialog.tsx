import { useId, useRef, useState } from 'react';
import { useModalDialog } from '../../../components/useModalDialog';

/**
 * "Avvisa" in the queue (issue 16): a modal <dialog> asking for the reason, for one comment or a
 * selection. The reason is kept in the audit log; Escape or Avbryt cancels and the focus returns
 * to the button (or the item, for the r shortcut) that opened it.
 */
export function RejectCommentsDialog({
  open,
  count,
  subject,
  reasonMax,
  presets,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  /** How many comments the rejection is for. */
  count: number;
  /** One comment: whose, shown under the title. */
  subject?: string;
  reasonMax: number;
  /** Quick choices that fill the reason. */
  presets: readonly string[];
  pending: boolean;
  error?: string | null;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const dialog = useModalDialog({
    open,
    pending,
    onCancel,
    onOpen: () => {
      setReason('');
      setMissing(false);
      textRef.current?.focus();
    },
  });
  const id = useId();
  const titleId = `${id}-title`;
  const fieldId = `${id}-reason`;
  const errorId = `${id}-error`;
  const shown = missing ? 'Ange en anledning till att kommentaren avvisas.' : error;

  return (
    <dialog {...dialog} className="confirm-dialog mod-reject-dialog" aria-labelledby={titleId}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (pending) return;
          const text = reason.trim();
          if (!text) {
            setMissing(true);
            textRef.current?.focus();
            return;
          }
          onSubmit(text);
        }}
      >
        <h2 id={titleId} className="confirm-title">
          {count === 1 ? 'Avvisa kommentaren' : `Avvisa ${count} kommentarer`}
        </h2>
        {subject && <p className="reject-subject">{subject}</p>}
        {presets.length > 0 && (
          <fieldset className="mod-presets">
            <legend className="visually-hidden">Vanliga anledningar</legend>
            {presets.map((p) => (
              <button
                key={p}
                type="button"
                className="mod-chip"
                aria-pressed={reason === p}
                onClick={() => {
                  setReason(p);
                  setMissing(false);
                }}
              >
                {p}
              </button>
            ))}
          </fieldset>
        )}
        <div className="field">
          <label htmlFor={fieldId}>
            Anledning<span className="visually-hidden"> (obligatoriskt)</span>
          </label>
          <textarea
            id={fieldId}
            ref={textRef}
            rows={3}
            maxLength={reasonMax}
            value={reason}
            aria-invalid={missing || undefined}
            aria-describedby={shown ? errorId : undefined}
            onChange={(e) => {
              setReason(e.target.value);
              if (missing) setMissing(false);
            }}
          />
        </div>
        {shown && (
          <p id={errorId} className="form-error" role="alert">
            {shown}
          </p>
        )}
        <div className="confirm-actions">
          <button type="button" className="button button-secondary" onClick={onCancel} disabled={pending}>
            Avbryt
          </button>
          <button type="submit" className="button" disabled={pending}>
            {pending ? 'Avvisar...' : count === 1 ? 'Avvisa' : `Avvisa ${count}`}
          </button>
        </div>
      </form>
    </dialog>
  );
}
