import { type PageRules, pageRule } from '../../lib/page-cache/index.js';
import { ArticleChanged } from '../articles/events.js';

/** What cached pages show of search (issue 39). */
export const SearchPages = {
  /** Search results (/sok, /api/search): any article change may add, drop or reword a hit. */
  results: 'search',
} as const;

export const searchPageRules: PageRules = {
  owner: 'search',
  rules: [pageRule(ArticleChanged, { evict: () => [SearchPages.results] })],
};
