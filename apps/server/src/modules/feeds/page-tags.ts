import { type PageRules, pageRule } from '../../lib/page-cache/index.js';
import { ArticleChanged, ArticleCorrected } from '../articles/events.js';
import { LiveEntryEdited, LiveEntryPosted, LiveEntryRemoved } from '../live/events.js';

/** What cached answers show of the feeds (issue 39). */
export const FeedPages = {
  /** RSS feeds and sitemaps: titles, excerpts and `lastmod` of many articles; any article change reaches them. */
  feeds: 'feeds',
} as const;

export const feedPageRules: PageRules = {
  owner: 'feeds',
  rules: [
    pageRule(ArticleChanged, { evict: () => [FeedPages.feeds] }),
    // Issue 43: the corrections feed.
    pageRule(ArticleCorrected, { evict: () => [FeedPages.feeds] }),
    // Issue 44: a live report's item shows its newest entry (re-rendered on the next read).
    pageRule(LiveEntryPosted, { stale: () => [FeedPages.feeds] }),
    pageRule(LiveEntryEdited, { stale: () => [FeedPages.feeds] }),
    pageRule(LiveEntryRemoved, { stale: () => [FeedPages.feeds] }),
  ],
};
