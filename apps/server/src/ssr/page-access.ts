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
      const userId = await revenue.access.userOfPass(readCookie(req.headers.cookie, ACCESS_PASS_COOKIE));
      // a gift link opens the article before the meter is asked (it spends none of it); a
      // subscriber who follows one reads as a subscriber
      if (giftToken && (await revenue.access.giftOpens(giftToken, articleId))) {
        const own = await revenue.access.classOf(userId);
        return { cls: 'subscriber', note: { via: own === 'subscriber' ? 'subscription' : 'gift', articleId } };
      }
      const reading = await revenue.access.readingOf(userId, articleId, access);
      if (reading.cls !== 'subscriber') return { cls: reading.cls, note: null };
      if (!reading.metered) return { cls: 'subscriber', note: { via: 'subscription', articleId } };
      const { left, of } = await revenue.access.meter(userId);
      return { cls: 'subscriber', note: { via: 'meter', left: left ?? 0, of, articleId } };
    },
  };
}
