import type { FastifyBaseLogger } from 'fastify';

/** One piece of background work: run when the server is ready, then every `everyMs`. */
export interface Job {
  /** Short stable name, used in logs (and for leases once several processes share the work). */
  name: string;
  everyMs: number;
  /** Does the work; resolves to a short summary for the log, or nothing when there was nothing to do. */
  run(now: Date): Promise<string | undefined>;
}

/**
 * Runs the registered jobs in this process. Each job runs once at start (catching up on whatever
 * fell due while the server was down) and then on its interval; a failure is logged and retried on
 * the next tick, never thrown into the server. Runs of one job never overlap.
 */
export class JobRunner {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Set<string>();
  private stopped = false;

  constructor(
    private readonly jobs: Job[],
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Runs every job once (awaited), then schedules them. */
  async start(): Promise<void> {
    for (const job of this.jobs) await this.runOnce(job);
    for (const job of this.jobs) {
      const t = setInterval(() => void this.runOnce(job), job.everyMs);
      t.unref();
      this.timers.push(t);
    }
  }

  async runOnce(job: Job): Promise<void> {
    if (this.stopped || this.running.has(job.name)) return;
    this.running.add(job.name);
    try {
      const summary = await job.run(new Date());
      if (summary) this.log.info({ job: job.name }, summary);
    } catch (err) {
      this.log.warn({ err, job: job.name }, `job ${job.name} failed`);
    } finally {
      this.running.delete(job.name);
    }
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    this.timers.length = 0;
  }
}
