import { TIME_ZONE } from './stockholm.js';
/**
 * Articles and the newsroom's workflow (issue 14): statuses, tags, bylines, image credits, edit
 * conflicts. Browser-safe; the article shapes are in articles-schemas.ts.
 */

/** Issue 41: 'review' — a writer sent it for review while the paper requires it (hidden from readers). */
export const ARTICLE_STATUSES = ['draft', 'scheduled', 'published', 'unpublished', 'review'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export const ARTICLE_STATUS_LABELS: Record<ArticleStatus, string> = {
  draft: 'Utkast',
  scheduled: 'Schemalagd',
  published: 'Publicerad',
  unpublished: 'Avpublicerad',
  review: 'Väntar på granskning',
};

export const TAG_MAX = 40;
export const TAGS_PER_ARTICLE = 15;
export const BYLINE_MAX = 120;
export const AUTHORS_PER_ARTICLE = 5;
export const IMAGE_TEXT_MAX = 300;
/** Revisions listed per page in the editor. */
export const REVISIONS_PAGE = 20;
/** "Uppdaterad" shows only when the article was saved this long after it went live. */
export const UPDATED_AFTER_MS = 60_000;
/** The time zone the newsroom schedules in. */
export const NEWSROOM_TIME_ZONE = TIME_ZONE;

/** A tag as stored and linked: trimmed, single spaces, lower case (Swedish rules). */
export function normalizeTag(tag: string): string {
  return tag.normalize('NFC').replace(/\s+/g, ' ').trim().toLocaleLowerCase('sv-SE');
}

/** "Foto: …" under an image; a credit that already says Foto/Bild is kept as written. */
export function creditLine(credit: string | null | undefined): string | null {
  const c = credit?.trim();
  if (!c) return null;
  return /^(foto|bild|illustration|grafik)\s*:/i.test(c) ? c : `Foto: ${c}`;
}

/** A page never shows an image without alt text: alt, else the caption, else the title. */
export function imageAlt(alt: string | null | undefined, caption: string | null | undefined, title: string): string {
  return alt?.trim() || caption?.trim() || title;
}

export const NEWSROOM_TEXT = {
  saveDraft: 'Spara utkast',
  publish: 'Publicera',
  schedule: 'Schemalägg',
  unpublish: 'Avpublicera',
  /** 409: someone saved after you opened the article. */
  conflict: (name: string, at: string) =>
    `Artikeln har ändrats av ${name} (${at}) efter att du öppnade den. Ladda deras version eller skriv över medvetet.`,
  conflictPlain:
    'Artikeln har ändrats av någon annan efter att du öppnade den. Ladda deras version eller skriv över medvetet.',
  /** Who "saved" an article the scheduler put live (its revision, and a stale editor's 409). */
  schedulerName: 'schemaläggningen',
  scheduleNeedsTime: 'Ange datum och tid för publiceringen',
  scheduleBadTime: 'Publiceringstiden måste vara ett giltigt datum och en giltig tid',
  revisionNotFound: 'Versionen finns inte',
  publishedTitle: 'Din artikel har publicerats',
  publishedMessage: (title: string) => `Den schemalagda artikeln ”${title}” är nu publicerad.`,
  altMissing: 'Bilden saknar alternativtext. Beskriv bilden för den som inte kan se den.',
  altMissingConfirm: 'En eller flera bilder saknar alternativtext. Vill du publicera ändå?',
  unknownAuthor: 'Skribenten finns inte eller är inte skribent eller administratör',
} as const;

/**
 * Issue 40 (finding 8): a co-byline needs the named person's consent. A writer who names another
 * writer or an admin in `author_ids` invites them; until they accept they are not in the byline,
 * have no access and the article is not theirs. An admin names co-authors directly.
 */
export const BYLINE_TEXT = {
  heading: 'Inbjudningar till byline',
  intro: 'Kollegor som vill skriva dig som medförfattare. Du syns i bylinen först när du tackar ja.',
  empty: 'Inga inbjudningar just nu.',
  accept: 'Tacka ja',
  decline: 'Tacka nej',
  invitedBy: (name: string) => `Inbjuden av ${name}`,
  accepted: (title: string) => `Du står nu i bylinen för ”${title}”.`,
  declined: (title: string) => `Du har tackat nej till bylinen för ”${title}”.`,
  notFound: 'Inbjudan finns inte, eller är redan besvarad.',
  // Notifications name the article, not the person: a deleted account's name must not stay in them (decision 027).
  invitationTitle: 'Inbjudan till byline',
  invitationMessage: (title: string) =>
    `En kollega vill skriva dig som medförfattare till ”${title}”. Svara på startsidan för redaktionen.`,
  answeredTitle: (accepted: boolean) => (accepted ? 'Inbjudan till byline antagen' : 'Inbjudan till byline avböjd'),
  answeredMessage: (title: string, accepted: boolean) =>
    `Din inbjudan till bylinen för ”${title}” har ${accepted ? 'antagits' : 'avböjts'}.`,
} as const;

/** Invitations listed per page (`GET /newsroom/byline-invitations`). */
export const BYLINE_INVITATIONS_PAGE = 50;

/** Issue 44: the badge of a live report on its page (here, not in live.ts: the article view's chunk has this module). */
export const LIVE_BADGE = 'Direktrapport';
