// The comments feature's public API: what other features may import (docs/architecture.md, web boundaries).
// The section itself loads lazily (lazy.tsx): importing it here would put it back in the page's chunk.
import { island } from '../../lib/island';
import { CommentsSlot } from './lazy';

export { CommentsSlot };
/** The comments on a reader page: an island (issue 46), which still fetches its code when needed. */
export const CommentsSlotIsland = island('comments', CommentsSlot);
