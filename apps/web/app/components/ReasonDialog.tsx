import { useId, useRef, useState } from 'react';
import { FormError } from './FormField';
import { useModalDialog } from './useModalDialog';

/** What the dialog takes; a using feature passes the first six on (`ReasonDialogState`). */
export interface ReasonDialogProps {
  open: boolean;
  /** Whose (request, comment), shown under the title. */
  subject?: string;
  pending: boolean;
  error?: string | null;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
  title: string;
  /** Quick choices that fill the reason. */
  presets?: readonly string[];
  maxLength: number;
  rows?: number;
  placeholder?: string;
  /** Set: the reason is required, and this is said when it is empty. */
  requiredMsg?: string;
  /** What an empty reason sends when none is required. */
  emptyReason?: string;
  submitLabel: string;
  pendingLabel: string;
  cancelLabel?: string;
  /** The using feature's class, beside `confirm-dialog reason-dialog`. */
  className?: string;
}

/** The state a using feature's dialog passes on unchanged. */
export type ReasonDialogState = Pick<
  ReasonDialogProps,
  'open' | 'subject' | 'pending' | 'error' | 'onSubmit' | 'onCancel'
>;

/**
 * A modal <dialog> that asks why (a rejected role request, rejected comments): the title, an
 * optional line saying whose, optional quick choices that fill the reason, the reason's textarea,
 * Avbryt and the submit button. With `requiredMsg` an empty reason is refused with that message,
 * else it sends `emptyReason`. The native dialog keeps focus inside, Escape cancels, and focus
 * starts in the reason and returns to the opener.
 */
export function ReasonDialog({
  open,
  title,
  subject,
  presets = [],
  maxLength,
  rows = 4,
  placeholder,
  requiredMsg,
  emptyReason = '',
  submitLabel,
  pendingLabel,
  cancelLabel = 'Avbryt',
  className,
  pending,
  error,
  onSubmit,
  onCancel,
}: ReasonDialogProps) {
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
  const shown = missing ? requiredMsg : error;
  const choose = (text: string) => {
    setReason(text);
    setMissing(false);
  };

  return (
    <dialog
      {...dialog}
      className={['confirm-dialog reason-dialog', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (pending) return;
          const text = reason.trim();
          if (!text && requiredMsg) {
            setMissing(true);
            textRef.current?.focus();
            return;
          }
          onSubmit(text || emptyReason);
        }}
      >
        <h2 id={titleId} className="confirm-title">
          {title}
        </h2>
        {subject && <p className="reject-subject">{subject}</p>}
        {presets.length > 0 && (
          <fieldset className="reason-presets">
            <legend className="visually-hidden">Vanliga anledningar</legend>
            {presets.map((p) => (
              <button
                key={p}
                type="button"
                className="reason-chip"
                aria-pressed={reason === p}
                onClick={() => choose(p)}
              >
                {p}
              </button>
            ))}
          </fieldset>
        )}
        <div className="field">
          <label htmlFor={fieldId}>
            Anledning
            {requiredMsg && <span className="visually-hidden"> (obligatoriskt)</span>}
          </label>
          <textarea
            className="control"
            id={fieldId}
            ref={textRef}
            rows={rows}
            maxLength={maxLength}
            value={reason}
            placeholder={placeholder}
            aria-invalid={missing || undefined}
            aria-describedby={shown ? errorId : undefined}
            onChange={(e) => choose(e.target.value)}
          />
        </div>
        <FormError id={errorId} msg={shown} />
        <div className="confirm-actions">
          <button type="button" className="button button-secondary" onClick={onCancel} disabled={pending}>
            {cancelLabel}
          </button>
          <button type="submit" className="button" disabled={pending}>
            {pending ? pendingLabel : submitLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
