import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type LogEvent, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../apps/server/src/db/schema.js';
import { DomainEvents } from '../apps/server/src/lib/events/domain-events.js';
import { ArticlesService } from '../apps/server/src/modules/articles/service.js';
import { writeSearchDocs } from '../apps/server/src/modules/search/index-store.js';
import { SearchService } from '../apps/server/src/modules/search/service.js';
import { words } from '../apps/server/src/modules/search/text.js';
import { DEMO_ARTICLES } from '../apps/server/src/seed/demo-articles.js';
import { CATEGORIES, contentToText, makeExcerpt } from '../packages/contract/src/index.js';
import { openScratchDb } from './bench-db.js';

const N = Number(process.env.BENCH_ARTICLES ?? 100_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 400);
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.BENCH_DB;

// Vocabulary from the demo paper, ranked by frequency there; sampled with Zipf's law (s = 1).
const counts = new Map<string, number>();
for (const a of DEMO_ARTICLES)
  for (const w of words(`${a.title} ${contentToText(a.content)}`)) counts.set(w, (counts.get(w) ?? 0) + 1);
const vocab = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([w]) => w);
const cdf: number[] = [];
let acc = 0;
for (let i = 0; i < vocab.length; i++) {
  acc += 1 / (i + 1);
  cdf.push(acc);
}
let seed = 42;
const rand = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const zipfWord = () => {
  const r = rand() * acc;
  let lo = 0;
  let hi = cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cdf[mid] < r) lo = mid + 1;
    else hi = mid;
  }
  return vocab[lo];
};
const sentence = (n: number) => Array.from({ length: n }, zipfWord).join(' ');

/**
 * BENCH_REUSE=<schema or directory> (printed by a BENCH_KEEP=1 run): time the queries on that
 * filled paper again, without filling (for measuring at a quiet moment, or one change after another).
 */
const reuse = process.env.BENCH_REUSE ?? '';

async function main() {
  const scratch = await openScratchDb(pgUrl, 'search', reuse);
  const { dbh, schema, dir } = scratch;
  await dbh.migrate();
  const db = dbh.db;
  console.log(`${dbh.dialect}: ${vocab.length} words of vocabulary; ${reuse ? 'reusing' : 'filling'} ${N} articles …`);
  const t0 = Date.now();
  const start = Date.now() - N * 60_000;
  for (let i = reuse ? N : 0; i < N; i += 500) {
    await db.transaction().execute(async (trx) => {
      const rows = Array.from({ length: Math.min(500, N - i) }, (_, j) => {
        const n = i + j;
        const title = sentence(6 + (n % 5));
        const content = Array.from({ length: 4 }, () => `<p>${sentence(40)}.</p>`).join('');
        const at = new Date(start + n * 60_000).toISOString();
        return {
          slug: `bench-${n}`,
          title,
          content,
          excerpt: makeExcerpt(content),
          category: CATEGORIES[n % CATEGORIES.length],
          author_id: null,
          author_name: 'Bench',
          featured_image: null,
          published_at: at,
          updated_at: at,
        };
      });
      const ids = await trx.insertInto('articles').values(rows).returning('id').execute();
      await writeSearchDocs(
        trx,
        dbh.dialect,
        rows.map((r, j) => ({ id: Number(ids[j].id), title: r.title, content: r.content })),
      );
    });
    if ((i / 500) % 20 === 0) process.stdout.write(`  ${i} (${Math.round((Date.now() - t0) / 1000)} s)\n`);
  }
  if (dbh.dialect === 'postgres') await sql`ANALYZE`.execute(db);
  console.log(`filled in ${Math.round((Date.now() - t0) / 1000)} s`);

  const search = new SearchService(db, dbh.dialect, new ArticlesService(db, new DomainEvents(db)));
  // Typical: two content words (any word of the vocabulary but its 100 most frequent, uniformly);
  // worst: two words drawn as they occur in text, so mostly "och", "i", "att" — nearly every article.
  const contentWord = () => vocab[100 + Math.floor(rand() * (vocab.length - 100))];
  const sets = {
    typical: Array.from({ length: QUERIES }, () => `${contentWord()} ${contentWord()}`),
    common: Array.from({ length: Math.ceil(QUERIES / 4) }, () => `${zipfWord()} ${zipfWord()}`),
  };
  const queries = sets.typical;
  for (const q of queries.slice(0, 20)) await search.search({ q, sort: 'relevance', limit: 20 }); // warm-up
  for (const [kind, sort] of [
    ['typical', 'relevance'],
    ['typical', 'newest'],
    ['common', 'relevance'],
  ] as const) {
    const times: { ms: number; q: string; total: number }[] = [];
    // CPU time of this process per query: on SQLite (in-process) all of the work, and unlike wall
    // time not inflated by other load on a shared machine. On PostgreSQL only the client's share.
    const cpu: number[] = [];
    for (const q of sets[kind]) {
      const s = process.hrtime.bigint();
      const c = process.cpuUsage();
      const r = await search.search({ q, sort, limit: 20 });
      const d = process.cpuUsage(c);
      cpu.push((d.user + d.system) / 1000);
      times.push({ ms: Number(process.hrtime.bigint() - s) / 1e6, q, total: r.total });
    }
    cpu.sort((a, b) => a - b);
    const pc = (x: number) => cpu[Math.min(cpu.length - 1, Math.floor(cpu.length * x))].toFixed(1);
    times.sort((a, b) => a.ms - b.ms);
    const p = (x: number) => times[Math.min(times.length - 1, Math.floor(times.length * x))].ms.toFixed(1);
    const avgHits = Math.round(times.reduce((s, t) => s + t.total, 0) / times.length);
    console.log(
      `${dbh.dialect} ${N} articles, ${sets[kind].length} ${kind} two-word queries, sort=${sort}: p50 ${p(0.5)} ms, p95 ${p(0.95)} ms, p99 ${p(0.99)} ms, max ${times[times.length - 1].ms.toFixed(1)} ms; mean hits ${avgHits}; process CPU p50 ${pc(0.5)} ms, p99 ${pc(0.99)} ms`,
    );
    console.log(
      `  slowest: ${times
        .slice(-3)
        .map((t) => `"${t.q}" (${t.total} hits, ${t.ms.toFixed(1)} ms)`)
        .join(', ')}`,
    );
  }
  if (process.env.BENCH_EXPLAIN)
    await explain(dbh.dialect, pgUrl ? { url: pgUrl, schema } : { file: path.join(dir, 'bench.db') }, sets.typical[0]);
  await dbh.close();
  if (process.env.BENCH_KEEP || reuse) console.log(pgUrl ? `kept schema ${schema}` : `kept ${dir}`);
  else await scratch.drop();
}

/**
 * BENCH_EXPLAIN=1: runs one typical query through a logging connection and prints the plan of
 * every statement it made (EXPLAIN QUERY PLAN on SQLite, EXPLAIN (ANALYZE, BUFFERS) on PostgreSQL).
 */
async function explain(
  dialect: 'sqlite' | 'postgres',
  where: { url?: string; schema?: string; file?: string },
  q: string,
) {
  const seen: { sql: string; parameters: readonly unknown[] }[] = [];
  const log = (e: LogEvent) => {
    if (e.level === 'query') seen.push({ sql: e.query.sql, parameters: e.query.parameters });
  };
  const pool = where.url
    ? new pg.Pool({ connectionString: where.url, options: `-c search_path=${where.schema}` })
    : null;
  const db = new Kysely<Database>({
    dialect: pool ? new PostgresDialect({ pool }) : new SqliteDialect({ database: new SQLite(where.file as string) }),
    log,
  });
  const search = new SearchService(db, dialect, new ArticlesService(db, new DomainEvents(db)));
  await search.search({ q, sort: 'relevance', limit: 20 });
  console.log(`\nPlans for "${q}" (sort=relevance):`);
  for (const s of seen.splice(0)) {
    const params = [...s.parameters];
    const text =
      dialect === 'sqlite'
        ? (
            await sql<{
              detail: string;
            }>`EXPLAIN QUERY PLAN ${sql.raw(s.sql.replace(/\?/g, () => lit(params.shift())))}`.execute(db)
          ).rows
            .map((r) => r.detail)
            .join('\n  ')
        : (
            await sql<{
              'QUERY PLAN': string;
            }>`EXPLAIN (ANALYZE, BUFFERS) ${sql.raw(s.sql.replace(/\$\d+/g, (m) => lit(params[Number(m.slice(1)) - 1])))}`.execute(
              db,
            )
          ).rows
            .map((r) => r['QUERY PLAN'])
            .join('\n  ');
    console.log(
      `- ${s.sql.replace(/\s+/g, ' ').slice(0, 400)}\n  params ${JSON.stringify(s.parameters).slice(0, 300)}\n  ${text}`,
    );
  }
  await db.destroy();
}

const lit = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);

await main();
