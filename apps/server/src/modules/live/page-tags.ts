import { type PageRules, pageRule } from '../../lib/page-cache/index.js';
import { ArticlePages } from '../articles/page-tags.js';
import { LiveEntryEdited, LiveEntryPosted, LiveEntryRemoved } from './events.js';

/** What pages show of live reports (issue 44). */
export const LivePages = {
  /** `GET /api/articles/:id/live-entries` (every page of it: the polling fallback reads it). */
  entries: (articleId: number) => `live:${articleId}`,
} as const;

/**
 * An entry changed: the entries' API answers go at once (the polling fallback must see it); the
 * report's own page is re-rendered on its next visit while still served (a snapshot: its open
 * copies are brought up to date by the stream).
 */
const rule = {
  evict: (c: { articleId: number }) => [LivePages.entries(c.articleId)],
  stale: (c: { articleId: number }) => [ArticlePages.article(c.articleId)],
};
export const livePageRules: PageRules = {
  owner: 'live',
  rules: [pageRule(LiveEntryPosted, rule), pageRule(LiveEntryEdited, rule), pageRule(LiveEntryRemoved, rule)],
};
