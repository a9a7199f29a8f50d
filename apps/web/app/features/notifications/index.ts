// The notifications feature's public API: what other features may import (docs/architecture.md, web boundaries).

export { MailNotificationsSection } from './components/MailNotificationsSection';
export { PermissionRequestsPanel } from './components/PermissionRequestsPanel';
