import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedPage, PageCache, PageState, RenderedPage } from './cache.js';

/**
 * Sends a page (cached or not): its headers, and for cached ones the ETag, 304 on revalidation and
 * the pre-compressed body.
 */
export function sendPage(
  req: FastifyRequest,
  reply: FastifyReply,
  cache: PageCache,
  page: CachedPage,
  state: boolean | PageState,
) {
  reply.code(page.status);
  for (const [k, v] of Object.entries(page.headers)) {
    if (k !== 'content-length' && k !== 'content-encoding') reply.header(k, v);
  }
  if (!page.etag) return reply.send(page.body);
  reply.header('ETag', page.etag);
  reply.header('Vary', 'Accept-Encoding');
  if (req.headers['if-none-match'] === page.etag) return reply.code(304).send();
  const { body, encoding } = cache.encoded(page, req.headers['accept-encoding']);
  if (encoding) reply.header('Content-Encoding', encoding);
  reply.header('X-Page-Cache', state === true ? 'HIT' : state === false ? 'MISS' : state);
  return reply.send(body);
}

export const PUBLIC_API_CACHE_CONTROL = 'public, max-age=0, must-revalidate, s-maxage=60';

/**
 * Public read endpoints (the Content API) share the page cache: an anonymous request is answered
 * from it, and a miss stores the JSON it produces with the tags `produce` returns (what it shows).
 */
export async function sendPublicJson(
  req: FastifyRequest,
  reply: FastifyReply,
  cache: PageCache,
  produce: () => Promise<{ body: unknown; headers?: Record<string, string>; status?: number; tags?: string[] }>,
) {
  const toPage = async () => {
    const { body, headers = {}, status = 200, tags = [] } = await produce();
    const page: RenderedPage = {
      status,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': PUBLIC_API_CACHE_CONTROL,
        ...headers,
      },
      body: Buffer.from(JSON.stringify(body)),
    };
    return { page, tags, cacheable: true };
  };
  if (req.headers.authorization) {
    const { page } = await toPage();
    return sendPage(req, reply, cache, { ...page, etag: '', storedAt: 0 }, 'MISS');
  }
  const { page, state } = await cache.fetch(`api:${req.url}`, toPage);
  return sendPage(req, reply, cache, page, state);
}

/**
 * Issue 13 (decision 031): a JSON answer that is the same for every anonymous reader and may be
 * kept here, but by no browser or CDN (`Cache-Control: no-store`: comment threads change with every
 * comment). The caller decides that the request is anonymous and names the key; `produce` returns
 * the body already serialized (by the route's response schema, as Fastify would), its headers and
 * the tags of what it shows. Errors it throws are answered as usual and never stored.
 */
export async function sendNoStoreJson(
  req: FastifyRequest,
  reply: FastifyReply,
  cache: PageCache,
  key: string,
  produce: () => Promise<{ body: string; headers?: Record<string, string>; tags: string[] }>,
) {
  const { page, state } = await cache.fetch(key, async () => {
    const { body, headers = {}, tags } = await produce();
    const page: RenderedPage = {
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
      body: Buffer.from(body),
    };
    return { page, tags, cacheable: true };
  });
  return sendPage(req, reply, cache, page, state);
}
