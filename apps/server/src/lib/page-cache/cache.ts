import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants, gzipSync } from 'node:zlib';
import { preferredEncoding } from './accept-encoding.js';
import type { PageStore, StoredPage } from './store.js';
import type { Change } from './tags.js';

export interface CachedPage {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  etag: string;
  storedAt: number;
  gzip?: Buffer;
  br?: Buffer;
}

/** A page as a render produces it, before the cache adds its ETag. */
export type RenderedPage = Omit<CachedPage, 'etag' | 'storedAt'>;

interface Entry extends CachedPage {
  key: string;
  tags: string[];
  /** Bytes counted against the bound: key, headers, body and the compressed variants made so far. */
  bytes: number;
  /** Marked by a soft invalidation: still served, re-rendered in the background on the next visit. */
  stale: boolean;
  /**
   * A page of an earlier build (decision 051): kept in memory until then only, after which the store
   * is asked again — another process may have stored this build's page meanwhile.
   */
  until?: number;
  /** Kept in the store too (a `persist` page): the hot pages saved for the next start are these. */
  kept?: boolean;
}

export interface PageCacheOptions {
  /** Bound on the bytes kept (bodies and their compressed variants). */
  maxBytes: number;
  /** Optional bound on the number of pages (PAGE_CACHE_ENTRIES); 0 turns the cache off. */
  maxEntries?: number;
  /**
   * After this age a page is served once more while it re-renders (PAGE_MAX_AGE_MIN: the sidebar's
   * "HETAST" moves with readers' visits, which no change announces).
   */
  maxAgeMs?: number;
  /**
   * Issue 13 (decision 040): the shared store of rendered pages under this memory cache. `fetch`
   * with `persist` reads it on a memory miss and keeps what it renders there; `invalidate` records
   * the change in it before other processes are told.
   */
  store?: PageStore;
  /** Told when the store cannot be read or written (the page is then rendered or kept in memory only). */
  onStoreError?: (err: unknown) => void;
  /**
   * Issue 46 (decision 051): how long a page of an earlier build read from the store is kept in
   * memory (default 30 s): then the store is read again, so that once any process has stored this
   * build's page, no process serves the earlier one for longer than this.
   */
  previousBuildMemoryMs?: number;
}

/** How a page was found: in memory (HIT, or STALE while it re-renders), in the store, or rendered (MISS). */
export type PageState = 'HIT' | 'STALE' | 'STORE' | 'MISS';

export interface FetchOptions {
  /** Read and keep the page in the shared store too (server-rendered pages). */
  persist?: boolean;
  /**
   * Whether a stale page may start its re-render now; when it answers false the stale page is
   * served and the re-render left for a later visit (pages: only when no reader's render waits).
   */
  mayRefresh?: () => boolean;
  /** Waited for before a memory miss reads the store (pages: the API writes under way; decision 036). */
  beforeStoreRead?: () => Promise<void> | undefined;
  /**
   * Render now when the store has only an earlier build's page (the backfill's requests, decision
   * 051): readers get that page while it re-renders, the backfill must replace it.
   */
  replacePrevious?: boolean;
}

export type RenderResult = { page: RenderedPage; cacheable: boolean; tags: string[] };

const ENTRY_OVERHEAD = 400;
/** Pauses before each attempt to record a change in the store. */
const RECORD_RETRIES_MS = [0, 200, 1000, 5000];

/**
 * Whole responses for anonymous readers, keyed by URL (DESIGN.md principle 3, decision 016).
 * Each entry records the tags of what it shows; `invalidate(change)` drops or stales only the
 * entries with those tags, here and (through `onInvalidate` listeners, i.e. Redis) in the other
 * processes. Bounded by bytes, least recently used first. `fetch` renders a missing page once for
 * all concurrent requests and serves a stale page while one request re-renders it.
 */
export class PageCache {
  private readonly map = new Map<string, Entry>();
  private readonly byTag = new Map<string, Set<string>>();
  private readonly inflight = new Map<string, Promise<CachedPage>>();
  /** Memory misses being looked up in the store (then rendered when it has nothing). */
  private readonly loading = new Map<string, Promise<{ page: CachedPage; state: 'STORE' | 'MISS' }>>();
  private readonly store: PageStore | undefined;
  private readonly onStoreError: (err: unknown) => void;
  /** This process's changes on their way into the store: a store read waits for them. */
  private readonly storeChanges = new Set<Promise<unknown>>();
  /** Rendered pages on their way into the store. */
  private readonly storeWritesPending = new Set<Promise<unknown>>();
  private readonly maxBytes: number;
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  private readonly previousBuildMemoryMs: number;
  private listeners: ((change: Change) => void)[] = [];
  private localListeners: ((change: Change) => void)[] = [];
  /** Bumped by every invalidation. */
  private version = 0;
  /**
   * The version of each tag's last invalidation, and of the last "everything" one: a render that
   * started before a change of a tag it carries is not stored (only those: a new comment on one
   * article must not keep every other page rendering at that moment out of the cache).
   */
  private readonly tagChangedAt = new Map<string, number>();
  private allChangedAt = 0;
  /** When each running render started (to forget tag versions no running render can need). */
  private readonly renderStarts = new Map<Promise<CachedPage>, number>();
  bytes = 0;
  hits = 0;
  misses = 0;
  /** Renders started through `fetch` (misses and background refreshes). */
  renders = 0;
  /** Memory misses answered from the store, and pages written to it. */
  storeHits = 0;
  storeWrites = 0;

  constructor(opts: PageCacheOptions) {
    this.maxBytes = opts.maxBytes;
    this.maxEntries = opts.maxEntries ?? Number.POSITIVE_INFINITY;
    this.maxAgeMs = opts.maxAgeMs ?? 60 * 60_000;
    this.previousBuildMemoryMs = opts.previousBuildMemoryMs ?? 30_000;
    this.store = opts.store;
    this.onStoreError = opts.onStoreError ?? (() => {});
  }

  /** The shared store of rendered pages, if there is one. */
  get pageStore(): PageStore | undefined {
    return this.store;
  }

  private get enabled(): boolean {
    return this.maxBytes > 0 && this.maxEntries > 0;
  }

  /** A fresh page, or undefined (stale and expired pages count as misses here; `fetch` serves them). */
  get(key: string): CachedPage | undefined {
    const hit = this.map.get(key);
    if (!hit || hit.stale || Date.now() - hit.storedAt > this.maxAgeMs) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    this.touch(hit);
    return hit;
  }

  private touch(e: Entry): void {
    this.map.delete(e.key);
    this.map.set(e.key, e);
  }

  set(key: string, page: RenderedPage, tags: string[] = []): CachedPage {
    const entry: Entry = {
      ...page,
      key,
      tags,
      stale: false,
      storedAt: Date.now(),
      etag: `"${createHash('sha1').update(page.body).digest('base64url')}"`,
      bytes: 0,
    };
    return this.insert(entry, page.body.length);
  }

  /**
   * A page read from the store: kept brotli-compressed, its plain body made only when a client
   * without brotli asks (then counted too).
   */
  private adopt(key: string, stored: StoredPage, keepInMemory: boolean): Entry {
    const entry = {
      key,
      tags: stored.tags,
      stale: stored.state === 'stale',
      status: stored.status,
      headers: stored.headers,
      etag: stored.etag,
      storedAt: stored.renderedAt,
      br: stored.br,
      bytes: 0,
      kept: true,
      ...(stored.previousBuild ? { until: Date.now() + this.previousBuildMemoryMs } : {}),
    } as Omit<Entry, 'body'> as Entry;
    let body: Buffer | undefined;
    Object.defineProperty(entry, 'body', {
      enumerable: true,
      get: () => {
        if (!body) {
          body = brotliDecompressSync(stored.br);
          this.grew(entry, body.length);
        }
        return body;
      },
    });
    return keepInMemory ? this.insert(entry, 0) : entry;
  }

  private insert(entry: Entry, bodyBytes: number): Entry {
    const { key, tags } = entry;
    entry.bytes =
      ENTRY_OVERHEAD +
      key.length * 2 +
      bodyBytes +
      (entry.gzip?.length ?? 0) +
      (entry.br?.length ?? 0) +
      tags.reduce((n, t) => n + t.length * 2 + 48, 0) +
      Object.entries(entry.headers).reduce((n, [k, v]) => n + (k.length + v.length) * 2, 0);
    if (!this.enabled || entry.bytes > this.maxBytes / 4) return entry;
    this.remove(key);
    this.map.set(key, entry);
    this.bytes += entry.bytes;
    for (const t of tags) {
      const keys = this.byTag.get(t);
      if (keys) keys.add(key);
      else this.byTag.set(t, new Set([key]));
    }
    this.evictOverflow();
    return entry;
  }

  private remove(key: string): void {
    const e = this.map.get(key);
    if (!e) return;
    this.map.delete(key);
    this.bytes -= e.bytes;
    for (const t of e.tags) {
      const keys = this.byTag.get(t);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(t);
    }
  }

  private evictOverflow(): void {
    while (this.bytes > this.maxBytes || this.map.size > this.maxEntries) {
      const oldest = this.map.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
  }

  /**
   * The page for `key`: fresh from the cache (HIT), a stale one while a background render replaces
   * it (STALE), read from the store (STORE, with `persist`) or rendered now (MISS) — once for every
   * concurrent request of the same key.
   */
  async fetch(
    key: string,
    render: () => Promise<RenderResult>,
    opts: FetchOptions = {},
  ): Promise<{ page: CachedPage; state: PageState }> {
    let cur = this.map.get(key);
    if (cur?.until !== undefined && (Date.now() > cur.until || opts.replacePrevious)) {
      // An earlier build's page, kept a while only: the store may have this build's by now. The
      // backfill's request renders over it (it may be in memory from the start's preload).
      this.remove(key);
      cur = undefined;
    }
    if (cur) {
      this.touch(cur);
      if (!cur.stale && Date.now() - cur.storedAt <= this.maxAgeMs) {
        this.hits++;
        return { page: cur, state: 'HIT' };
      }
      this.hits++;
      if (this.inflight.has(key) || (opts.mayRefresh?.() ?? true)) {
        this.refresh(key, render, opts.persist === true).catch(() => {});
      }
      return { page: cur, state: 'STALE' };
    }
    this.misses++;
    if (opts.persist && this.store && this.enabled) return this.loadOrRender(key, render, opts, this.store);
    return { page: await this.refresh(key, render, false), state: 'MISS' };
  }

  /** Whether a page is in memory (the hot pages' preload). */
  has(key: string): boolean {
    return this.map.has(key);
  }

  /**
   * Issue 46 (decision 051): the kept pages this process served most recently, most recent first
   * (a page is moved to the end of the map each time it is served) — what readers are reading.
   */
  hotKeys(limit: number): string[] {
    const keys: string[] = [];
    for (const e of this.map.values()) if (e.kept) keys.push(e.key);
    return keys.slice(-limit).reverse();
  }

  /**
   * Reads these pages from the store into memory ahead of readers (a process's start, `HotPages`),
   * `concurrency` at a time, the coldest first so that the hottest are the last the bound would
   * drop. A page already in memory, missing from the store, or changed while it was read is left.
   * Returns how many were loaded.
   */
  async preload(keys: string[], concurrency = 8): Promise<number> {
    const store = this.store;
    if (!store || !this.enabled) return 0;
    const queue = [...keys].reverse();
    let loaded = 0;
    const worker = async () => {
      for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
        if (this.map.has(key)) continue;
        const startedAt = this.version;
        const stored = await store.read(key).catch((err) => {
          this.onStoreError(err);
          return undefined;
        });
        if (!stored || this.map.has(key) || this.changedSince(startedAt, stored.tags)) continue;
        this.adopt(key, stored, true);
        loaded++;
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
    return loaded;
  }

  /** A memory miss of a kept page: from the store when it has it, else rendered (once for all). */
  private loadOrRender(
    key: string,
    render: () => Promise<RenderResult>,
    opts: FetchOptions,
    store: PageStore,
  ): Promise<{ page: CachedPage; state: 'STORE' | 'MISS' }> {
    const running = this.loading.get(key);
    // (the backfill does not join a reader's read: it may answer with an earlier build's page)
    if (running && !opts.replacePrevious) return running;
    const startedAt = this.version;
    const p = (async (): Promise<{ page: CachedPage; state: 'STORE' | 'MISS' }> => {
      // This process's own changes reach the store before it is asked for what they touch.
      if (this.storeChanges.size > 0) await Promise.all(this.storeChanges);
      const writes = opts.beforeStoreRead?.();
      if (writes) await writes;
      const stored = await store.read(key).catch((err) => {
        this.onStoreError(err);
        return undefined;
      });
      if (!stored || (stored.previousBuild && opts.replacePrevious)) {
        return { page: await this.refresh(key, render, true), state: 'MISS' };
      }
      this.storeHits++;
      // A change of what it shows arrived while it was read: serve it to the requests waiting, keep nothing.
      if (this.changedSince(startedAt, stored.tags)) return { page: this.adopt(key, stored, false), state: 'STORE' };
      const page = this.adopt(key, stored, true);
      if (stored.state === 'stale' && (opts.mayRefresh?.() ?? true)) {
        this.refresh(key, render, true).catch(() => {});
      }
      return { page, state: 'STORE' };
    })().finally(() => {
      if (this.loading.get(key) === p) this.loading.delete(key);
    });
    this.loading.set(key, p);
    return p;
  }

  private refresh(key: string, render: () => Promise<RenderResult>, persist: boolean): Promise<CachedPage> {
    const running = this.inflight.get(key);
    if (running) return running;
    const startedAt = this.version;
    const renderedAt = Date.now();
    this.renders++;
    const p: Promise<CachedPage> = render()
      .then(({ page, cacheable, tags }): CachedPage => {
        // Content it shows changed while this render read it: hand it to the waiting requests, keep nothing.
        if (cacheable && !this.changedSince(startedAt, tags)) {
          const kept = this.set(key, page, tags);
          if (persist && this.store) {
            (kept as Entry).kept = true;
            this.keep(this.store, key, kept, tags, renderedAt);
          }
          return kept;
        }
        if (!cacheable) this.remove(key);
        return { ...page, etag: '', storedAt: 0 };
      })
      .finally(() => {
        if (this.inflight.get(key) === p) this.inflight.delete(key);
        this.renderStarts.delete(p);
        this.forgetOldChanges();
      });
    this.inflight.set(key, p);
    this.renderStarts.set(p, startedAt);
    return p;
  }

  /** Writes a rendered page to the store (brotli, as most readers take it), after the response. */
  private keep(store: PageStore, key: string, page: CachedPage, tags: string[], renderedAt: number): void {
    const br = this.brotli(page);
    const written = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() =>
        store.write(key, { status: page.status, headers: page.headers, etag: page.etag, br }, tags, renderedAt),
      )
      .then(() => {
        this.storeWrites++;
      })
      .catch((err) => this.onStoreError(err))
      .finally(() => this.storeWritesPending.delete(written));
    this.storeWritesPending.add(written);
  }

  private changedSince(version: number, tags: string[]): boolean {
    if (this.allChangedAt > version) return true;
    return tags.some((t) => (this.tagChangedAt.get(t) ?? 0) > version);
  }

  /** Tag versions older than every running render's start can no longer decide anything. */
  private forgetOldChanges(): void {
    if (this.renderStarts.size === 0) {
      this.tagChangedAt.clear();
      return;
    }
    if (this.tagChangedAt.size < 1000) return;
    const oldest = Math.min(...this.renderStarts.values());
    for (const [t, v] of this.tagChangedAt) if (v <= oldest) this.tagChangedAt.delete(t);
  }

  /** Body in the best encoding the client accepts; compressed once and kept (and counted) with the entry. */
  encoded(page: CachedPage, acceptEncoding: string | undefined): { body: Buffer; encoding?: 'br' | 'gzip' } {
    // Issue 40: by the client's q-values (`br;q=0, gzip` is gzip), as @fastify/compress does.
    const wanted = preferredEncoding(acceptEncoding);
    if (!wanted) return { body: page.body };
    // A page from the store is kept as brotli only: no plain body is made for a brotli reader.
    if (page.br && wanted === 'br') return { body: page.br, encoding: 'br' };
    if (page.body.length < 1024) return { body: page.body };
    if (wanted === 'br') return { body: this.brotli(page), encoding: 'br' };
    if (wanted === 'gzip') {
      if (!page.gzip) {
        page.gzip = gzipSync(page.body, { level: 6 });
        this.grew(page, page.gzip.length);
      }
      return { body: page.gzip, encoding: 'gzip' };
    }
    return { body: page.body };
  }

  /** The page's brotli body, compressed once and kept (and counted) with the entry. */
  private brotli(page: CachedPage): Buffer {
    if (!page.br) {
      page.br = brotliCompressSync(page.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
      this.grew(page, page.br.length);
    }
    return page.br;
  }

  private grew(page: CachedPage, n: number): void {
    const e = page as Entry;
    if (e.key === undefined || this.map.get(e.key) !== e) return;
    e.bytes += n;
    this.bytes += n;
    this.evictOverflow();
  }

  /**
   * Content changed here: drop (or stale) the pages that show it, here and in every other process.
   * Without an argument every page goes (rare, global changes).
   */
  invalidate(change: Change = 'all'): void {
    this.applyLocal(change);
    if (!this.store) {
      for (const l of this.listeners) l(change);
      return;
    }
    // The store first, then the other processes: one told of the change never reads it from the store.
    const recorded = this.record(this.store, change);
    this.storeChanges.add(recorded);
    void recorded.then(() => {
      this.storeChanges.delete(recorded);
      for (const l of this.listeners) l(change);
    });
  }

  /**
   * Records a change in the store, trying again a few times: a change the store misses would let it
   * serve the old pages until they age out (PAGE_MAX_AGE_MIN).
   */
  private async record(store: PageStore, change: Change): Promise<void> {
    const at = Date.now();
    let last: unknown;
    for (const wait of RECORD_RETRIES_MS) {
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      try {
        await store.recordChange(change, at);
        return;
      } catch (err) {
        last = err;
      }
    }
    this.onStoreError(last);
  }

  /** Resolves when the renders under way (background refreshes too) have ended and reached the store. */
  async drain(): Promise<void> {
    await Promise.all([...this.inflight.values()].map((p) => p.catch(() => {})));
    await this.settled();
  }

  /** Resolves when this process's changes and renders so far are in the store (backfill, shutdown, tests). */
  async settled(): Promise<void> {
    await Promise.all([...this.storeChanges, ...this.storeWritesPending]);
  }

  /** Another process said content changed: apply it here without telling anyone again. */
  applyLocal(change: Change): void {
    this.version++;
    // Requests from now on do not join a render (or store read) that may have read the old content.
    this.inflight.clear();
    this.loading.clear();
    if (change === 'all') this.allChangedAt = this.version;
    else for (const t of [...change.evict, ...change.stale]) this.tagChangedAt.set(t, this.version);
    if (change === 'all') {
      this.map.clear();
      this.byTag.clear();
      this.bytes = 0;
    } else {
      for (const t of change.evict) for (const key of [...(this.byTag.get(t) ?? [])]) this.remove(key);
      for (const t of change.stale) {
        for (const key of this.byTag.get(t) ?? []) {
          const e = this.map.get(key);
          if (e) e.stale = true;
        }
      }
    }
    for (const l of this.localListeners) l(change);
  }

  /** Drops one page from this process's memory (the store keeps it). */
  forget(key: string): void {
    this.remove(key);
  }

  /** Kept for callers of the first version: empties the cache here only. */
  clearLocal(): void {
    this.applyLocal('all');
  }

  /** Runs on every change applied here, local or remote (caches derived from the same content). */
  onChange(listener: (change: Change) => void): void {
    this.localListeners.push(listener);
  }

  /** Runs when every page is dropped (`invalidate()` without tags), here or in another process. */
  onClear(listener: () => void): void {
    this.onChange((c) => {
      if (c === 'all') listener();
    });
  }

  /** Runs on changes made in this process (the Redis link publishes them). */
  onInvalidate(listener: (change: Change) => void): void {
    this.listeners.push(listener);
  }

  get size(): number {
    return this.map.size;
  }

  /** Whether a change touches a tag (for derived caches such as the sidebar's). */
  static touches(change: Change, tag: string): boolean {
    return change === 'all' || change.evict.includes(tag) || change.stale.includes(tag);
  }
}
