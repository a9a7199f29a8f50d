import { type PageRules, pageRule } from '../../lib/page-cache/index.js';
import { FrontChanged } from './events.js';

/** What cached pages show of front pages (issue 41). */
export const FrontPages = {
  /** The page shows this front's pinned slots (the home page `hem`, a category's page, `/api/fronts/:front`). */
  front: (front: string) => `front:${front}`,
} as const;

/** A changed front drops exactly the pages that show it (not the other fronts' pages). */
export const frontPageRules: PageRules = {
  owner: 'fronts',
  rules: [pageRule(FrontChanged, { evict: (c) => [FrontPages.front(c.front)] })],
};
