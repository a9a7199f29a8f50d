/**
 * Issue 44: `npm run bench` live mode (BENCH_LIVE=<streams>, e.g. BENCH_LIVE=10000): one server
 * process with N open live streams. The clients (the streams and autocannon) run in a separate OS
 * process, so the server's figures are its own: added RSS and heap+external per stream after a GC.
 * Then one entry is posted and the time until every stream has it is measured (p50/p99/max), and
 * the reader API and an article page are measured with autocannon without and with the streams open.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';

const gc = (globalThis as { gc?: () => void }).gc;
const root = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

/** The clients' process (plain JavaScript): opens streams, records arrivals, runs autocannon. */
const CLIENTS = `
const net = require('node:net');
const autocannon = require('autocannon');
let sockets = [];
let got = [];
const send = (m) => process.send(m);
const connectOne = (port, path) => new Promise((resolve) => {
  const s = net.connect(port, '127.0.0.1', () => {
    s.write('GET ' + path + ' HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nAccept: text/event-stream\\r\\n\\r\\n');
  });
  let headers = false;
  s.setEncoding('utf8');
  s.on('data', (chunk) => {
    if (!headers && chunk.includes('\\r\\n\\r\\n')) { headers = true; resolve(1); }
    if (chunk.includes('event: entry') || chunk.includes('event:entry')) got.push(Date.now());
  });
  s.on('error', () => resolve(0));
  sockets.push(s);
});
process.on('message', async (m) => {
  if (m.cmd === 'open') {
    let open = 0;
    for (let i = 0; i < m.n; i += 200) {
      const r = await Promise.all(Array.from({ length: Math.min(200, m.n - i) }, () => connectOne(m.port, m.path)));
      open += r.reduce((a, b) => a + b, 0);
    }
    send({ open });
  } else if (m.cmd === 'report') {
    send({ got });
  } else if (m.cmd === 'rate') {
    const out = [];
    for (const url of m.urls) {
      await autocannon({ url, connections: 16, duration: 1 });
      const r = await autocannon({ url, connections: 16, duration: m.seconds, headers: { 'accept-encoding': 'gzip, br' } });
      out.push({ url, rps: Math.round(r.requests.average), p99: r.latency.p99, errors: r.non2xx + r.errors });
    }
    send({ rates: out });
  } else if (m.cmd === 'close') {
    for (const s of sockets) s.destroy();
    sockets = [];
    send({ closed: true });
  }
});
`;

async function main(): Promise<void> {
  const n = Number(process.env.BENCH_LIVE ?? 2000);
  if (!gc) throw new Error('run with node --expose-gc (npm run bench sets it for BENCH_LIVE)');
  process.env.NODE_ENV ??= 'production';
  const { buildApp } = await import('../apps/server/src/app.js');
  const { loadConfig } = await import('../apps/server/src/config.js');
  const { openDb } = await import('../apps/server/src/db/index.js');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaggen-bench-live-'));
  const webBuild = path.join(root, 'apps/web/build');
  const hasWeb = fs.existsSync(path.join(webBuild, 'server/index.js'));
  const config = loadConfig({
    DATA_DIR: dir,
    WEB_BUILD_DIR: hasWeb ? webBuild : '',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    SR_NEWS_URL: 'http://127.0.0.1:9/none',
    LIVE_STREAMS_PER_ADDRESS: String(n + 10),
    // the paper's address, as production sets it: without it pages for a host not listed are
    // rendered uncached (issue 40), and the page figure would measure rendering
    PUBLIC_URL: 'http://127.0.0.1',
  });
  const dbh = openDb(config.database);
  await dbh.migrate();
  const app = await buildApp(config, { dbh });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as net.AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  const s = app.services;
  const userId = await s.users.create({ username: 'bench', password: 'bench-losen-123', account_type: 'admin' });
  const user = (await s.users.getById(userId)) as Parameters<typeof s.live.post>[2];
  const make = (title: string, kind: 'article' | 'live') =>
    s.articles.create({
      title,
      content: `<p>${'Text i artikeln. '.repeat(40)}</p>`,
      category: 'NYHETER',
      authorId: userId,
      authorName: 'Bench',
      featuredImage: null,
      kind,
    });
  const report = await make('Benchrapport', 'live');
  const plain = await make('En vanlig artikel', 'article');
  const urls = [`${base}/api/articles?category=NYHETER`];
  if (hasWeb) urls.push(`${base}/article/${plain.slug}`);

  const clients = spawn(process.execPath, ['-e', CLIENTS], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = <T>(m: object) =>
    new Promise<T>((r) => {
      clients.once('message', (x) => r(x as T));
      clients.send(m);
    });
  type Rate = { url: string; rps: number; p99: number; errors: number };
  const settle = async () => {
    for (let i = 0; i < 3; i++) {
      gc();
      await new Promise((r) => setTimeout(r, 300));
    }
  };
  // Memory first, in the fresh process: a load run before would leave heap pages the streams then fill.
  await settle();
  const before = process.memoryUsage();
  const snapDir = process.env.BENCH_LIVE_HEAPSNAPSHOT;
  if (snapDir) v8.writeHeapSnapshot(path.join(snapDir, 'before.heapsnapshot'));
  const { open } = await ask<{ open: number }>({
    cmd: 'open',
    n,
    port,
    path: `/api/articles/${report.id}/live-stream`,
  });
  await new Promise((r) => setTimeout(r, 1000));
  await settle();
  const after = process.memoryUsage();
  const heapDelta = after.heapUsed + after.external - (before.heapUsed + before.external);
  const rssDelta = after.rss - before.rss;
  if (snapDir) v8.writeHeapSnapshot(path.join(snapDir, 'after.heapsnapshot'));

  const t0 = Date.now();
  await s.live.post(report.id, { content: '<p>Nu händer det.</p>' }, user);
  await new Promise((r) => setTimeout(r, 3000));
  const { got } = await ask<{ got: number[] }>({ cmd: 'report' });
  const lat = got.map((t) => t - t0).sort((a, b) => a - b);
  const pct = (p: number) => lat[Math.min(lat.length - 1, Math.floor((p / 100) * lat.length))] ?? Number.NaN;

  const withStreams = (await ask<{ rates: Rate[] }>({ cmd: 'rate', urls, seconds: SECONDS })).rates;
  const still = s.live.hub.connections;
  await ask({ cmd: 'close' });
  await new Promise((r) => setTimeout(r, 1000));
  const without = (await ask<{ rates: Rate[] }>({ cmd: 'rate', urls, seconds: SECONDS })).rates;

  console.log(
    `live streams open: ${open} of ${n} (server sees ${still} after the rate runs); ${os.cpus().length} cores, shared machine`,
  );
  console.log(
    `server memory added: RSS ${(rssDelta / 1048576).toFixed(1)} MB = ${(rssDelta / open / 1024).toFixed(2)} KB per stream; ` +
      `heap+external ${(heapDelta / 1048576).toFixed(1)} MB = ${(heapDelta / open / 1024).toFixed(2)} KB per stream ` +
      `(heap ${((after.heapUsed - before.heapUsed) / open / 1024).toFixed(2)} KB, external ${((after.external - before.external) / open / 1024).toFixed(2)} KB)`,
  );
  console.log(
    `entry delivered to ${got.length} of ${open} streams: p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${lat.at(-1)} ms`,
  );
  console.log(`reader rate (16 connections, ${SECONDS} s after 1 s warm-up; with ${open} streams open, then without)`);
  for (let i = 0; i < urls.length; i++) {
    const [a, b] = [without[i], withStreams[i]];
    console.log(
      `  ${a.url.replace(base, '').padEnd(36)} ${b.rps} with / ${a.rps} without req/s = ${((100 * b.rps) / a.rps).toFixed(0)} %; ` +
        `p99 ${b.p99} / ${a.p99} ms; errors ${a.errors + b.errors}`,
    );
  }
  clients.kill();
  await app.close();
  await dbh.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
