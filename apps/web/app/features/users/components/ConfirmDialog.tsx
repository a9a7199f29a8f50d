import { useEffect, useId, useRef } from 'react';

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
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      cancelRef.current?.focus();
    } else if (!open && d.open) {
      d.close();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(e) => {
        e.preventDefault(); // Escape: let the owner decide (it closes unless a save is running)
        if (!pending) onCancel();
      }}
      onClose={() => {
        if (open && !pending) onCancel();
      }}
    >
      <h2 id={titleId} className="confirm-title">
        {title}
      </h2>
      <div id={bodyId} className="confirm-body">
        {children}
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
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
