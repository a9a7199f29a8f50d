import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { ReaderApi, ReaderContext } from '@vaggen/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AppLoadContext, createRequestHandler, type ServerBuild } from 'react-router';
import { hasSecretQuery } from '../lib/log-redaction.js';
import { originOf } from '../lib/origin.js';
import { type PageCache, type RenderResult, sendPage, withPageTags } from '../lib/page-cache/index.js';
import { pageCsp } from '../lib/security-headers.js';
import { cacheOrigin, type OriginConfig } from '../lib/site-origin.js';
import { splitTracking, withTracking } from './page-url.js';
import type { RenderLine } from './render-line.js';

export { originOf };

const PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate, s-maxage=60, stale-while-revalidate=300';

/** Request headers the page renderer is not given: its output can vary by neither (decision 038). */
const UNSEEN_HEADERS = new Set(['cookie', 'authorization']);

/**
 * Serves the React Router build: hashed client assets (immutable), then every other GET through the
 * server renderer. Anonymous 200 responses are kept in the page cache, tagged with what they show,
 * until that content changes (decision 016).
 */
export async function registerWeb(
  app: FastifyInstance,
  opts: {
    buildDir: string;
    reader: ReaderApi;
    cache: PageCache;
    publicUrl: string | undefined;
    /** Which hosts' pages may be kept (issue 40: a made-up Host renders uncached). */
    origins: OriginConfig;
    testHooks: boolean;
    /** The line renders wait in (RENDER_CONCURRENCY at once; API requests first). */
    renderLine: RenderLine;
  },
): Promise<void> {
  const serverEntry = path.join(opts.buildDir, 'server/index.js');
  if (!fs.existsSync(serverEntry)) {
    app.log.warn(`web build not found at ${serverEntry}; serving the API only (run "npm run build")`);
    return;
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handle = createRequestHandler(build, 'production');

  await app.register(fastifyStatic, {
    root: path.join(opts.buildDir, 'client'),
    prefix: '/',
    wildcard: false,
    decorateReply: false,
    index: false,
    // The build writes `.br` and `.gz` next to each script and stylesheet (apps/web/vite.config.ts):
    // sent as they are, the global compression leaves them alone (it skips an encoded response).
    preCompressed: true,
    setHeaders(res, file) {
      res.header(
        'Cache-Control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  // A render is ~10 ms of this thread's time in small steps. Unbounded, sixteen readers' renders
  // interleave on the event loop and every API request (a comment being posted) waits behind all
  // of them; in line, they wait for each other and the API goes first (issue 13, decisions 033, 036).
  /** Renders one request; the tags say what the page shows (recorded by the ReaderApi, decision 016). */
  const renderPage = (
    req: FastifyRequest,
    pageUrl: string,
    anonymous: boolean,
    signal?: AbortSignal,
  ): Promise<RenderResult> =>
    opts.renderLine.run(async () => (signal?.aborted ? abortedRender() : renderNow(req, pageUrl, anonymous, signal)));
  const abortedRender = async (): Promise<RenderResult> => ({
    page: { status: 499, headers: {}, body: Buffer.alloc(0) },
    cacheable: false,
    tags: [],
  });
  const renderNow = async (
    req: FastifyRequest,
    pageUrl: string,
    anonymous: boolean,
    signal?: AbortSignal,
  ): Promise<RenderResult> => {
    const url = new URL(pageUrl, originOf(req, opts.publicUrl));
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) {
      // The pages never see credentials, so none can depend on them (decision 038).
      if (v !== undefined && !UNSEEN_HEADERS.has(k)) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
    }
    const context: ReaderContext = { reader: opts.reader, origin: url.origin, testHooks: opts.testHooks };
    const { result: res, tags } = await withPageTags(() =>
      handle(new Request(url, { method: 'GET', headers, signal }), context as unknown as AppLoadContext),
    );
    const outHeaders: Record<string, string> = {};
    res.headers.forEach((v, k) => {
      outHeaders[k] = v;
    });
    const body = Buffer.from(await res.arrayBuffer());
    // The page's own CSP: its inline scripts allowed by hash (kept with the page in the cache).
    if (/text\/html/.test(outHeaders['content-type'] ?? '')) {
      outHeaders['content-security-policy'] = pageCsp(body.toString('utf8'));
    }
    const cacheable =
      anonymous &&
      res.status === 200 &&
      !res.headers.has('set-cookie') &&
      !/no-store|private/.test(res.headers.get('cache-control') ?? '');
    if (cacheable) outHeaders['cache-control'] = PAGE_CACHE_CONTROL;
    return { page: { status: res.status, headers: outHeaders, body }, cacheable, tags };
  };

  const render = async (req: FastifyRequest, reply: FastifyReply) => {
    // Väggen sets no cookie on its pages, and the renderer never sees one: a reader carrying a
    // site-wide cookie (analytics, a consent banner, a load balancer) gets the cached page like
    // anyone else (decision 038). A request with a bearer token (an API client) is rendered for it.
    const anonymous = !req.headers.authorization;
    // Issue 40 (finding 14): a page opened from a mailed link (a reset, a confirmation) carries its
    // secret in the address: rendered for its reader alone and kept by no cache, browser or CDN.
    if (hasSecretQuery(req.url)) {
      const { page } = await renderPage(req, req.url, false);
      const headers = { ...page.headers, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };
      return sendPage(req, reply, opts.cache, { ...page, headers, etag: '', storedAt: 0 }, 'MISS');
    }
    if (!anonymous) {
      const controller = new AbortController();
      reply.raw.on('close', () => controller.abort());
      const { page } = await renderPage(req, req.url, false, controller.signal);
      return sendPage(req, reply, opts.cache, { ...page, etag: '', storedAt: 0 }, 'MISS');
    }
    // Anonymous: one render serves every concurrent request of the URL (and refreshes a stale
    // page in the background), so it must not be aborted when the first client goes away.
    // With PUBLIC_URL every page is the same whatever the Host; without it the page names the
    // request's origin, so that origin is part of the key (one host's page never serves another).
    // A shared link's tracking parameters (utm_*, fbclid, …) are read by no page: it is rendered and
    // kept as the address without them.
    const { page: pageUrl, tracking } = splitTracking(req.url);
    // Issue 40 (finding 5): a host the operator did not list is rendered for its sender only, and
    // leaves nothing in memory or in the store.
    const origin = cacheOrigin(req, opts.origins);
    if (origin === null) {
      const { page } = await renderPage(req, pageUrl, true);
      return sendPage(req, reply, opts.cache, { ...page, etag: '', storedAt: 0 }, 'MISS');
    }
    const key = opts.publicUrl ? pageUrl : `${origin}|${pageUrl}`;
    // Kept in the shared store too (decision 040), paths without a query only: those are bounded by
    // the paper's content (an unknown path is a 404, never kept), while anyone can make up queries.
    // A stale page re-renders only when no reader's render waits, and a few a second: at full load,
    // refreshes would queue without bound and slow every reader. A store read waits for the API
    // writes under way, as a render does.
    const { page, state } = await opts.cache.fetch(key, () => renderPage(req, pageUrl, true), {
      persist: !pageUrl.includes('?'),
      mayRefresh: () => opts.renderLine.mayRefresh(),
      beforeStoreRead: () => opts.renderLine.afterWrites(),
    });
    const location = page.headers.location;
    if (tracking && location && page.status >= 300 && page.status < 400) {
      // A renamed article's old link, shared with its campaign tags: they follow the reader.
      const headers = { ...page.headers, location: withTracking(location, tracking) };
      return sendPage(req, reply, opts.cache, { ...page, headers }, state);
    }
    return sendPage(req, reply, opts.cache, page, state);
  };

  app.route({ method: ['GET', 'HEAD'], url: '/*', handler: render });
  app.route({ method: ['GET', 'HEAD'], url: '/', handler: render });
}
