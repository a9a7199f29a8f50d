import { useEffect, useRef } from 'react';
import { type QueueAction, shortcutAction } from '../shortcuts';

/**
 * Listens for the queue's shortcuts on the document while `enabled` (issue 16). Each handler runs
 * with the press's default prevented; keys typed into fields or dialogs are left alone
 * (`shortcutAction`). The handlers may change on every render: the listener reads the latest.
 */
export function useQueueShortcuts(handlers: Partial<Record<QueueAction, () => void>>, enabled = true) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      const action = shortcutAction({
        key: e.key,
        ctrlKey: e.ctrlKey,
        metaKey: e.metaKey,
        altKey: e.altKey,
        shiftKey: e.shiftKey,
        repeat: e.repeat,
        isComposing: e.isComposing,
        defaultPrevented: e.defaultPrevented,
        target: e.target instanceof Element ? e.target : null,
      });
      const run = action ? latest.current[action] : undefined;
      if (!run) return;
      e.preventDefault();
      run();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}
