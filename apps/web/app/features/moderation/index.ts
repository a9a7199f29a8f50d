// The moderation feature's public API: what other features may import (docs/architecture.md, web boundaries).
export { moderationApi } from './api';
export { ArticleModerationPanel } from './components/ArticleModerationPanel';
export { ReportCommentDialog } from './components/ReportCommentDialog';
export { QueueBadgeSlot } from './lazy';
export { isHeldComment, isModerationPlaceholder, moderationMark } from './thread';
