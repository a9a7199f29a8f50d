import { useEffect, useLayoutEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ISLANDS } from './islands';
import { keepTypedText } from './lib/hydration';
import { ISLAND_TAG } from './lib/island';
import { SessionProvider } from './lib/session/session';

/**
 * Issue 46 (decision 054): the script of an island page. The server's HTML stays as it is; each
 * `<vaggen-island>` in it hydrates as a React root of its own, with the component its name stands
 * for and the props the server wrote beside it. Every root reads the document's one session. Once
 * all have taken over their HTML, the document is marked `data-hydrated` (as the full app marks it:
 * browser checks wait for it). React hoists the (async) script into <head>, where it may run before
 * the body is parsed: the islands are looked for once the document is.
 */
function hydrateIslands() {
  const elements = [...document.querySelectorAll<HTMLElement>(ISLAND_TAG)];
  let waiting = elements.length;
  const hydrated = () => {
    waiting -= 1;
    if (waiting === 0) document.documentElement.dataset.hydrated = 'true';
  };
  if (waiting === 0) document.documentElement.dataset.hydrated = 'true';
  elements.forEach((el, i) => {
    const name = el.dataset.island ?? '';
    const def = ISLANDS.get(name);
    if (!def) {
      console.error(`no island named "${name}"`);
      hydrated();
      return;
    }
    const props = JSON.parse(el.dataset.props ?? '{}');
    const start = (Component: React.ComponentType<Record<string, unknown>>) =>
      hydrateRoot(
        el,
        <Root el={el} onHydrated={hydrated}>
          <Component {...props} />
        </Root>,
        {
          identifierPrefix: `i${i}-`,
          onRecoverableError: (error) => console.error(`the island "${name}" did not hydrate`, error),
        },
      );
    if ('component' in def) start(def.component);
    // an island a few pages have: its own chunk, fetched now (the server's HTML stays meanwhile)
    else
      def.load().then(start, (error) => {
        console.error(`the island "${name}" could not be fetched`, error);
        hydrated();
      });
  });
}

function Root({ el, onHydrated, children }: { el: HTMLElement; onHydrated: () => void; children: React.ReactNode }) {
  // Text typed into the island's fields before it hydrated goes into its state (lib/hydration).
  useLayoutEffect(() => keepTypedText(el), [el]);
  useEffect(() => onHydrated(), [onHydrated]);
  return <SessionProvider>{children}</SessionProvider>;
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', hydrateIslands, { once: true });
else hydrateIslands();
