import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../test/helpers.js';
import { type Job, JobRunner } from './runner.js';

const silent = { info() {}, warn() {}, error() {} } as never;

describe.each(dialects)('background jobs on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  function counter(name: string, everyMs = 60_000) {
    const runs: string[] = [];
    const job: Job = {
      name,
      everyMs,
      run: async (now) => {
        runs.push(now.toISOString());
        return undefined;
      },
    };
    return { job, runs };
  }

  it('runs a job on one of two processes only, once per interval for the whole cluster', async () => {
    let now = new Date('2030-01-01T10:00:00Z');
    const clock = () => now;
    const { job, runs } = counter('test-once', 60_000);
    const a = new JobRunner([job], { db: t.dbh.db, log: silent, now: clock, holder: 'A' });
    const b = new JobRunner([job], { db: t.dbh.db, log: silent, now: clock, holder: 'B' });
    await Promise.all([a.tick(), b.tick()]);
    expect(runs).toHaveLength(1);
    // Not due again within its interval, on either process.
    now = new Date('2030-01-01T10:00:30Z');
    await Promise.all([a.tick(), b.tick()]);
    expect(runs).toHaveLength(1);
    // Due again: still once.
    now = new Date('2030-01-01T10:01:01Z');
    await Promise.all([b.tick(), a.tick()]);
    expect(runs).toHaveLength(2);
    const row = await t.dbh.db.selectFrom('job_leases').selectAll().where('name', '=', 'test-once').executeTakeFirst();
    expect(row?.runs).toBe(2);
    expect(row?.last_run_at).toBe('2030-01-01T10:01:01.000Z');
  });

  it('runs a grouped job beside the others: a long run holds up no other job and never starts twice', async () => {
    let release = () => {};
    let starts = 0;
    const long: Job = {
      name: 'test-alongside',
      everyMs: 0,
      group: 'test-alongside',
      run: () => {
        starts++;
        return new Promise((resolve) => {
          release = () => resolve(undefined);
        });
      },
    };
    const { job: quick, runs } = counter('test-after-alongside', 0);
    const a = new JobRunner([long, quick], { db: t.dbh.db, log: silent, holder: 'A' });
    await a.tick();
    // the quick job after it ran although the long one has not ended (the group runs beside the
    // tick, so its lease query may answer after the quick job's: it starts soon, not necessarily first)
    expect(runs).toHaveLength(1);
    await expect.poll(() => starts).toBe(1);
    await a.tick();
    expect(runs).toHaveLength(2);
    expect(starts).toBe(1);
    let settled = false;
    const waiting = a.settled().then(() => {
      settled = true;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
    release();
    await waiting;
    // once ended, the next tick starts it again
    await a.tick();
    await expect.poll(() => starts).toBe(2);
    release();
    await a.stop();
  });

  it('a grouped job is free between runs: a process that dies after finding it not due holds nobody up', async () => {
    let now = new Date('2030-02-02T10:00:00Z');
    const clock = () => now;
    const { job, runs } = counter('test-group-free', 5_000);
    job.group = 'test-group-free';
    const a = new JobRunner([job], { db: t.dbh.db, log: silent, now: clock, holder: 'A', leaseMs: 60_000 });
    const b = new JobRunner([job], { db: t.dbh.db, log: silent, now: clock, holder: 'B', leaseMs: 60_000 });
    await a.tick();
    await a.settled();
    // B looks within the interval (not due) and then dies without a clean stop.
    now = new Date('2030-02-02T10:00:02Z');
    await b.tick();
    await b.settled();
    expect(runs).toHaveLength(1);
    // As soon as the job is due, A runs it: B's look left no lease behind.
    now = new Date('2030-02-02T10:00:06Z');
    await a.tick();
    await a.settled();
    expect(runs).toEqual(['2030-02-02T10:00:00.000Z', '2030-02-02T10:00:06.000Z']);
  });

  it('hands the job to another process when its holder dies, and at once when it stops cleanly', async () => {
    let now = new Date('2030-02-01T10:00:00Z');
    const clock = () => now;
    const { job, runs } = counter('test-takeover', 10_000);
    const a = new JobRunner([job], { db: t.dbh.db, log: silent, now: clock, holder: 'A', leaseMs: 30_000 });
    const b = new JobRunner([job], { db: t.dbh.db, log: silent, now: clock, holder: 'B', leaseMs: 30_000 });
    await a.tick();
    expect(runs).toEqual(['2030-02-01T10:00:00.000Z']);
    // A dies (no more ticks, no clean stop). Within its lease B may not run the job, even when due.
    now = new Date('2030-02-01T10:00:20Z');
    await b.tick();
    expect(runs).toHaveLength(1);
    // Past the lease, B takes over and runs what is due.
    now = new Date('2030-02-01T10:00:31Z');
    await b.tick();
    expect(runs).toEqual(['2030-02-01T10:00:00.000Z', '2030-02-01T10:00:31.000Z']);
    const holder = await t.dbh.db
      .selectFrom('job_leases')
      .select('holder')
      .where('name', '=', 'test-takeover')
      .executeTakeFirst();
    expect(holder?.holder).toBe('B');
    // B stops cleanly: A (back again) gets the job on its next tick without waiting for the lease.
    await b.stop();
    now = new Date('2030-02-01T10:00:45Z');
    await a.tick();
    expect(runs).toHaveLength(3);
  });

  it('catches up after downtime: a job due while no process ran runs at start', async () => {
    const { job, runs } = counter('test-catch-up', 3_600_000);
    const at = (iso: string) => () => new Date(iso);
    const first = new JobRunner([job], { db: t.dbh.db, log: silent, now: at('2030-03-01T00:00:00Z'), holder: 'A' });
    await first.tick();
    await first.stop();
    // Every process down for three hours; the next start runs the job once, not three times.
    const next = new JobRunner([job], { db: t.dbh.db, log: silent, now: at('2030-03-01T03:00:00Z'), holder: 'C' });
    next.start();
    await next.settled();
    await next.stop();
    expect(runs).toEqual(['2030-03-01T00:00:00.000Z', '2030-03-01T03:00:00.000Z']);
  });

  it('logs a failing job and tries it again on the next tick', async () => {
    let fail = true;
    let calls = 0;
    const warnings: string[] = [];
    const log = { info() {}, warn: (_o: unknown, msg: string) => warnings.push(msg), error() {} } as never;
    const job: Job = {
      name: 'test-failing',
      everyMs: 3_600_000,
      run: async () => {
        calls++;
        if (fail) throw new Error('boom');
        return 'done';
      },
    };
    const r = new JobRunner([job], { db: t.dbh.db, log, holder: 'A' });
    await r.tick();
    expect(warnings).toContain('job test-failing failed');
    fail = false;
    await r.tick();
    await r.tick(); // ran successfully once: not due again for an hour
    expect(calls).toBe(2);
  });

  /** A job that runs until its signal aborts it (or `release` is called). */
  function longJob(name: string) {
    let release = () => {};
    let started = 0;
    let aborted = 0;
    const job: Job = {
      name,
      everyMs: 3_600_000,
      run: (_now, signal) =>
        new Promise((resolve) => {
          started++;
          release = () => resolve('finished');
          signal.addEventListener('abort', () => {
            aborted++;
            resolve(undefined);
          });
        }),
    };
    return { job, release: () => release(), counts: () => ({ started, aborted }) };
  }

  it('start() returns before a long first run ends; stop() aborts it and gives the job back', async () => {
    const long = longJob('test-long-start');
    const a = new JobRunner([long.job], { db: t.dbh.db, log: silent, holder: 'A' });
    const begun = Date.now();
    a.start();
    expect(Date.now() - begun).toBeLessThan(50);
    await expect.poll(() => long.counts().started).toBe(1);
    await a.stop();
    expect(long.counts()).toEqual({ started: 1, aborted: 1 });
    // Aborted, not done: the next process runs it again at once.
    const b = new JobRunner([long.job], { db: t.dbh.db, log: silent, holder: 'B' });
    const tick = b.tick();
    await expect.poll(() => long.counts().started).toBe(2);
    long.release();
    await tick;
    await b.stop();
  });

  it('keeps the lease while a job runs longer than the lease, so nobody starts it twice', async () => {
    const long = longJob('test-long-lease');
    const a = new JobRunner([long.job], { db: t.dbh.db, log: silent, holder: 'A', leaseMs: 1500 });
    const b = new JobRunner([long.job], { db: t.dbh.db, log: silent, holder: 'B', leaseMs: 1500 });
    const running = a.tick();
    await expect.poll(() => long.counts().started).toBe(1);
    await new Promise((r) => setTimeout(r, 3000)); // two lease lengths
    await b.tick();
    expect(long.counts().started).toBe(1);
    long.release();
    await running;
    await a.stop();
    await b.stop();
  });

  /** Shards of one group: each run waits for `release(name)` and records which process ran it. */
  function shards(group: string, n: number) {
    const ran: string[] = [];
    const waiting = new Map<string, () => void>();
    const jobsFor = (holder: string): Job[] =>
      Array.from({ length: n }, (_, i) => ({
        name: `${group}-${i + 1}`,
        everyMs: 0,
        group,
        run: () =>
          new Promise<string | undefined>((resolve) => {
            ran.push(`${group}-${i + 1}@${holder}`);
            waiting.set(`${group}-${i + 1}`, () => resolve(undefined));
          }),
      }));
    const release = (name: string) => {
      const r = waiting.get(name);
      waiting.delete(name);
      r?.();
    };
    return { ran, jobsFor, release, waiting };
  }

  it("runs a group's shards in parallel on two processes, one at a time on each, and frees each lease after its run", async () => {
    const g = shards('test-shard', 2);
    const a = new JobRunner(g.jobsFor('A'), { db: t.dbh.db, log: silent, holder: 'A' });
    const b = new JobRunner(g.jobsFor('B'), { db: t.dbh.db, log: silent, holder: 'B' });
    await a.tick();
    await expect.poll(() => g.ran).toEqual(['test-shard-1@A']);
    // A runs one shard at a time: its next tick starts nothing while shard 1 runs
    await a.tick();
    await new Promise((r) => setTimeout(r, 50));
    expect(g.ran).toEqual(['test-shard-1@A']);
    // B skips the shard A holds and runs the other one at the same time
    await b.tick();
    await expect.poll(() => g.ran).toEqual(['test-shard-1@A', 'test-shard-2@B']);
    // A's shard ends: A goes on to shard 2, which B still holds, so A's turn ends
    g.release('test-shard-1');
    await new Promise((r) => setTimeout(r, 50));
    const lease = await t.dbh.db
      .selectFrom('job_leases')
      .select(['holder', 'lease_until', 'runs'])
      .where('name', '=', 'test-shard-1')
      .executeTakeFirstOrThrow();
    expect(lease.runs).toBe(1);
    expect(Date.parse(lease.lease_until)).toBeLessThanOrEqual(Date.now());
    // …so B, when its shard ends, takes shard 1 at once instead of waiting out a lease
    g.release('test-shard-2');
    await b.settled();
    await b.tick();
    await expect.poll(() => g.ran).toEqual(['test-shard-1@A', 'test-shard-2@B', 'test-shard-1@B']);
    g.release('test-shard-1');
    // and then, as nobody holds it now, shard 2 again
    await expect.poll(() => g.waiting.has('test-shard-2')).toBe(true);
    expect(g.ran.at(-1)).toBe('test-shard-2@B');
    g.release('test-shard-2');
    await b.settled();
    await a.settled();
    await a.stop();
    await b.stop();
  });

  it("one process alone runs every shard of a group in turn within one tick's run", async () => {
    const g = shards('test-alone', 3);
    const a = new JobRunner(g.jobsFor('A'), { db: t.dbh.db, log: silent, holder: 'A' });
    await a.tick();
    for (const name of ['test-alone-1', 'test-alone-2', 'test-alone-3']) {
      await expect.poll(() => g.waiting.has(name)).toBe(true);
      g.release(name);
    }
    await a.settled();
    expect(g.ran).toEqual(['test-alone-1@A', 'test-alone-2@A', 'test-alone-3@A']);
    await a.stop();
  });
});
