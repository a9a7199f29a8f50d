/**
 * Issue 44: `npm run bench` live mode (BENCH_LIVE=<streams>, e.g. BENCH_LIVE=2000): one process
 * with N open live streams. Clients run in a worker thread (their own heap), so the server's added
 * memory per connection is the main isolate's heap + external growth after a GC. Then one entry is
 * posted and the time until every stream has it is measured (p50/p99/max).
 */
import fs from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

const gc = (globalThis as { gc?: () => void }).gc;

/** The clients (plain JavaScript: a worker thread with its own heap). */
const WORKER = `
const net = require('node:net');
const { parentPort, workerData } = require('node:worker_threads');
const { port, path, n } = workerData;
let open = 0;
const got = [];
const sockets = [];
const connectOne = () => new Promise((resolve) => {
  const s = net.connect(port, '127.0.0.1', () => {
    s.write('GET ' + path + ' HTTP/1.1\\r\\nHost: bench.local\\r\\nAccept: text/event-stream\\r\\n\\r\\n');
  });
  let headers = false;
  s.setEncoding('utf8');
  s.on('data', (chunk) => {
    if (!headers && chunk.includes('\\r\\n\\r\\n')) { headers = true; open++; resolve(); }
    if (chunk.includes('event:entry')) got.push(Date.now());
  });
  s.on('error', () => resolve());
  sockets.push(s);
});
(async () => {
  for (let i = 0; i < n; i += 200) await Promise.all(Array.from({ length: Math.min(200, n - i) }, connectOne));
  parentPort.postMessage({ open });
})();
parentPort.on('message', (m) => {
  if (m === 'report') parentPort.postMessage({ got });
  if (m === 'close') { for (const s of sockets) s.destroy(); parentPort.postMessage({ closed: true }); }
});
`;

async function main(): Promise<void> {
  const n = Number(process.env.BENCH_LIVE ?? 2000);
  if (!gc) throw new Error('run with node --expose-gc (npm run bench sets it for BENCH_LIVE)');
  const { buildApp } = await import('../apps/server/src/app.js');
  const { loadConfig } = await import('../apps/server/src/config.js');
  const { openDb } = await import('../apps/server/src/db/index.js');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaggen-bench-live-'));
  const config = loadConfig({
    DATA_DIR: dir,
    WEB_BUILD_DIR: '',
    LOG_LEVEL: 'silent',
    LIVE_STREAMS_PER_ADDRESS: String(n + 10),
  });
  const dbh = openDb(config.database);
  await dbh.migrate();
  const app = await buildApp(config, { dbh });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as net.AddressInfo).port;
  const s = app.services;
  const userId = await s.users.create({ username: 'bench', password: 'bench-losen-123', account_type: 'admin' });
  const user = (await s.users.getById(userId)) as Parameters<typeof s.live.post>[2];
  const report = await s.articles.create({
    title: 'Benchrapport',
    content: '<p>Live.</p>',
    category: 'NYHETER',
    authorId: userId,
    authorName: 'Bench',
    featuredImage: null,
    kind: 'live',
  });
  gc();
  await new Promise((r) => setTimeout(r, 200));
  gc();
  const before = process.memoryUsage();
  const w = new Worker(WORKER, { eval: true, workerData: { port, path: `/api/articles/${report.id}/live-stream`, n } });
  const opened = await new Promise<number>((r) => w.once('message', (m: { open: number }) => r(m.open)));
  await new Promise((r) => setTimeout(r, 500));
  gc();
  await new Promise((r) => setTimeout(r, 200));
  gc();
  const after = process.memoryUsage();
  const heapDelta = after.heapUsed + after.external - (before.heapUsed + before.external);
  const rssDelta = after.rss - before.rss;
  const t0 = Date.now();
  await s.live.post(report.id, { content: '<p>Nu händer det.</p>' }, user);
  await new Promise((r) => setTimeout(r, 2500));
  w.postMessage('report');
  const { got } = await new Promise<{ got: number[] }>((r) => w.once('message', r));
  const lat = got.map((t) => t - t0).sort((a, b) => a - b);
  const pct = (p: number) => lat[Math.min(lat.length - 1, Math.floor((p / 100) * lat.length))] ?? Number.NaN;
  console.log(`live streams open: ${opened} of ${n} (server sees ${s.live.hub.connections})`);
  console.log(
    `server memory added: heap+external ${(heapDelta / 1048576).toFixed(1)} MB = ${(heapDelta / opened / 1024).toFixed(2)} KB per stream; ` +
      `RSS (server and client worker together) ${(rssDelta / 1048576).toFixed(1)} MB`,
  );
  console.log(`entry delivered to ${got.length} streams: p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${lat.at(-1)} ms`);
  w.postMessage('close');
  await new Promise((r) => w.once('message', r));
  await w.terminate();
  await app.close();
  await dbh.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
