import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../test/helpers.js';

const TOKEN = 'metrics-token-0123456789';

describe.each(dialects)('health, readiness and metrics on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  it('answers /healthz while the process lives and /readyz with each dependency', async () => {
    const live = await t.app.inject('/healthz');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ ok: true });
    expect(live.headers['cache-control']).toBe('no-store');
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ready: true, checks: { database: 'ok' } });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('is not ready while draining, but still alive', async () => {
    t.app.readiness.draining = true;
    try {
      const res = await t.app.inject('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ ready: false, checks: { database: 'ok', server: 'draining' } });
      expect(res.headers['cache-control']).toBe('no-store');
      expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    } finally {
      t.app.readiness.draining = false;
    }
  });

  it('is not ready when the database does not answer, and says so', async () => {
    t.app.readiness.add('database', async () => {
      throw new Error('connection refused');
    });
    try {
      const res = await t.app.inject('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ ready: false, checks: { database: 'connection refused' } });
    } finally {
      t.app.readiness.add('database', () => t.dbh.ping());
    }
  });

  it('serves Prometheus metrics only with the token', async () => {
    expect((await t.app.inject('/metrics')).statusCode).toBe(401);
    const wrong = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ msg: 'Fel eller saknad token för /metrics' });

    await t.app.inject('/api/articles');
    await t.app.inject('/api/articles');
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const body = res.body;
    expect(body).toMatch(
      /vaggen_http_request_duration_seconds_count\{method="GET",route="\/api\/articles",status="200"\} [2-9]/,
    );
    expect(body).toContain('vaggen_page_cache_hits');
    expect(body).toContain('vaggen_page_cache_misses');
    expect(body).toMatch(/vaggen_page_cache_bytes \d+/);
    expect(body).toMatch(/vaggen_job_runs_total\{job="session-purge",outcome="ok"\} 1/);
    expect(body).toContain('vaggen_process_resident_memory_bytes');
    if (dialect === 'postgres') expect(body).toMatch(/vaggen_db_pool_connections\{state="total"\} \d/);
  });

  it('counts rate-limit refusals by route', async () => {
    // Registration is limited per address (REGISTRATIONS_PER_HOUR, 10 by default).
    for (let i = 0; i < 11; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { username: `metrik${i}`, password: 'metrik-losen-123' },
      });
    }
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.body).toMatch(/vaggen_rate_limit_refusals_total\{route="\/api\/register"\} [1-9]/);
  });
});

describe('metrics without a token', () => {
  it('has no /metrics endpoint at all', async () => {
    const t = await createTestApp('sqlite');
    try {
      const res = await t.app.inject('/metrics');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ msg: 'Not found' });
    } finally {
      await t.close();
    }
  });
});
