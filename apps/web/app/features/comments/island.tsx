import { useLayoutEffect, useSyncExternalStore } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { ProvideSession } from '../../lib/session';
import type { CommentsBridge } from './bridge';
import { CommentsSection } from './components/CommentsSection';

function Island({ articleId, bridge, onReady }: { articleId: number; bridge: CommentsBridge; onReady: () => void }) {
  // While hydrating, React reads `served` (what the server rendered); the page's present session
  // and address follow at once after it, as an ordinary update.
  const env = useSyncExternalStore(bridge.subscribe, bridge.get, bridge.served);
  useLayoutEffect(onReady, [onReady]);
  return (
    <ProvideSession value={env.session}>
      <CommentsSection articleId={articleId} hash={env.hash} locationKey={env.locationKey} />
    </ProvideSession>
  );
}

/**
 * Starts the comments section in `container` as a React root of its own (decision 029): hydrating
 * the server's markup there, or rendering it afresh on a page the browser rendered. `onReady` runs
 * once the section is live.
 */
export function mountComments(
  container: HTMLElement,
  opts: { articleId: number; bridge: CommentsBridge; hydrate: boolean; onReady: () => void },
): Root {
  const island = <Island articleId={opts.articleId} bridge={opts.bridge} onReady={opts.onReady} />;
  const rootOptions = {
    identifierPrefix: 'comments-',
    onRecoverableError: (error: unknown) => console.error('the comments section did not hydrate', error),
  };
  if (opts.hydrate) return hydrateRoot(container, island, rootOptions);
  const root = createRoot(container, rootOptions);
  root.render(island);
  return root;
}
