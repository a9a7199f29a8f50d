import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { LiveReport } from './components/LiveReport';
import './live.css';
import type { LiveSlotProps } from './slot';

/** Starts a live report in `container` as a React root of its own, hydrating the server's markup. */
export function mountLive(container: HTMLElement, opts: LiveSlotProps & { hydrate: boolean }): Root {
  const { hydrate, ...props } = opts;
  const island = <LiveReport {...props} live />;
  const rootOptions = {
    identifierPrefix: 'live-',
    onRecoverableError: (error: unknown) => console.error('the live report did not hydrate', error),
  };
  if (hydrate) return hydrateRoot(container, island, rootOptions);
  const root = createRoot(container, rootOptions);
  root.render(island);
  return root;
}
