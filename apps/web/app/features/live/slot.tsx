import type { LiveEntryPage } from '@vaggen/contract';
import { useEffect, useRef, useState } from 'react';
import { InlineStyle } from '../../components/InlineStyle';
import { isHydrated } from '../../lib/hydration';
import type { LiveReport as Report } from './components/LiveReport';
import liveCss from './live.css?inline';

// In the server's HTML only; a page the browser renders gets them with the report's chunk.
const LIVE_CSS = import.meta.env.SSR ? liveCss : '';

// The server renders the report inside the page, so its code is there before the first render.
let ServerReport: typeof Report | null = null;
if (import.meta.env.SSR) ServerReport = (await import('./components/LiveReport')).LiveReport;

const KEEP = { __html: '' };
const LOADING = { __html: '<p class="live-state">Laddar direktrapporten…</p>' };

export interface LiveSlotProps {
  articleId: number;
  page: LiveEntryPage;
  endedAt: string | null;
}

/**
 * Issue 44: a live report's entries on its article page. The server renders them into the cached
 * page (a snapshot); in the browser the report is a React root of its own whose code (the stream,
 * the "nya inlägg" button) is a chunk loaded only on live reports, after the page hydrated — the
 * reader JavaScript of every other article page is untouched (decision 029's islands).
 */
export function LiveSlot(props: LiveSlotProps) {
  return (
    <section className="live" aria-label="Direktrapport">
      <InlineStyle id="live-css" css={LIVE_CSS} />
      {ServerReport ? (
        <div className="live-island">
          <ServerReport {...props} />
        </div>
      ) : (
        <LiveIsland key={props.articleId} {...props} />
      )}
    </section>
  );
}

function LiveIsland(props: LiveSlotProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [served] = useState(() => !isHydrated());
  // the snapshot is the island's start: later loader data does not restart it
  const [start] = useState(props);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let on = true;
    let root: { unmount(): void } | null = null;
    import('./island')
      .then(({ mountLive }) => {
        if (on) root = mountLive(el, { ...start, hydrate: served });
      })
      .catch((err) => console.error('loading the live report failed', err));
    return () => {
      on = false;
      const r = root;
      if (r) window.setTimeout(() => r.unmount());
    };
  }, [served, start]);
  return (
    <div
      ref={ref}
      className="live-island"
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: constant markup of our own; the content is the report's own root
      dangerouslySetInnerHTML={served ? KEEP : LOADING}
    />
  );
}
