import type { PageCache } from '../lib/page-cache/index.js';
import { ACCESS_PASS_COOKIE, GIFT_PARAM, type RevenueService, readCookie } from '../modules/revenue/service.js';
import { createReaderApi, type ReaderServices } from './reader-api.js';
import type { PageAccessPolicy } from './ssr.js';

/**
 * Issue 42 (decision 048): which page a request for a locked article gets — its reader's access
 * class from the access pass cookie (the meter counted there), or a subscriber's page for a valid
 * gift link — and the reader APIs pages are rendered with, one per class.
 */
export function pageAccess(services: ReaderServices & { revenue: RevenueService }, cache: PageCache): PageAccessPolicy {
  const { revenue } = services;
  return {
    readers: {
      anonymous: createReaderApi(services, cache, 'anonymous'),
      registered: createReaderApi(services, cache, 'registered'),
      subscriber: createReaderApi(services, cache, 'subscriber'),
    },
    giftParam: GIFT_PARAM,
    async classFor(req, articleId, access, giftToken) {
      if (giftToken && (await revenue.access.giftOpens(giftToken, articleId))) return 'subscriber';
      const userId = await revenue.access.userOfPass(readCookie(req.headers.cookie, ACCESS_PASS_COOKIE));
      return revenue.classForArticle(userId, articleId, access);
    },
  };
}
