// `BENCH_BEACON=1 npm run bench` (issue 45): the reading beacon's throughput on one process. Starts
// the production server on an empty SQLite paper (TRUST_PROXY so each request can come from its own
// address, as readers do — one address is capped at ANALYTICS_FLOOD_PER_MINUTE), sends beacons
// (text/plain, as navigator.sendBeacon does) with autocannon for BENCH_SECONDS (default 10) over
// BENCH_CONNECTIONS (default 32), then checks that every accepted beacon was written once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDb } from '../apps/server/src/db/index.js';
import { serverArgs } from './bench-scale.js';
import { root, startMeasuredServer, waitFor } from './bench-server.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PORT = Number(process.env.BENCH_PORT ?? 3299);
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

export async function beaconBench(buildDir = path.join(root, 'apps/web/build')): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaggen-bench-beacon-'));
  const server = startMeasuredServer(serverArgs(), PORT, {
    DATA_DIR: dataDir,
    WEB_BUILD_DIR: buildDir,
    TRUST_PROXY: 'true',
    ANALYTICS_FLUSH_MS: '1000',
  });
  const base = `http://127.0.0.1:${PORT}`;
  try {
    await waitFor(`${base}/api/health`, 60_000);
    let n = 0;
    const body = JSON.stringify({ type: 'engaged', path: '/', seconds: 5 });
    const result = await autocannon({
      url: `${base}/api/analytics/events`,
      method: 'POST',
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': UA },
      body,
      requests: [
        {
          setupRequest: (req: Record<string, unknown>) => {
            n++;
            // 60 000 readers' addresses: a few beacons each, under the per-address limit
            const a = n % 60_000;
            return {
              ...req,
              headers: {
                ...(req.headers as Record<string, string>),
                'x-forwarded-for': `10.${a >> 16}.${(a >> 8) & 255}.${a & 255}`,
              },
            };
          },
        },
      ],
    });
    const ok = Number(result['2xx']);
    console.log(
      `beacon: ${Math.round(result.requests.average)} req/s (${ok} answered 204, ${result.non2xx} other, ${result.errors} errors), latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${CONNECTIONS} connections, ${SECONDS} s`,
    );
    await new Promise((r) => setTimeout(r, 2500)); // a flush
    const dbh = openDb({ kind: 'sqlite', file: path.join(dataDir, 'vaggen.db') });
    try {
      const row = await dbh.db
        .selectFrom('analytics_minutes')
        .select((eb) => eb.fn.sum<number>('engaged_events').as('n'))
        .where('article_id', '=', 0)
        .where('page', '=', '/')
        .executeTakeFirst();
      // autocannon counts the answers that arrived within its time; up to one request per connection
      // was still under way when it stopped (answered, and counted by the server, just after)
      const written = Number(row?.n ?? 0);
      const once = written >= ok && written <= ok + CONNECTIONS;
      console.log(`written: ${written} engaged events for '/' (every accepted beacon counted once: ${once})`);
      if (!once) process.exitCode = 1;
    } finally {
      await dbh.close();
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await beaconBench();
