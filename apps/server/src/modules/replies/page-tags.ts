import { type PageRules, pageRule } from '../../lib/page-cache/index.js';
import { ArticlePages } from '../articles/page-tags.js';
import { ReplyPublished } from './events.js';

/** A published reply shows on both articles' pages (issue 43). */
export const replyPageRules: PageRules = {
  owner: 'replies',
  rules: [
    pageRule(ReplyPublished, {
      evict: (r) => [
        ArticlePages.article(r.replyArticleId),
        ...(r.articleId === null ? [] : [ArticlePages.article(r.articleId)]),
      ],
    }),
  ],
};
