/**
 * Issue 43: the right of reply (genmäle). A person an article concerns asks to reply; the newsroom
 * handles it as a case (mottagen → beviljad → publicerad, or avslagen med motivering); the requester
 * gets a receipt and each decision by e-mail; a published reply and its article link to each other.
 * Browser-safe; the zod schemas are in replies-schemas.ts.
 */

export const REPLY_STATUSES = ['received', 'granted', 'published', 'rejected'] as const;
export type ReplyStatus = (typeof REPLY_STATUSES)[number];
export const REPLY_STATUS_LABELS: Record<ReplyStatus, string> = {
  received: 'Mottagen',
  granted: 'Beviljad',
  published: 'Publicerad',
  rejected: 'Avslagen',
};
/** The moves a case may make: a decision is final once published or rejected. */
export const REPLY_NEXT: Record<ReplyStatus, readonly ReplyStatus[]> = {
  received: ['granted', 'rejected'],
  granted: ['published', 'rejected'],
  published: [],
  rejected: [],
};

export const REPLY_TEXT_MAX = 10_000;
export const REPLY_NAME_MAX = 120;
export const REPLY_DECISION_MAX = 5000;
export const REPLIES_PAGE = 20;
export const REPLIES_PAGE_MAX = 100;
/** Requests one address may send per hour. */
export const REPLIES_PER_HOUR = 5;

export const REPLIES_MSG = {
  nameRequired: 'Skriv ditt namn',
  emailRequired: 'Ange en e-postadress så att vi kan svara dig',
  textRequired: 'Skriv ditt genmäle',
  textTooLong: `Genmälet får vara högst ${REPLY_TEXT_MAX} tecken`,
  articleNotFound: 'Artikeln finns inte',
  received: (caseNumber: string) =>
    `Tack! Din begäran om genmäle har tagits emot med ärendenummer ${caseNumber}. Du får besked per e-post.`,
  tooMany: 'Du har skickat många begäranden på kort tid. Vänta en stund och försök igen.',
  notFound: 'Ärendet finns inte',
  badMove: 'Ärendet kan inte flyttas dit från sitt nuvarande läge',
  reasonRequired: 'Ett avslag ska motiveras',
  publishedArticleRequired: 'Ange den publicerade artikeln med genmälet',
  publishedArticleNotFound: 'Den angivna genmälesartikeln finns inte eller är inte publicerad',
} as const;
