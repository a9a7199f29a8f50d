import { type ComponentType, lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { InlineStyle } from '../../components/InlineStyle';
import { isHydrated } from '../../lib/hydration';
import commentsCss from './comments.css?inline';

// The section's styles: in the server's HTML (no render-blocking request for a part below the
// fold); a page the browser renders gets them with the section's chunk (CommentsSection imports them).
const COMMENTS_CSS = import.meta.env.SSR ? commentsCss : '';

type Section = ComponentType<{ articleId: number }>;

// Issue 20: the comments (thread, form, dialogs, moderation client) are a chunk of their own. The
// server renders them as always; a reader's browser fetches and hydrates them only once they are
// needed — the section comes within a screen of the viewport, is touched or focused, or the URL
// points at a comment — at once on a page the browser renders itself (a client navigation), and
// otherwise when the browser is idle a few seconds after the page has loaded.
// Until then the server's markup stays on the page as it is (React keeps a suspended boundary's
// server HTML while hydrating).
let loaded: Section | null = null;
const load = () =>
  import('./components/CommentsSection').then((m) => {
    loaded = m.CommentsSection;
    return { default: m.CommentsSection };
  });
// The server loads it at start, so that its renders never wait (a loaded module renders at once).
void load(); // the server at start; the browser with the page (see CommentsSlot)

/** After hydration, the comments load anyway once the browser is idle after this long. */
const SETTLED_MS = 3_000;

let release: () => void = () => {};
const needed = new Promise<void>((resolve) => {
  release = resolve;
});

const CommentsSection = lazy(() => {
  const ready = loaded;
  if (ready) {
    // Already here: a synchronous thenable, so that React renders it without suspending.
    // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose (React.lazy calls its then)
    return { then: (f: (m: { default: Section }) => void) => f({ default: ready }) } as unknown as Promise<{
      default: Section;
    }>;
  }
  return (typeof window === 'undefined' ? Promise.resolve() : needed).then(load);
});

/** Stand-in while the chunk loads on a client-rendered page: the section's own loading state. */
function Loading() {
  return (
    <div className="comments-section">
      <h2 className="comments-title">Kommentarer</h2>
      <p className="comments-state">Laddar kommentarer...</p>
    </div>
  );
}

/** The article page's comments section (spec 000 §2), loaded when the reader gets near it. */
export function CommentsSlot({ articleId }: { articleId: number }) {
  const ref = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  // The article whose section the server rendered (this slot mounted while hydrating), if any:
  // another article, or a slot mounted later, is rendered by the browser and needs the code now.
  const served = useRef(typeof window !== 'undefined' && !isHydrated() ? articleId : null);
  // Loaded with the page for now: a form typed into before its code hydrated lost what was typed
  // (a re-render after hydration empties a field the reader filled) — see the session note.
  const wanted = true || articleId !== served.current || hash.startsWith('#comment');
  useEffect(() => {
    const el = ref.current;
    if (wanted || !el || typeof IntersectionObserver === 'undefined') {
      release();
      return;
    }
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && done(), {
      rootMargin: '0px 0px 100% 0px',
    });
    // A reader who never scrolls there still gets them, once the page has long settled.
    let idle = 0;
    const later = window.setTimeout(() => {
      idle = window.requestIdleCallback?.(done, { timeout: 2_000 }) ?? window.setTimeout(done, 0);
    }, SETTLED_MS);
    const stop = () => {
      window.clearTimeout(later);
      if (idle && window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else if (idle) window.clearTimeout(idle);
      io.disconnect();
      el.removeEventListener('focusin', done);
      el.removeEventListener('pointerdown', done);
    };
    function done() {
      release();
      stop();
    }
    io.observe(el);
    el.addEventListener('focusin', done);
    el.addEventListener('pointerdown', done);
    return stop;
  }, [wanted]);
  return (
    <section id="comments" ref={ref} className="comments-placeholder" aria-label="Kommentarer">
      <InlineStyle id="comments-css" css={COMMENTS_CSS} />
      <Suspense fallback={<Loading />}>
        <CommentsSection articleId={articleId} />
      </Suspense>
    </section>
  );
}
