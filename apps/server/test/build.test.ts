import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const server = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

/** Production runs the compiled server with plain node (issue 13): build it and run it. */
describe('the compiled server', () => {
  const outDir = path.join(server, 'dist', `test-${randomBytes(4).toString('hex')}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaggen-build-'));
  afterAll(() => {
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('bundles the contract, needs no TypeScript loader, serves the API and exits 0 on SIGTERM', async () => {
    const outfile = path.join(outDir, 'main.js');
    const built = spawnSync(process.execPath, [path.join(server, 'build.mjs'), outfile], { encoding: 'utf8' });
    expect(built.stderr).toBe('');
    expect(built.status).toBe(0);
    const code = fs.readFileSync(outfile, 'utf8');
    expect(code).not.toMatch(/from ["']@vaggen\/contract/);
    expect(code).not.toMatch(/["']tsx["']/);

    const port = await freePort();
    const child = spawn(process.execPath, [outfile], {
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
        ADMIN_PASSWORD: 'build-test-losen',
        LOG_LEVEL: 'warn',
        SR_NEWS_URL: 'http://127.0.0.1:9/never',
        // No loader; on Node 24 (scripts/node24.sh, decision 045) only the hook that gives it
        // better-sqlite3's Node 24 build stays.
        NODE_OPTIONS: (process.env.NODE_OPTIONS ?? '')
          .split(' ')
          .filter((o) => o.endsWith('/scripts/node24-sqlite.mjs'))
          .join(' '),
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
    try {
      const base = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 60_000;
      for (;;) {
        try {
          if ((await fetch(`${base}/api/health`)).ok) break;
        } catch {}
        if (Date.now() > deadline) throw new Error('the compiled server did not start');
        await new Promise((r) => setTimeout(r, 200));
      }
      const list = await fetch(`${base}/api/articles`);
      expect(list.status).toBe(200);
      expect(await list.json()).toEqual([]);
      const bad = await fetch(`${base}/api/articles?category=nope`);
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { msg: string }).msg).toMatch(/nope/);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
  }, 120_000);
});
