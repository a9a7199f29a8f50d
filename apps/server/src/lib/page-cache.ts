import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface CachedPage {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  etag: string;
  storedAt: number;
  gzip?: Buffer;
  br?: Buffer;
}

/**
 * Whole responses for anonymous readers, keyed by URL (DESIGN.md principle 3). Every content change
 * calls `invalidate()`, which empties it. Compressed variants are made once per entry, not per hit.
 * LRU-bounded by entry count. In-process; a Redis-shared version would subscribe to invalidations.
 */
export class PageCache {
  private readonly map = new Map<string, CachedPage>();
  private listeners: (() => void)[] = [];
  hits = 0;
  misses = 0;

  /** Entries also expire after `maxAgeMs`, so time-dependent parts (the header's date) stay current. */
  constructor(
    private readonly maxEntries: number,
    private readonly maxAgeMs = 5 * 60_000,
  ) {}

  get(key: string): CachedPage | undefined {
    const hit = this.map.get(key);
    if (!hit || Date.now() - hit.storedAt > this.maxAgeMs) {
      if (hit) this.map.delete(key);
      this.misses++;
      return undefined;
    }
    this.hits++;
    this.map.delete(key);
    this.map.set(key, hit);
    return hit;
  }

  set(key: string, page: Omit<CachedPage, 'etag' | 'storedAt'>): CachedPage {
    const entry: CachedPage = {
      ...page,
      storedAt: Date.now(),
      etag: `"${createHash('sha1').update(page.body).digest('base64url')}"`,
    };
    if (this.maxEntries <= 0) return entry;
    this.map.set(key, entry);
    if (this.map.size > this.maxEntries) {
      const oldest = this.map.keys().next().value;
      if (oldest !== undefined) this.map.delete(oldest);
    }
    return entry;
  }

  /** Body in the best encoding the client accepts; compressed once and kept with the entry. */
  encoded(page: CachedPage, acceptEncoding: string | undefined): { body: Buffer; encoding?: 'br' | 'gzip' } {
    if (page.body.length < 1024 || !acceptEncoding) return { body: page.body };
    if (/\bbr\b/.test(acceptEncoding)) {
      page.br ??= brotliCompressSync(page.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
      return { body: page.br, encoding: 'br' };
    }
    if (/\bgzip\b/.test(acceptEncoding)) {
      page.gzip ??= gzipSync(page.body, { level: 6 });
      return { body: page.gzip, encoding: 'gzip' };
    }
    return { body: page.body };
  }

  /** Content changed here: drop every page, here and (through `onInvalidate` listeners) elsewhere. */
  invalidate(): void {
    this.clearLocal();
    for (const l of this.listeners) l();
  }

  /** Another process said content changed: drop our pages without telling anyone again. */
  clearLocal(): void {
    this.map.clear();
    for (const l of this.localListeners) l();
  }

  /** Runs on every clear, local or remote (caches derived from the same content). */
  onClear(listener: () => void): void {
    this.localListeners.push(listener);
  }

  private localListeners: (() => void)[] = [];

  onInvalidate(listener: () => void): void {
    this.listeners.push(listener);
  }

  get size(): number {
    return this.map.size;
  }
}

/**
 * Sends a page (cached or not): its headers, and for cached ones the ETag, 304 on revalidation and
 * the pre-compressed body.
 */
export function sendPage(req: FastifyRequest, reply: FastifyReply, cache: PageCache, page: CachedPage, hit: boolean) {
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
  reply.header('X-Page-Cache', hit ? 'HIT' : 'MISS');
  return reply.send(body);
}

export const PUBLIC_API_CACHE_CONTROL = 'public, max-age=0, must-revalidate, s-maxage=60';

/**
 * Public read endpoints (the Content API) share the page cache: an anonymous request is answered
 * from it, and a miss stores the JSON it produces. Emptied with the pages on every content change.
 */
export async function sendPublicJson(
  req: FastifyRequest,
  reply: FastifyReply,
  cache: PageCache,
  produce: () => Promise<{ body: unknown; headers?: Record<string, string>; status?: number }>,
) {
  const anonymous = !req.headers.authorization;
  const key = `api:${req.url}`;
  const hit = anonymous ? cache.get(key) : undefined;
  if (hit) return sendPage(req, reply, cache, hit, true);
  const { body, headers = {}, status = 200 } = await produce();
  const page = {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': PUBLIC_API_CACHE_CONTROL,
      ...headers,
    },
    body: Buffer.from(JSON.stringify(body)),
  };
  return sendPage(req, reply, cache, anonymous ? cache.set(key, page) : { ...page, etag: '', storedAt: 0 }, false);
}
