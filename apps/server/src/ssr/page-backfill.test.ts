import { describe, expect, it } from 'vitest';
import type { PageStore } from '../lib/page-cache/index.js';
import { PageBackfill } from './page-backfill.js';

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
