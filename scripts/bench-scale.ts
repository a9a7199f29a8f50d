// Scale mode of `npm run bench` (BENCH_COMMENTS set): a newspaper of real size filled straight into
// the database, then readers and commenters against the production server. See README "Benchmarks".
import { type ChildProcess, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.js';
import { openDb } from '../apps/server/src/db/index.js';
import { DomainEvents } from '../apps/server/src/lib/events/domain-events.js';
import { pageBuildId } from '../apps/server/src/lib/page-cache/index.js';
import { ArticlesService } from '../apps/server/src/modules/articles/service.js';
import { SearchService } from '../apps/server/src/modules/search/service.js';
import { CATEGORIES, makeExcerpt, slugify } from '../packages/contract/src/index.js';
import { startMeasuredServer, waitFor } from './bench-server.js';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 100_000);
const COMMENTS = Number(process.env.BENCH_COMMENTS ?? 1_000_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const PORT = Number(process.env.BENCH_PORT ?? 3299);
const PG_URL = process.env.BENCH_DATABASE_URL ?? '';
const root = path.resolve(import.meta.dirname, '..');
/**
 * BENCH_KEEP=1: keep the filled paper (SQLite in $TMPDIR/vaggen-bench-kept, PostgreSQL database
 * vaggen_bench_kept) and reuse it on the next run instead of filling again — for measuring one
 * change after another. Delete it by hand when done.
 */
const KEEP = process.env.BENCH_KEEP === '1';
/**
 * BENCH_BACKFILL=0: no backfill (PAGE_BACKFILL=off) and no wait for it — the pages the store holds
 * for this build, if any, and renders on first visit, as before decision 040.
 */
const WAIT_FOR_BACKFILL = process.env.BENCH_BACKFILL !== '0';
/**
 * BENCH_DEPLOY=1 (issue 46, decision 051): a deploy. Build A (PAGE_BUILD_ID bench-build-a) fills the
 * store through its backfill; then build B starts on the same paper and readers arrive at once:
 * Zipf article pages per second from B's first second against the cached home page, and the time
 * B's backfill takes to render the store again.
 */
const DEPLOY = process.env.BENCH_DEPLOY === '1';
/**
 * BENCH_DEPLOY_BUILDS=old,new: the two builds' names (default bench-build-a,bench-build-b). With
 * BENCH_KEEP=1 the store of a run ends holding the new build's pages: name it as the old build of the
 * next run (e.g. bench-build-b,bench-build-c) and that run's build A starts with its store full.
 * BENCH_DEPLOY_WAIT_B=0: the run ends after B's readers and its home page, without waiting ~25 min
 * for B's backfill to render the store again (that it does is measured by a whole run).
 */
const [BUILD_A, BUILD_B] = (process.env.BENCH_DEPLOY_BUILDS ?? 'bench-build-a,bench-build-b').split(',') as [
  string,
  string,
];
const WAIT_FOR_B = process.env.BENCH_DEPLOY_WAIT_B !== '0';

/** The biggest thread: ≥ 50 000 comments when the run has room for it. */
const BIG = COMMENTS >= 100_000 ? Math.max(50_000, Math.round(COMMENTS * 0.06)) : Math.floor(COMMENTS / 2);
/** Reply chains in the biggest thread, each this deep. */
const CHAINS = 3;
const CHAIN_DEPTH = Math.min(3000, Math.floor(BIG / 10));

/** Zipf (s = 1) over ranks 1..n: rank r is article id r (id 1 is the most read and most discussed). */
function zipf(n: number): () => number {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let r = 1; r <= n; r++) {
    sum += 1 / r;
    cdf[r - 1] = sum;
  }
  return () => {
    const u = Math.random() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < u) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  };
}

const title = (i: number) => `Benchartikel nummer ${i} om ${CATEGORIES[(i - 1) % 10].toLowerCase()}`;
const slugOf = (i: number) => `${slugify(title(i))}-${i}`;

type ArticleRow = [number, string, string, string, string, string, string, string, string];
type CommentRow = [number, number, number | null, string, string, string, number, string];

function* articleRows(): Generator<ArticleRow> {
  const now = Date.now();
  const body = Array.from(
    { length: 6 },
    (_, i) => `<p>Stycke ${i + 1}. Väggen mäter hur snabbt sidorna går att läsa när tidningen har många artiklar.</p>`,
  ).join('');
  const excerpt = makeExcerpt(body);
  for (let i = 1; i <= ARTICLES; i++) {
    const at = new Date(now - i * 600_000).toISOString();
    yield [i, slugOf(i), title(i), body, excerpt, CATEGORIES[(i - 1) % 10], 'Bänk Skribent', at, at];
  }
}

/** Comments in id order (parents before replies): the big thread with its chains, then Zipf. */
function* commentRows(): Generator<CommentRow> {
  const start = Date.now() - COMMENTS * 1000;
  const at = (id: number) => new Date(start + id * 1000).toISOString();
  const text = (id: number) => `Kommentar ${id}: håller med, men vill lägga till något om saken.`;
  let id = 0;
  for (let j = 0; j < BIG; j++) {
    id++;
    let parent: number | null = null;
    if (j < CHAINS * CHAIN_DEPTH) parent = j % CHAIN_DEPTH === 0 ? null : id - 1;
    else if (Math.random() < 0.4) parent = 1 + Math.floor(Math.random() * (id - 1));
    yield [id, 1, parent, 'Läsare', 'lasare@example.com', text(id), 0, at(id)];
  }
  const pick = zipf(ARTICLES);
  const last = new Int32Array(ARTICLES + 1);
  while (id < COMMENTS) {
    id++;
    let a = pick();
    while (a === 1) a = pick();
    const parent = last[a] && Math.random() < 0.3 ? last[a] : null;
    last[a] = id;
    yield [id, a, parent, 'Läsare', 'lasare@example.com', text(id), 0, at(id)];
  }
}

function* batches<T>(rows: Generator<T>, size: number): Generator<T[]> {
  let batch: T[] = [];
  for (const r of rows) {
    batch.push(r);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

const ARTICLE_COLS = 'id, slug, title, content, excerpt, category, author_name, published_at, updated_at';
const COMMENT_COLS = 'id, article_id, parent_id, name, email, content, is_deleted, created_at';

function fillSqlite(file: string) {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const ins = db.prepare(`INSERT INTO articles (${ARTICLE_COLS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insC = db.prepare(`INSERT INTO comments (${COMMENT_COLS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  const tx = db.transaction((rows: unknown[][], stmt: SQLite.Statement) => {
    for (const r of rows) stmt.run(...r);
  });
  for (const b of batches(articleRows(), 20_000)) tx(b, ins);
  for (const b of batches(commentRows(), 50_000)) tx(b, insC);
  db.exec('ANALYZE');
  db.close();
}

async function fillPostgres(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const types = ['int', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text'];
  for (const b of batches(articleRows(), 5_000)) {
    const cols = types.map((_, i) => b.map((r) => r[i]));
    await c.query(
      `INSERT INTO articles (${ARTICLE_COLS}) SELECT * FROM unnest(${types.map((t, i) => `$${i + 1}::${t}[]`).join(', ')})`,
      cols,
    );
  }
  const ctypes = ['int', 'int', 'int', 'text', 'text', 'text', 'int', 'text'];
  for (const b of batches(commentRows(), 20_000)) {
    const cols = ctypes.map((_, i) => b.map((r) => r[i]));
    await c.query(
      `INSERT INTO comments (${COMMENT_COLS}) SELECT * FROM unnest(${ctypes.map((t, i) => `$${i + 1}::${t}[]`).join(', ')})`,
      cols,
    );
  }
  for (const t of ['articles', 'comments']) {
    await c.query(`SELECT setval(pg_get_serial_sequence('${t}', 'id'), (SELECT max(id) FROM ${t}))`);
  }
  await c.query('ANALYZE');
  await c.end();
}

/** A fresh PostgreSQL database next to the one BENCH_DATABASE_URL names; dropped at the end. */
async function scratchPostgres(): Promise<{ url: string; drop: () => Promise<void>; existed: boolean }> {
  const name = KEEP ? 'vaggen_bench_kept' : `vaggen_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  const existed = KEEP && (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  if (!existed) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    existed,
    async drop() {
      if (KEEP) return;
      const a = new pg.Client({ connectionString: PG_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : Number.NaN;
}

export { waitFor };

/** Waits until the server answers a trivial request within 50 ms (its queue is empty). */
async function waitIdle(url: string, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const t = performance.now();
    try {
      await (await fetch(url)).arrayBuffer();
      if (performance.now() - t < 50) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Bytes on the wire of one gzipped response. */
function gzippedSize(url: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        let bytes = 0;
        res.on('data', (d: Buffer) => {
          bytes += d.length;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      })
      .on('error', reject);
  });
}

interface Row {
  title: string;
  rps: number;
  p99: number;
  errors: number;
  /** Server CPU time per request: on a shared machine req/s mostly measures the neighbours. */
  cpuMs: number;
  /** Cores busy during the phase: the server, the database's processes (PostgreSQL), this load generator. */
  cores: { server: number; database: number; load: number };
}

/** CPU time (user + system) the process has used, in ms. */
function cpuMsOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in 1/100 s
}
let serverPid = 0;

/** CPU time of every PostgreSQL process on this machine (0 on SQLite, which runs in the server). */
function postgresCpuMs(): number {
  let ms = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') ms += cpuMsOf(Number(pid));
    } catch {
      // the process ended meanwhile
    }
  }
  return ms;
}

async function load(
  title: string,
  url: string,
  opts: { path?: () => string; headers?: Record<string, string>; connections?: number; duration?: number } = {},
): Promise<Row> {
  const cpu0 = cpuMsOf(serverPid);
  const db0 = postgresCpuMs();
  const self0 = process.cpuUsage();
  const t0 = Date.now();
  const result = await autocannon({
    url,
    connections: opts.connections ?? CONNECTIONS,
    duration: opts.duration ?? DURATION,
    headers: { 'accept-encoding': 'gzip, br', ...opts.headers },
    ...(opts.path ? { requests: [{ setupRequest: (req) => ({ ...req, path: opts.path?.() }) }] } : {}),
  });
  const ms = Date.now() - t0;
  const serverMs = cpuMsOf(serverPid) - cpu0;
  const self = process.cpuUsage(self0);
  return {
    title,
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
    cpuMs: serverMs / Math.max(1, result.requests.total),
    cores: {
      server: serverMs / ms,
      database: (postgresCpuMs() - db0) / ms,
      load: (self.user + self.system) / 1000 / ms,
    },
  };
}

/** Comments posted one after another by `workers` visitors while readers load the server. */
async function postUnderLoad(base: string, workers: number, seconds: number) {
  const pick = zipf(ARTICLES);
  const times: number[] = [];
  const failures = new Map<string, number>();
  const end = Date.now() + seconds * 1000;
  let n = 0;
  const worker = async () => {
    while (Date.now() < end) {
      n++;
      const big = n % 2 === 0;
      const body = {
        articleId: big ? 1 : pick(),
        parentId: big && n % 4 === 0 ? 1 + Math.floor(Math.random() * BIG) : null,
        name: 'Bänkläsare',
        email: 'bank@example.com',
        content: `Benchkommentar ${n}`,
      };
      const t = performance.now();
      const res = await fetch(`${base}/api/comments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      times.push(performance.now() - t);
      if (res.status !== 201) failures.set(String(res.status), (failures.get(String(res.status)) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? Number.NaN;
  return { count: times.length, p50: q(0.5), p99: q(0.99), failures };
}

/** The heap limits `npm start` gives the server (package.json, decision 032). */
export const PRODUCTION_NODE_FLAGS = ['--max-old-space-size=1024', '--max-semi-space-size=4'];

/**
 * How production runs the server: the compiled apps/server/dist/main.js with `npm start`'s node
 * flags, built here first so the bench measures the current sources (a checkout without the build
 * script runs the sources with tsx).
 */
export function serverArgs(): string[] {
  const server = path.join(root, 'apps/server');
  if (!fs.existsSync(path.join(server, 'build.mjs'))) return ['--import', 'tsx', path.join(server, 'src/main.ts')];
  const r = spawnSync(process.execPath, [path.join(server, 'build.mjs')], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('building the server failed');
  return [...PRODUCTION_NODE_FLAGS, path.join(server, 'dist/main.js')];
}

function startServer(
  dataDir: string,
  databaseUrl: string,
  buildDir: string,
  env: Record<string, string> = {},
): ChildProcess {
  return startMeasuredServer(serverArgs(), PORT, {
    ...env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    COMMENTS_PER_MINUTE: '1000000',
    WEB_BUILD_DIR: buildDir,
    // As in production: pages are keyed by path and rendered ahead into the store (decision 040).
    PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    PAGE_BACKFILL: WAIT_FOR_BACKFILL ? 'on' : 'off',
    METRICS_TOKEN,
  });
}

const METRICS_TOKEN = 'bench-metrics-token-0123456789';

/** The server's /metrics, read once: a gauge's value by name (0 when absent). */
async function metricsOf(base: string): Promise<(name: string) => number> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await res.text();
  return (name) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
}

/** The page cache's counters: where the pages of a phase came from. */
async function cacheCounters(base: string): Promise<Record<'hits' | 'misses' | 'store', number>> {
  const value = await metricsOf(base);
  return {
    hits: value('vaggen_page_cache_hits'),
    misses: value('vaggen_page_cache_misses'),
    store: value('vaggen_page_store_hits'),
  };
}

/** What the server's memory holds: the JavaScript heap, buffers outside it, the page cache. */
async function memoryOf(base: string): Promise<string> {
  const value = await metricsOf(base);
  const mb = (name: string) => Math.round(value(name) / 1048576);
  return `heap ${mb('vaggen_nodejs_heap_size_used_bytes')} of ${mb('vaggen_nodejs_heap_size_total_bytes')} MB, external ${mb('vaggen_nodejs_external_memory_bytes')} MB, page cache ${mb('vaggen_page_cache_bytes')} MB`;
}

/** "memory 74 %, store 25 %, rendered 1 %" between two readings of the counters. */
function cacheShares(a: Record<'hits' | 'misses' | 'store', number>, b: typeof a): string {
  const hits = b.hits - a.hits;
  const store = b.store - a.store;
  const rendered = b.misses - a.misses - store;
  const all = Math.max(1, hits + store + rendered);
  const pct = (n: number) => `${Math.round((n / all) * 100)} %`;
  return `memory ${pct(hits)}, store ${pct(store)}, rendered ${pct(rendered)}`;
}

/** Runs of the page backfill job so far (its lease row counts them for the cluster, over restarts). */
/** Runs done so far by each of the backfill's jobs (one per shard, PAGE_BACKFILL_SHARDS). */
async function backfillRuns(db: ReturnType<typeof openDb>['db']): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('job_leases')
    .select(['name', 'runs'])
    .where('name', 'like', 'page-backfill%')
    .execute();
  return new Map(rows.map((r) => [r.name, Number(r.runs)]));
}

/**
 * Waits until the server's backfill job has rendered every article page into the page store
 * (decision 040), printing its progress; what an earlier run with the same build kept counts.
 */
async function waitForBackfill(
  database: ReturnType<typeof loadConfig>['database'],
  buildDir: string,
  runsBefore: Map<string, number>,
  named?: string,
): Promise<{ kept: number; rendered: number; seconds: number; rss: number } | null> {
  if (!WAIT_FOR_BACKFILL) return null;
  // As the server names it: PAGE_BUILD_ID when set (passed on to it), else the hash of the code.
  const build =
    named ||
    process.env.PAGE_BUILD_ID ||
    pageBuildId(path.join(buildDir, 'server/index.js'), path.join(root, 'apps/server/dist/main.js'));
  if (!build) throw new Error('no web build: nothing to render ahead');
  const dbh = openDb(database);
  const kept = async () => {
    const row = await dbh.db
      .selectFrom('page_store')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('build', '=', build)
      .where('key', 'like', '/article/%')
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  };
  const runs = () => backfillRuns(dbh.db);
  try {
    const t0 = Date.now();
    const first = await kept();
    let n = first;
    let lastProgress = Date.now();
    let lastReport = Date.now();
    console.log(`Waiting for the page backfill: ${first} of ${ARTICLES} article pages kept …`);
    while (n < ARTICLES) {
      await new Promise((r) => setTimeout(r, 2000));
      const now = await kept();
      if (now > n) lastProgress = Date.now();
      n = now;
      if (Date.now() - lastReport > 30_000) {
        const s = (Date.now() - t0) / 1000;
        console.log(`  ${n} kept after ${s.toFixed(0)} s (${((n - first) / s).toFixed(0)} pages/s)`);
        lastReport = Date.now();
      }
      if (Date.now() - lastProgress > 120_000) throw new Error(`the page backfill stopped at ${n} of ${ARTICLES}`);
    }
    // Every page is kept; the runs under way still walk to the end of their shards (checking the
    // pages an earlier run kept), which must not take CPU from the measurements.
    const walkEnd = Date.now() + 300_000;
    const walked = async () => {
      const now = await runs();
      return now.size > 0 && [...now].every(([name, n]) => n > (runsBefore.get(name) ?? 0));
    };
    while (!(await walked()) && Date.now() < walkEnd) await new Promise((r) => setTimeout(r, 500));
    return { kept: n, rendered: n - first, seconds: (Date.now() - t0) / 1000, rss: serverPid ? rssMb(serverPid) : 0 };
  } finally {
    await dbh.close();
  }
}

export async function scaleBench(buildDir: string) {
  const keptDir = path.join(os.tmpdir(), 'vaggen-bench-kept');
  const dataDir = KEEP ? keptDir : fs.mkdtempSync(path.join(os.tmpdir(), 'vaggen-bench-'));
  fs.mkdirSync(dataDir, { recursive: true });
  const scratch = PG_URL ? await scratchPostgres() : null;
  const databaseUrl = scratch?.url ?? '';
  let server: ChildProcess | null = null;
  try {
    const config = loadConfig({ DATA_DIR: dataDir, WEB_BUILD_DIR: '', DATABASE_URL: databaseUrl });
    const dbh = openDb(config.database);
    const filled = KEEP && (scratch ? scratch.existed : fs.existsSync(path.join(dataDir, 'filled')));
    await dbh.migrate();
    await dbh.close();
    const dialect = scratch ? 'PostgreSQL' : 'SQLite';
    if (!filled) {
      console.log(`Filling ${dialect}: ${ARTICLES} articles, ${COMMENTS} comments (biggest thread ${BIG}) …`);
      const t0 = Date.now();
      if (scratch) await fillPostgres(scratch.url);
      else fillSqlite(config.database.kind === 'sqlite' ? config.database.file : '');
      console.log(`  filled in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      // The search index, as a paper that has been running with it has: otherwise the server's
      // search-backfill job would index 100 000 articles during the measurements.
      const t1 = Date.now();
      const indexer = openDb(config.database);
      const indexed = await new SearchService(
        indexer.db,
        indexer.dialect,
        new ArticlesService(indexer.db, new DomainEvents(indexer.db)),
      ).indexMissing(2000);
      await indexer.close();
      console.log(`  search index: ${indexed} articles in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
      if (KEEP && !scratch) fs.writeFileSync(path.join(dataDir, 'filled'), '');
    } else console.log(`Reusing the kept ${dialect} paper (BENCH_KEEP=1)`);

    if (DEPLOY) {
      const running: { server: ChildProcess | null } = { server: null };
      try {
        return await deployBench(config.database, dataDir, databaseUrl, buildDir, dialect, running);
      } finally {
        server = running.server;
      }
    }
    const before = openDb(config.database);
    const runsBefore = await backfillRuns(before.db);
    await before.close();
    server = startServer(dataDir, databaseUrl, buildDir);
    const base = `http://127.0.0.1:${PORT}`;
    await waitFor(`${base}/api/health`, 120_000);
    await new Promise((r) => setTimeout(r, 1000));
    const pid = server.pid as number;
    serverPid = pid;
    const rssStart = rssMb(pid);
    const backfill = await waitForBackfill(config.database, buildDir, runsBefore);

    // Each phase starts on an idle server: requests a slow phase left queued must not count
    // against the next one.
    const drained = () => waitIdle(`${base}/api/health`, 120_000);
    await drained();
    const zipfSlug = zipf(ARTICLES);
    const rows: Row[] = [];
    const zipfBefore = await cacheCounters(base);
    rows.push(await load('GET /article/<zipf slug>', base, { path: () => `/article/${slugOf(zipfSlug())}` }));
    const zipfPages = cacheShares(zipfBefore, await cacheCounters(base));
    await drained();
    rows.push(
      await load('GET /article/<slug> uncached', base, {
        path: () => `/article/${slugOf(1 + Math.floor(Math.random() * ARTICLES))}`,
        // a bearer token: rendered for the request, never from the page cache (decision 038)
        headers: { authorization: 'Bearer bench-uncached' },
      }),
    );
    await drained();
    const posting = postUnderLoad(base, 2, DURATION);
    const readers = load('GET /article/<zipf> while posting', base, {
      path: () => `/article/${slugOf(zipfSlug())}`,
      connections: 8,
    });
    const posted = await posting;
    rows.push(await readers);
    await drained();
    const first = await gzippedSize(`${base}/api/comments?articleId=1`);
    rows.push(await load('GET /api/comments?articleId=<biggest>', `${base}/api/comments?articleId=1`));
    await drained();
    // Any article, evenly: most are not in memory (it holds ~5 % of the paper), so this measures a
    // reader of an old article served from the page store; last, as it pushes the most read out.
    const anyBefore = await cacheCounters(base);
    rows.push(
      await load('GET /article/<any slug>, not in memory', base, {
        path: () => `/article/${slugOf(1 + Math.floor(Math.random() * ARTICLES))}`,
      }),
    );
    const anyPages = cacheShares(anyBefore, await cacheCounters(base));
    await drained();
    const rssEnd = rssMb(pid);
    const memory = await memoryOf(base);

    console.log(
      `\n${dialect}, ${ARTICLES} articles, ${COMMENTS} comments, ${CONNECTIONS} connections, ${DURATION} s each, ${os.cpus().length} cores`,
    );
    console.log(
      `comment posts under read load: ${posted.count} posts, p50 ${posted.p50.toFixed(1)} ms, p99 ${posted.p99.toFixed(1)} ms, ` +
        `failed ${[...posted.failures.values()].reduce((a, b) => a + b, 0)} ${JSON.stringify(Object.fromEntries(posted.failures))}`,
    );
    console.log(`first page of the biggest thread: ${first.status}, ${(first.bytes / 1024).toFixed(1)} KB gzipped`);
    console.log(
      'endpoint                                  req/s     p99 ms   errors  server CPU ms/req  cores: server / database / load',
    );
    for (const r of rows) {
      const c = r.cores;
      console.log(
        `${r.title.padEnd(40)} ${String(r.rps).padStart(7)} ${String(r.p99).padStart(10)} ${String(r.errors).padStart(8)} ${r.cpuMs.toFixed(2).padStart(18)}  ${[c.server, c.database, c.load].map((n) => n.toFixed(2)).join(' / ')}`,
      );
    }
    console.log(
      `load average during the run: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log(
      backfill
        ? `page store: ${backfill.kept} of ${ARTICLES} article pages kept, ${backfill.rendered} rendered ahead in ${backfill.seconds.toFixed(0)} s (${(backfill.rendered / Math.max(1, backfill.seconds)).toFixed(0)} pages/s); RSS after it ${backfill.rss} MB`
        : 'page store: not waited for (BENCH_BACKFILL=0)',
    );
    console.log(`article pages under Zipf traffic came from: ${zipfPages}`);
    console.log(`any article page, evenly, came from: ${anyPages}`);
    console.log(`server RSS: ${rssStart} MB after start → ${rssEnd} MB at the end (${memory})`);
  } finally {
    if (server) {
      server.kill('SIGTERM');
      await new Promise((r) => server?.once('exit', r));
    }
    await scratch?.drop();
    if (!KEEP) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Requests answered in each second of a load, and the whole load's figures. */
function loadPerSecond(
  url: string,
  opts: { path: () => string; duration: number },
): Promise<{ perSecond: number[]; rps: number; p99: number; errors: number }> {
  return new Promise((resolve, reject) => {
    const perSecond: number[] = [];
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: opts.duration,
        headers: { 'accept-encoding': 'gzip, br' },
        requests: [{ setupRequest: (req) => ({ ...req, path: opts.path() }) }],
      },
      (err, result) => {
        if (err) reject(err);
        else
          resolve({
            perSecond,
            rps: Math.round(result.requests.average),
            p99: result.latency.p99,
            errors: result.non2xx + result.errors,
          });
      },
    ).on('tick', ({ counter }) => {
      // (a tick after the last whole second counts the load's last requests only)
      if (perSecond.length < opts.duration) perSecond.push(counter);
    });
  });
}

/**
 * BENCH_DEPLOY=1 (issue 46, decision 051): build A fills the store, then build B starts and readers
 * come at once. Both builds are this code with another PAGE_BUILD_ID (a new build of the web app
 * changes its asset names too; the deploy test covers those). With PAGE_KEEP_BUILDS=1 and
 * BENCH_BACKFILL=0, B serves none of A's pages: the cold start as it was before decision 051.
 */
async function deployBench(
  database: ReturnType<typeof loadConfig>['database'],
  dataDir: string,
  databaseUrl: string,
  buildDir: string,
  dialect: string,
  running: { server: ChildProcess | null },
) {
  const base = `http://127.0.0.1:${PORT}`;
  const drained = () => waitIdle(`${base}/api/health`, 120_000);
  const zipfSlug = zipf(ARTICLES);
  const uncached = () =>
    load('GET /article/<slug> uncached', base, {
      path: () => `/article/${slugOf(1 + Math.floor(Math.random() * ARTICLES))}`,
      headers: { authorization: 'Bearer bench-uncached' },
    });
  const stop = async () => {
    const s = running.server;
    if (!s) return;
    s.kill('SIGTERM');
    await new Promise((r) => s.once('exit', r));
    running.server = null;
  };

  // Build A: the store filled by its backfill, as a paper that has run for a while has it.
  const runsA = await (async () => {
    const d = openDb(database);
    const r = await backfillRuns(d.db);
    await d.close();
    return r;
  })();
  running.server = startServer(dataDir, databaseUrl, buildDir, { PAGE_BUILD_ID: BUILD_A });
  serverPid = running.server.pid as number;
  await waitFor(`${base}/api/health`, 120_000);
  const filledA = await waitForBackfill(database, buildDir, runsA, BUILD_A);
  await drained();
  const uncachedA = await uncached();
  await drained();
  // A paper that has run for a while has readers: A serves them (Zipf), so its memory — and the
  // hot pages it saves when it stops (PAGE_PRELOAD, decision 051) — hold what they read.
  const zipfA = await loadPerSecond(base, { path: () => `/article/${slugOf(zipfSlug())}`, duration: DURATION });
  await drained();
  await stop();

  // Build B: started on A's store; readers from its first second.
  const runsB = await (async () => {
    const d = openDb(database);
    const r = await backfillRuns(d.db);
    await d.close();
    return r;
  })();
  const started = Date.now();
  running.server = startServer(dataDir, databaseUrl, buildDir, { PAGE_BUILD_ID: BUILD_B });
  serverPid = running.server.pid as number;
  await waitFor(`${base}/api/health`, 120_000);
  const upAfter = (Date.now() - started) / 1000;
  const countersBefore = await cacheCounters(base);
  const zipfB = await loadPerSecond(base, { path: () => `/article/${slugOf(zipfSlug())}`, duration: DURATION });
  const zipfFrom = cacheShares(countersBefore, await cacheCounters(base));
  await drained();
  await (await fetch(`${base}/`, { headers: { 'accept-encoding': 'br' } })).arrayBuffer();
  const home = await load('GET / (cached)', base, { path: () => '/' });
  const backfillB = WAIT_FOR_B ? await waitForBackfill(database, buildDir, runsB, BUILD_B) : null;
  const reRenderedAfter = (Date.now() - started) / 1000;
  await drained();
  const uncachedB = await uncached();
  await drained();
  const rssEnd = rssMb(serverPid);
  const memory = await memoryOf(base);
  const left = await (async () => {
    const d = openDb(database);
    const rows = await d.db
      .selectFrom('page_store')
      .select(['build', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('build')
      .execute();
    await d.close();
    return rows.map((r) => `${r.build}: ${r.n}`).join(', ');
  })();

  const first = zipfB.perSecond[0] ?? 0;
  console.log(
    `\n${dialect}, deploy (BENCH_DEPLOY=1), ${ARTICLES} articles, ${COMMENTS} comments, ${CONNECTIONS} connections, ${os.cpus().length} cores`,
  );
  console.log(
    filledA
      ? `build A: ${filledA.kept} article pages in the store (${filledA.rendered} rendered by its backfill in ${filledA.seconds.toFixed(0)} s)`
      : 'build A: not waited for (BENCH_BACKFILL=0)',
  );
  console.log(
    `Zipf article pages on build A (its readers before the deploy): ${zipfA.perSecond.join(', ')} req/s (mean ${zipfA.rps})`,
  );
  console.log(`build B answered /api/health ${upAfter.toFixed(1)} s after it was started (its preload included)`);
  console.log(
    `Zipf article pages on build B from its first second: ${zipfB.perSecond.join(', ')} req/s (mean ${zipfB.rps}, p99 ${zipfB.p99} ms, errors ${zipfB.errors})`,
  );
  console.log(`  came from: ${zipfFrom}`);
  console.log(`cached home page on build B: ${home.rps} req/s (p99 ${home.p99} ms)`);
  console.log(
    `first second / home: ${(first / Math.max(1, home.rps)).toFixed(2)}, mean / home: ${(zipfB.rps / Math.max(1, home.rps)).toFixed(2)} (target ≥ 0.33)`,
  );
  console.log(
    backfillB
      ? `build B's backfill: ${backfillB.kept} article pages of B kept, ${backfillB.rendered} rendered in ${backfillB.seconds.toFixed(0)} s after the load (${reRenderedAfter.toFixed(0)} s after B started)`
      : `build B's backfill: not waited for (${WAIT_FOR_B ? 'BENCH_BACKFILL=0' : 'BENCH_DEPLOY_WAIT_B=0'})`,
  );
  console.log(`stored pages by build at the end: ${left}`);
  console.log(
    `CPU per uncached article render: build A ${uncachedA.cpuMs.toFixed(2)} ms (${uncachedA.rps} req/s), build B after the deploy ${uncachedB.cpuMs.toFixed(2)} ms (${uncachedB.rps} req/s)`,
  );
  console.log(`server RSS at the end: ${rssEnd} MB (${memory})`);
}
