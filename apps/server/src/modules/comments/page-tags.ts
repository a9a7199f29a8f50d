import { type PageRules, pageRule } from '../../lib/page-cache/index.js';
import { ArticleDeleted } from '../articles/events.js';
import { CommentPosted, CommentStatusChanged, CommentsRemoved, CommentThreadChanged } from './events.js';

const THREAD = 'thread:';

/** What cached answers show of comments (issue 39). */
export const CommentPages = {
  /**
   * Issue 13 (decision 031): an anonymous reader's answer of `/api/comments` (any page, order) or
   * `/api/comments/:id/replies` for this article's comments; it goes on every change of them.
   */
  thread: (articleId: number) => `${THREAD}${articleId}`,
  /** Threads are kept in memory only: the page store never records their changes. */
  isThread: (tag: string) => tag.startsWith(THREAD),
};

/** An article's cached thread answers go after every committed change of its comments, and with it. */
export const commentPageRules: PageRules = {
  owner: 'comments',
  rules: [
    pageRule(CommentPosted, { evict: (c) => [CommentPages.thread(c.article.id)] }),
    pageRule(CommentsRemoved, { evict: (c) => c.articleIds.map(CommentPages.thread) }),
    pageRule(CommentStatusChanged, { evict: (c) => [CommentPages.thread(c.articleId)] }),
    pageRule(CommentThreadChanged, { evict: (c) => c.articleIds.map(CommentPages.thread) }),
    pageRule(ArticleDeleted, { evict: (a) => [CommentPages.thread(a.id)] }),
  ],
};
