/**
 * Issue 46: the names of the islands only a few pages have, whose code each page fetches for itself.
 * A module of its own: `islands.ts` imports these names and lists each island with `lazyIsland`, so
 * its code is not a part of the islands chunk every reader page loads.
 */

/** The reader forms: spec 001's kontakt, tipsa and annonsera; the right of reply; the DSA notice and appeal; the checkout. */
export const FORM_ISLANDS = {
  contact: 'contact-form',
  tip: 'tip-form',
  adInquiry: 'ad-inquiry-form',
  reply: 'reply-form',
  dsaNotice: 'dsa-notice-form',
  dsaAppeal: 'dsa-appeal',
  /** The choice of plan and the hand-over to Stripe Checkout on `/prenumerera` (issue 42). */
  checkout: 'checkout-form',
} as const;

/** Spec 001's side tools: the whole of each page below the header is one island. */
export const TOOL_ISLANDS = {
  periodicTable: 'periodic-table',
  solarSystem: 'solar-system',
} as const;
