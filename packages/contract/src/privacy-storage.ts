/**
 * Issue 43: everything Väggen stores in a reader's browser, in one place. The privacy policy renders
 * this list as its table, and the Playwright storage audit (apps/web/e2e/storage-audit.spec.ts)
 * fails when a reader page stores anything that is not on it. Every item is strictly necessary for
 * something the reader has asked for (logging in, commenting, a setting they chose themselves), so
 * no consent banner is needed (lagen om elektronisk kommunikation 9 kap. 28 §, ePrivacy art. 5.3).
 * Browser-safe: plain data, no zod. Only the privacy policy imports this module (the reader pages'
 * JavaScript must not carry the list): the keys it names live in the modules that use them.
 */
import { STORAGE_KEYS } from './auth.js';
import { AUTOSAVE_STORAGE_PREFIX } from './autosave.js';
import { COMMENTER_TOKEN_DAYS, COMMENTER_TOKEN_STORAGE_KEY } from './comments.js';
import { FLY_STORAGE_KEY } from './static-pages.js';
import { TRANSLATE_STORAGE_KEYS } from './translate.js';

export type BrowserStorageKind = 'cookie' | 'localStorage' | 'sessionStorage' | 'indexedDB';

export interface BrowserStorageItem {
  /** The cookie's or key's name; a key that carries an account number ends in `:` (a prefix). */
  name: string;
  where: BrowserStorageKind;
  /** Why it is stored, in Swedish, as the privacy policy shows it. */
  purpose: string;
  /** How long it stays, in Swedish. */
  duration: string;
  /** True when `name` is a prefix (`translateApiKey:` + the account's number). */
  prefix?: boolean;
}

/** The login device cookie of decision 021 (apps/server/src/modules/auth/service.ts, DEVICE_COOKIE). */
export const DEVICE_COOKIE_NAME = 'vaggen_device';

/** Issue 42: the access pass (apps/server/src/modules/revenue/access.ts, decision 048). */
export const ACCESS_PASS_COOKIE_NAME = 'vaggen_pass';

/** React Router's scroll positions, per tab (root.tsx's <ScrollRestoration>, its default key). */
export const SCROLL_POSITIONS_KEY = 'react-router-scroll-positions';

const SESSION_DURATION = 'Tills du loggar ut (inloggningen gäller högst 30 dagar)';

/** Labels of the `where` column. */
export const BROWSER_STORAGE_KIND_LABEL: Record<BrowserStorageKind, string> = {
  cookie: 'Kaka (cookie)',
  localStorage: 'Lokal lagring (localStorage)',
  sessionStorage: 'Flikens lagring (sessionStorage)',
  indexedDB: 'IndexedDB',
};

/** The documented list: nothing else may be stored in a reader's browser. */
export const BROWSER_STORAGE: readonly BrowserStorageItem[] = [
  {
    name: STORAGE_KEYS.token,
    where: 'localStorage',
    purpose: 'Din inloggningsnyckel, som skickas med de anrop som kräver inloggning.',
    duration: SESSION_DURATION,
  },
  {
    name: STORAGE_KEYS.isLoggedIn,
    where: 'localStorage',
    purpose: 'Om du är inloggad, så att sidan visar rätt meny direkt.',
    duration: SESSION_DURATION,
  },
  {
    name: STORAGE_KEYS.username,
    where: 'localStorage',
    purpose: 'Ditt användarnamn, som visas i menyn.',
    duration: SESSION_DURATION,
  },
  {
    name: STORAGE_KEYS.isAdmin,
    where: 'localStorage',
    purpose: 'Om du är administratör, så att administrationens länkar visas.',
    duration: SESSION_DURATION,
  },
  {
    name: STORAGE_KEYS.userId,
    where: 'localStorage',
    purpose: 'Ditt användarnummer, så att dina egna kommentarer och inställningar känns igen.',
    duration: SESSION_DURATION,
  },
  {
    name: STORAGE_KEYS.profilePicture,
    where: 'localStorage',
    purpose: 'Adressen till din profilbild, bara om du har en.',
    duration: SESSION_DURATION,
  },
  {
    name: DEVICE_COOKIE_NAME,
    where: 'cookie',
    purpose:
      'Sätts när du loggar in och skickas bara till inloggningen. Den känner igen din webbläsare, så att du kan logga in även när någon annan har spärrat kontot tillfälligt genom att gissa lösenord. Den kan inte läsas av sidornas skript.',
    duration: '1 år',
  },
  {
    name: ACCESS_PASS_COOKIE_NAME,
    where: 'cookie',
    purpose:
      'Sätts när du är inloggad och talar om för sidorna om du är prenumerant, så att du får hela artiklarna du har rätt till. Den innehåller inget om vad du läser och kan inte läsas av sidornas skript.',
    duration: 'Så länge du är inloggad',
  },
  {
    name: COMMENTER_TOKEN_STORAGE_KEY,
    where: 'localStorage',
    purpose:
      'Sätts bara när du kommenterar utan konto. Den låter dig se dina egna kommentarer som väntar på granskning.',
    duration: `${COMMENTER_TOKEN_DAYS} dagar efter din senaste kommentar`,
  },
  {
    name: FLY_STORAGE_KEY,
    where: 'localStorage',
    purpose: 'Sätts bara om du själv slår på eller av flugan som följer muspekaren (Ctrl+Alt+F).',
    duration: 'Tills du rensar webbläsarens lagring',
  },
  {
    name: TRANSLATE_STORAGE_KEYS.settings,
    where: 'localStorage',
    purpose: 'Översättningsverktygets inställningar som du valt: språk, tjänstens adress och modell.',
    duration: 'Tills du rensar webbläsarens lagring',
  },
  {
    name: `${TRANSLATE_STORAGE_KEYS.apiKey}:`,
    prefix: true,
    where: 'localStorage',
    purpose:
      'Din nyckel till översättningstjänsten, bara om du har kryssat i ”Kom ihåg nyckeln”, och bara för ditt konto (namnet slutar med ditt användarnummer).',
    duration: 'Tills du tömmer fältet eller kryssar ur ”Kom ihåg nyckeln”',
  },
  {
    name: `${TRANSLATE_STORAGE_KEYS.apiKey}:`,
    prefix: true,
    where: 'sessionStorage',
    purpose: 'Din nyckel till översättningstjänsten när du inte har valt att spara den.',
    duration: 'Tills du stänger fliken',
  },
  {
    name: AUTOSAVE_STORAGE_PREFIX,
    prefix: true,
    where: 'localStorage',
    purpose:
      'Bara i redaktionen: en kopia av artikeln du skriver, så att ändringarna inte går förlorade om anslutningen bryts innan de sparats (namnet slutar med ditt användarnummer och artikeln).',
    duration: 'Tills artikeln sparas eller du slänger ändringarna',
  },
  {
    name: SCROLL_POSITIONS_KEY,
    where: 'sessionStorage',
    purpose: 'Var du var på sidan, så att du kommer tillbaka dit när du går bakåt i webbläsaren.',
    duration: 'Tills du stänger fliken',
  },
];

/** Whether `name` stored in `where` is on the documented list. */
export function isDocumentedStorage(where: BrowserStorageKind, name: string): boolean {
  return BROWSER_STORAGE.some((i) => i.where === where && (i.prefix ? name.startsWith(i.name) : i.name === name));
}
