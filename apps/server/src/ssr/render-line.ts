import pLimit from 'p-limit';

/**
 * The line server renders wait in (decisions 033 and 036). At most `concurrency` renders run at
 * once; each turn starts after the event loop's I/O phase; and a turn waits for the API writes
 * already under way when it came up (not for later ones), so a comment being posted makes its
 * database round trips without a new render (~8 ms of this thread) starting between each of them.
 * A request holds the line for at most `apiFirstMs` (RENDER_API_FIRST_MS: a long upload or
 * translation does not stop the pages); 0 turns the waiting off. Which requests count is the
 * caller's choice (`app.ts`: the API's writes).
 */
export class RenderLine {
  private readonly turn: ReturnType<typeof pLimit>;
  /** API requests holding the line, by number (a Set keeps them in the order they began). */
  private readonly apiRequests = new Set<number>();
  private lastRequest = 0;
  private waiting: { upTo: number; done: () => void }[] = [];

  constructor(
    concurrency: number,
    private readonly apiFirstMs: number,
    /** PAGE_REFRESHES_PER_SECOND: background re-renders of stale pages allowed per second. */
    private readonly refreshesPerSecond = 10,
  ) {
    this.turn = pLimit(concurrency);
  }

  /** No render runs or waits (the page backfill renders only then; decision 040). */
  get idle(): boolean {
    return this.turn.activeCount === 0 && this.turn.pendingCount === 0;
  }

  private refreshWindow = 0;
  private refreshesInWindow = 0;

  /**
   * Whether a stale page may start its re-render now (decision 040): only when the line is idle, and
   * at most `refreshesPerSecond` a second. Cached pages are served without the line, so an idle line
   * does not mean an idle process: after a publish (every page's sidebar is stale) or once the pages
   * have aged, every first visit would start a render and take the CPU the cached pages need.
   */
  mayRefresh(now = Date.now()): boolean {
    if (!this.idle || this.refreshesPerSecond === 0) return false;
    const window = Math.floor(now / 1000);
    if (window !== this.refreshWindow) {
      this.refreshWindow = window;
      this.refreshesInWindow = 0;
    }
    if (this.refreshesInWindow >= this.refreshesPerSecond) return false;
    this.refreshesInWindow++;
    return true;
  }

  /** API requests under way that still hold the line. */
  get holding(): number {
    return this.apiRequests.size;
  }

  /** An API request began; call the answer when it ends (more calls do nothing). */
  apiStarted(): () => void {
    if (this.apiFirstMs === 0) return () => {};
    const n = ++this.lastRequest;
    this.apiRequests.add(n);
    const release = () => {
      if (!this.apiRequests.delete(n)) return;
      clearTimeout(timer);
      this.wake();
    };
    const timer = setTimeout(release, this.apiFirstMs);
    timer.unref();
    return release;
  }

  /**
   * Resolves when the API writes under way now have ended (undefined when there are none): a page
   * read from the store waits for them as a render does (decision 036), without taking a render's
   * turn: a memory miss is a database round trip, and at a thousand a second they would come
   * between a post's round trips (no difference measured on a fast machine; decision 040).
   */
  afterWrites(): Promise<void> | undefined {
    return this.apiRequests.size > 0 ? this.after(this.lastRequest) : undefined;
  }

  /** Runs `render` in its turn. */
  run<T>(render: () => Promise<T>): Promise<T> {
    return this.turn(async () => {
      // A render runs to its end on promise callbacks, which never let the event loop read a
      // socket: without this pause the line would drain (eight renders, ~75 ms) before a waiting
      // POST is even read. setImmediate starts the turn after the loop's I/O phase.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (this.apiRequests.size > 0) await this.after(this.lastRequest);
      return render();
    });
  }

  /** Resolves when every API request up to number `upTo` has ended or stopped holding the line. */
  private after(upTo: number): Promise<void> {
    return new Promise<void>((resolve) => {
      this.waiting.push({ upTo, done: resolve });
    });
  }

  /** Lets go every render whose requests have all ended (requests end in any order). */
  private wake(): void {
    if (this.waiting.length === 0) return;
    const oldest = this.apiRequests.values().next().value ?? Number.POSITIVE_INFINITY;
    this.waiting = this.waiting.filter((w) => {
      if (w.upTo >= oldest) return true;
      w.done();
      return false;
    });
  }
}
