/** Logging in, registering and sessions (spec 000 §3, spec 001 §5; issue 17). Browser-safe. */
import { retryAfterSentence } from './format.js';

// LoginResponse (`POST /login`, spec 000 §3) is derived from its zod schema in auth-schemas.ts and
// exported from the index as a type.

/** Client-side storage keys (spec 000 §3). */
export const STORAGE_KEYS = {
  token: 'token',
  isLoggedIn: 'isLoggedIn',
  username: 'username',
  isAdmin: 'isAdmin',
  userId: 'userId',
  profilePicture: 'profilePicture',
} as const;

/** Sessions last 30 days from login. */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

export const AUTH_MSG = {
  // spec 001 §5
  registerRequired: 'Användarnamn och lösenord krävs',
  registerSuccess: 'Konto skapat! Du skickas till inloggningssidan...',
  registerFailed: 'Ett fel uppstod vid registrering. Försök igen senare.',
  // server-side rules of our own
  badCredentials: 'Fel användarnamn eller lösenord',
  tooManyAttempts: 'För många misslyckade inloggningar. Vänta en stund och försök igen.',
  tooManyRegistrations: 'För många registreringar från din adress. Försök igen senare.',
  notLoggedIn: 'Du måste logga in',
  sessionExpired: 'Sessionen har gått ut. Logga in igen.',
  forbidden: 'Du har inte behörighet för detta',
} as const;

/** The per-account login throttle (issue 17): says how long to wait. */
export const accountThrottledMsg = (seconds: number) =>
  `För många misslyckade inloggningar på det här kontot. ${retryAfterSentence(seconds)}`;
