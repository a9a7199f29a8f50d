/** Issue 44: breaking-news push (Web Push with VAPID). Texts and limits for server and web. */

export const PUSH_TITLE_MAX = 80;
export const PUSH_BODY_MAX = 200;
/** Subscriptions a send reaches per batch (the job continues where it stopped). */
export const PUSH_BATCH = 200;

export const PUSH_TEXT = {
  optIn: 'Få pushnotiser vid stora nyheter',
  optOut: 'Stäng av pushnotiser',
  optedIn: 'Du får pushnotiser vid stora nyheter.',
  optedOut: 'Pushnotiserna är avstängda.',
  unsupported: 'Din webbläsare kan inte ta emot pushnotiser.',
  denied: 'Du har blockerat notiser för Väggen i webbläsarens inställningar.',
  failed: 'Det gick inte att ändra pushnotiserna. Försök igen.',
} as const;

export const PUSH_MSG = {
  badSubscription: 'Ogiltig prenumeration',
  notFound: 'Prenumerationen finns inte',
  articleNotFound: 'Artikeln finns inte',
  entryNotFound: 'Inlägget finns inte i artikeln',
  titleRequired: 'Skriv en rubrik',
  bodyRequired: 'Skriv en text',
  tooSoon: (minutes: number) => `Högst en pushnotis per ${minutes} minuter. Försök igen senare.`,
  queued: (n: number) => (n === 1 ? 'Pushnotisen skickas till 1 mottagare' : `Pushnotisen skickas till ${n} mottagare`),
} as const;
