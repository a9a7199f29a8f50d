import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helpers.js';
import { freePort, startServer, waitUntilUp } from './processes.js';

describe('graceful shutdown', () => {
  const cleanup: (() => void)[] = [];
  afterAll(() => {
    for (const fn of cleanup) fn();
  });
  /** A news upstream that answers `episodes` after `ms`: keeps GET /api/sr_news in flight that long. */
  const slowNews = async (ms: number, episodes: object[]) => {
    const state = { hits: 0, url: '' };
    const upstream = http.createServer((_req, res) => {
      state.hits++;
      setTimeout(() => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ episodes }));
      }, ms);
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    cleanup.push(() => upstream.close());
    state.url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/news`;
    return state;
  };

  it('finishes the request in flight on SIGTERM, then exits 0', async () => {
    // A slow upstream keeps GET /api/sr_news in flight for 1.5 s.
    const upstream = await slowNews(1500, [{ title: 'Sent svar', url: 'https://sverigesradio.se/x' }]);

    const port = await freePort();
    const server = startServer({ ADMIN_PASSWORD: 'shutdown-admin-losen', SR_NEWS_URL: upstream.url }, port);
    cleanup.push(() => {
      server.child.kill('SIGKILL');
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    });
    const exited = server.exited;
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {}
      if (Date.now() > deadline) throw new Error(`server did not start:\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 200));
    }

    const inFlight = fetch(`${base}/api/sr_news?limit=5`);
    while (upstream.hits === 0) await new Promise((r) => setTimeout(r, 20)); // the request is being served
    server.child.kill('SIGTERM');

    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      items: [{ title: 'Sent svar', url: 'https://sverigesradio.se/x', description: '' }],
      source: 'upstream',
    });
    expect(await exited, server.output()).toBe(0);
    // and nothing listens any more
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  }, 90_000);

  it('answers /readyz 503 while draining (DRAIN_DELAY_MS), stays alive, then exits cleanly', async () => {
    const server = startServer({ DRAIN_DELAY_MS: '1500' }, await freePort());
    cleanup.push(() => {
      server.child.kill('SIGKILL');
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    });
    await waitUntilUp(`${server.base}/readyz`, server.output);
    server.child.kill('SIGTERM');
    await expect.poll(async () => (await fetch(`${server.base}/readyz`)).status, { timeout: 1000 }).toBe(503);
    expect(await (await fetch(`${server.base}/readyz`)).json()).toEqual({
      ready: false,
      checks: { database: 'ok', server: 'draining' },
    });
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
    expect(await server.exited, server.output()).toBe(0);
  }, 90_000);

  it('closes a keep-alive connection whose request was under way at the close at once, not after its keep-alive timeout', async () => {
    // The app's own close (as tests and main.ts call it): the request is in flight when the close
    // begins, so its connection turns idle only after Node closed the idle ones (this held a test's
    // close for the 72 s keep-alive timeout when live streams ended during the close).
    const upstream = await slowNews(500, []);
    const t = await createTestApp('sqlite', {
      env: { SR_NEWS_URL: upstream.url },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true });
    cleanup.push(() => agent.destroy());
    const inFlight = new Promise<{ status: number; body: string; connection: string | undefined }>((ok, fail) => {
      http
        .get(`http://127.0.0.1:${port}/api/sr_news?limit=5`, { agent }, (res) => {
          let body = '';
          res.on('data', (c) => {
            body += c;
          });
          res.on('end', () => ok({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
        })
        .on('error', fail);
    });
    while (upstream.hits === 0) await new Promise((r) => setTimeout(r, 20));
    const started = Date.now();
    await t.close();
    const closedIn = Date.now() - started;
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(res.connection).toBe('keep-alive'); // the client would have kept it
    expect(closedIn).toBeLessThan(5_000);
  }, 30_000);

  it('stops the background jobs while the server still listens, and a request then is refused with the code the page backfill stops on', async () => {
    // With the stop after the server's close, each shard of the page backfill under way went on
    // requesting pages and failed with "Fastify has already been closed" (seen in every deploy bench).
    const t = await createTestApp('sqlite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stop = t.app.jobs.stop.bind(t.app.jobs);
    let listeningAtStop: boolean | null = null;
    let refusal: unknown = null;
    t.app.jobs.stop = async () => {
      listeningAtStop = t.app.server.listening;
      // Fastify takes no request once its close has begun: app.ts's warm() answers null on this code
      refusal = await t.app.inject({ url: '/api/health' }).then(
        () => null,
        (err: { code?: string }) => err.code,
      );
      return stop();
    };
    await t.close();
    expect(listeningAtStop).toBe(true);
    expect(refusal).toBe('FST_ERR_REOPENED_CLOSE_SERVER');
    expect(t.app.server.listening).toBe(false);
    expect(t.logs.join('')).not.toMatch(/already been closed|job [\w-]+ failed/);
  }, 30_000);
});
