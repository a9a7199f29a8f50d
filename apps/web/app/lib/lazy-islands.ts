/**
 * Issue 46: the names of the reader forms' islands (spec 001's kontakt, tipsa and annonsera; the
 * right of reply; the DSA notice and appeal). A module of its own: `islands.ts` imports these names
 * and lists each form with `lazyIsland`, so a form's code is fetched only by the page it is on.
 */
export const FORM_ISLANDS = {
  contact: 'contact-form',
  tip: 'tip-form',
  adInquiry: 'ad-inquiry-form',
  reply: 'reply-form',
  dsaNotice: 'dsa-notice-form',
  dsaAppeal: 'dsa-appeal',
} as const;
