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
  // issue 21: password reset
  forgotPasswordSent:
    'Om det finns ett konto med den e-postadressen har vi skickat ett mejl med en länk där du väljer ett nytt lösenord. Länken gäller i 60 minuter.',
  forgotPasswordFailed: 'Det gick inte att skicka begäran. Försök igen om en stund.',
  tooManyResetRequests: 'För många begäranden om nytt lösenord. Vänta en stund och försök igen.',
  resetLinkInvalid: 'Länken för att återställa lösenordet är ogiltig, redan använd eller för gammal. Begär en ny länk.',
  resetLinkMissing: 'Länken saknar sin kod. Öppna länken i mejlet igen, eller begär en ny.',
  passwordResetDone:
    'Ditt lösenord är ändrat och alla dina inloggningar har loggats ut. Logga in med det nya lösenordet.',
  passwordResetFailed: 'Det gick inte att byta lösenord. Försök igen om en stund.',
  // issue 21: e-mail verification
  emailNotVerified:
    'Du behöver bekräfta din e-postadress innan du kan kommentera. Klicka på länken i mejlet vi skickade, eller be om ett nytt.',
  verifyLinkInvalid:
    'Länken för att bekräfta e-postadressen är ogiltig, redan använd eller för gammal. Be om ett nytt mejl.',
  emailVerified: 'Tack! Din e-postadress är bekräftad.',
  verificationSent: 'Vi har skickat ett nytt mejl med en bekräftelselänk. Titta i din inkorg.',
  alreadyVerified: 'Din e-postadress är redan bekräftad.',
  noEmailToVerify: 'Ditt konto har ingen e-postadress. Lägg till en på din profilsida.',
  tooManyVerificationMails: 'Vi har redan skickat flera bekräftelsemejl den senaste timmen. Försök igen senare.',
  newEmailToConfirm:
    'Vi har skickat en bekräftelselänk till din nya e-postadress. Du kan kommentera igen när du har bekräftat den.',
} as const;

/** Issue 21: a password-reset link works this long, once. */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
/** Issue 21: an e-mail verification link works this long, once. */
export const VERIFY_TOKEN_TTL_MS = 48 * 3600_000;
/** Reset or verification mails one account gets per hour at most (more requests are answered alike, silently). */
export const ACCOUNT_MAILS_PER_HOUR = 3;
/** Reset requests per e-mail address per hour (answered 429 whether or not the address has an account). */
export const RESET_REQUESTS_PER_ADDRESS_HOUR = 5;
/** Reset requests per client address per hour. */
export const RESET_REQUESTS_PER_CLIENT_HOUR = 20;
/** Web paths the mails link to. */
export const RESET_PASSWORD_PATH = '/aterstall-losenord';
export const VERIFY_EMAIL_PATH = '/verifiera-epost';

/** The per-account login throttle (issue 17): says how long to wait. */
export const accountThrottledMsg = (seconds: number) =>
  `För många misslyckade inloggningar på det här kontot. ${retryAfterSentence(seconds)}`;
