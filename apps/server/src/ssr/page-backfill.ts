import type { PageStore } from '../lib/page-cache/index.js';
import type { ArticlesService } from '../modules/articles/service.js';

export interface PageBackfillOptions {
  articles: Pick<ArticlesService, 'publishedSlugs'>;
  /**
   * This backfill's share of the paper: the articles with `id % count = index` (default: all).
   * Each shard is a job of its own, so several processes render different shares at once; the
   * first shard also deletes other builds' and evicted pages.
   */
  shard?: { index: number; count: number };
  store: PageStore;
  /**
   * Requests a page through the server as a reader would (it is rendered and kept on a miss); null
   * when the server has begun to close (the run stops there, and the next one goes on from that page).
   */
  warm: (path: string) => Promise<number | null>;
  /** Whether no reader's render runs or waits: the backfill renders only then. */
  idle: () => boolean;
  /**
   * Readers' requests a second just now (their pages from memory or the store need no render, so
   * `idle` does not see them). While they are many, the backfill holds back: not at all in the
   * process's first `holdMs`, then at most half the time (decision 051).
   */
  readers?: () => number;
  /** From the start of the process, how long the backfill gives way to busy readers entirely (default 30 s). */
  holdMs?: number;
  /** Readers' requests a second from which they count as busy (default 100). */
  busyReaders?: number;
  /** How long one run may render (it runs beside the other jobs; default 5 min). */
  budgetMs?: number;
  /** Articles looked up in the store per step. */
  batch?: number;
  /** After a whole pass, the next starts this much later (default 10 min): edits are few, visits re-render. */
  restMs?: number;
  /** Stored pages checked per run for evicted ones to delete (default 500). */
  sweepBatch?: number;
  /** Deletes the kept client assets no kept build has any more (decision 051); run with the purge. */
  purgeAssets?: () => Promise<number>;
}

/**
 * The request header of the backfill's own page requests (with a token known to its process only):
 * such a request renders its page even when an earlier build's page is stored (decision 051).
 */
export const BACKFILL_HEADER = 'x-vaggen-backfill';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Issue 46 (decision 051): readers' requests a second over about the last quarter second (two
 * buckets), counted by a request hook. Cheap enough for every request: a counter and a clock.
 */
export class ReaderLoad {
  private current = 0;
  private previous = 0;
  private bucketStart: number;

  constructor(
    private readonly windowMs = 250,
    private readonly now: () => number = Date.now,
  ) {
    this.bucketStart = now();
  }

  seen(): void {
    this.roll();
    this.current++;
  }

  perSecond(): number {
    this.roll();
    const span = this.windowMs + (this.now() - this.bucketStart);
    return ((this.previous + this.current) * 1000) / span;
  }

  private roll(): void {
    const at = this.now();
    const gone = at - this.bucketStart;
    if (gone < this.windowMs) return;
    this.previous = gone < 2 * this.windowMs ? this.current : 0;
    this.current = 0;
    this.bucketStart = at;
  }
}

/**
 * Issue 13 (decision 040): renders readers' article pages into the shared page store ahead of
 * readers, newest first, so that a reader of an old article gets it from the store instead of
 * waiting for a render. It renders pages the store lacks — never rendered, of an earlier build (served as stale meanwhile, decision 051), or
 * evicted by a change — and leaves stale ones (a publish stales every sidebar) to their next
 * visit. Each run renders for at most `budgetMs`, only while no reader's render waits, and goes on
 * where the last one stopped; after the last article it starts again from the newest. Each run also
 * deletes the evicted pages among the next few hundred stored (`PageStore.sweepEvicted`).
 */
export class PageBackfill {
  private after: { published_at: string; id: number } | null = null;
  private readonly budgetMs: number;
  private readonly batch: number;
  private readonly restMs: number;
  private readonly sweepBatch: number;
  /** Where the sweep of evicted pages goes on from (null: from the first key). */
  private sweepAfter: string | null = null;
  /** No pass starts before this (set when one ends). */
  private restUntil = 0;
  /** Before this, busy readers hold the backfill back entirely (a deploy's first seconds). */
  private readonly holdUntil: number;
  private readonly busyReaders: number;
  /** Pages rendered since start, and whole passes over the paper completed. */
  rendered = 0;
  passes = 0;

  constructor(private readonly opts: PageBackfillOptions) {
    this.holdUntil = Date.now() + (opts.holdMs ?? 30_000);
    this.busyReaders = opts.busyReaders ?? 100;
    this.budgetMs = opts.budgetMs ?? 5 * 60_000;
    this.batch = opts.batch ?? 200;
    this.restMs = opts.restMs ?? 10 * 60_000;
    this.sweepBatch = opts.sweepBatch ?? 500;
  }

  private busy(): boolean {
    return (this.opts.readers?.() ?? 0) >= this.busyReaders;
  }

  private held(): boolean {
    return Date.now() < this.holdUntil && this.busy();
  }

  async run(signal: AbortSignal): Promise<string | undefined> {
    // Every run, resting or not, deletes the evicted pages among the next few hundred stored: those
    // of deleted articles and old addresses would never be rendered again (those still read are).
    const shard = this.opts.shard && this.opts.shard.count > 1 ? this.opts.shard : undefined;
    const first = (shard?.index ?? 0) === 0;
    const sweep = first
      ? await this.opts.store.sweepEvicted(this.sweepAfter, this.sweepBatch)
      : { deleted: 0, next: null };
    this.sweepAfter = sweep.next;
    const swept = sweep.deleted > 0 ? `pages: removed ${sweep.deleted} evicted pages` : undefined;
    if (this.after === null && Date.now() < this.restUntil) return swept;
    const deadline = Date.now() + this.budgetMs;
    // Pages of builds no longer kept (older than the last few, decision 051) go, up to a thousand at
    // each start of a pass, with their client assets. The builds just before this one keep theirs:
    // they are served until this build has rendered its own (each render deletes the earlier page).
    const purged = first && this.after === null ? await this.opts.store.purgeOtherBuilds(1000) : 0;
    const purgedAssets = first && this.after === null && this.opts.purgeAssets ? await this.opts.purgeAssets() : 0;
    let rendered = 0;
    let failed = 0;
    let passDone = false;
    while (!signal.aborted && Date.now() < deadline) {
      // The whole paper's order, by the index readers' lists use; this shard's articles are picked
      // from it here (a filter on `id % count` in SQL made PostgreSQL scan and sort every article).
      const rows = await this.opts.articles.publishedSlugs(this.after, this.batch);
      if (rows.length === 0) {
        this.after = null;
        this.passes++;
        this.restUntil = Date.now() + this.restMs;
        passDone = true;
        break;
      }
      const paths = rows.map((r) => `/article/${encodeURIComponent(r.slug)}`);
      const mine = rows.map((r) => !shard || r.id % shard.count === shard.index);
      const present = await this.opts.store.present(paths.filter((_, j) => mine[j]));
      let i = 0;
      for (; i < rows.length; i++) {
        const path = paths[i] as string;
        if (!mine[i] || present.has(path)) continue;
        // Readers first: wait while their renders run, and in the process's first seconds while
        // they are many (the run ends at its deadline regardless).
        while ((!this.opts.idle() || this.held()) && !signal.aborted && Date.now() < deadline) await sleep(5);
        if (signal.aborted || Date.now() >= deadline) break;
        const began = Date.now();
        const status = await this.opts.warm(path);
        if (status === null) break;
        if (status === 200) rendered++;
        else failed++;
        // Busy readers get at least half of the process: a render's time again of rest after it.
        if (this.busy()) await sleep(Date.now() - began);
      }
      if (i < rows.length) {
        // Stopped inside the batch: the next run goes on from the last article done.
        const last = rows[i - 1];
        if (last) this.after = { published_at: last.published_at, id: last.id };
        break;
      }
      const last = rows[rows.length - 1];
      if (last) this.after = { published_at: last.published_at, id: last.id };
    }
    this.rendered += rendered;
    const parts = [
      ...(rendered > 0 ? [`rendered ${rendered} article pages ahead`] : []),
      ...(failed > 0 ? [`${failed} did not answer 200`] : []),
      ...(purged > 0 ? [`removed ${purged} pages of builds no longer kept`] : []),
      ...(purgedAssets > 0 ? [`removed ${purgedAssets} client assets of builds no longer kept`] : []),
      ...(sweep.deleted > 0 ? [`removed ${sweep.deleted} evicted pages`] : []),
      ...(passDone && (rendered > 0 || this.passes === 1) ? ['every article page is kept'] : []),
    ];
    return parts.length > 0 ? `pages: ${parts.join('; ')}` : undefined;
  }
}
