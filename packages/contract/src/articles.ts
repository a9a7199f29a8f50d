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
/** Issue 41: the fields a newsroom writes besides the headline and the text. */
export const INGRESS_MAX = 600;
export const TEASER_MAX = 400;
export const SEO_TITLE_MAX = 120;
export const SEO_DESCRIPTION_MAX = 320;
export const SOCIAL_TITLE_MAX = 200;
export const SOCIAL_DESCRIPTION_MAX = 400;
export const SLUG_MAX = 200;
/** A slug an editor may write: lower-case a–z, digits and single dashes (what slugify makes). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Issue 41: the newsroom list's cursor: the last row's date and id (`{date}~{id}`). */
export const NEWSROOM_CURSOR = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z)~([1-9]\d{0,9})$/;
export const newsroomCursor = (a: { date: string; id: number }) => `${a.date}~${a.id}`;

/** Revisions listed per page in the editor. */
export const REVISIONS_PAGE = 20;
/** "Uppdaterad" shows only when the article was saved this long after it went live. */
export const UPDATED_AFTER_MS = 60_000;
/** The time zone the newsroom schedules in. */
export const NEWSROOM_TIME_ZONE = TIME_ZONE;

/** Issue 41: a tag as the editor wrote it (casing kept): trimmed, single spaces. */
export function tagLabel(tag: string): string {
  return tag.normalize('NFC').replace(/\s+/g, ' ').trim();
}

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

/** Invitations listed per page (`GET /newsroom/byline-invitations`). */
export const BYLINE_INVITATIONS_PAGE = 50;

/** Issue 44: the badge of a live report on its page (here, not in live.ts: the article view's chunk has this module). */
export const LIVE_BADGE = 'Direktrapport';
