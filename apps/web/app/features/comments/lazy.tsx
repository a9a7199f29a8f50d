import { type ComponentType, lazy, Suspense } from 'react';
import { InlineStyle } from '../../components/InlineStyle';
import commentsCss from './comments.css?inline';

// The section's styles: in the server's HTML (no render-blocking request for a part below the
// fold); a page the browser renders gets them with the section's chunk (CommentsSection imports them).
const COMMENTS_CSS = import.meta.env.SSR ? commentsCss : '';

type Section = ComponentType<{ articleId: number }>;

// Issue 20: the comments (thread, form, dialogs, moderation client) are a chunk of their own, which
// both the server and the browser start loading when this module runs. While it loads, React keeps
// the server's markup of the suspended section as it is.
let loaded: Section | null = null;
const load = () =>
  import('./components/CommentsSection').then((m) => {
    loaded = m.CommentsSection;
    return { default: m.CommentsSection };
  });
// The server at start, so that its renders never wait; the browser with the page (see CommentsSlot).
void load();

const CommentsSection = lazy(() => {
  const ready = loaded;
  if (ready) {
    // Already here: a synchronous thenable, so that React renders it without suspending.
    // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose (React.lazy calls its then)
    return { then: (f: (m: { default: Section }) => void) => f({ default: ready }) } as unknown as Promise<{
      default: Section;
    }>;
  }
  return load();
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

/**
 * The article page's comments section (spec 000 §2). Its code is a chunk of its own, requested as
 * soon as this module runs: on-demand hydration lost a name typed before the section hydrated (a
 * re-render emptied the field), so the section loads with the page until the form keeps such text.
 */
export function CommentsSlot({ articleId }: { articleId: number }) {
  return (
    <section id="comments" aria-label="Kommentarer">
      <InlineStyle id="comments-css" css={COMMENTS_CSS} />
      <Suspense fallback={<Loading />}>
        <CommentsSection articleId={articleId} />
      </Suspense>
    </section>
  );
}
