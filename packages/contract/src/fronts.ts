import type { ArticleSummary } from './articles-schemas.js';
import { type Category, categoryLabel, parseCategory } from './categories.js';

/**
 * Issue 41: front pages (Förstasidan). The home front (`hem`) and one per category (its lower-case
 * name, as in `/category/{category}`): ordered pinned slots, the first the lead, then the
 * chronological flow. Browser-safe; schemas in fronts-schemas.ts.
 */

export const HOME_FRONT = 'hem';
export const FRONT_SIZES = ['large', 'medium', 'small'] as const;
export type FrontSize = (typeof FRONT_SIZES)[number];
/** Pinned slots per front at most (well under a list page, HOME_PAGE_SIZE). */
export const FRONT_SLOTS_MAX = 8;
export const FRONT_HEADLINE_MAX = 200;
export const FRONT_TEASER_MAX = 400;
/** Earlier versions listed per page (undo), and scheduled changes waiting per front at most. */
export const FRONT_VERSIONS_PAGE = 20;
export const FRONT_SCHEDULES_MAX = 20;

/**
 * Every front's key, home first, then the categories' lower-case names in menu order (written out:
 * a computed constant would be a side effect that keeps this module in every reader's download;
 * fronts.test.ts checks it against CATEGORIES).
 */
export const FRONT_KEYS: readonly string[] = [
  'hem',
  'nyheter',
  'sverige',
  'politik',
  'ekonomi',
  'opinion',
  'världen',
  'kultur',
  'krönikor',
  'sport',
  'teknik',
];

/** `hem` or a category in any casing → the front's key; null when there is no such front. */
export function parseFront(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim().toLocaleLowerCase('sv-SE');
  if (v === HOME_FRONT) return HOME_FRONT;
  const c = parseCategory(v);
  return c ? c.toLocaleLowerCase('sv-SE') : null;
}

/** The category a front shows (null: the home front). */
export const frontCategory = (front: string): Category | null => (front === HOME_FRONT ? null : parseCategory(front));

export const frontLabel = (front: string): string => (front === HOME_FRONT ? 'Startsidan' : categoryLabel(front));

/** The reader page a front is shown on. */
export const frontPath = (front: string): string =>
  front === HOME_FRONT ? '/' : `/category/${encodeURIComponent(front)}`;

export const FRONT_SIZE_LABELS: Record<FrontSize, string> = { large: 'Stor', medium: 'Mellan', small: 'Liten' };

export const FRONT_TEXT = {
  heading: 'Förstasidan',
  notFound: 'Förstasidan finns inte',
  /** 409: someone saved the front after it was opened. */
  stale: 'Förstasidan har ändrats av någon annan efter att du öppnade den. Ladda om och gör ändringen igen.',
  duplicate: 'Samma artikel kan bara ligga i en plats på förstasidan',
  unknownArticle: 'Artikeln finns inte',
  versionNotFound: 'Versionen finns inte',
  scheduleNotFound: 'Den schemalagda ändringen finns inte',
  scheduleInPast: 'Tiden för ändringen måste vara i framtiden',
  tooManySchedules: `Högst ${FRONT_SCHEDULES_MAX} schemalagda ändringar per förstasida`,
  saved: 'Förstasidan är sparad',
  scheduled: 'Ändringen är schemalagd',
  restored: 'Den tidigare versionen är återställd',
  empty: 'Inga fästa artiklar. Förstasidan visar de senaste artiklarna i tidsordning.',
  lead: 'Toppnyhet',
} as const;

/** How a list shows a pinned article (its slot on the front); the first pinned one is the lead. */
export interface FrontPlacement {
  size: FrontSize;
  headline: string | null;
  teaser: string | null;
  image: string | null;
  lead: boolean;
}
/** An article of a list, placed by the front when it is pinned (the list's shape, one field added). */
export type PlacedArticle = ArticleSummary & { front_slot?: FrontPlacement };
