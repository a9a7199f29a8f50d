// The moderation feature's public API: what other features may import (docs/architecture.md, web boundaries).
export { QueueBadgeSlot } from './lazy';
export { ReportCommentDialog } from './components/ReportCommentDialog';
