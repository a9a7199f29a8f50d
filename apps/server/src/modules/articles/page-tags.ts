import { normalizeTag } from '@vaggen/contract';
import type { Invalidation } from '../../lib/page-cache/index.js';
import { type PageRules, pageRule } from '../../lib/page-cache/index.js';
import { UserPages } from '../users/page-tags.js';
import { type ArticleChange, ArticleChanged, ArticleCorrected } from './events.js';

/** What pages show of articles (decision 016, issue 39): the tags the reader API and the routes record. */
export const ArticlePages = {
  /** The page's main content is this article (its page, `/api/articles/:id`, `/api/articles/slug/:slug`). */
  article: (id: number) => `article:${id}`,
  /** A list shows this article (title, excerpt, image). */
  shows: (id: number) => `shows:${id}`,
  /** A list of a category's newest articles (or of all: `list:all`); its membership changes on publish/delete. */
  list: (category: string | null | undefined) => `list:${category ?? 'all'}`,
  /** A `/tag/{tag}` list (issue 14): its membership changes when an article with the tag appears or goes. */
  tag: (tag: string) => `tag:${normalizeTag(tag)}`,
  /** "Mer från <kategori>" under an article page. */
  related: (category: string) => `related:${category}`,
  /** The reader sidebar (SENASTE NYTT, SENASTE, HETAST) on every reader page. */
  sidebar: 'sidebar',
  /** Issue 43: the list of all corrections (`/rattelser`, `GET /api/corrections`). */
  corrections: 'corrections',
} as const;

/** The byline tags of an article: its author and every staff co-author (issue 14). */
export function bylineTags(a: { author_id: number | null; authors?: { id: number | null }[] }): string[] {
  const ids = new Set<number>();
  if (a.author_id !== null) ids.add(a.author_id);
  for (const p of a.authors ?? []) if (p.id !== null) ids.add(p.id);
  return [...ids].map(UserPages.author);
}

/**
 * Which cached pages an article change reaches. Dropped at once: the article's own page and API
 * answers, every list that shows it, and the lists whose membership it changes (a new or deleted
 * article shifts its category's list and the front page). Re-rendered on their next visit while
 * still served (stale): the sidebar on every reader page and the related lists of its category.
 * (Search results, feeds and sitemaps are their modules' rules.)
 */
export function pageInvalidationFor(change: ArticleChange): Invalidation {
  const categories = [change.category, ...(change.previousCategory ? [change.previousCategory] : [])];
  const evict = new Set<string>();
  if (change.kind !== 'created') evict.add(ArticlePages.article(change.id)).add(ArticlePages.shows(change.id));
  if (change.kind !== 'updated' || change.previousCategory) {
    evict.add(ArticlePages.list(null));
    for (const c of categories) evict.add(ArticlePages.list(c));
  }
  for (const t of tagListsAffected(change)) evict.add(ArticlePages.tag(t));
  return { evict: [...evict], stale: [ArticlePages.sidebar, ...categories.map((c) => ArticlePages.related(c))] };
}

/**
 * Issue 14: the `/tag/{tag}` lists whose membership changed. An article appearing (created, or a
 * hidden one published) or going away (deleted, unpublished) changes every list of its tags; an
 * update changes those of the tags added or removed (the lists still showing it go by `shows:id`).
 */
export function tagListsAffected(change: ArticleChange): string[] {
  const now = (change.tags ?? []).map(normalizeTag);
  if (change.kind !== 'updated') return now;
  if (!change.previousTags) return [];
  const before = change.previousTags.map(normalizeTag);
  return [...new Set([...now.filter((t) => !before.includes(t)), ...before.filter((t) => !now.includes(t))])];
}

/** Readers see articles: the pages that show the changed one go, in every process (decision 016). */
export const articlePageRules: PageRules = {
  owner: 'articles',
  rules: [
    pageRule(ArticleChanged, {
      evict: (c) => pageInvalidationFor(c).evict,
      stale: (c) => pageInvalidationFor(c).stale,
    }),
    // Issue 43: a correction shows at the top of its article and on the list of all corrections
    // (an unpublished article's corrections leave that list by ArticleChanged's list rule too).
    pageRule(ArticleCorrected, {
      evict: (c) => [ArticlePages.article(c.articleId), ArticlePages.corrections],
    }),
    pageRule(ArticleChanged, { evict: () => [ArticlePages.corrections] }),
  ],
};
