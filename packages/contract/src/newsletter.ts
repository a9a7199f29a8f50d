import { TIME_ZONE } from './stockholm.js';
/** Newsletter "Morgonbrevet" (issue 21, decision 028). Browser-safe: constants and texts. */

export const NEWSLETTER_NAME = 'Morgonbrevet';
/** The daily send: this hour in this zone (DST handled by the server). */
export const NEWSLETTER_SEND_HOUR = 7;
export const NEWSLETTER_TIME_ZONE = TIME_ZONE;
/** At most this many articles in one issue. */
export const NEWSLETTER_MAX_ARTICLES = 10;
/** Subscribe attempts per hour: per address and per client. */
export const NEWSLETTER_SUBSCRIBES_PER_ADDRESS = 5;
export const NEWSLETTER_SUBSCRIBES_PER_CLIENT = 10;
/** A confirmation link works this long. */
export const NEWSLETTER_CONFIRM_DAYS = 7;
/** The admin list of subscribers: rows per page. */
export const NEWSLETTER_PAGE_SIZE = 50;

export const NEWSLETTER_MSG = {
  formHeading: 'Morgonbrevet',
  formIntro: 'Gårdagens mest lästa artiklar i din inkorg varje morgon klockan 07.00.',
  emailLabel: 'E-postadress',
  subscribeButton: 'Prenumerera',
  /** The one answer to every valid subscribe request (new, waiting or already confirmed). */
  subscribed: 'Tack! Öppna länken i mejlet vi skickade för att bekräfta prenumerationen.',
  confirmed: 'Klart! Du prenumererar nu på Morgonbrevet. Första brevet kommer klockan 07.00.',
  badConfirmToken: 'Länken är ogiltig, för gammal eller redan använd.',
  badUnsubscribeToken: 'Länken för att avsluta prenumerationen är ogiltig.',
  /** Issue 40: an unsubscribe link older than UNSUBSCRIBE_LINK_DAYS (410). */
  unsubscribeExpired:
    'Länken för att avsluta prenumerationen har gått ut. Använd länken i ett nyare brev från oss, eller logga in och ändra dina utskick på profilsidan.',
  unsubscribedNewsletter: 'Du har avslutat prenumerationen på Morgonbrevet.',
  unsubscribedNotification: (label: string) => `Du får inte längre e-post om: ${label}.`,
  rateLimited: 'För många försök. Vänta en stund och försök igen.',
  testSent: (email: string) => `Ett testbrev med dagens utskick är på väg till ${email}.`,
  noAddress: 'Ditt konto har ingen e-postadress. Lägg till en på profilsidan för att få testbrevet.',
  confirmSubject: 'Bekräfta din prenumeration på Morgonbrevet',
  issueSubject: (dateSv: string) => `Morgonbrevet ${dateSv}`,
} as const;

/**
 * Issue 40 (finding 10): an unsubscribe link works this many days after its mail (every mail
 * carries a fresh one). Links mailed before links carried their day work until
 * UNSUBSCRIBE_LEGACY_UNTIL, then no more.
 */
export const UNSUBSCRIBE_LINK_DAYS = 60;
export const UNSUBSCRIBE_LEGACY_UNTIL = '2027-01-31T00:00:00.000Z';
