import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { AccessClass, ArticleAccess, ReaderApi, ReaderContext } from '@vaggen/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AppLoadContext, createRequestHandler, type ServerBuild } from 'react-router';
import { hasSecretQuery } from '../lib/log-redaction.js';
import { originOf } from '../lib/origin.js';
import {
  assetBody,
  type BuildAssets,
  type PageCache,
  type RenderResult,
  sendPage,
  withPageTags,
} from '../lib/page-cache/index.js';
import { pageCsp } from '../lib/security-headers.js';
import { cacheOrigin, type OriginConfig } from '../lib/site-origin.js';
import { BACKFILL_HEADER } from './page-backfill.js';
import { splitTracking, withTracking } from './page-url.js';
import { ACCESS_NOTE_SLOT, type AccessNote, accessNote } from './paywall-html.js';
import { PAYWALL_TAG, SEARCH_EMPTY_TAG } from './reader-api.js';
import type { RenderLine } from './render-line.js';

export { originOf };

const PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate, s-maxage=60, stale-while-revalidate=300';

/**
 * Issue 42 (decision 048): pages of locked articles differ by access class. The renderer still sees
 * no credential; the page handler asks this policy which class a request's reader is (from the
 * access pass cookie, the meter, a gift link) and renders or serves that class's page, kept in the
 * cache under the address plus the class — never per person.
 */
export interface PageAccessPolicy {
  /** The reader APIs a page is rendered with, one per class. */
  readers: Record<AccessClass, ReaderApi>;
  /** The class a request's reader reads this article as (the anonymous page said it is locked). */
  classFor(
    req: FastifyRequest,
    articleId: number,
    access: ArticleAccess,
    giftToken: string | null,
  ): Promise<{ cls: AccessClass; note: AccessNote | null }>;
  /** The address parameter that carries a gift link's token (taken off before the page is keyed). */
  giftParam: string;
}

/** The JSON-LD fields of an article not free for all (Google's paywalled content). */
const PAYWALLED_LD =
  '"isAccessibleForFree":false,"hasPart":{"@type":"WebPageElement","isAccessibleForFree":false,"cssSelector":".article-locked"},';

/** The header a rendered page of a locked article carries: "<article id> <access>". */
export const PAYWALL_HEADER = 'x-paywall';

/**
 * Issue 45 (decision 050): the newsroom's analytics as the page handler sees them. Every reader page
 * served — rendered, from memory or from the page store — is counted here; rendered reader pages
 * get the reading beacon in their <head>.
 */
export interface PageAnalytics {
  /** The beacon's script (no tags). */
  beacon: string;
  /** Whether a path (with query, or a `.data` request) is a reader page. */
  isReaderPage(path: string): boolean;
  pageView(
    req: FastifyRequest,
    view: { path: string; tracking: string; articleId: number | null; searchEmpty: boolean },
  ): void;
}

/** The headers a rendered page carries for the analytics (kept with it in the cache and the store). */
export const ARTICLE_ID_HEADER = 'x-article-id';
export const SEARCH_EMPTY_HEADER = 'x-search-empty';

/** Request headers the page renderer is not given: its output can vary by neither (decision 038). */
const UNSEEN_HEADERS = new Set(['cookie', 'authorization', BACKFILL_HEADER]);

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
    /** Issue 42: pages per access class; without it every page is the anonymous one. */
    access?: PageAccessPolicy;
    /** Issue 46: the client assets of the kept builds, for addresses this build's files lack. */
    assets?: BuildAssets;
    /** Issue 46: the backfill's requests carry it: they render over an earlier build's stored page. */
    backfillToken?: string;
    /** Issue 45: page views counted and the beacon written into reader pages. */
    analytics?: PageAnalytics;
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
    cls: AccessClass = 'anonymous',
  ): Promise<RenderResult> =>
    opts.renderLine.run(async () =>
      signal?.aborted ? abortedRender() : renderNow(req, pageUrl, anonymous, signal, cls),
    );
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
    cls: AccessClass = 'anonymous',
  ): Promise<RenderResult> => {
    const url = new URL(pageUrl, originOf(req, opts.publicUrl));
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) {
      // The pages never see credentials, so none can depend on them (decision 038).
      if (v !== undefined && !UNSEEN_HEADERS.has(k)) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
    }
    const reader = opts.access?.readers[cls] ?? opts.reader;
    const context: ReaderContext = { reader, origin: url.origin, testHooks: opts.testHooks };
    const { result: res, tags: recorded } = await withPageTags(() =>
      handle(new Request(url, { method: 'GET', headers, signal }), context as unknown as AppLoadContext),
    );
    const outHeaders: Record<string, string> = {};
    res.headers.forEach((v, k) => {
      outHeaders[k] = v;
    });
    // Issue 42: a locked article's page says so (which article, which level) and keeps no such tag
    const paywall = recorded.find((t) => t.startsWith(PAYWALL_TAG));
    if (paywall) outHeaders[PAYWALL_HEADER] = paywall.slice(PAYWALL_TAG.length).replace(':', ' ');
    const tags = recorded.filter((t) => !t.startsWith(PAYWALL_TAG) && t !== SEARCH_EMPTY_TAG);
    // Issue 45: which article the page shows, and a search that found nothing, for the analytics
    const path = url.pathname;
    if (/^\/articles?\//.test(path)) {
      const shown = recorded.find((t) => /^article:\d+$/.test(t));
      if (shown) outHeaders[ARTICLE_ID_HEADER] = shown.slice('article:'.length);
    }
    if (recorded.includes(SEARCH_EMPTY_TAG)) outHeaders[SEARCH_EMPTY_HEADER] = '1';
    let body = Buffer.from(await res.arrayBuffer());
    // Issue 45: the reading beacon in reader pages' <head> (not in the reader's script bundle)
    if (
      opts.analytics &&
      /text\/html/.test(res.headers.get('content-type') ?? '') &&
      opts.analytics.isReaderPage(path)
    ) {
      body = Buffer.from(body.toString('utf8').replace('</head>', `<script>${opts.analytics.beacon}</script></head>`));
    }
    // Issue 42 (decision 048): Google's paywalled-content markup in the article's JSON-LD, added
    // here rather than by the page's script (the reader's JavaScript budget); `.article-locked` is
    // the locked part a reader with access gets
    if (recorded.some((t) => t.startsWith(PAYWALL_TAG)) && /text\/html/.test(res.headers.get('content-type') ?? '')) {
      body = Buffer.from(
        body.toString('utf8').replace('"@type":"NewsArticle",', `"@type":"NewsArticle",${PAYWALLED_LD}`),
      );
    }
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

  /**
   * Issue 42: the anonymous page showed a locked article: the page of this reader's class instead,
   * kept under the address plus the class (decision 048). Null when the reader is anonymous too.
   */
  const classPage = async (
    req: FastifyRequest,
    key: string,
    pageUrl: string,
    anonymousPage: { headers: Record<string, string> },
    giftToken: string | null,
  ) => {
    const policy = opts.access;
    const mark = anonymousPage.headers[PAYWALL_HEADER];
    if (!policy || !mark) return null;
    const [id, level] = mark.split(' ');
    const { cls, note } = await policy.classFor(req, Number(id), level as ArticleAccess, giftToken);
    if (cls === 'anonymous') return null;
    const { page, state } = await opts.cache.fetch(
      `${key}|${cls}`,
      () => renderPage(req, pageUrl, true, undefined, cls),
      {
        persist: !pageUrl.includes('?'),
        mayRefresh: () => opts.renderLine.mayRefresh(),
        beforeStoreRead: () => opts.renderLine.afterWrites(),
      },
    );
    // kept here per class; no browser or CDN may keep it for whoever asks next
    const headers = { ...page.headers, 'cache-control': 'private, no-cache', vary: 'Cookie' };
    const slot = note && page.status === 200 ? page.body.indexOf(ACCESS_NOTE_SLOT) : -1;
    if (slot < 0) return { page: { ...page, headers }, state };
    // this reader's note in the class's page: sent as it is, with no ETag (it is theirs alone)
    const body = Buffer.concat([
      page.body.subarray(0, slot),
      Buffer.from(accessNote(note as AccessNote)),
      page.body.subarray(slot + Buffer.byteLength(ACCESS_NOTE_SLOT)),
    ]);
    return {
      page: { status: page.status, headers: { ...headers, 'x-page-cache': state }, body, etag: '', storedAt: 0 },
      state,
    };
  };

  /** A gift link's token taken off the address (the page is keyed and rendered without it). */
  const takeGift = (url: string): { url: string; token: string | null } => {
    const param = opts.access?.giftParam;
    const q = url.indexOf('?');
    if (!param || q < 0) return { url, token: null };
    const params = new URLSearchParams(url.slice(q + 1));
    const token = params.get(param);
    if (token === null) return { url, token: null };
    params.delete(param);
    const rest = params.toString();
    return { url: url.slice(0, q) + (rest ? `?${rest}` : ''), token };
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
    const gift = takeGift(req.url);
    const { page: pageUrl, tracking } = splitTracking(gift.url);
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
    // The backfill's own request renders this build's page over an earlier build's (decision 051).
    const backfill = opts.backfillToken !== undefined && req.headers[BACKFILL_HEADER] === opts.backfillToken;
    const { page, state } = await opts.cache.fetch(key, () => renderPage(req, pageUrl, true), {
      persist: !pageUrl.includes('?'),
      mayRefresh: () => opts.renderLine.mayRefresh(),
      beforeStoreRead: () => opts.renderLine.afterWrites(),
      replacePrevious: backfill,
    });
    // Issue 45: every reader page served counts, whether rendered, from memory or from the store
    if (opts.analytics && req.method === 'GET' && page.status === 200) {
      const id = Number(page.headers[ARTICLE_ID_HEADER]);
      opts.analytics.pageView(req, {
        path: pageUrl,
        tracking,
        articleId: id > 0 ? id : null,
        searchEmpty: page.headers[SEARCH_EMPTY_HEADER] === '1',
      });
    }
    const forClass = await classPage(req, key, pageUrl, page, gift.token);
    if (forClass) {
      const headers = gift.token
        ? { ...forClass.page.headers, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' }
        : forClass.page.headers;
      return sendPage(req, reply, opts.cache, { ...forClass.page, headers }, forClass.state);
    }
    const location = page.headers.location;
    if (tracking && location && page.status >= 300 && page.status < 400) {
      // A renamed article's old link, shared with its campaign tags: they follow the reader.
      const headers = { ...page.headers, location: withTracking(location, tracking) };
      return sendPage(req, reply, opts.cache, { ...page, headers }, state);
    }
    return sendPage(req, reply, opts.cache, page, state);
  };

  // Issue 46 (decision 051), skew protection: a script or stylesheet of another kept build (a page of
  // the build before this one, or a later build's page during a rolling deploy) is not on this
  // node's disk: it comes from the database all nodes share. Anything else is the page renderer's.
  const assets = opts.assets;
  if (assets) {
    app.route({
      method: ['GET', 'HEAD'],
      url: '/assets/*',
      handler: async (req, reply) => {
        const q = req.url.indexOf('?');
        const asset = await assets.get(q < 0 ? req.url : req.url.slice(0, q));
        if (!asset) return render(req, reply);
        const { body, encoding } = assetBody(asset, req.headers['accept-encoding']);
        reply.header('Content-Type', asset.contentType);
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        reply.header('Vary', 'Accept-Encoding');
        if (encoding) reply.header('Content-Encoding', encoding);
        return reply.send(body);
      },
    });
  }
  app.route({ method: ['GET', 'HEAD'], url: '/*', handler: render });
  app.route({ method: ['GET', 'HEAD'], url: '/', handler: render });
}
