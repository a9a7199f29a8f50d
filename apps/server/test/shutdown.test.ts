import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/** The real entry point (`main.ts`) as `npm start` runs it, API only, on a fresh SQLite folder. */
function startServer(port: number, srNewsUrl: string): { child: ChildProcess; dataDir: string; output: () => string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaggen-shutdown-'));
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      REDIS_URL: '',
      WEB_BUILD_DIR: '',
      SEED_DEMO: 'false',
      ADMIN_PASSWORD: 'shutdown-admin-losen',
      LOG_LEVEL: 'warn',
      SR_NEWS_URL: srNewsUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  return { child, dataDir, output: () => out };
}

async function freePort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

describe('graceful shutdown', () => {
  const cleanup: (() => void)[] = [];
  afterAll(() => {
    for (const fn of cleanup) fn();
  });

  it('finishes the request in flight on SIGTERM, then exits 0', async () => {
    // A slow upstream keeps GET /api/sr_news in flight for 1.5 s.
    let upstreamHits = 0;
    const upstream = http.createServer((_req, res) => {
      upstreamHits++;
      setTimeout(() => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ episodes: [{ title: 'Sent svar', url: 'https://sverigesradio.se/x' }] }));
      }, 1500);
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    cleanup.push(() => upstream.close());
    const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/news`;

    const port = await freePort();
    const server = startServer(port, upstreamUrl);
    cleanup.push(() => {
      server.child.kill('SIGKILL');
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    });
    const exited = new Promise<number | null>((r) => server.child.once('exit', (code) => r(code)));
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
    while (upstreamHits === 0) await new Promise((r) => setTimeout(r, 20)); // the request is being served
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
});
