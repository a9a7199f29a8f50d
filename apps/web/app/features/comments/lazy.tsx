import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Root } from 'react-dom/client';
import { InlineStyle } from '../../components/InlineStyle';
import { isHydrated } from '../../lib/hydration';
import { usePageLocation } from '../../lib/router-bridge';
import { useSession } from '../../lib/session';
import { CommentsBridge } from './bridge';
import commentsCss from './comments.css?inline';
import type { CommentsSection as Section } from './components/CommentsSection';

// The section's styles: in the server's HTML (no render-blocking request for a part below the
// fold); a page the browser renders gets them with the section's chunk (CommentsSection imports them).
const COMMENTS_CSS = import.meta.env.SSR ? commentsCss : '';

// The server renders the section inside the page, so its code is there before the first render.
let ServerSection: typeof Section | null = null;
if (import.meta.env.SSR) ServerSection = (await import('./components/CommentsSection')).CommentsSection;

/** After hydration, the section starts anyway after this long. */
const SETTLED_MS = 3_000;

// The island's element, as React sees it: its content belongs to the section's own root. Constant
// objects: React writes `innerHTML` only when this prop changes, which it never does.
/** The server's markup, left as it is until the section's root hydrates it. */
const KEEP = { __html: '' };
/** On a page the browser renders: the section's loading state until its code is here. */
const LOADING = {
  __html:
    '<div class="comments-section"><h2 class="comments-title">Kommentarer</h2>' +
    '<p class="comments-state">Laddar kommentarer...</p></div>',
};

/**
 * The article page's comments section (spec 000 §2). It is a React root of its own (decision 029),
 * with its code in a chunk of its own: the server renders it inside the page, and a reader's browser
 * fetches and hydrates it only when it is needed — the section comes within a screen of the
 * viewport, is touched or focused, the address points at a comment, or 3 s after the page
 * hydrated — and at once on a page the browser renders itself. The page's session and address
 * reach it through a bridge, so no update of the page's contexts touches it.
 */
export function CommentsSlot({ articleId }: { articleId: number }) {
  const session = useSession();
  const { hash, key } = usePageLocation();
  const [bridge] = useState(() => new CommentsBridge());
  useLayoutEffect(() => bridge.set({ session, hash, locationKey: key }));
  return (
    <section id="comments" aria-label="Kommentarer">
      <InlineStyle id="comments-css" css={COMMENTS_CSS} />
      {ServerSection ? (
        <div className="comments-island">
          <ServerSection articleId={articleId} hash={hash} locationKey={key} />
        </div>
      ) : (
        <CommentsIsland key={articleId} articleId={articleId} bridge={bridge} wanted={hash.startsWith('#comment')} />
      )}
    </section>
  );
}

function CommentsIsland({ articleId, bridge, wanted }: { articleId: number; bridge: CommentsBridge; wanted: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  // Mounted while the page hydrates: the element holds the server's markup of this article's section.
  const [served] = useState(() => !isHydrated());
  const start = useRef<() => void>(() => {});

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let live = true;
    let started = false;
    let root: Root | null = null;
    let held: HTMLFormElement | null = null;
    const onReady = () => {
      const form = held;
      held = null;
      if (form) window.setTimeout(() => form.isConnected && form.requestSubmit());
    };
    const begin = () => {
      if (started) return;
      started = true;
      stopWatching();
      import('./island')
        .then(({ mountComments }) => {
          if (live) root = mountComments(el, { articleId, bridge, hydrate: served, onReady });
        })
        .catch((err) => console.error('loading the comments failed', err));
    };
    start.current = begin;
    // Sent before the section's code is here, a comment would be the browser's own GET, with the
    // name and e-mail in the address: it is held, and sent once the section is live.
    const onSubmit = (e: Event) => {
      if (root || !(e.target instanceof HTMLFormElement)) return;
      e.preventDefault();
      held = e.target;
      begin();
    };
    el.addEventListener('submit', onSubmit, true);

    let io: IntersectionObserver | null = null;
    let later = 0;
    function stopWatching() {
      window.clearTimeout(later);
      io?.disconnect();
      el?.removeEventListener('focusin', begin);
      el?.removeEventListener('pointerdown', begin);
    }
    if (!served || typeof IntersectionObserver === 'undefined') begin();
    else {
      io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && begin(), {
        rootMargin: '0px 0px 100% 0px',
      });
      io.observe(el);
      el.addEventListener('focusin', begin);
      el.addEventListener('pointerdown', begin);
      // A reader who never scrolls there still gets them, once the page has long settled. A plain
      // timer, not requestIdleCallback: while the atom ad draws its 3D model in software (a phone
      // without a GPU, the test browsers), the page has no idle time, and Chromium ran neither the
      // idle callback nor its timeout in 15 s.
      later = window.setTimeout(begin, SETTLED_MS);
    }
    return () => {
      live = false;
      stopWatching();
      el.removeEventListener('submit', onSubmit, true);
      const r = root;
      // Not while React is committing the page: unmounting another root then is an error.
      if (r) window.setTimeout(() => r.unmount());
    };
  }, [articleId, bridge, served]);

  useEffect(() => {
    if (wanted) start.current();
  }, [wanted]);

  return (
    <div
      ref={ref}
      className="comments-island"
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: constant markup of our own; the content is the section's own root
      dangerouslySetInnerHTML={served ? KEEP : LOADING}
    />
  );
}
