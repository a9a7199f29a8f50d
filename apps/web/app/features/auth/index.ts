// The auth feature's public API: what other features may import (docs/architecture.md, web boundaries).
export { authApi } from './api';
export { type Requirement, RequireRole, SessionLoading } from './guards';
export { afterLoginPath, type LoginState, safeLocalPath, sizedDefaultAvatar } from './redirect';
export {
  onSessionEnd,
  ProvideSession,
  type Session,
  SessionProvider,
  type SessionStatus,
  useSession,
} from './session';
export { readStoredToken } from './storage';
