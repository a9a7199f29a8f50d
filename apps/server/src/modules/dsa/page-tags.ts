import { type PageRules, pageRule } from '../../lib/page-cache/index.js';
import { DsaCaseChanged } from './events.js';

/** What cached pages show of the DSA's cases (issue 43). */
export const DsaPages = {
  /** The transparency report (`/transparensrapport`): counts of every kind of case. */
  transparency: 'dsa-transparency',
} as const;

export const dsaPageRules: PageRules = {
  owner: 'dsa',
  rules: [pageRule(DsaCaseChanged, { evict: () => [DsaPages.transparency] })],
};
