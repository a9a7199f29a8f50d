import type { Db } from '../../db/index.js';

/**
 * Domain events (issue 39, decision 046), after Ghost's `DomainEvents` with a transactional outbox.
 *
 * A module names what happened in its own `events.ts` (`export const CommentPosted =
 * defineEvent<CommentPostedPayload>('CommentPosted')`) and emits it inside the transaction of the
 * write: `await events.emit(trx, CommentPosted({...}))`. Who reacts is listed in one file,
 * `src/events.ts`, each handler with its phase:
 *
 * - `inTransaction`: runs at once, inside the writer's transaction, with its `trx` (derived rows that
 *   must commit or fail with the write: the search index, moderation's record of a comment).
 * - `afterCommit`: written to the `event_outbox` table in the same transaction, run right after the
 *   commit by the process that made it, and — if that process dies first or a handler fails — by the
 *   `event-outbox` job on any process, retried with backoff until it succeeds. Such handlers must be
 *   idempotent (they may run again after a crash between their effect and the row's deletion) and
 *   must not depend on the order of events (a retried one may run after a later one).
 *
 * This file knows no module: it is infrastructure below them.
 */

/** A kind of event: a function that makes one, carrying its name. */
export interface EventType<P> {
  (payload: P): DomainEvent<P>;
  readonly eventName: string;
}

/** One event: its kind's name and what it carries (plain JSON: it may wait in the outbox). */
export interface DomainEvent<P = unknown> {
  readonly type: string;
  readonly payload: P;
}

export function defineEvent<P>(name: string): EventType<P> {
  const make = ((payload: P) => ({ type: name, payload })) as EventType<P>;
  Object.defineProperty(make, 'eventName', { value: name });
  return make;
}

export type Phase = 'transaction' | 'after-commit';

/** A subscription as listed by `subscriptions()` (the event map in docs/architecture.md is checked against it). */
export interface SubscriptionInfo {
  event: string;
  phase: Phase;
  handler: string;
}

type TxHandler = (payload: unknown, trx: Db) => Promise<void>;
type AfterHandler = (payload: unknown) => Promise<void>;

interface OutboxRow {
  id: number;
  event: string;
  payload: string;
  handlers: string;
  attempts: number;
  run_after: number;
}

export interface DomainEventsOptions {
  /** How long the committing process keeps its new rows to itself before the job may take them. */
  claimMs?: number;
  /** Told of a handler that failed (it is retried). */
  onHandlerError?: (err: unknown, info: { event: string; handler: string; attempts: number }) => void;
  /** Tests only: the process kills itself right after committing an event of this kind, before its effects. */
  crashAfterCommit?: string;
  now?: () => number;
}

/** Pauses before a failed after-commit handler runs again: 1 s, 5 s, 30 s, 2 min, then every 10 min. */
export const OUTBOX_BACKOFF_MS = [1_000, 5_000, 30_000, 120_000, 600_000];

export class DomainEvents {
  private readonly tx = new Map<string, { name: string; handle: TxHandler }[]>();
  private readonly after = new Map<string, { name: string; handle: AfterHandler }[]>();
  /** The events of each open transaction that have after-commit handlers, by its `trx`. */
  private readonly open = new WeakMap<Db, DomainEvent[]>();
  private readonly claimMs: number;
  private readonly now: () => number;
  /** After-commit runs that failed and wait in the outbox (metrics). */
  retries = 0;

  constructor(
    private readonly db: Db,
    private readonly opts: DomainEventsOptions = {},
  ) {
    this.claimMs = opts.claimMs ?? 30_000;
    this.now = opts.now ?? Date.now;
  }

  /** `handle` runs inside the transaction that emits `type`, in the order of subscription. */
  inTransaction<P>(type: EventType<P>, name: string, handle: (payload: P, trx: Db) => Promise<void>): void {
    this.add(this.tx, type.eventName, name, handle as TxHandler);
  }

  /** `handle` runs after the commit, through the outbox: at least once, until it succeeds. */
  afterCommit<P>(type: EventType<P>, name: string, handle: (payload: P) => Promise<void>): void {
    this.add(this.after, type.eventName, name, handle as AfterHandler);
  }

  private add<H>(map: Map<string, { name: string; handle: H }[]>, event: string, name: string, handle: H): void {
    const list = map.get(event) ?? [];
    if (list.some((h) => h.name === name)) throw new Error(`${event}: two handlers named ${name}`);
    list.push({ name, handle });
    map.set(event, list);
  }

  /** Every subscription, in order: the event map. */
  subscriptions(): SubscriptionInfo[] {
    const out: SubscriptionInfo[] = [];
    for (const [event, list] of this.tx)
      for (const h of list) out.push({ event, phase: 'transaction', handler: h.name });
    for (const [event, list] of this.after)
      for (const h of list) out.push({ event, phase: 'after-commit', handler: h.name });
    return out;
  }

  /**
   * Runs `work` in a transaction in which events may be emitted; after the commit, their
   * after-commit handlers run (awaited: a reader asking right after the write sees its effects).
   */
  async transaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    let rows: OutboxRow[] = [];
    const result = await this.db.transaction().execute(async (trx) => {
      const pending: DomainEvent[] = [];
      this.open.set(trx, pending);
      try {
        const value = await work(trx);
        rows = await this.record(trx, pending);
        return value;
      } finally {
        this.open.delete(trx);
      }
    });
    if (rows.length) {
      const crash = this.opts.crashAfterCommit;
      if (crash && rows.some((r) => r.event === crash)) process.kill(process.pid, 'SIGKILL');
      await this.runRows(rows);
    }
    return result;
  }

  /**
   * Announces `event` inside the transaction `trx` (one opened by `transaction`): its
   * in-transaction handlers run now; its after-commit ones are recorded to run after the commit.
   */
  async emit(trx: Db, event: DomainEvent): Promise<void> {
    const pending = this.open.get(trx);
    if (!pending) throw new Error(`${event.type} emitted outside events.transaction()`);
    for (const h of this.tx.get(event.type) ?? []) await h.handle(event.payload, trx);
    if (this.after.has(event.type)) pending.push(event);
  }

  /** The outbox rows of a transaction's events, held by this process for `claimMs`. */
  private async record(trx: Db, events: DomainEvent[]): Promise<OutboxRow[]> {
    if (events.length === 0) return [];
    const now = this.now();
    const values = events.map((e) => ({
      event: e.type,
      payload: JSON.stringify(e.payload ?? null),
      handlers: JSON.stringify((this.after.get(e.type) ?? []).map((h) => h.name)),
      created_at: now,
      run_after: now + this.claimMs,
    }));
    const ids = await trx.insertInto('event_outbox').values(values).returning('id').execute();
    return values.map((v, i) => ({ ...v, id: Number(ids[i]?.id), attempts: 0 }));
  }

  /**
   * Runs the after-commit handlers of rows this process holds, in order; deletes the rows that are
   * done and puts the failed handlers back with a backoff.
   */
  private async runRows(rows: OutboxRow[]): Promise<number> {
    const done: number[] = [];
    for (const row of rows) {
      const payload = JSON.parse(row.payload) as unknown;
      const names = JSON.parse(row.handlers) as string[];
      const failed: string[] = [];
      let lastError = '';
      for (const name of names) {
        const h = this.after.get(row.event)?.find((x) => x.name === name);
        // A handler this release no longer has: nothing to run.
        if (!h) continue;
        try {
          await h.handle(payload);
        } catch (err) {
          failed.push(name);
          lastError = err instanceof Error ? err.message : String(err);
          this.opts.onHandlerError?.(err, { event: row.event, handler: name, attempts: row.attempts + 1 });
        }
      }
      if (failed.length === 0) {
        done.push(row.id);
        continue;
      }
      this.retries++;
      const wait = OUTBOX_BACKOFF_MS[Math.min(row.attempts, OUTBOX_BACKOFF_MS.length - 1)] ?? 600_000;
      await this.db
        .updateTable('event_outbox')
        .set({
          handlers: JSON.stringify(failed),
          attempts: row.attempts + 1,
          run_after: this.now() + wait,
          last_error: lastError.slice(0, 1000),
        })
        .where('id', '=', row.id)
        .execute();
    }
    if (done.length) await this.db.deleteFrom('event_outbox').where('id', 'in', done).execute();
    return done.length;
  }

  /**
   * The `event-outbox` job: runs the rows whose time has come (a crashed process's, failed ones
   * after their backoff), oldest first, each claimed first so that no two processes run one row.
   * Returns how many rows were completed.
   */
  async deliverDue(signal?: AbortSignal, limit = 200): Promise<number> {
    let completed = 0;
    const due = await this.db
      .selectFrom('event_outbox')
      .select(['id', 'event', 'payload', 'handlers', 'attempts', 'run_after'])
      .where('run_after', '<=', this.now())
      .orderBy('run_after')
      .orderBy('id')
      .limit(limit)
      .execute();
    for (const r of due) {
      if (signal?.aborted) break;
      const row: OutboxRow = { ...r, id: Number(r.id), attempts: Number(r.attempts), run_after: Number(r.run_after) };
      const claimed = await this.db
        .updateTable('event_outbox')
        .set({ run_after: this.now() + this.claimMs })
        .where('id', '=', row.id)
        .where('run_after', '=', r.run_after)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      completed += await this.runRows([row]);
    }
    return completed;
  }

  /** Rows waiting in the outbox (metrics, tests). */
  async backlog(): Promise<number> {
    const r = await this.db
      .selectFrom('event_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }
}
