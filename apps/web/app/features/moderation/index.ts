// The moderation feature's public API: what other features may import (docs/architecture.md, web boundaries).
export { moderationApi } from './api';
export { ArticleModerationPanel } from './components/ArticleModerationPanel';
export { QueueBadgeSlot } from './lazy';
