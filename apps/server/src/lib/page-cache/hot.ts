import type { Db } from '../../db/index.js';
import type { PageCache } from './cache.js';

/** How often each process saves its hot pages (and once more when it stops). */
export const HOT_PAGES_SAVE_MS = 5 * 60_000;

export interface HotPagesOptions {
  /** Pages saved per process and preloaded at a start (PAGE_PRELOAD; 0 turns both off). */
  keep: number;
  /** A saved list older than this is not preloaded, and is deleted at the next save (default 1 h). */
  maxAgeMs?: number;
  now?: () => number;
}

/**
 * Issue 46 (decision 051, amended 2026-11-30): a process that starts — a new build above all —
 * answers its first readers from memory. Every process saves the kept pages it served most
 * recently (`PageCache.hotKeys`) into `page_hot_keys` now and then and when it stops; a starting
 * process reads those pages from the store into its memory (`PageCache.preload`) before it listens.
 * Under a news site's traffic a few thousand pages are most of what is read.
 */
export class HotPages {
  private readonly maxAgeMs: number;
  private readonly now: () => number;
  /** The pages the last preload put in memory, hottest first (the start's warm-up requests them). */
  preloaded: string[] = [];

  constructor(
    private readonly db: Db,
    private readonly cache: PageCache,
    private readonly opts: HotPagesOptions,
  ) {
    this.maxAgeMs = opts.maxAgeMs ?? 60 * 60_000;
    this.now = opts.now ?? Date.now;
  }

  /** Saves this process's hot pages (a key saved by two processes keeps the later score). Returns how many. */
  async save(): Promise<number> {
    if (this.opts.keep <= 0) return 0;
    const keys = this.cache.hotKeys(this.opts.keep);
    const at = this.now();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('page_hot_keys')
        .where('saved_at', '<', at - this.maxAgeMs)
        .execute();
      const rows = keys.map((key, i) => ({ key, score: keys.length - i, saved_at: at }));
      for (let i = 0; i < rows.length; i += 200) {
        await trx
          .insertInto('page_hot_keys')
          .values(rows.slice(i, i + 200))
          .onConflict((oc) =>
            oc.column('key').doUpdateSet({
              score: (eb) => eb.ref('excluded.score'),
              saved_at: (eb) => eb.ref('excluded.saved_at'),
            }),
          )
          .execute();
      }
    });
    return keys.length;
  }

  /** Reads the saved hot pages from the store into memory, hottest first chosen. Returns how many were loaded. */
  async preload(): Promise<number> {
    if (this.opts.keep <= 0) return 0;
    const rows = await this.db
      .selectFrom('page_hot_keys')
      .select('key')
      .where('saved_at', '>=', this.now() - this.maxAgeMs)
      .orderBy('score', 'desc')
      .orderBy('saved_at', 'desc')
      .limit(this.opts.keep)
      .execute();
    const keys = rows.map((r) => r.key);
    const loaded = await this.cache.preload(keys);
    this.preloaded = keys.filter((k) => this.cache.has(k));
    return loaded;
  }

  /**
   * The preloaded pages as requests: a key is the page's address, or `origin|address` when the
   * cache keys pages by host (no PUBLIC_URL).
   */
  requests(limit: number): { host: string | undefined; url: string }[] {
    return this.preloaded.slice(0, limit).map((key) => {
      const bar = key.indexOf('|');
      if (bar < 0) return { host: undefined, url: key };
      let host: string | undefined;
      try {
        host = new URL(key.slice(0, bar)).host;
      } catch {
        host = undefined;
      }
      return { host, url: key.slice(bar + 1) };
    });
  }
}
