import { MSG, parseCategory } from '@vaggen/contract';
import { ErrorSchema } from '@vaggen/contract/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { httpError } from '../../lib/http-errors.js';
import { originOf } from '../../lib/origin.js';
import { sendPage } from '../../lib/page-cache/index.js';
import { cacheOrigin } from '../../lib/site-origin.js';
import { FeedPages } from './page-tags.js';

const CACHE_CONTROL = 'public, max-age=300, s-maxage=300';
const xmlResponse = { 200: z.string(), 404: ErrorSchema };

/** Feeds, sitemaps and robots.txt at the site's root (not under /api). */
export const feedsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { feeds } = app.services;
  const cache = app.pageCache;

  /**
   * From the page cache, tagged `feeds` so that every article change drops them (decision 016,
   * `pageInvalidationFor`), else made once for concurrent requests and kept.
   */
  async function sendCached(
    req: FastifyRequest,
    reply: FastifyReply,
    type: string,
    produce: (origin: string) => Promise<string | null> | string | null,
  ) {
    const origin = originOf(req, app.config.publicUrl);
    const make = async () => {
      const body = await produce(origin);
      if (body === null) throw httpError(404, MSG.notFound);
      return {
        page: {
          status: 200,
          headers: { 'content-type': type, 'cache-control': CACHE_CONTROL },
          body: Buffer.from(body),
        },
        cacheable: true,
        tags: [FeedPages.feeds],
      };
    };
    // Issue 40 (finding 5): a host nobody listed gets its feed made for it, never kept.
    if (cacheOrigin(req, app.config) === null) {
      const { page } = await make();
      return sendPage(req, reply, cache, { ...page, etag: '', storedAt: 0 }, 'MISS');
    }
    const { page, state } = await cache.fetch(`feeds:${origin}${req.url}`, make);
    return sendPage(req, reply, cache, page, state);
  }
  const RSS = 'application/rss+xml; charset=utf-8';
  const XML = 'application/xml; charset=utf-8';

  app.get(
    '/rss.xml',
    { schema: { tags: ['feeds'], summary: 'RSS 2.0 of the whole paper (50 newest)', response: xmlResponse } },
    (req, reply) => sendCached(req, reply, RSS, (o) => feeds.rss(o)),
  );
  app.get(
    '/rss/:file',
    {
      schema: {
        tags: ['feeds'],
        summary: 'RSS 2.0 of one category: /rss/{category}.xml; /rss/rattelser.xml lists every correction (issue 43)',
        params: z.object({ file: z.string().max(100) }),
        response: xmlResponse,
      },
    },
    (req, reply) => {
      // Issue 43: /rss/rattelser.xml, every correction (no category has that name).
      if (req.params.file === 'rattelser.xml') return sendCached(req, reply, RSS, (o) => feeds.correctionsRss(o));
      const m = /^(.+)\.xml$/.exec(req.params.file);
      const category = m ? parseCategory(m[1]) : null;
      if (!category) throw httpError(404, MSG.notFound);
      return sendCached(req, reply, RSS, (o) => feeds.rss(o, category));
    },
  );
  app.get(
    '/sitemap.xml',
    {
      schema: {
        tags: ['feeds'],
        summary: 'Sitemap index: pages, Google News, article sitemaps',
        response: xmlResponse,
      },
    },
    (req, reply) => sendCached(req, reply, XML, (o) => feeds.sitemapIndex(o)),
  );
  app.get(
    '/sitemaps/:file',
    {
      schema: {
        tags: ['feeds'],
        summary: 'pages.xml, news.xml (Google News, last 2 days) or articles-{n}.xml (≤ 50 000 URLs each)',
        params: z.object({ file: z.string().max(100) }),
        response: xmlResponse,
      },
    },
    (req, reply) => {
      const { file } = req.params;
      if (file === 'pages.xml') return sendCached(req, reply, XML, (o) => feeds.pagesSitemap(o));
      if (file === 'news.xml') return sendCached(req, reply, XML, (o) => feeds.newsSitemap(o));
      const m = /^articles-([1-9]\d{0,8})\.xml$/.exec(file);
      if (!m) throw httpError(404, MSG.notFound);
      return sendCached(req, reply, XML, (o) => feeds.articleSitemap(o, Number(m[1])));
    },
  );
  app.get(
    '/robots.txt',
    { schema: { tags: ['feeds'], summary: 'robots.txt, pointing at the sitemap', response: { 200: z.string() } } },
    (req, reply) => sendCached(req, reply, 'text/plain; charset=utf-8', (o) => feeds.robots(o)),
  );
};
