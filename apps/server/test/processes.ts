import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '../../..');

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  dataDir: string;
  output(): string;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** The real entry point (`main.ts`, as production runs it), API only unless env says otherwise. */
export function startServer(env: Record<string, string>, port: number): ServerProcess {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaggen-proc-'));
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
      ADMIN_PASSWORD: 'process-admin-losen',
      LOG_LEVEL: 'warn',
      SR_NEWS_URL: 'http://127.0.0.1:9/never',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return {
    child,
    port,
    base: `http://127.0.0.1:${port}`,
    dataDir,
    output: () => out,
    exited,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const code = await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

export async function freePort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

/** Polls `url` until it answers 2xx (or `timeoutMs` passes, then throws with the server's output). */
export async function waitUntilUp(url: string, output: () => string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`${url} did not come up:\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** True when something accepts TCP connections at host:port within 500 ms. */
export function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, host);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
    s.setTimeout(500, () => {
      s.destroy();
      resolve(false);
    });
  });
}

/** A Redis of the test's own (the machine's `redis-server`), which the test may stop and start again. */
export function startRedis(port: number): { stop(): Promise<void>; url: string } {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

export const redisServerInstalled = (() => {
  try {
    for (const dir of (process.env.PATH ?? '').split(':'))
      if (fs.existsSync(path.join(dir, 'redis-server'))) return true;
  } catch {}
  return false;
})();

/** A fresh, empty PostgreSQL database next to the run's test database; dropped by `drop()`. */
export async function freshPgDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `vaggen_proc_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Two nodes on one database: A first (it migrates and creates the admin), then B; both up, and the
 * admin's token (from A). The caller stops the nodes.
 */
export async function startTwoNodes(
  env: Record<string, string>,
  nodes: ServerProcess[],
): Promise<{ a: ServerProcess; b: ServerProcess; token: string }> {
  const a = startServer(env, await freePort());
  nodes.push(a);
  await waitUntilUp(`${a.base}/readyz`, a.output);
  const b = startServer(env, await freePort());
  nodes.push(b);
  await waitUntilUp(`${b.base}/readyz`, b.output);
  const login = await fetch(`${a.base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'process-admin-losen' }),
  });
  const token = ((await login.json()) as { access_token: string }).access_token;
  return { a, b, token };
}

/** Publishes an article through a running node's API as `token`; throws with the answer unless 201. */
export async function postArticle<T = { id: number; slug: string }>(
  base: string,
  token: string,
  article: { title: string; content: string; category: string; kind?: 'article' | 'live' },
): Promise<T> {
  const res = await fetch(`${base}/api/articles`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(article),
  });
  if (res.status !== 201) throw new Error(`POST /api/articles: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
