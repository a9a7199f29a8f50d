import { describe, expect, it } from 'vitest';
import type { PageStore } from '../lib/page-cache/index.js';
import { PageBackfill, ReaderLoad } from './page-backfill.js';

/** Ten published articles (ids 1–10, newest has the highest id); the store already has article 5. */
function paper() {
  const articles = Array.from({ length: 10 }, (_, i) => ({
    id: 10 - i,
    slug: `a${10 - i}`,
    published_at: `2026-01-${String(20 - i).padStart(2, '0')}T00:00:00.000Z`,
  }));
  const calls = { sweep: 0, purge: 0 };
  const store = {
    present: async (paths: string[]) => new Set(paths.filter((p) => p === '/article/a5')),
    sweepEvicted: async () => {
      calls.sweep++;
      return { next: null, deleted: 0 };
    },
    purgeOtherBuilds: async () => {
      calls.purge++;
      return 0;
    },
  } as unknown as PageStore;
  const publishedSlugs = async (after: { published_at: string; id: number } | null, limit: number) =>
    articles
      .filter(
        (a) =>
          !after || a.published_at < after.published_at || (a.published_at === after.published_at && a.id < after.id),
      )
      .slice(0, limit);
  return { store, publishedSlugs, calls };
}

describe('PageBackfill shards', () => {
  it("renders only its shard's missing article pages, newest first, over batches of the whole paper", async () => {
    for (const [index, expected] of [
      [0, ['/article/a9', '/article/a6', '/article/a3']],
      [1, ['/article/a10', '/article/a7', '/article/a4', '/article/a1']],
      [2, ['/article/a8', '/article/a2']], // a5 is in the store already
    ] as const) {
      const { store, publishedSlugs, calls } = paper();
      const warmed: string[] = [];
      const backfill = new PageBackfill({
        articles: { publishedSlugs },
        store,
        shard: { index, count: 3 },
        idle: () => true,
        warm: async (path) => {
          warmed.push(path);
          return 200;
        },
        batch: 4,
      });
      const summary = await backfill.run(new AbortController().signal);
      expect(warmed).toEqual(expected);
      expect(summary).toContain(`rendered ${expected.length} article pages ahead`);
      expect(backfill.passes).toBe(1);
      // only the first shard deletes other builds' and evicted pages
      expect(calls).toEqual(index === 0 ? { sweep: 1, purge: 1 } : { sweep: 0, purge: 0 });
    }
  });

  it('without a shard (or with one of one) renders every missing page', async () => {
    for (const shard of [undefined, { index: 0, count: 1 }]) {
      const { store, publishedSlugs } = paper();
      const warmed: string[] = [];
      const backfill = new PageBackfill({
        articles: { publishedSlugs },
        store,
        shard,
        idle: () => true,
        warm: async (path) => {
          warmed.push(path);
          return 200;
        },
        batch: 3,
      });
      await backfill.run(new AbortController().signal);
      expect(warmed).toHaveLength(9);
      expect(warmed).not.toContain('/article/a5');
    }
  });
});

describe('PageBackfill at a stop', () => {
  it('stops where the server began to close (warm answers null), counts no failure, and goes on from there', async () => {
    const { store, publishedSlugs } = paper();
    const warmed: string[] = [];
    let closing = false;
    const backfill = new PageBackfill({
      articles: { publishedSlugs },
      store,
      idle: () => true,
      warm: async (path) => {
        if (closing) return null;
        warmed.push(path);
        if (warmed.length === 3) closing = true;
        return 200;
      },
      batch: 4,
    });
    const first = await backfill.run(new AbortController().signal);
    expect(warmed).toEqual(['/article/a10', '/article/a9', '/article/a8']);
    expect(first).toContain('rendered 3 article pages ahead');
    expect(first).not.toContain('did not answer 200');
    expect(backfill.passes).toBe(0);
    closing = false; // the next process (or run) goes on from the page it did not get
    await backfill.run(new AbortController().signal);
    expect(warmed).toEqual([
      '/article/a10',
      '/article/a9',
      '/article/a8',
      ...['a7', 'a6', 'a4', 'a3', 'a2', 'a1'].map((a) => `/article/${a}`),
    ]);
    expect(backfill.passes).toBe(1);
  });
});

describe('ReaderLoad', () => {
  it("counts readers' requests a second over the last quarter second, and forgets older ones", () => {
    let now = 1_000;
    const load = new ReaderLoad(250, () => now);
    expect(load.perSecond()).toBe(0);
    for (let i = 0; i < 50; i++) load.seen();
    // 50 in the bucket that began 0 ms ago: 50 over a quarter second
    expect(load.perSecond()).toBe(200);
    now += 250; // the next bucket: the last one still counts
    for (let i = 0; i < 25; i++) load.seen();
    expect(load.perSecond()).toBe(300); // 75 over 250 ms
    now += 125;
    expect(load.perSecond()).toBe(200); // 75 over 375 ms
    now += 250; // a bucket later the first 50 are gone
    expect(load.perSecond()).toBe(100); // the 25 over 250 ms
    now += 600; // quiet for more than two buckets: nothing
    expect(load.perSecond()).toBe(0);
  });
});

describe('PageBackfill gives way to readers (issue 46)', () => {
  const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

  function backfillWith(readers: number, holdMs: number, renderMs = 0) {
    const { store, publishedSlugs } = paper();
    const renders: { start: number; end: number }[] = [];
    const backfill = new PageBackfill({
      articles: { publishedSlugs },
      store,
      idle: () => true,
      readers: () => readers,
      holdMs,
      budgetMs: 300,
      warm: async () => {
        const start = Date.now();
        if (renderMs > 0) await sleep(renderMs);
        renders.push({ start, end: Date.now() });
        return 200;
      },
    });
    return { backfill, renders };
  }

  it('renders nothing while many readers come in the first seconds after the start', async () => {
    const { backfill, renders } = backfillWith(500, 60_000);
    const summary = await backfill.run(new AbortController().signal);
    expect(renders).toHaveLength(0);
    expect(summary).toBeUndefined();
  });

  it('renders at full speed in the first seconds when readers are few', async () => {
    const { backfill, renders } = backfillWith(99, 60_000);
    await backfill.run(new AbortController().signal);
    expect(renders).toHaveLength(9);
  });

  it('after the first seconds, rests a render’s time after each while readers are many', async () => {
    const busy = backfillWith(100, 0, 20);
    await busy.backfill.run(new AbortController().signal);
    expect(busy.renders.length).toBeGreaterThan(2);
    expect(busy.renders.length).toBeLessThanOrEqual(8); // 300 ms at 20 ms + 20 ms of rest
    for (let i = 1; i < busy.renders.length; i++) {
      const gap = (busy.renders[i]?.start ?? 0) - (busy.renders[i - 1]?.end ?? 0);
      expect(gap).toBeGreaterThanOrEqual(15);
    }
    const quiet = backfillWith(0, 0, 20);
    await quiet.backfill.run(new AbortController().signal);
    expect(quiet.renders).toHaveLength(9);
    for (let i = 1; i < quiet.renders.length; i++) {
      expect((quiet.renders[i]?.start ?? 0) - (quiet.renders[i - 1]?.end ?? 0)).toBeLessThan(15);
    }
  });
});
