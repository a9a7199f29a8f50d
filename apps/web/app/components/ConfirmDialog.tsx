import { useId, useRef } from 'react';
import { FormError } from './FormField';
import { useModalDialog } from './useModalDialog';

/**
 * A modal confirmation on the native <dialog>: the browser keeps focus inside, Escape cancels, and
 * focus returns to the button that opened it. Cancel gets the initial focus (the safe choice).
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pendingLabel = 'Sparar...',
  cancelLabel = 'Avbryt',
  pending = false,
  error,
  onConfirm,
  onCancel,
  idBase,
}: {
  open: boolean;
  title: string;
  children: React.ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
  cancelLabel?: string;
  pending?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  /** Fixed ids (`{idBase}-title`, `{idBase}-body`) for a dialog whose markup is hydrated in a root of its own. */
  idBase?: string;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const dialog = useModalDialog({ open, pending, onCancel, onOpen: () => cancelRef.current?.focus() });
  const autoId = useId();
  const base = idBase ?? autoId;
  const titleId = `${base}-title`;
  const bodyId = `${base}-body`;

  return (
    <dialog {...dialog} className="confirm-dialog" aria-labelledby={titleId} aria-describedby={bodyId}>
      <h2 id={titleId} className="confirm-title">
        {title}
      </h2>
      <div id={bodyId} className="confirm-body">
        {children}
      </div>
      <FormError msg={error} />
      <div className="confirm-actions">
        <button ref={cancelRef} type="button" className="button button-secondary" onClick={onCancel} disabled={pending}>
          {cancelLabel}
        </button>
        <button type="button" className="button" onClick={onConfirm} disabled={pending}>
          {pending ? pendingLabel : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
