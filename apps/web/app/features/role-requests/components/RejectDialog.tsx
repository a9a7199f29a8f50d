import { REJECT_REASON_MAX, ROLE_REQUESTS_MSG } from '@vaggen/contract';
import { useId, useRef, useState } from 'react';
import { FormError } from '../../../components/FormField';
import { useModalDialog } from '../../../components/useModalDialog';

/**
 * Spec 000 §2 / 001 §2 reject dialog: "Ange anledning till avslag", a reason textarea, Avbryt and
 * "Avslå förfrågan" ("Skickar..." while pending). An empty reason sends `defaultReason`.
 * A native modal <dialog>: focus stays inside, Escape cancels, focus returns to the opener.
 */
export function RejectDialog({
  open,
  subject,
  defaultReason,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  /** Whose request, shown under the title. */
  subject?: string;
  defaultReason: string;
  pending: boolean;
  error?: string | null;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const dialog = useModalDialog({
    open,
    pending,
    onCancel,
    onOpen: () => {
      setReason('');
      textRef.current?.focus();
    },
  });
  const titleId = useId();
  const fieldId = useId();

  return (
    <dialog {...dialog} className="confirm-dialog reject-dialog" aria-labelledby={titleId}>
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          if (!pending) onSubmit(reason.trim() || defaultReason);
        }}
      >
        <h2 id={titleId} className="confirm-title">
          {ROLE_REQUESTS_MSG.rejectDialogTitle}
        </h2>
        {subject && <p className="reject-subject">{subject}</p>}
        <div className="field">
          <label htmlFor={fieldId}>Anledning</label>
          <textarea
            id={fieldId}
            ref={textRef}
            rows={4}
            maxLength={REJECT_REASON_MAX}
            value={reason}
            placeholder={defaultReason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        <FormError msg={error} />
        <div className="confirm-actions">
          <button type="button" className="button button-secondary" onClick={onCancel} disabled={pending}>
            {ROLE_REQUESTS_MSG.rejectCancel}
          </button>
          <button type="submit" className="button" disabled={pending}>
            {pending ? ROLE_REQUESTS_MSG.rejectSending : ROLE_REQUESTS_MSG.rejectSubmit}
          </button>
        </div>
      </form>
    </dialog>
  );
}
