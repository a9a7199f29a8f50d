// The comments feature's public API: what other features may import (docs/architecture.md, web boundaries).
// The section itself loads lazily (lazy.tsx): importing it here would put it back in the page's chunk.
export { CommentsSlot } from './lazy';
