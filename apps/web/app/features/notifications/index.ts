// The notifications feature's public API: what other features may import (docs/architecture.md, web boundaries).
export { PermissionRequestsPanel } from './components/PermissionRequestsPanel';
