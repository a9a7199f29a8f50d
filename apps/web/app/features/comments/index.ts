// The comments feature's public API: what other features may import (docs/architecture.md, web boundaries).
export { CommentsSection } from './components/CommentsSection';
