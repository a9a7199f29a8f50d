import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { loadConfig } from '../apps/server/src/config.js';
import { openDb } from '../apps/server/src/db/index.js';
import { LocalStorage } from '../apps/server/src/lib/storage/index.js';
import { MediaService } from '../apps/server/src/modules/media/service.js';
import { featureSvg } from '../apps/server/src/seed/images.js';
import { CATEGORIES, makeExcerpt, slugify } from '../packages/contract/src/index.js';
import { beaconBench } from './bench-beacon.js';
import { scaleBench, serverArgs } from './bench-scale.js';
import { startMeasuredServer, waitFor } from './bench-server.js';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const PORT = Number(process.env.BENCH_PORT ?? 3299);
const root = path.resolve(import.meta.dirname, '..');

async function seed(dataDir: string) {
  const config = loadConfig({ DATA_DIR: dataDir, WEB_BUILD_DIR: '' });
  const dbh = openDb(config.database);
  await dbh.migrate();
  const media = new MediaService(new LocalStorage(config.uploadsDir));
  const images: string[] = [];
  for (let i = 0; i < 10; i++) {
    const png = await sharp(Buffer.from(featureSvg(`bench ${i}`, CATEGORIES[i])))
      .png()
      .toBuffer();
    images.push((await media.storeImage(png)).url);
  }
  const now = Date.now();
  const body = Array.from(
    { length: 6 },
    (_, i) => `<p>Stycke ${i + 1}. Väggen mäter hur snabbt sidorna går att läsa när tidningen har många artiklar.</p>`,
  ).join('');
  const rows = Array.from({ length: ARTICLES }, (_, i) => {
    const title = `Benchartikel nummer ${i + 1} om ${CATEGORIES[i % 10].toLowerCase()}`;
    const at = new Date(now - i * 600_000).toISOString();
    return {
      slug: `${slugify(title)}-${i + 1}`,
      title,
      content: body,
      excerpt: makeExcerpt(body),
      category: CATEGORIES[i % 10],
      author_id: null,
      author_name: 'Bänk Skribent',
      featured_image: images[i % images.length],
      published_at: at,
      updated_at: at,
    };
  });
  for (let i = 0; i < rows.length; i += 500) {
    await dbh.db
      .insertInto('articles')
      .values(rows.slice(i, i + 500))
      .execute();
  }
  await dbh.close();
  return rows[123].slug;
}

async function measure(title: string, url: string) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { 'accept-encoding': 'gzip, br' },
  });
  const non2xx = result.non2xx + result.errors;
  return { title, rps: Math.round(result.requests.average), p99: result.latency.p99, errors: non2xx };
}

/** Total JavaScript a reader downloads for a page: every script and modulepreload, gzipped. */
async function pageJs(base: string, pagePath: string) {
  const html = await (await fetch(base + pagePath)).text();
  const srcs = new Set<string>();
  for (const m of html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g))
    srcs.add(m[1]);
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)|from "([^"]+\.js)"/g)) srcs.add(m[1] ?? m[2]);
  let raw = 0;
  let gz = 0;
  for (const src of srcs) {
    const buf = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  return { files: srcs.size, raw, gz };
}

/** The address of the build's framework chunk (React, React DOM, React Router). */
function frameworkScript(buildDir: string): string {
  const file = fs.readdirSync(path.join(buildDir, 'client/assets')).find((f) => /^framework-.*\.js$/.test(f));
  if (!file) throw new Error(`no framework chunk in ${buildDir}/client/assets`);
  return `/assets/${file}`;
}

async function main() {
  // The server started below reads WEB_BUILD_DIR too (default apps/web/build).
  const buildDir = path.resolve(process.env.WEB_BUILD_DIR || path.join(root, 'apps/web/build'));
  if (!fs.existsSync(path.join(buildDir, 'server/index.js'))) {
    throw new Error(`Build the web app first (npm run build): no ${buildDir}/server/index.js`);
  }
  // Live mode (BENCH_LIVE=<streams>, issue 44): open streams' memory and an entry's delivery (bench-live.ts).
  if (process.env.BENCH_LIVE) {
    const r = spawnSync(
      process.execPath,
      // the server's heap flags as `npm start` sets them (scripts/start.mjs)
      [
        '--expose-gc',
        '--max-old-space-size=1024',
        '--max-semi-space-size=4',
        '--import',
        'tsx',
        path.join(root, 'scripts/bench-live.ts'),
      ],
      {
        stdio: 'inherit',
      },
    );
    if (r.status !== 0) throw new Error('the live bench failed');
    return;
  }
  // Analytics modes (issue 45): the beacon's throughput (BENCH_BEACON=1), the dashboard's queries at
  // 100 000 articles and 90 days (BENCH_ANALYTICS=1, bench-analytics.ts; BENCH_DATABASE_URL for PostgreSQL).
  if (process.env.BENCH_BEACON) return beaconBench(buildDir);
  if (process.env.BENCH_ANALYTICS) {
    const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/bench-analytics.ts')], {
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error('the analytics bench failed');
    return;
  }
  // Scale mode (BENCH_COMMENTS set): a newspaper of real size, comments and memory (bench-scale.ts).
  if (process.env.BENCH_COMMENTS) return scaleBench(buildDir);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaggen-bench-'));
  console.log(`Seeding ${ARTICLES} articles into ${dataDir} …`);
  const t0 = Date.now();
  const slug = await seed(dataDir);
  console.log(`  seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const server = startMeasuredServer(serverArgs(), PORT, { DATA_DIR: dataDir, WEB_BUILD_DIR: buildDir });
  const base = `http://127.0.0.1:${PORT}`;
  try {
    await waitFor(`${base}/api/health`, 60_000);
    const targets: [string, string][] = [
      ['GET /api/articles?category=sport', `${base}/api/articles?category=sport`],
      [`GET /api/articles/slug/<slug>`, `${base}/api/articles/slug/${slug}`],
      ['GET /', `${base}/`],
      ['GET /article/<slug>', `${base}/article/${slug}`],
      // what every first visit downloads besides the page: the framework chunk (precompressed, 029)
      ['GET /assets/framework-<hash>.js', `${base}${frameworkScript(buildDir)}`],
    ];
    const rows = [];
    for (const [title, url] of targets) rows.push(await measure(title, url));
    console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, ${ARTICLES} articles, ${os.cpus().length} cores`);
    console.log('endpoint                                  req/s     p99 ms   errors');
    for (const r of rows) {
      console.log(
        `${r.title.padEnd(40)} ${String(r.rps).padStart(7)} ${String(r.p99).padStart(10)} ${String(r.errors).padStart(8)}`,
      );
    }
    const js = await pageJs(base, `/article/${slug}`);
    console.log(
      `\nJavaScript on /article/<slug>: ${js.files} files, ${(js.raw / 1024).toFixed(1)} KB raw, ${(js.gz / 1024).toFixed(1)} KB gzipped (budget 150 KB)`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
