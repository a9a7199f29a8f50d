import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.js';
import { openDb } from '../apps/server/src/db/index.js';
import { placeReply } from '../apps/server/src/modules/comments/service.js';
import { startMeasuredServer, waitFor } from './bench-server.js';

const TOPS = Number(process.env.BENCH_TOPS ?? 10_000);
const THREADS = Number(process.env.BENCH_THREADS ?? 100);
const PER_THREAD = Number(process.env.BENCH_PER_THREAD ?? 350);
const CHAIN = Number(process.env.BENCH_CHAIN ?? 6_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const PORT = Number(process.env.BENCH_PORT ?? 3312);
const PG_SERVER = process.env.BENCH_DATABASE_URL;
const root = path.resolve(import.meta.dirname, '..');

interface Placed {
  id: number;
  parent_id: number | null;
  root_id: number | null;
  depth: number;
  reply_to_id: number | null;
}

function plan() {
  const rows: Placed[] = [];
  let id = 0;
  const top = () => {
    const r = { id: ++id, parent_id: null, root_id: null, depth: 0, reply_to_id: null };
    rows.push(r);
    return r;
  };
  const reply = (to: Placed) => {
    const r = { id: ++id, ...placeReply(to) };
    rows.push(r);
    return r;
  };
  let seed = 42;
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const chainRoot = top();
  let last: Placed = chainRoot;
  for (let i = 0; i < CHAIN; i++) last = reply(last);
  const busy: Placed[] = [];
  for (let t = 0; t < TOPS; t++) {
    const r = top();
    if (t % Math.max(1, Math.floor(TOPS / THREADS)) === 0 && busy.length < THREADS) busy.push(r);
  }
  for (const b of busy) {
    const thread = [b];
    for (let i = 0; i < PER_THREAD; i++) thread.push(reply(thread[rnd(thread.length)] as Placed));
  }
  return { rows, chainRoot: chainRoot.id, chainMid: chainRoot.id + Math.floor(CHAIN / 2) };
}

async function seed(env: Record<string, string>) {
  const config = loadConfig({ ...env, WEB_BUILD_DIR: '' });
  const dbh = openDb(config.database);
  await dbh.migrate();
  const now = new Date().toISOString();
  const { id: articleId } = await dbh.db
    .insertInto('articles')
    .values({
      slug: 'stor-trad',
      title: 'Stor tråd',
      content: '<p>Text.</p>',
      excerpt: 'Text.',
      category: 'NYHETER',
      author_id: null,
      author_name: 'Bänk',
      featured_image: null,
      published_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { rows, chainRoot, chainMid } = plan();
  const t0 = Date.now();
  const text = (i: number) =>
    `Kommentar ${i}: det här är en vanlig läsarkommentar om artikeln, med några meningar text så att sidan väger som en riktig.`;
  for (let i = 0; i < rows.length; i += 1000) {
    await dbh.db
      .insertInto('comments')
      .values(
        rows.slice(i, i + 1000).map((r) => ({
          ...r,
          article_id: Number(articleId),
          author_id: null,
          name: `Läsare ${r.id % 997}`,
          email: `lasare${r.id % 997}@example.se`,
          content: text(r.id),
          is_deleted: 0,
          created_at: new Date(Date.parse(now) + r.id).toISOString(),
        })),
      )
      .execute();
  }
  await dbh.db
    .insertInto('comment_totals')
    .values({ article_id: Number(articleId), visible: rows.length })
    .execute();
  if (dbh.dialect === 'postgres') {
    await dbh.db.executeQuery(
      (await import('kysely'))
        .sql`SELECT setval(pg_get_serial_sequence('comments', 'id'), (SELECT max(id) FROM comments))`.compile(dbh.db),
    );
    await dbh.db.executeQuery((await import('kysely')).sql`VACUUM ANALYZE comments`.compile(dbh.db));
  }
  console.log(`  ${rows.length} comments seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await dbh.close();
  return { articleId: Number(articleId), chainRoot, chainMid, total: rows.length };
}

async function measure(title: string, url: string) {
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  const body = Buffer.from(await res.arrayBuffer());
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { 'accept-encoding': 'gzip' },
  });
  return {
    title,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
    gz: gzipSync(body).length,
  };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaggen-bench-thread-'));
  let env: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: '' };
  let dropDb: (() => Promise<void>) | undefined;
  if (PG_SERVER) {
    const name = `vaggen_bench_thread_${Date.now()}`;
    const admin = new pg.Client({ connectionString: PG_SERVER });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(PG_SERVER);
    url.pathname = `/${name}`;
    env = { ...env, DATABASE_URL: url.toString() };
    dropDb = async () => {
      const c = new pg.Client({ connectionString: PG_SERVER });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name}`);
      await c.end();
    };
  }
  console.log(`Seeding one article's thread (${PG_SERVER ? 'PostgreSQL' : 'SQLite'}) …`);
  const s = await seed(env);
  if (process.env.BENCH_SEED_ONLY) {
    console.log(`seeded: DATA_DIR=${dataDir} DATABASE_URL=${env.DATABASE_URL}`);
    return;
  }
  const server = startMeasuredServer(['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], PORT, {
    ...env,
    WEB_BUILD_DIR: '',
    COMMENTS_PER_MINUTE: '100000',
  });
  const base = `http://127.0.0.1:${PORT}`;
  try {
    await waitFor(`${base}/api/health`, 60_000);
    const a = s.articleId;
    const targets: [string, string][] = [
      ['first page, newest first', `${base}/api/comments?articleId=${a}&order=newest`],
      ['first page, oldest first', `${base}/api/comments?articleId=${a}&order=oldest`],
      ['spec array (first page)', `${base}/api/comments?articleId=${a}`],
      ['replies, 6 000-deep chain', `${base}/api/comments/${s.chainRoot}/replies?cursor=${s.chainMid}`],
    ];
    const rows = [];
    for (const [title, url] of targets) rows.push(await measure(title, url));
    // posting: sequential, so the figure is the cost of one post in a 50 000-comment thread
    const lat: number[] = [];
    let failed = 0;
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      const res = await fetch(`${base}/api/comments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          articleId: a,
          name: 'Bänk',
          email: 'b@example.se',
          content: `Post ${i}`,
          parentId: i % 2 ? s.chainRoot + CHAIN : null,
        }),
      });
      if (res.status !== 201) failed++;
      await res.arrayBuffer();
      lat.push(performance.now() - t);
    }
    lat.sort((x, y) => x - y);
    console.log(
      `\n${s.total} comments on one article (${TOPS + 1} top-level, ${THREADS} threads of ${PER_THREAD}, a ${CHAIN}-deep chain); ${CONNECTIONS} connections, ${DURATION} s each`,
    );
    console.log('GET                                 req/s   p50 ms   p99 ms  errors  gzipped');
    for (const r of rows) {
      console.log(
        `${r.title.padEnd(34)} ${String(r.rps).padStart(6)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${String(r.errors).padStart(7)} ${(r.gz / 1024).toFixed(1).padStart(6)} KB`,
      );
    }
    console.log(
      `POST /api/comments ×200 (sequential): p50 ${lat[100]?.toFixed(1)} ms, p99 ${lat[197]?.toFixed(1)} ms, failed ${failed}`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
    await dropDb?.();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
