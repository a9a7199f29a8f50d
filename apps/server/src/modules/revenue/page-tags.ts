import { type PageRules, pageRule } from '../../lib/page-cache/index.js';
import { PlansChanged } from './events.js';

/** What cached pages show of reader revenue. */
export const RevenuePages = {
  /** The page shows the plans on sale and their prices (`/prenumerera`, `/prenumerera/ge-bort`). */
  plans: 'plans',
} as const;

/** A created or changed plan drops the pages that list the plans. */
export const revenuePageRules: PageRules = {
  owner: 'revenue',
  rules: [pageRule(PlansChanged, { evict: () => [RevenuePages.plans] })],
};
