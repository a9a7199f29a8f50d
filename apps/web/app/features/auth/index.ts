// The auth feature's public API: the login, registration and password pages' calls. The session
// itself (useSession, the stored token, the guards) is shared plumbing in app/lib/session and
// app/components/RequireRole.tsx.
export { authApi } from './api';
