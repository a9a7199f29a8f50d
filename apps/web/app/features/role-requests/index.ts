// The role-requests feature's public API: what other features may import (docs/architecture.md, web boundaries).
export { type RequestKind, type RoleRequest, roleRequestsApi } from './api';
export { RoleRequestsSection } from './components/RoleRequestsSection';
