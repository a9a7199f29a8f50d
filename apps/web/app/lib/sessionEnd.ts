const listeners = new Set<() => void>();

/**
 * Per-user data held in the browser (the query cache, cached admin lists) is dropped when the
 * session ends: the auth feature announces it (`announceSessionEnd`), the holders subscribe here.
 * It lives in lib so that shared code can listen without depending on the auth feature.
 */
export function onSessionEnd(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function announceSessionEnd(): void {
  for (const fn of listeners) fn();
}
