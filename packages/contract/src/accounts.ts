/** Accounts, sessions and roles (spec 000 §3–§6, spec 001 §2–§9). Browser-safe. */
export const ACCOUNT_TYPES = ['user', 'writer', 'admin'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

// User (login and `GET /me`) and LoginResponse (`POST /login`) of spec 000 §3 are derived from
// their zod schemas in accounts-schemas.ts and exported from the index as types.

/** The name shown for a person (bylines, comments, greetings): the full name when given, else the username. */
export const displayName = (u: { full_name?: string | null; username: string }): string =>
  u.full_name?.trim() || u.username;

/** Client-side storage keys (spec 000 §3). */
export const STORAGE_KEYS = {
  token: 'token',
  isLoggedIn: 'isLoggedIn',
  username: 'username',
  isAdmin: 'isAdmin',
  userId: 'userId',
  profilePicture: 'profilePicture',
} as const;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
/** Letters a–z, digits, dot, dash and underscore; starts with a letter or digit. */
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
export const PASSWORD_MAX_LENGTH = 256;
export const FULL_NAME_MAX = 120;
export const EMAIL_MAX = 254;
export const PROFILE_PICTURE_MAX = 2000;
/** Sessions last 30 days from login. */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

/** Loose e-mail shape check used on both sides ({email} in spec 000 §5 / 001 §5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const ROLE_LABELS: Record<AccountType, string> = {
  admin: 'Administratör',
  writer: 'Skribent',
  user: 'Läsare',
};

export const ACCOUNT_MSG = {
  // spec 001 §5
  registerRequired: 'Användarnamn och lösenord krävs',
  passwordsMismatch: 'Lösenorden matchar inte',
  passwordTooShort: 'Lösenordet måste vara minst 8 tecken',
  invalidEmail: 'Ogiltig e-postadress',
  registerSuccess: 'Konto skapat! Du skickas till inloggningssidan...',
  registerFailed: 'Ett fel uppstod vid registrering. Försök igen senare.',
  noChanges: 'No changes were made.',
  profileUpdated: 'Profilen har uppdaterats!',
  emailInUse: 'Email already in use',
  emailInUseSv: 'E-postadressen används redan av en annan användare.',
  genericError: 'Ett fel uppstod. Försök igen.',
  tokenFetchFailed: 'Failed to fetch API token',
  tokenGenerateFailed: 'Failed to generate new API token',
  copyFailed: 'Failed to copy',
  copied: 'Kopierad!',
  tokenConfirm: 'Detta ersätter din befintliga token.',
  usersLoadFailed: 'Ett fel uppstod vid hämtning av användare.',
  usersEmpty: 'Inga användare hittades',
  usersLoading: 'Laddar användare...',
  lastLoginUnknown: 'Okänd',
  // server-side rules of our own
  usernameTaken: 'Användarnamnet är redan taget',
  usernameInvalid:
    'Användarnamnet får bara innehålla bokstäverna a–z, siffror, punkt, bindestreck och understreck (3–32 tecken)',
  passwordTooLong: 'Lösenordet får vara högst 256 tecken',
  badCredentials: 'Fel användarnamn eller lösenord',
  tooManyAttempts: 'För många misslyckade inloggningar. Vänta en stund och försök igen.',
  tooManyRegistrations: 'För många registreringar från din adress. Försök igen senare.',
  notLoggedIn: 'Du måste logga in',
  sessionExpired: 'Sessionen har gått ut. Logga in igen.',
  forbidden: 'Du har inte behörighet för detta',
  ownRole: 'Du kan inte ändra din egen roll',
  userNotFound: 'Användaren finns inte',
  invalidApiKey: 'Ogiltig API-nyckel',
  pictureUrlInvalid: 'Bild-URL måste börja med http://, https:// eller /',
} as const;
