import { FLY_SHORTCUT, FLY_STORAGE_KEY } from '@vaggen/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { readFlyEnabled, writeFlyEnabled } from './storage';

// The fly itself is a separate chunk, fetched only once someone turns it on.
const FlyCursor = lazy(() => import('./FlyCursor'));

export const isFlyShortcut = (e: Pick<KeyboardEvent, 'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey' | 'code' | 'key'>) =>
  e.ctrlKey === FLY_SHORTCUT.ctrl &&
  e.altKey === FLY_SHORTCUT.alt &&
  !e.shiftKey &&
  !e.metaKey &&
  (e.code === FLY_SHORTCUT.code || e.key.toLowerCase() === 'f');

/**
 * The decorative fly cursor of spec 001 §2: Ctrl+Alt+F toggles it, the choice is saved as
 * `flyEnabled` (default off). While off this is one key listener; the fly's code is not loaded.
 */
export function FlyCursorHost() {
  const [enabled, setEnabled] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    setEnabled(readFlyEnabled());
    const onKey = (e: KeyboardEvent) => {
      if (!isFlyShortcut(e)) return;
      e.preventDefault();
      const next = !readFlyEnabled();
      writeFlyEnabled(next);
      setEnabled(next);
      setAnnouncement(next ? `Flugan är påslagen. Stäng av den med ${FLY_SHORTCUT.label}.` : 'Flugan är avslagen.');
    };
    // The same choice in another tab.
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === FLY_STORAGE_KEY) setEnabled(readFlyEnabled());
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  return (
    <>
      {enabled && (
        <Suspense fallback={null}>
          <FlyCursor />
        </Suspense>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
