// The role-requests feature's public API: what other features may import (docs/architecture.md, web boundaries).
export { isPendingRequest, type RequestKind, type RoleRequest, requestKindOf, roleRequestsApi } from './api';
export { RejectDialog } from './components/RejectDialog';
export { RoleRequestsSection } from './components/RoleRequestsSection';
