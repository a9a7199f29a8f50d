import { useEffect, useRef } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A native modal <dialog> driven by an `open` prop: the page behind is inert, Tab and Shift+Tab wrap
 * around inside the dialog (the browser alone would move on to its own toolbar), Escape cancels
 * (unless a save is running) and focus returns to the opener. `onOpen` runs as it opens, e.g. to
 * reset a field or focus the safe choice. Spread `dialogProps` on the <dialog>.
 */
export function useModalDialog({
  open,
  pending = false,
  onCancel,
  onOpen,
}: {
  open: boolean;
  pending?: boolean;
  onCancel: () => void;
  onOpen?: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const onOpenRef = useRef(onOpen);
  onOpenRef.current = onOpen;

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      onOpenRef.current?.();
    } else if (!open && d.open) {
      d.close();
    }
  }, [open]);

  return {
    ref,
    onCancel: (e: React.SyntheticEvent<HTMLDialogElement>) => {
      e.preventDefault(); // Escape: let the owner decide (it closes unless a save is running)
      if (!pending) onCancel();
    },
    onClose: () => {
      if (open && !pending) onCancel();
    },
    onKeyDown: (e: React.KeyboardEvent<HTMLDialogElement>) => {
      if (e.key !== 'Tab') return;
      const items = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => el.offsetWidth > 0 || el.offsetHeight > 0,
      );
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    },
  };
}
