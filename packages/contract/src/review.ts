/**
 * Issue 41: review before publishing. While the paper's setting `review_required` is on, a writer
 * cannot publish or schedule; they send the article for review (status `review`) and an admin
 * publishes, schedules or returns it with a comment. Browser-safe; schemas in review-schemas.ts.
 */

export const REVIEW_DECISIONS = ['publish', 'schedule', 'return'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** Articles in the review queue per page. */
export const REVIEW_QUEUE_PAGE = 20;
export const REVIEW_COMMENT_MAX = 2000;

export const REVIEW_TEXT = {
  settingLabel: 'Skribenters artiklar granskas före publicering',
  /** 403: a writer's publish or schedule while review is required. */
  publishForbidden:
    'Artiklar måste granskas innan de publiceras. Skicka artikeln för granskning så publicerar en redaktör den.',
  sendForReview: 'Skicka för granskning',
  sentForReview: 'Artikeln är skickad för granskning',
  notInReview: 'Artikeln väntar inte på granskning',
  queueHeading: 'Granskning',
  queueEmpty: 'Inga artiklar väntar på granskning.',
  approve: 'Publicera',
  scheduleAction: 'Schemalägg',
  returnAction: 'Skicka tillbaka',
  commentLabel: 'Kommentar till skribenten',
  returnNeedsComment: 'Skriv en kommentar till skribenten om vad som behöver ändras',
  // revision notes (the article's history)
  noteSubmitted: (name: string) => `Skickad för granskning av ${name}`,
  notePublished: (name: string) => `Godkänd och publicerad av ${name}`,
  noteScheduled: (name: string, at: string) => `Godkänd av ${name}, schemalagd till ${at}`,
  noteReturned: (name: string, comment: string) => `Skickad tillbaka av ${name}: ${comment}`,
  // the admins' notification
  requestedTitle: 'Ny artikel att granska',
  requestedMessage: (name: string, title: string) => `${name} har skickat ”${title}” för granskning.`,
  // the writer's notification
  publishedTitle: 'Din artikel har godkänts',
  publishedMessage: (title: string) => `”${title}” har granskats och publicerats.`,
  scheduledTitle: 'Din artikel har godkänts',
  scheduledMessage: (title: string, at: string) => `”${title}” har granskats och publiceras ${at}.`,
  returnedTitle: 'Din artikel har skickats tillbaka',
  returnedMessage: (title: string, comment: string) => `”${title}” behöver ändras: ${comment}`,
} as const;
