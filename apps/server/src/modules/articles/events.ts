import type { Category } from '@vaggen/contract';
import { defineEvent } from '../../lib/events/domain-events.js';

/**
 * What happens to articles, as domain events (issue 39). Who reacts is listed in `src/events.ts`.
 */

/** The text of an article as stored by a create or an update (emitted in its transaction). */
export interface WrittenArticle {
  id: number;
  title: string;
  content: string;
}
export const ArticleWritten = defineEvent<WrittenArticle>('ArticleWritten');

/**
 * What changed for readers, who see published articles only (the page cache drops exactly the pages
 * that show it). `category` is the article's category after the change (before it, for a delete);
 * `previousCategory` is set when an update moved the article to another category.
 */
export interface ArticleChange {
  kind: 'created' | 'updated' | 'deleted';
  id: number;
  category: Category;
  previousCategory?: Category;
  authorId: number | null;
  /** Issue 14: the byline's staff authors (all of them; `authorId` is the first). */
  authorIds?: number[];
  /** Issue 14: the article's free tags after the change, and before it when an update changed them. */
  tags?: string[];
  previousTags?: string[];
}
/** A save, the scheduler or a delete changed what readers see of an article. */
export const ArticleChanged = defineEvent<ArticleChange>('ArticleChanged');

/**
 * An article is being deleted, whatever its status: emitted inside the delete's transaction before
 * its row goes, so that what hangs on it (comments, notifications, search entries) goes with it.
 */
export const ArticleDeleted = defineEvent<{ id: number }>('ArticleDeleted');

/** An article that went live by the scheduler. */
export interface WentLive {
  id: number;
  slug: string;
  title: string;
  authorId: number | null;
}
/** The scheduler published an article at its time (its author is told). */
export const ArticlePublished = defineEvent<WentLive>('ArticlePublished');

/** Issue 43: a correction was added to a published article, or amended. */
export interface Corrected {
  articleId: number;
  correctionId: number;
  kind: 'added' | 'amended';
}
export const ArticleCorrected = defineEvent<Corrected>('ArticleCorrected');

/** Issue 41: an admin decided on an article a writer sent for review (its writer is told). */
export interface Reviewed {
  id: number;
  slug: string;
  title: string;
  authorId: number | null;
  decision: 'publish' | 'schedule' | 'return';
  comment: string | null;
  /** With `schedule`: when it goes live (ISO). */
  publishAt: string | null;
}
export const ArticleReviewed = defineEvent<Reviewed>('ArticleReviewed');

/** Issue 41: a writer sent an article for review (the admins are told). */
export const ArticleSentForReview = defineEvent<{ id: number; title: string; by: string }>('ArticleSentForReview');
