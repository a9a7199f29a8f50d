import { timingSafeEqual } from 'node:crypto';
import { MSG } from '@vaggen/contract';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import client from 'prom-client';

export interface MetricsSources {
  pageCache: { hits: number; misses: number; bytes: number; size: number; storeHits: number; storeWrites: number };
  pool?: pg.Pool;
}

/**
 * Prometheus metrics for one server process: request rate and latency by route, page-cache hits,
 * misses and size, the database pool, background-job runs and rate-limit refusals, plus Node's own
 * process metrics. One registry per app (tests build many apps in one process).
 */
export class Metrics {
  readonly registry = new client.Registry();
  private readonly requestDuration: client.Histogram<'method' | 'route' | 'status'>;
  private readonly rateLimited: client.Counter<'route'>;
  private readonly jobRuns: client.Counter<'job' | 'outcome'>;
  private readonly jobDuration: client.Histogram<'job'>;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    client.collectDefaultMetrics({ register: this.registry, prefix: 'vaggen_' });
    this.requestDuration = new client.Histogram({
      name: 'vaggen_http_request_duration_seconds',
      help: 'HTTP requests by route pattern, method and status, with their duration',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    });
    this.rateLimited = new client.Counter({
      name: 'vaggen_rate_limit_refusals_total',
      help: 'Requests refused with 429 by a rate limit, by route pattern',
      labelNames: ['route'],
      registers,
    });
    this.jobRuns = new client.Counter({
      name: 'vaggen_job_runs_total',
      help: 'Background job runs on this process, by job and outcome',
      labelNames: ['job', 'outcome'],
      registers,
    });
    this.jobDuration = new client.Histogram({
      name: 'vaggen_job_duration_seconds',
      help: 'Duration of background job runs',
      labelNames: ['job'],
      registers,
    });
    const cache = sources.pageCache;
    new client.Gauge({
      name: 'vaggen_page_cache_hits',
      help: 'Page-cache hits since start',
      registers,
      collect() {
        this.set(cache.hits);
      },
    });
    new client.Gauge({
      name: 'vaggen_page_cache_misses',
      help: 'Page-cache misses since start',
      registers,
      collect() {
        this.set(cache.misses);
      },
    });
    new client.Gauge({
      name: 'vaggen_page_cache_bytes',
      help: 'Bytes held by the page cache (bodies and their compressed variants)',
      registers,
      collect() {
        this.set(cache.bytes);
      },
    });
    new client.Gauge({
      name: 'vaggen_page_cache_entries',
      help: 'Pages held by the page cache',
      registers,
      collect() {
        this.set(cache.size);
      },
    });
    new client.Gauge({
      name: 'vaggen_page_store_hits',
      help: 'Page-cache misses answered from the shared page store since start (decision 040)',
      registers,
      collect() {
        this.set(cache.storeHits);
      },
    });
    new client.Gauge({
      name: 'vaggen_page_store_writes',
      help: 'Rendered pages written to the shared page store since start',
      registers,
      collect() {
        this.set(cache.storeWrites);
      },
    });
    const pool = sources.pool;
    if (pool) {
      new client.Gauge({
        name: 'vaggen_db_pool_connections',
        help: 'PostgreSQL pool connections by state',
        labelNames: ['state'],
        registers,
        collect() {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'waiting' }, pool.waitingCount);
        },
      });
    }
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requestDuration.observe({ method, route, status: String(status) }, seconds);
    if (status === 429) this.rateLimited.inc({ route });
  }

  observeJob(job: string, outcome: 'ok' | 'failed', seconds: number): void {
    this.jobRuns.inc({ job, outcome });
    this.jobDuration.observe({ job }, seconds);
  }
}

/**
 * `GET /metrics` in Prometheus text format. Not public: it answers only with
 * `Authorization: Bearer <METRICS_TOKEN>`, and 404 when no token is configured.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    metrics.observeRequest(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  const expected = token ? Buffer.from(`Bearer ${token}`) : null;
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!expected) return reply.code(404).send({ msg: MSG.notFound });
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.code(401).header('WWW-Authenticate', 'Bearer').send({ msg: 'Fel eller saknad token för /metrics' });
    }
    reply.header('Cache-Control', 'no-store').type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
