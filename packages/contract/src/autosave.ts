/**
 * Issue 41: an editor that never loses work. The open article's form is saved every few seconds as
 * a working copy (one per person and article, not a revision and not the article itself: a published
 * article never shows half-written text); the copy is offered back after a crash or a closed tab and
 * dropped when the article is saved. Browser-safe; schemas in autosave-schemas.ts.
 */

/** How often the editor sends its working copy while something changed (ms). */
export const AUTOSAVE_INTERVAL_MS = 5000;
/**
 * The browser's copy while the server cannot be reached: `vaggen-autosave:{user id}:{slot}`
 * (listed in privacy-storage.ts; only in the newsroom).
 */
export const AUTOSAVE_STORAGE_PREFIX = 'vaggen-autosave:';
/** The slot of a new article's working copy (before it has an id). */
export const AUTOSAVE_NEW = 'new';

export const AUTOSAVE_TEXT = {
  saving: 'Sparar automatiskt …',
  savedAt: (time: string) => `Automatiskt sparat ${time}`,
  failed: 'Kunde inte spara automatiskt. Ändringarna finns kvar i den här webbläsaren.',
  paused: 'Autosparningen är pausad tills krocken är löst.',
  recoverHeading: 'Osparade ändringar',
  recoverBody: (time: string) => `Det finns ändringar från ${time} som inte sparades.`,
  recoverStale:
    'Någon har sparat artikeln sedan dess: återställer du dem frågar redigeraren vilken version som gäller.',
  recover: 'Återställ ändringarna',
  discard: 'Släng dem',
  leaveTitle: 'Lämna sidan?',
  leaveBody:
    'Du har ändringar som inte är sparade i artikeln. De finns kvar som osparade ändringar nästa gång du öppnar den.',
  leave: 'Lämna sidan',
  stay: 'Stanna kvar',
  badSlot: 'Okänd artikel för autosparning',
} as const;
