import { useEffect } from 'react';
import { island } from '../../../lib/island';

/** "Most read": one anonymous count per page view, sent after hydration (bots rarely run it). */
function CountView({ articleId }: { articleId: number }) {
  useEffect(() => {
    const url = `/api/articles/${articleId}/view`;
    if (!navigator.sendBeacon?.(url)) void fetch(url, { method: 'POST', keepalive: true }).catch(() => {});
  }, [articleId]);
  return null;
}

/** An island of the article page (issue 46): its script of its own when nothing else on it is live. */
export const CountViewIsland = island('view-count', CountView);
