// The session every feature needs (spec 000 §3–4): who is logged in, the stored token, the account's
// own calls. It lives in lib so that features use it without depending on the auth feature.
export { accountApi } from './api';
export { afterLoginPath, type LoginState, safeLocalPath, sizedDefaultAvatar } from './redirect';
export { ProvideSession, type Session, SessionProvider, type SessionStatus, useSession } from './session';
export { readStoredSession, readStoredToken } from './storage';
