/**
 * Issue 43: corrections of published articles (press ethics: an error is corrected visibly).
 * Browser-safe; the zod schemas are in corrections-schemas.ts.
 */

import { CORRECTION_BOX_TITLE } from './reader-links.js';

export const CORRECTION_TEXT_MAX = 2000;
export const CORRECTION_WRONG_MAX = 1000;
/** Corrections shown with one article (its page and API answer): the newest. */
export const CORRECTIONS_PER_ARTICLE = 50;
/** `/rattelser` and `GET /api/corrections`: per page, and at most. */
export const CORRECTIONS_PAGE = 20;
export const CORRECTIONS_PAGE_MAX = 100;

export const CORRECTIONS_MSG = {
  textRequired: 'Skriv rättelsen',
  textTooLong: `Rättelsen får vara högst ${CORRECTION_TEXT_MAX} tecken`,
  wrongTooLong: `Vad som var fel får vara högst ${CORRECTION_WRONG_MAX} tecken`,
  notPublished: 'Bara en publicerad artikel kan rättas. Ändra texten direkt så länge den inte är publicerad.',
  notFound: 'Rättelsen finns inte',
  tooMany: `En artikel kan ha högst ${CORRECTIONS_PER_ARTICLE} rättelser`,
  added: 'Rättelsen är publicerad',
  amended: 'Rättelsen är ändrad. Den tidigare lydelsen finns kvar i historiken.',
  /** The box on the article page. */
  boxTitle: CORRECTION_BOX_TITLE,
  pageTitle: 'Rättelser',
  pageIntro:
    'Här rättar vi fel i våra artiklar, senaste först. Varje rättelse står också överst i artikeln den gäller.',
  empty: 'Inga rättelser ännu.',
} as const;

/**
 * Issue 43: saving a published article whose headline or text changed by more than this many
 * characters (more than a typo) asks the editor whether the change corrects an error.
 */
export const CORRECTION_PROMPT_CHARS = 40;

/**
 * How many characters a change touches: the length of the differing middle once the common start
 * and end are set aside (of the longer side). A typo fixed is a few; a rewritten sentence is many.
 */
export function changedChars(before: string, after: string): number {
  const a = before.normalize('NFC');
  const b = after.normalize('NFC');
  const max = Math.min(a.length, b.length);
  let start = 0;
  while (start < max && a[start] === b[start]) start++;
  let end = 0;
  while (end < max - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  return Math.max(a.length, b.length) - start - end;
}
