/**
 * Whether React has taken over the server's HTML: root.tsx sets `data-hydrated` on <html> in its
 * first effect, so this is false during the hydration render and true for everything rendered after
 * it (client navigations, later mounts). False on the server.
 */
export function isHydrated(): boolean {
  return typeof document !== 'undefined' && document.documentElement.dataset.hydrated === 'true';
}
