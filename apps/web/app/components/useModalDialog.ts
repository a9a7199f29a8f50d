import { useEffect, useRef } from 'react';

/**
 * A native modal <dialog> driven by an `open` prop: the browser keeps focus inside, Escape cancels
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
  };
}
