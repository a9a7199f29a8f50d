import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, makeAuthor, type TestApp } from '../../../test/helpers.js';
import { PageCache, type RenderResult } from './cache.js';
import type { PageStore, StoredPage } from './store.js';
import type { Change } from './tags.js';

const page = (text: string, tags: string[] = []): RenderResult => ({
  page: { status: 200, headers: { 'content-type': 'text/html' }, body: Buffer.from(text) },
  cacheable: true,
  tags,
});

describe('page cache', () => {
  it('decision 040: records a change in the store before telling other processes, trying again when it fails', async () => {
    const recorded: Change[] = [];
    let failures = 2;
    const store = {
      async recordChange(change: Change) {
        if (failures-- > 0) throw new Error('database away for a moment');
        recorded.push(change);
      },
    } as unknown as PageStore;
    const errors: unknown[] = [];
    const cache = new PageCache({ maxBytes: 100_000, store, onStoreError: (e) => errors.push(e) });
    const told: Change[] = [];
    cache.onInvalidate((c) => {
      // the other processes hear of it only once the store has it
      expect(recorded).toHaveLength(1);
      told.push(c);
    });
    cache.invalidate({ evict: ['article:1'], stale: [] });
    expect(told).toEqual([]);
    await cache.settled();
    expect(recorded).toEqual([{ evict: ['article:1'], stale: [] }]);
    expect(told).toEqual([{ evict: ['article:1'], stale: [] }]);
    expect(errors).toEqual([]);
  });

  it('decision 036: a memory miss reads the store only after what beforeStoreRead waits for', async () => {
    const reads: string[] = [];
    const store = {
      async read(key: string) {
        reads.push(key);
        return undefined;
      },
      async write() {},
    } as unknown as PageStore;
    const cache = new PageCache({ maxBytes: 100_000, store });
    let letGo: (() => void) | undefined;
    const writes = new Promise<void>((r) => (letGo = r));
    const got = cache.fetch('/a', async () => page('A'), { persist: true, beforeStoreRead: () => writes });
    await new Promise((r) => setTimeout(r, 20));
    expect(reads).toEqual([]);
    letGo?.();
    const { page: p, state } = await got;
    expect(reads).toEqual(['/a']);
    expect([state, p.body.toString()]).toEqual(['MISS', 'A']);
  });

  it('decision 051: preloads the hot pages coldest first, and the backfill renders over a preloaded page of an earlier build', async () => {
    const reads: string[] = [];
    const stored = (key: string, build: 'a' | 'b'): StoredPage => ({
      build,
      previousBuild: build === 'a',
      status: 200,
      headers: { 'content-type': 'text/html' },
      etag: `"${key}"`,
      br: brotliCompressSync(Buffer.from(`${build}${key}`)),
      tags: ['article:1'],
      renderedAt: Date.now(),
      state: build === 'a' ? 'stale' : 'fresh',
    });
    const store = {
      async read(key: string) {
        reads.push(key);
        if (key === '/borta') return undefined;
        return stored(key, key === '/ny' ? 'b' : 'a');
      },
      async write() {},
    } as unknown as PageStore;
    const cache = new PageCache({ maxBytes: 1_000_000, store });
    // the list is hottest first; one at a time, the coldest is read first
    expect(await cache.preload(['/het', '/ny', '/borta'], 1)).toBe(2);
    expect(reads).toEqual(['/borta', '/ny', '/het']);
    const render = async () => page('B');
    // answered from memory, no store read: the earlier build's page as stale, this build's as a hit
    const het = await cache.fetch('/het', render, { persist: true, mayRefresh: () => false });
    expect([het.state, het.page.body.toString()]).toEqual(['STALE', 'a/het']);
    expect((await cache.fetch('/ny', render, { persist: true })).state).toBe('HIT');
    expect(reads).toHaveLength(3);
    // the hot keys are the kept pages, most recently served first (a memory-only page is not one)
    await cache.fetch('/bara-minnet', render);
    expect(cache.hotKeys(10)).toEqual(['/ny', '/het']);
    expect(cache.hotKeys(1)).toEqual(['/ny']);
    // a page in memory already is not read again
    expect(await cache.preload(['/ny'])).toBe(0);
    // the backfill's request renders this build's page over the earlier one in memory
    const backfill = await cache.fetch('/het', render, {
      persist: true,
      replacePrevious: true,
      mayRefresh: () => false,
    });
    expect([backfill.state, backfill.page.body.toString()]).toEqual(['MISS', 'B']);
    expect((await cache.fetch('/het', render, { persist: true })).state).toBe('HIT');
  });

  it('keeps its bytes under the bound, compressed variants included, dropping the least recently used', async () => {
    const cache = new PageCache({ maxBytes: 100_000 });
    // ~11.5 KB each with their bookkeeping: eight fit, the ninth pushes out the oldest.
    const body = (i: number) => `<p>${String(i).repeat(11_000)}</p>`;
    for (let i = 0; i < 8; i++) await cache.fetch(`/p${i}`, async () => page(body(i)));
    expect(cache.size).toBe(8);
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
    await cache.fetch('/p0', async () => page('never')); // touched: now the most recent
    await cache.fetch('/p8', async () => page(body(8)));
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
    expect(cache.get('/p0')).toBeDefined();
    expect(cache.get('/p1')).toBeUndefined();
    // Incompressible bodies: their gzip variant is as big as the body and must be counted.
    const noise = Buffer.from(Array.from({ length: 20_000 }, () => Math.floor(Math.random() * 256)));
    const big = await cache.fetch('/noise', async () => ({ ...page(''), page: { ...page('').page, body: noise } }));
    const entries = cache.size;
    const { encoding, body: gz } = cache.encoded(big.page, 'gzip');
    expect(encoding).toBe('gzip');
    expect(gz.length).toBeGreaterThan(19_000);
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
    // The gzip variant pushed at least one more page out.
    expect(cache.size).toBeLessThan(entries);
  });

  it('renders once for many concurrent misses of one URL', async () => {
    const cache = new PageCache({ maxBytes: 1_000_000 });
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((r) => setTimeout(r, 30));
      return page('<p>en gång</p>');
    };
    const results = await Promise.all(Array.from({ length: 50 }, () => cache.fetch('/a', render)));
    expect(renders).toBe(1);
    expect(new Set(results.map((r) => r.page.etag)).size).toBe(1);
    expect(results.every((r) => r.page.body.toString() === '<p>en gång</p>')).toBe(true);
    expect((await cache.fetch('/a', render)).state).toBe('HIT');
    expect(renders).toBe(1);
  });

  it('serves a stale page while one background render replaces it', async () => {
    const cache = new PageCache({ maxBytes: 1_000_000 });
    await cache.fetch('/a', async () => page('v1', ['sidebar']));
    cache.invalidate({ evict: [], stale: ['sidebar'] });
    let renders = 0;
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const render = async () => {
      renders++;
      await gate;
      return page('v2', ['sidebar']);
    };
    const during = await Promise.all(Array.from({ length: 10 }, () => cache.fetch('/a', render)));
    expect(during.map((r) => [r.state, r.page.body.toString()])).toEqual(Array(10).fill(['STALE', 'v1']));
    expect(renders).toBe(1);
    release();
    await expect.poll(async () => (await cache.fetch('/a', render)).page.body.toString()).toBe('v2');
    expect((await cache.fetch('/a', render)).state).toBe('HIT');
    expect(renders).toBe(1);
  });

  it('evicts only the pages carrying an invalidated tag, and does not store a render that raced a change', async () => {
    const cache = new PageCache({ maxBytes: 1_000_000 });
    await cache.fetch('/a', async () => page('a', ['article:1']));
    await cache.fetch('/b', async () => page('b', ['article:2']));
    cache.invalidate({ evict: ['article:1'], stale: [] });
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.get('/b')?.body.toString()).toBe('b');
    const slow = cache.fetch('/c', async () => {
      await new Promise((r) => setTimeout(r, 20));
      return page('old c', ['article:3']);
    });
    cache.invalidate({ evict: ['article:3'], stale: [] });
    expect((await slow).page.body.toString()).toBe('old c');
    expect(cache.get('/c')).toBeUndefined();
    cache.invalidate();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it('stores a render that raced a change of something it does not show (a comment elsewhere)', async () => {
    const cache = new PageCache({ maxBytes: 1_000_000 });
    const slow = (body: string, tags: string[]) =>
      cache.fetch(`/${body}`, async () => {
        await new Promise((r) => setTimeout(r, 20));
        return page(body, tags);
      });
    const a = slow('a', ['article:1', 'sidebar']);
    const b = slow('b', ['article:2', 'sidebar']);
    const c = slow('c', ['article:3']);
    cache.invalidate({ evict: ['thread:9'], stale: [] }); // shown by none of them
    cache.invalidate({ evict: ['article:2'], stale: [] }); // shown by /b
    const d = slow('d', ['article:4']);
    cache.invalidate({ evict: [], stale: ['sidebar'] }); // a soft change counts too: /a
    cache.invalidate({ evict: ['article:3'], stale: [] }); // /c
    await Promise.all([a, b, c, d]);
    expect(['/a', '/b', '/c', '/d'].map((k) => cache.get(k)?.body.toString() ?? null)).toEqual([null, null, null, 'd']);
    // Started after every change: stored. And the tag versions are forgotten once nothing runs.
    await slow('e', ['article:3', 'sidebar']);
    expect(cache.get('/e')?.body.toString()).toBe('e');
    const f = slow('f', ['article:1']);
    cache.invalidate();
    await f;
    expect(cache.get('/f')).toBeUndefined();
  });
});

describe.each(dialects)('page cache invalidation by what a page shows, on %s', (dialect) => {
  let t: TestApp;
  let maja: number;
  let olle: number;
  let a: { id: number; slug: string };
  let b: { id: number; slug: string };
  const state = async (url: string) => (await t.app.inject(url)).headers['x-page-cache'];
  const warm = async (...urls: string[]) => {
    for (const url of urls) await t.app.inject(url);
    for (const url of urls) expect(await state(url), url).toBe('HIT');
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    maja = await makeAuthor(t, 'maja', 'Maja Reporter');
    olle = await makeAuthor(t, 'olle', 'Olle Skribent');
    const make = (title: string, category: 'SPORT' | 'KULTUR', authorId: number, name: string) =>
      t.app.services.articles.create({
        title,
        content: `<p>${title}.</p>`,
        category,
        authorId,
        authorName: name,
        featuredImage: null,
      });
    a = await make('Artikel A', 'SPORT', maja, 'Maja Reporter');
    b = await make('Artikel B', 'KULTUR', olle, 'Olle Skribent');
  });
  afterAll(() => t?.close());

  it('editing article A drops A and the lists showing it, not article B', async () => {
    await warm(
      `/api/articles/slug/${a.slug}`,
      `/api/articles/${b.id}`,
      '/api/articles',
      '/api/articles?category=kultur',
    );
    await t.app.services.articles.update(a.id, {
      title: 'Artikel A',
      content: '<p>Ny text i A.</p>',
      category: 'SPORT',
      featuredImage: null,
    });
    const fresh = await t.app.inject(`/api/articles/slug/${a.slug}`);
    expect(fresh.headers['x-page-cache']).toBe('MISS');
    expect(fresh.json().content).toBe('<p>Ny text i A.</p>');
    expect(await state('/api/articles')).toBe('MISS'); // it shows A
    expect(await state(`/api/articles/${b.id}`)).toBe('HIT');
    expect(await state('/api/articles?category=kultur')).toBe('HIT'); // B's list does not show A
  });

  it("a profile edit drops only the pages with that person's byline", async () => {
    await warm(`/api/articles/${a.id}`, `/api/articles/${b.id}`, '/api/articles?category=kultur');
    await t.app.services.users.updateProfile(maja, { full_name: 'Maja Redaktör' });
    const again = await t.app.inject(`/api/articles/${a.id}`);
    expect(again.headers['x-page-cache']).toBe('MISS');
    expect(again.json().author_display_name).toBe('Maja Redaktör');
    expect(await state(`/api/articles/${b.id}`)).toBe('HIT');
    expect(await state('/api/articles?category=kultur')).toBe('HIT');
  });

  it('a new article drops the lists it joins, not the article pages', async () => {
    await warm(`/api/articles/${a.id}`, `/api/articles/${b.id}`, '/api/articles', '/api/articles?category=sport');
    await warm('/api/articles?category=kultur');
    await t.app.services.articles.create({
      title: 'Ny sportartikel',
      content: '<p>Ny.</p>',
      category: 'SPORT',
      authorId: olle,
      authorName: 'Olle Skribent',
      featuredImage: null,
    });
    const front = await t.app.inject('/api/articles');
    expect(front.headers['x-page-cache']).toBe('MISS');
    expect(front.json()[0].title).toBe('Ny sportartikel');
    expect((await t.app.inject('/api/articles?category=sport')).json()[0].title).toBe('Ny sportartikel');
    expect(await state('/api/articles?category=kultur')).toBe('HIT');
    expect(await state(`/api/articles/${a.id}`)).toBe('HIT');
    expect(await state(`/api/articles/${b.id}`)).toBe('HIT');
  });

  it('deleting article A drops its page and the lists that showed it at once', async () => {
    await warm(
      `/api/articles/${a.id}`,
      `/api/articles/slug/${a.slug}`,
      `/api/articles/${b.id}`,
      '/api/articles',
      '/api/articles?category=sport',
    );
    await t.app.services.articles.delete(a.id);
    expect((await t.app.inject(`/api/articles/${a.id}`)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/articles/slug/${a.slug}`)).statusCode).toBe(404);
    const front = await t.app.inject('/api/articles');
    expect(front.headers['x-page-cache']).toBe('MISS');
    expect(front.json().map((x: { id: number }) => x.id)).not.toContain(a.id);
    const sport = await t.app.inject('/api/articles?category=sport');
    expect(sport.json().map((x: { id: number }) => x.id)).not.toContain(a.id);
    expect(await state(`/api/articles/${b.id}`)).toBe('HIT');
  });
});
