import { LIVE_BADGE } from './articles.js';

/**
 * Issue 44: live reports ("Direktrapport"): an article of kind `live` holds short entries, newest
 * first, that open pages receive through a stream. Constants and Swedish texts for server and web.
 */

export const ARTICLE_KINDS = ['article', 'live'] as const;
export type ArticleKind = (typeof ARTICLE_KINDS)[number];

/** Entries per page of `GET /api/articles/:id/live-entries`. */
export const LIVE_ENTRIES_PAGE = 20;
export const LIVE_ENTRIES_PAGE_MAX = 100;
/** An entry's cleaned HTML, at most. */
export const LIVE_ENTRY_MAX = 5000;
/** Pinned entries ("Viktigast just nu") shown at the top, at most. */
export const LIVE_PINNED_MAX = 5;
/** Stream events a resuming reader is sent from the database, at most (then it reloads the page). */
export const LIVE_CATCH_UP_MAX = 500;
/** The stream events: a new entry, an edited (or pinned) one, a removed one, the report ended. */
export const LIVE_STREAM_EVENTS = ['entry', 'edit', 'remove', 'end'] as const;
export type LiveStreamEvent = (typeof LIVE_STREAM_EVENTS)[number];

/** The newsroom's live desk of a report (entry composer, pins, edits, the end). */
export const liveDeskPath = (articleId: number) => `/admin/direkt/${articleId}`;

export const LIVE_TEXT = {
  desk: 'Direktdesken',
  openDesk: 'Öppna direktdesken',
  posted: 'Inlägget är publicerat',
  pinnedMark: 'Viktigast',
  back: 'Till redigeraren',
  readerLink: 'Visa för läsare',
  badge: LIVE_BADGE,
  pinnedHeading: 'Viktigast just nu',
  ended: 'Direktrapporteringen är avslutad',
  edited: (at: string) => `Uppdaterad ${at}`,
  newEntries: (n: number) => (n === 1 ? '1 nytt inlägg' : `${n} nya inlägg`),
  entriesHeading: 'Senaste inläggen',
  empty: 'Inga inlägg än.',
  more: 'Visa äldre inlägg',
  composerLabel: 'Nytt inlägg',
  composerHint: 'Ctrl+Enter (⌘+Enter) publicerar',
  post: 'Publicera inlägg',
  pin: 'Fäst som viktigast',
  unpin: 'Ta bort från viktigast',
  edit: 'Redigera',
  save: 'Spara',
  cancel: 'Avbryt',
  remove: 'Ta bort',
  removeConfirm: 'Ta bort inlägget för alla läsare?',
  end: 'Avsluta direktrapporteringen',
  endConfirm: 'Avsluta direktrapporteringen? Rapporten ligger kvar och går att läsa.',
  kindLabel: 'Typ',
  kindArticle: 'Artikel',
  kindLive: 'Direktrapport',
  draftKept: 'Inlägget kunde inte publiceras. Texten är sparad här – försök igen.',
  picture: 'Lägg till bild',
  saveDraft: 'Spara som utkast',
  draftSaved: 'Utkastet är sparat. Det syns inte för läsare förrän det publiceras.',
  draftsHeading: 'Utkast',
  draftsEmpty: 'Inga utkast.',
  draftsLoading: 'Hämtar utkast…',
  draftsError: 'Utkasten kunde inte hämtas.',
  retry: 'Försök igen',
  draftMark: 'Utkast',
  publishDraft: 'Publicera',
  draftPublished: 'Utkastet är publicerat',
  removeDraftConfirm: 'Ta bort utkastet?',
} as const;

export const LIVE_MSG = {
  articleNotFound: 'Artikeln finns inte',
  notLive: 'Artikeln är ingen direktrapport',
  ended: 'Direktrapporteringen är avslutad',
  entryNotFound: 'Inlägget finns inte',
  contentRequired: 'Skriv något i inlägget',
  contentTooLong: `Inlägget får vara högst ${LIVE_ENTRY_MAX} tecken`,
  badCursor: 'Ogiltig markör',
  tooManyStreams: 'För många öppna direktflöden från din adress',
  notOwn: 'Du kan bara skriva i dina egna direktrapporter',
  badDrafts: 'drafts ska vara 0 eller 1',
  notADraft: 'Ett publicerat inlägg kan inte bli ett utkast igen',
  draftRemoved: 'Utkastet är borttaget',
} as const;
