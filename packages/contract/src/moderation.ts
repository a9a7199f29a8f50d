import { TIME_ZONE } from './stockholm.js';
/**
 * Comment moderation (issue 16): constants, Swedish labels and messages. Browser-safe (no zod): the
 * shapes are zod schemas in moderation-schemas.ts (endpoint list at its top), exported from the
 * index as types only (decision 003).
 */

/** Site-wide (or per-article) moderation mode. 'publish' (the default) keeps the spec's behaviour. */
export const MODERATION_MODES = ['publish', 'first-time', 'all'] as const;
export type ModerationMode = (typeof MODERATION_MODES)[number];
export const MODERATION_MODE_LABELS: Record<ModerationMode, string> = {
  publish: 'Publicera direkt',
  'first-time': 'Granska nya kommentatorer',
  all: 'Granska alla kommentarer',
};

/**
 * Where a comment stands. Readers see only 'visible'; 'pending' (held by the policy or a check) and
 * 'hidden' (hidden by readers' reports until reviewed) are shown to their author marked
 * "Väntar på granskning"; 'rejected' is shown to nobody but moderators.
 */
export const MODERATION_STATUSES = ['visible', 'pending', 'hidden', 'rejected'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

/** Why a comment is in the queue (each stored with the comment; `detail` says which word, how many links…). */
export const MODERATION_REASON_CODES = [
  /** Site or article mode 'all'. */
  'mode-all',
  /** Mode 'first-time' and the commenter has no approved or published comment yet. */
  'first-time',
  /** The commenter is on the always-pre-moderate list. */
  'premoderated',
  /** A suspect word (detail: the word as written in the comment). */
  'suspect-word',
  /** More links than the limit (detail: how many). */
  'links',
  /** The same text was posted before (detail: the earlier comment's id when known). */
  'repeated',
  /** Readers' reports reached the threshold (detail: how many). */
  'reports',
  /** A moderator rejected it (detail: the reason given). */
  'rejected',
] as const;
export type ModerationReasonCode = (typeof MODERATION_REASON_CODES)[number];
export const MODERATION_REASON_LABELS: Record<ModerationReasonCode, string> = {
  'mode-all': 'Alla kommentarer granskas',
  'first-time': 'Ny kommentator',
  premoderated: 'Kommentatorn granskas alltid',
  'suspect-word': 'Misstänkt ord',
  links: 'För många länkar',
  repeated: 'Upprepad text',
  reports: 'Anmäld av läsare',
  rejected: 'Avvisad',
};

/** Reasons a reader gives in "Anmäl". */
export const REPORT_REASONS = ['spam', 'hate', 'harassment', 'illegal', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  hate: 'Hat eller hot',
  harassment: 'Personangrepp',
  illegal: 'Olagligt innehåll',
  other: 'Annat',
};
export const REPORT_NOTE_MAX = 500;
/** Reports one address may send per minute without an account. */
export const REPORTS_PER_MINUTE = 5;

/** Queue tabs: Väntande (pending), Anmälda (hidden by reports, or visible with open reports), Avvisade. */
export const QUEUE_TABS = ['pending', 'reported', 'rejected'] as const;
export type QueueTab = (typeof QUEUE_TABS)[number];
export const QUEUE_TAB_LABELS: Record<QueueTab, string> = {
  pending: 'Väntande',
  reported: 'Anmälda',
  rejected: 'Avvisade',
};
export const QUEUE_ORDERS = ['newest', 'oldest'] as const;
export type QueueOrder = (typeof QUEUE_ORDERS)[number];
export const QUEUE_PAGE = 20;
/** Tab sizes are counted up to this (a badge shows "10000+"), so the count stays an index read of bounded length. */
export const QUEUE_COUNT_MAX = 10_000;
export const QUEUE_PAGE_MAX = 50;
/** Most comments in one bulk approve/reject. */
export const BULK_MAX = 100;

export const BULK_ACTIONS = ['approve', 'reject'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** Ban: no comments at all; premoderate: every comment is held ("always pre-moderate"). */
export const BAN_KINDS = ['ban', 'premoderate'] as const;
export type BanKind = (typeof BAN_KINDS)[number];

/** Every moderation action in the audit log. `system` entries have no actor. */
export const AUDIT_ACTIONS = [
  'approve',
  'reject',
  /** A first-time commenter's other held comments released by the approval of one. */
  'auto-approve',
  /** Readers' reports reached the threshold (system). */
  'auto-hide',
  'ban',
  'unban',
  'settings',
  'article-settings',
  /** Issue 43 (DSA): a notice came in, was decided, a statement of reasons went out, an appeal came and was decided. */
  'dsa-notice',
  'dsa-decision',
  'dsa-statement',
  'dsa-appeal',
  'dsa-appeal-decision',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  approve: 'Godkände',
  reject: 'Avvisade',
  'auto-approve': 'Godkändes automatiskt',
  'auto-hide': 'Doldes efter anmälningar',
  ban: 'Stängde av',
  unban: 'Hävde avstängning',
  settings: 'Ändrade inställningar',
  'article-settings': 'Ändrade artikelns kommentarsinställningar',
  'dsa-notice': 'Tog emot en anmälan om olagligt innehåll',
  'dsa-decision': 'Beslutade om en anmälan om olagligt innehåll',
  'dsa-statement': 'Skickade en motivering av beslut',
  'dsa-appeal': 'Tog emot en överklagan',
  'dsa-appeal-decision': 'Avgjorde en överklagan',
};
export const AUDIT_PAGE = 50;
export const AUDIT_PAGE_MAX = 100;

/** Word lists: entries per list and length of one entry. */
export const WORD_LIST_MAX = 1000;
export const WORD_MAX = 60;
export const LINK_LIMIT_MAX = 50;
export const AUTO_CLOSE_DAYS_MAX = 3650;
export const REPORT_THRESHOLD_MAX = 100;
export const MODERATION_REASON_MAX = 1000;

/**
 * Defaults: an ordinary comment publishes at once (spec behaviour); out of the box (issue 41) a
 * comment with more than two links, or with a word of the built-in Swedish list, waits for review.
 */
export const MODERATION_DEFAULTS = {
  mode: 'publish' as ModerationMode,
  link_limit: 2 as number | null,
  builtin_words: true,
  hold_repeated: false,
  auto_close_days: null as number | null,
  report_threshold: 3,
  queue_alert_threshold: 50 as number | null,
};

/** The header a visitor's browser sends back to see its own held comments (`author_token` on create). */
export const COMMENTER_TOKEN_HEADER = 'x-commenter-token';

export const MODERATION_MSG = {
  pendingBadge: 'Väntar på granskning',
  pendingNotice: 'Tack! Din kommentar visas när den har granskats.',
  hiddenPlaceholder: 'Kommentaren är dold i väntan på granskning.',
  bannedWord: (word: string) =>
    `Kommentaren innehåller ett ord som inte är tillåtet här: ”${word}”. Ändra texten och försök igen.`,
  closed: 'Kommentarerna är stängda för den här artikeln.',
  bannedForGood: 'Du är avstängd från att kommentera på Väggen.',
  bannedUntil: (date: string) => `Du är avstängd från att kommentera till och med ${date}.`,
  reportSent: 'Tack! Kommentaren är anmäld och granskas av redaktionen.',
  reportAlready: 'Du har redan anmält den här kommentaren.',
  reportRate: 'Du har anmält för många kommentarer. Vänta en minut och försök igen.',
  reportOwn: 'Du kan inte anmäla din egen kommentar.',
  reportNoteTooLong: `Kommentaren till anmälan får vara högst ${REPORT_NOTE_MAX} tecken`,
  reportReason: 'Välj en anledning till anmälan',
  notInQueue: 'Kommentaren finns inte i granskningskön',
  notYourArticle: 'Du kan bara granska kommentarer på dina egna artiklar',
  bulkEmpty: 'Markera minst en kommentar',
  bulkTooMany: `Högst ${BULK_MAX} kommentarer åt gången`,
  reasonTooLong: `Anledningen får vara högst ${MODERATION_REASON_MAX} tecken`,
  banTarget: 'Ange antingen ett konto eller en e-postadress',
  banUntilPast: 'Slutdatumet måste ligga i framtiden',
  banUnknownUser: 'Kontot finns inte',
  banStaff: 'Skribenter och administratörer kan inte stängas av här',
  banNotFound: 'Avstängningen finns inte',
  wordInvalid: 'Ord får bara innehålla bokstäver, siffror, mellanslag, bindestreck och apostrof',
  wordTooLong: `Ett ord får vara högst ${WORD_MAX} tecken`,
  wordListTooLong: `Högst ${WORD_LIST_MAX} ord per lista`,
  cursor: 'Ogiltig sidmarkör',
  queueAlertTitle: 'Granskningskön växer',
  queueAlert: (n: number) => `${n} kommentarer väntar på granskning.`,
  /** The log line of a ban whose account was deleted (issue 21: the person is no longer named). */
  auditAccountDeleted: 'Gällde ett konto som har raderats',
} as const;

/** Swedish date for ban messages, e.g. "1 december 2026". */
export function moderationDate(iso: string): string {
  return new Date(iso).toLocaleDateString('sv-SE', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: TIME_ZONE,
  });
}
