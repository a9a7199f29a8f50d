import { type PageRules, pageRule } from '../../lib/page-cache/index.js';
import { AccountDeleted, ProfileChanged, RoleChanged } from './events.js';

/** The pages that show a person (issue 39): bylines, author pages, comment avatars and roles. */
export const UserPages = {
  /** The page shows this person's byline or comments (name, picture, staff role). */
  author: (userId: number) => `author:${userId}`,
};

/**
 * Bylines and comments show names and pictures: only pages and threads with this person go. A
 * role change too: a comment shows its author's staff role (issue 13). A deleted account's too.
 */
export const userPageRules: PageRules = {
  owner: 'users',
  rules: [
    pageRule(ProfileChanged, { evict: (u) => [UserPages.author(u.userId)] }),
    pageRule(RoleChanged, { evict: (u) => [UserPages.author(u.userId)] }),
    pageRule(AccountDeleted, { evict: (u) => [UserPages.author(u.userId)] }),
  ],
};
