/**
 * Issue 46: the names of the reader forms' islands (kontakt, tipsa, annonsera). A module of its own:
 * `islands.ts` imports these names, and the forms' code is fetched only by the pages they are on.
 */
export const FORM_ISLANDS = {
  contact: 'contact-form',
  tip: 'tip-form',
  adInquiry: 'ad-inquiry-form',
} as const;
