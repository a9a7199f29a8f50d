import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/index.js';

/** One piece of background work, run by one process of the cluster every `everyMs`. */
export interface Job {
  /** Short stable name: the key of its lease and in logs and metrics. */
  name: string;
  /** How often it is due, for the whole cluster (not per process). */
  everyMs: number;
  /**
   * Does the work; resolves to a short summary for the log, or undefined when there was nothing to do.
   * Long work checks `signal` between steps: it is aborted when the process stops, so a shutdown
   * never waits for a whole backfill.
   */
  run(now: Date, signal: AbortSignal): Promise<string | undefined>;
  /**
   * Runs beside the other jobs instead of in turn (long work, such as rendering pages ahead, that
   * must not hold up the scheduler). Jobs of one group are shards of one piece of work (the page
   * backfill, split by article id; a long job alone is a group of one): a process runs its group's
   * jobs one after another, never two of them at once, and gives each lease up when that run ends.
   * Several processes thus run different shards at once, and one process alone runs them in turn.
   */
  group?: string;
}

export interface JobRunnerOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** How often each process checks its jobs (default 15 s). */
  tickMs?: number;
  /** How long a claim lasts without renewal; a dead holder's jobs are taken over after this (default 60 s). */
  leaseMs?: number;
  /** The clock (tests move it). */
  now?: () => Date;
  /** Identifies this process in the lease table. */
  holder?: string;
  /** Told after every run, for metrics. */
  onRun?: (job: string, outcome: 'ok' | 'failed', seconds: number) => void;
}

/**
 * Runs the registered jobs so that each runs on exactly one process at a time (a lease row per
 * job in the database, taken over when its holder stops renewing it) and on schedule for the whole
 * cluster (`last_run_at` in the same row): a job due while every server was down runs at the next
 * start. A failure is logged and retried on the next tick, never thrown into the server.
 */
export class JobRunner {
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | null = null;
  /** Groups running beside the tick, by `group:<name>`. */
  private readonly beside = new Map<string, Promise<void>>();
  private stopped = false;
  private abort = new AbortController();
  readonly holder: string;
  private readonly tickMs: number;
  private readonly leaseMs: number;
  private readonly clock: () => Date;

  constructor(
    private readonly jobs: Job[],
    private readonly opts: JobRunnerOptions,
  ) {
    this.holder = opts.holder ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
    this.tickMs = opts.tickMs ?? 15_000;
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.clock = opts.now ?? (() => new Date());
  }

  /**
   * Starts the first pass at once (what fell due while the cluster was down runs now) and checks
   * again every tick. Does not wait for the pass: a long job (a search backfill on a big paper)
   * must not hold up the server's start; `settled()` waits for it.
   */
  start(): void {
    this.stopped = false;
    if (this.abort.signal.aborted) this.abort = new AbortController();
    void this.tick();
    this.timer = setInterval(() => void this.tick(), this.tickMs);
    this.timer.unref();
  }

  /** Resolves when the pass under way (if any) and the jobs it started alongside have finished. */
  async settled(): Promise<void> {
    await this.ticking?.catch(() => {});
    await Promise.all(this.beside.values());
  }

  /** One pass over every job: claim or renew its lease, run it when it is due. Passes never overlap. */
  tick(): Promise<void> {
    if (this.ticking) return this.ticking;
    this.ticking = (async () => {
      for (const [group, shards] of this.groups()) {
        if (this.stopped || this.beside.has(group)) continue;
        const running = (async () => {
          for (const job of shards) {
            if (this.stopped) break;
            await this.check(job);
          }
        })().finally(() => this.beside.delete(group));
        this.beside.set(group, running);
      }
      for (const job of this.jobs) {
        if (this.stopped) break;
        if (!job.group) await this.check(job);
      }
    })().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  /** Runs the job if it is due and this process gets its lease; a failure to check is logged. */
  private check(job: Job): Promise<void> {
    return this.runIfDue(job).catch((err) => {
      this.opts.log.warn({ err, job: job.name }, `job ${job.name}: could not check its lease`);
    });
  }

  /** The grouped jobs by group, in their order (map keys are prefixed: never a job's own name). */
  private groups(): Map<string, Job[]> {
    const groups = new Map<string, Job[]>();
    for (const job of this.jobs) {
      if (!job.group) continue;
      const key = `group:${job.group}`;
      groups.set(key, [...(groups.get(key) ?? []), job]);
    }
    return groups;
  }

  private async runIfDue(job: Job): Promise<void> {
    const now = this.clock();
    const lastRun = await this.claim(job.name, now);
    if (lastRun === false) return; // another process holds it
    if (lastRun && Date.parse(lastRun) + job.everyMs > now.getTime()) {
      // Not due yet. A grouped job's lease is free between runs (not only after one): a process
      // that dies right after this check must not keep it from the others for a whole lease.
      if (job.group)
        await this.opts.db
          .updateTable('job_leases')
          .set({ lease_until: now.toISOString() })
          .where('name', '=', job.name)
          .where('holder', '=', this.holder)
          .execute();
      return;
    }
    const started = performance.now();
    let outcome: 'ok' | 'failed' = 'ok';
    // Keep the lease while the job runs, so a run longer than the lease is never started twice.
    const heartbeat = setInterval(() => void this.renew(job.name), Math.max(1000, Math.floor(this.leaseMs / 3)));
    heartbeat.unref();
    try {
      const summary = await job.run(now, this.abort.signal);
      if (summary) this.opts.log.info({ job: job.name }, summary);
    } catch (err) {
      outcome = 'failed';
      this.opts.log.warn({ err, job: job.name }, `job ${job.name} failed`);
    } finally {
      clearInterval(heartbeat);
    }
    if (this.abort.signal.aborted) return; // stopped mid-run: not done, the next holder runs it again
    this.opts.onRun?.(job.name, outcome, (performance.now() - started) / 1000);
    const done = this.clock();
    // A shard's lease is free once its run ends, for whichever process ticks first.
    const leaseUntil = new Date(done.getTime() + (job.group ? 0 : this.leaseMs)).toISOString();
    if (outcome === 'ok') {
      await this.opts.db
        .updateTable('job_leases')
        .set({ last_run_at: now.toISOString(), runs: sql<number>`runs + 1`, lease_until: leaseUntil })
        .where('name', '=', job.name)
        .where('holder', '=', this.holder)
        .execute();
    } else if (job.group) {
      await this.opts.db
        .updateTable('job_leases')
        .set({ lease_until: leaseUntil })
        .where('name', '=', job.name)
        .where('holder', '=', this.holder)
        .execute();
    }
  }

  /**
   * Takes the job's lease if it is free, expired or already ours (one atomic upsert, so two
   * processes can never both get it). Returns the job's last run (null: never) or false when
   * another live process holds it.
   */
  private async claim(name: string, now: Date): Promise<string | null | false> {
    const nowIso = now.toISOString();
    const until = new Date(now.getTime() + this.leaseMs).toISOString();
    const row = await this.opts.db
      .insertInto('job_leases')
      .values({ name, holder: this.holder, lease_until: until, last_run_at: null, runs: 0 })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ holder: this.holder, lease_until: until })
          .where((eb) => eb.or([eb('job_leases.holder', '=', this.holder), eb('job_leases.lease_until', '<', nowIso)])),
      )
      .returning(['last_run_at'])
      .executeTakeFirst();
    return row ? row.last_run_at : false;
  }

  /** Extends this process's lease on a job it is running. */
  private async renew(name: string): Promise<void> {
    await this.opts.db
      .updateTable('job_leases')
      .set({ lease_until: new Date(this.clock().getTime() + this.leaseMs).toISOString() })
      .where('name', '=', name)
      .where('holder', '=', this.holder)
      .execute()
      .catch((err) => this.opts.log.warn({ err, job: name }, `job ${name}: could not renew its lease`));
  }

  /** Stops ticking and gives up this process's leases, so another process takes over at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.ticking?.catch(() => {});
    await Promise.all(this.beside.values());
    await this.opts.db
      .updateTable('job_leases')
      .set({ lease_until: new Date(0).toISOString() })
      .where('holder', '=', this.holder)
      .execute()
      .catch(() => {});
  }
}
