/** Users: accounts, roles, profiles and passwords (spec 000 §3–§6, spec 001 §5; issue 17). Browser-safe. */
import { retryAfterSentence } from './format.js';

export const ACCOUNT_TYPES = ['user', 'writer', 'admin'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

// User (`GET /me`) is derived from its zod schema in users-schemas.ts and exported from the index as a type.

/** The name shown for a person (bylines, comments, greetings): the full name when given, else the username. */
export const displayName = (u: { full_name?: string | null; username: string }): string =>
  u.full_name?.trim() || u.username;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
/**
 * Issue 41: Latin letters including å, ä, ö, é, ü, ø (so "åsa.öberg" and "zoë" can register), digits
 * 0–9, dot, dash and underscore; starts with a letter or digit. Tested on the NFC form; letters of
 * other scripts stay out (a Cyrillic "а" would pass for a Latin "a"), and `isValidUsername` also
 * refuses compatibility forms (full-width "Ａ", ligature "ﬁ").
 */
export const USERNAME_PATTERN = /^[\p{Script=Latin}0-9][\p{Script=Latin}0-9._-]*$/u;

/** A username as stored and compared: Unicode NFC (a decomposed "å" from a Mac keyboard is one letter), trimmed. */
export const normalizeUsername = (v: string): string => v.normalize('NFC').trim();

/** The username rule of registration (3–32 characters of USERNAME_PATTERN, no compatibility forms). */
export function isValidUsername(raw: string): boolean {
  const v = normalizeUsername(raw);
  const length = [...v].length;
  return (
    length >= USERNAME_MIN &&
    length <= USERNAME_MAX &&
    USERNAME_PATTERN.test(v) &&
    v.normalize('NFKC') === v &&
    !/\p{Lm}|\p{Lo}/u.test(v)
  );
}
export const PASSWORD_MAX_LENGTH = 256;
export const FULL_NAME_MAX = 120;
export const EMAIL_MAX = 254;
export const PROFILE_PICTURE_MAX = 2000;
/** Loose e-mail shape check used on both sides ({email} in spec 000 §5 / 001 §5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const ROLE_LABELS: Record<AccountType, string> = {
  admin: 'Administratör',
  writer: 'Skribent',
  user: 'Läsare',
};

export const USERS_MSG = {
  // spec 001 §5
  passwordsMismatch: 'Lösenorden matchar inte',
  passwordTooShort: 'Lösenordet måste vara minst 8 tecken',
  invalidEmail: 'Ogiltig e-postadress',
  noChanges: 'No changes were made.',
  profileUpdated: 'Profilen har uppdaterats!',
  emailInUse: 'Email already in use',
  emailInUseSv: 'E-postadressen används redan av en annan användare.',
  genericError: 'Ett fel uppstod. Försök igen.',
  usersLoadFailed: 'Ett fel uppstod vid hämtning av användare.',
  usersEmpty: 'Inga användare hittades',
  usersLoading: 'Laddar användare...',
  lastLoginUnknown: 'Okänd',
  // server-side rules of our own
  usernameTaken: 'Användarnamnet är redan taget',
  usernameInvalid:
    'Användarnamnet får bara innehålla bokstäver (a–ö, även é och ü), siffror, punkt, bindestreck och understreck (3–32 tecken)',
  passwordTooLong: 'Lösenordet får vara högst 256 tecken',
  ownRole: 'Du kan inte ändra din egen roll',
  userNotFound: 'Användaren finns inte',
  pictureUrlInvalid: 'Bild-URL måste börja med http:// eller https://, eller vara en bild på Väggen (/uploads/…)',
  // issue 17: passwords and profile pictures
  passwordCommon: 'Lösenordet är för vanligt och lätt att gissa. Välj ett annat.',
  passwordWrong: 'Nuvarande lösenord är fel',
  passwordSame: 'Det nya lösenordet måste skilja sig från det nuvarande',
  passwordChanged: 'Lösenordet är ändrat. Dina andra inloggningar har loggats ut.',
  pictureFetchFailed: 'Bilden kunde inte hämtas från adressen. Kontrollera länken eller ladda upp bilden i stället.',
  pictureNotPublic: 'Bild-URL måste peka på en publik webbadress (inte en lokal eller intern adress).',
  pictureNotImage: 'Adressen pekar inte på en bild (JPEG, PNG, GIF, WebP eller AVIF).',
  pictureTooLarge: 'Bilden på adressen är för stor (högst 5 MB).',
  reservedName: 'Namnet tillhör någon i redaktionen. Välj ett annat namn.',
  pictureRate: 'Du har bytt profilbild många gånger på kort tid. Vänta en stund och försök igen.',
} as const;

/** Issue 40 (finding 4): too many wrong current passwords on a password change (429, with the wait). */
export const passwordChangeThrottledMsg = (seconds: number) =>
  `För många försök med fel nuvarande lösenord. ${retryAfterSentence(seconds)}`;

/** New profile pictures (uploads or fetches by URL) one person may set per hour. */
export const PICTURES_PER_HOUR = 20;

/**
 * Issue 40 (finding 3): a picture address on our own origin that the app itself serves — an upload
 * (`/uploads/<file>`) or a generated avatar (`/api/avatar?…`). Anything else that starts with "/"
 * may leave the site in a browser: `/\\evil.example/x.png` and `/\t/evil.example/x.png` are read as
 * `//evil.example/…` (a tracking pixel on every page the picture shows on).
 */
export function isOwnPicturePath(url: string): boolean {
  return /^\/uploads\/[A-Za-z0-9][A-Za-z0-9._-]*$/.test(url) || /^\/api\/avatar\?[A-Za-z0-9%._~=&+-]*$/.test(url);
}

/**
 * A picture the profile form may name: an http(s) address, also protocol-relative (`//host/…`;
 * fetched once and kept as our own file), or our own.
 */
export function isPictureAddress(url: string): boolean {
  return /^(https?:)?\/\/[^\s\\/]/i.test(url) || isOwnPicturePath(url);
}
