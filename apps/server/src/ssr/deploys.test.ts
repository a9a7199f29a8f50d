import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../test/helpers.js';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { openDb } from '../db/index.js';
import { PAGE_STORE_CLOCK_MARGIN_MS } from '../lib/page-cache/index.js';

/**
 * Issue 46 (decision 051): a deploy never starts the paper cold. Build A fills the store; build B
 * then serves A's pages (stale, as a stale page is served today) while it re-renders them, replaces
 * each as soon as its own is rendered, never serves one that a change evicted, keeps A's client
 * assets loadable from any node (skew protection), and purges builds older than the last few.
 * "A process" is an app on the same database with its own memory; no Redis: the store alone must be
 * right. Build A is a copy of the web build whose entry script has another name (and so another
 * hash), as a real new build's would: build B's disk does not have it.
 */
const realBuild = path.resolve(process.env.WEB_BUILD_DIR || path.join(import.meta.dirname, '../../../web/build'));
const built = fs.existsSync(path.join(realBuild, 'server/index.js'));
const PUBLIC_URL = 'https://vaggen.example';
// Issue 46: an article page is an island page, whose entry script is the islands' (decision 054)
const A_ENTRY = 'islands.client-SkewA046.js';

const text = (res: LightMyRequestResponse) => {
  const raw = res.rawPayload;
  if (res.headers['content-encoding'] === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (res.headers['content-encoding'] === 'gzip') return gunzipSync(raw).toString('utf8');
  return raw.toString('utf8');
};
const get = (app: FastifyInstance, url: string, encoding = 'br, gzip') =>
  app.inject({ url, headers: { 'accept-encoding': encoding } });
const pastMargin = () => new Promise((r) => setTimeout(r, PAGE_STORE_CLOCK_MARGIN_MS + 50));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The client assets a page asks for: scripts, module preloads, stylesheets. */
const assetsOf = (html: string) => [...new Set(html.match(/\/assets\/[A-Za-z0-9._-]+\.(?:js|mjs|css)/g) ?? [])];

/**
 * Build A: the web build copied with its entry script renamed (in the server build's manifest and
 * the client's), inside the build directory so that its server bundle finds the app's packages.
 */
function makeBuildA(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(path.join(realBuild, 'server'), path.join(dir, 'server'), { recursive: true });
  fs.cpSync(path.join(realBuild, 'client'), path.join(dir, 'client'), { recursive: true });
  const assets = path.join(dir, 'client/assets');
  const entry = fs.readdirSync(assets).find((f) => /^islands\.client-.*\.js$/.test(f));
  if (!entry) throw new Error('no entry script in the web build');
  // A file whose content changes gets another name, as its hash would (the manifest names the entry).
  const renames = new Map([[entry, A_ENTRY]]);
  const server = path.join(dir, 'server/index.js');
  for (let changed = true; changed; ) {
    changed = false;
    for (const f of fs.readdirSync(assets)) {
      if (!f.endsWith('.js') || renames.has(f) || [...renames.values()].includes(f)) continue;
      const body = fs.readFileSync(path.join(assets, f), 'utf8');
      if ([...renames.keys()].some((old) => body.includes(old))) {
        renames.set(f, f.replace(/\.js$/, '-SkewA.js'));
        changed = true;
      }
    }
  }
  const rewrite = (file: string) => {
    let body = fs.readFileSync(file, 'utf8');
    for (const [from, to] of renames) body = body.split(from).join(to);
    fs.writeFileSync(file, body);
  };
  rewrite(server);
  for (const [from, to] of renames) {
    rewrite(path.join(assets, from));
    fs.renameSync(path.join(assets, from), path.join(assets, to));
    for (const ext of ['.br', '.gz']) fs.rmSync(path.join(assets, from + ext), { force: true });
  }
}

describe.skipIf(!built).each(dialects)('a deploy serves the previous build while it re-renders, on %s', (dialect) => {
  const buildA = path.join(realBuild, `.skew-test-${process.pid}-${dialect}`);
  let a: TestApp;
  const apps: { app: FastifyInstance; close: () => Promise<void> }[] = [];
  let admin: Awaited<ReturnType<typeof userWithToken>>;
  const articles: { id: number; slug: string }[] = [];

  /** Another server process on the same database: build `build` (B is the real web build). */
  const start = async (build: string, settings: Partial<Config> = {}) => {
    const dbh = openDb(a.config.database);
    const app = await buildApp(
      {
        ...a.config,
        webBuildDir: build === 'skew-a' ? buildA : realBuild,
        pageBuildId: build,
        pageBackfill: false,
        // (the hot pages' preload is tested on its own: here a first visit reads the store)
        pagePreload: 0,
        ...settings,
      },
      { dbh },
    );
    await app.ready();
    await app.jobs.settled();
    const close = async () => {
      await app.close();
      await dbh.close();
    };
    apps.push({ app, close });
    return app;
  };
  const rows = async (key: string) =>
    (await a.dbh.db.selectFrom('page_store').select('build').where('key', '=', key).orderBy('build').execute()).map(
      (r) => r.build,
    );
  const written = (app: FastifyInstance, n: number) =>
    expect.poll(() => app.pageCache.storeWrites, { timeout: 5000 }).toBeGreaterThanOrEqual(n);

  beforeAll(async () => {
    makeBuildA(buildA);
    a = await createTestApp(dialect, {
      web: true,
      env: { PUBLIC_URL, WEB_BUILD_DIR: buildA, PAGE_BUILD_ID: 'skew-a' },
    });
    admin = await userWithToken(a, 'deploy_admin', 'admin');
    for (const [i, title] of ['Hamnen byggs om', 'Skolan får nytt tak', 'Färjan går igen', 'Torget stängs'].entries()) {
      articles.push(
        await a.app.services.articles.create({
          title,
          content: `<p>Brödtext om ${title}.</p>`,
          category: 'SVERIGE',
          authorId: null,
          authorName: 'Redaktionen',
          featuredImage: null,
          publishedAt: `2025-04-0${i + 1}T10:00:00.000Z`,
        }),
      );
    }
    await pastMargin();
    // Build A fills the store: every article page, rendered by A's process.
    for (const [i, art] of articles.entries()) {
      const res = await get(a.app, `/article/${art.slug}`);
      expect(res.statusCode).toBe(200);
      expect(text(res)).toContain(`/assets/${A_ENTRY}`);
      await a.app.pageCache.settled();
      expect(a.app.pageCache.storeWrites).toBe(i + 1);
    }
  });
  afterAll(async () => {
    for (const o of apps) await o.close();
    await a?.close();
    fs.rmSync(buildA, { recursive: true, force: true });
  });

  it("build B serves build A's page at once (stale), re-renders it and replaces it; a second B process gets B's", async () => {
    const url = `/article/${articles[0]?.slug}`;
    const fromA = await get(a.app, url);
    const b1 = await start('skew-b');
    expect(b1.pageCache.pageStore?.previousBuilds).toEqual(['skew-a']);
    const writes = b1.pageCache.storeWrites;
    const stale = await get(b1, url);
    expect(stale.statusCode).toBe(200);
    // the headers of a stale page of this build today: from the store, then re-rendered after the answer
    expect(stale.headers['x-page-cache']).toBe('STORE');
    expect(stale.headers.etag).toBe(fromA.headers.etag);
    expect(stale.headers['cache-control']).toBe(fromA.headers['cache-control']);
    expect(stale.headers['content-security-policy']).toBe(fromA.headers['content-security-policy']);
    expect(text(stale)).toBe(text(fromA));
    expect(text(stale)).toContain('Hamnen byggs om');
    expect(text(stale)).toContain(`/assets/${A_ENTRY}`);

    // B's render replaces A's page in the store: one row, B's
    await written(b1, writes + 1);
    expect(await rows(url)).toEqual(['skew-b']);
    const fresh = await get(b1, url);
    expect(fresh.headers['x-page-cache']).toBe('HIT');
    expect(text(fresh)).not.toContain(A_ENTRY);
    expect(text(fresh)).toContain('Hamnen byggs om');
    const b2 = await start('skew-b');
    const other = await get(b2, url);
    expect(other.headers['x-page-cache']).toBe('STORE');
    expect(other.headers.etag).toBe(fresh.headers.etag);
    expect(text(other)).not.toContain(A_ENTRY);
  });

  it("the scripts of build A's page load from build B's processes (skew protection), from the database", async () => {
    const url = `/article/${articles[1]?.slug}`;
    const b = await start('skew-b', { pageRefreshesPerSecond: 0 });
    const page = await get(b, url);
    expect(page.headers['x-page-cache']).toBe('STORE');
    const html = text(page);
    const srcs = assetsOf(html);
    expect(srcs).toContain(`/assets/${A_ENTRY}`);
    expect(srcs.length).toBeGreaterThan(3);
    // B's disk lacks A's entry script
    expect(fs.existsSync(path.join(realBuild, 'client/assets', A_ENTRY))).toBe(false);
    for (const src of srcs) {
      const res = await get(b, src);
      expect(res.statusCode, src).toBe(200);
      expect(res.headers['content-type'], src).toMatch(/javascript|css/);
      expect(res.headers['cache-control'], src).toContain('immutable');
      const onDiskA = fs.readFileSync(path.join(buildA, 'client', src)).toString('utf8');
      expect(text(res), src).toBe(onDiskA);
    }
    // a reader without compression gets the plain script; a made-up asset is still a 404
    const plain = await get(b, `/assets/${A_ENTRY}`, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(fs.readFileSync(path.join(buildA, 'client/assets', A_ENTRY), 'utf8'));
    expect((await get(b, '/assets/entry.client-Finnsinte.js')).statusCode).toBe(404);
  });

  it("in a browser, build A's page from build B's process hydrates with A's scripts", async () => {
    const url = `/article/${articles[1]?.slug}`;
    const b = await start('skew-b', { pageRefreshesPerSecond: 0 });
    await b.listen({ port: 0, host: '127.0.0.1' });
    const address = b.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      const assets = new Map<string, number>();
      page.on('pageerror', (err) => errors.push(err.message));
      page.on('response', (res) => {
        const p = new URL(res.url()).pathname;
        if (p.startsWith('/assets/')) assets.set(p, res.status());
      });
      const res = await page.goto(`http://127.0.0.1:${port}${url}`);
      expect(res?.headers()['x-page-cache']).toBe('STORE');
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 20_000 });
      expect(await page.locator('h1').first().textContent()).toContain('Skolan får nytt tak');
      expect(assets.get(`/assets/${A_ENTRY}`)).toBe(200);
      expect([...assets].filter(([, status]) => status !== 200)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('a page of build A that a change evicted is never served by build B, nor from its memory', async () => {
    const art = articles[2] as { id: number; slug: string };
    const url = `/article/${art.slug}`;
    const b1 = await start('skew-b', { pageRefreshesPerSecond: 0 });
    expect((await get(b1, url)).headers['x-page-cache']).toBe('STORE');
    expect((await get(b1, url)).headers['x-page-cache']).toBe('STALE');
    const res = await b1.inject({
      method: 'PUT',
      url: `/api/articles/${art.id}`,
      headers: admin.headers,
      payload: { title: 'Färjan går igen', content: '<p>Rättad text om färjan.</p>', category: 'SVERIGE' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await b1.pageCache.settled();
    // A's row is still there, but evicted: no B process serves it
    expect(await rows(url)).toEqual(['skew-a']);
    const b2 = await start('skew-b', { pageRefreshesPerSecond: 0 });
    expect(await b2.pageCache.pageStore?.read(url)).toBeUndefined();
    const after = await get(b2, url);
    expect(after.headers['x-page-cache']).toBe('MISS');
    expect(text(after)).toContain('Rättad text om färjan.');
    expect(text(after)).not.toContain(A_ENTRY);
    const mine = await get(b1, url);
    expect(text(mine)).toContain('Rättad text om färjan.');
  });

  it("two processes: once one has stored B's page, the other stops serving A's within previousBuildMemoryMs; A's processes never serve B's", async () => {
    const url = `/article/${articles[3]?.slug}`;
    // b2 does not re-render (no refreshes): it holds A's page in memory only for a moment
    const b2 = await start('skew-b', { pageRefreshesPerSecond: 0, pagePreviousBuildMemoryMs: 300 });
    expect(text(await get(b2, url))).toContain(A_ENTRY);
    expect((await get(b2, url)).headers['x-page-cache']).toBe('STALE');
    const b1 = await start('skew-b');
    const writes = b1.pageCache.storeWrites;
    expect(text(await get(b1, url))).toContain(A_ENTRY);
    await written(b1, writes + 1);
    await sleep(350);
    const now = await get(b2, url);
    expect(now.headers['x-page-cache']).toBe('STORE');
    expect(text(now)).not.toContain(A_ENTRY);
    // A rolling deploy: a process of A still running renders its own page (its row was replaced),
    // never serves B's (B's scripts may need an API it lacks), and its render does not replace B's
    a.app.pageCache.forget(url);
    const aWrites = a.app.pageCache.storeWrites;
    const old = await get(a.app, url);
    expect(old.headers['x-page-cache']).toBe('MISS');
    expect(text(old)).toContain(A_ENTRY);
    await written(a.app, aWrites + 1);
    expect(await rows(url)).toEqual(['skew-a', 'skew-b']);
    const b3 = await start('skew-b');
    expect(text(await get(b3, url))).not.toContain(A_ENTRY);
  });

  it('a process that starts has the pages readers were reading in memory before its first reader (PAGE_PRELOAD)', async () => {
    // (no refreshes: serving A's pages must not make B render them; the next test needs that)
    const opts = { pagePreload: 100, pageRefreshesPerSecond: 0 };
    const hot = [articles[2], articles[1]].map((x) => `/article/${x?.slug}`);
    const cold = `/article/${articles[3]?.slug}`;
    await a.dbh.db.deleteFrom('page_hot_keys').execute();
    // a process serves two pages; when it stops, it saves them, the most recently served first
    const first = await start('skew-b', opts);
    for (const url of hot) expect((await get(first, url)).statusCode).toBe(200);
    await apps
      .splice(
        apps.findIndex((o) => o.app === first),
        1,
      )[0]
      ?.close();
    const saved = await a.dbh.db.selectFrom('page_hot_keys').select('key').orderBy('score', 'desc').execute();
    expect(saved.map((r) => r.key)).toEqual([hot[1], hot[0]]);
    // the next process (a new build's, say) has read them into memory before it listened
    const next = await start('skew-b', opts);
    const storeHits = next.pageCache.storeHits;
    const renders = next.pageCache.renders;
    // main.ts warms the request path on them before it listens: from memory, counted as no reader's view
    const warm = await next.warmUp();
    expect(warm.requests).toBeGreaterThan(hot.length);
    expect(next.pageCache.renders).toBe(renders);
    expect(next.services.analytics.pendingCount).toBe(0);
    for (const url of hot) {
      const res = await get(next, url);
      expect(res.statusCode).toBe(200);
      expect(['HIT', 'STALE']).toContain(res.headers['x-page-cache']);
    }
    expect(next.pageCache.storeHits).toBe(storeHits);
    // a page nobody was reading is read from the store on its first visit
    expect((await get(next, cold)).headers['x-page-cache']).toBe('STORE');
    // PAGE_PRELOAD=0: nothing is read ahead
    const off = await start('skew-b', { ...opts, pagePreload: 0 });
    expect((await get(off, hot[0] as string)).headers['x-page-cache']).toBe('STORE');
  });

  it('pages and assets of builds older than the last few (PAGE_KEEP_BUILDS) are purged; the kept ones stay', async () => {
    const aOnly = `/article/${articles[1]?.slug}`; // only A rendered it (b served it without refreshes)
    expect(await rows(aOnly)).toEqual(['skew-a']);
    const bPage = `/article/${articles[0]?.slug}`;
    expect(await rows(bPage)).toEqual(['skew-b']);
    for (const o of apps.splice(0)) await o.close();
    await a.dbh.db.deleteFrom('job_leases').where('name', 'like', 'page-backfill%').execute();
    // builds C, then D: with three kept (D, C, B), A's pages and its entry script go
    await start('skew-c', { pageKeepBuilds: 3 });
    await sleep(5);
    // (no background refreshes: the backfill itself must render over the earlier builds' pages)
    const d = await start('skew-d', { pageKeepBuilds: 3, pageBackfill: true, pageRefreshesPerSecond: 0 });
    expect(d.pageCache.pageStore?.previousBuilds).toEqual(['skew-c', 'skew-b']);
    // its backfill's first run purged them and rendered every article page for D
    expect(await rows(aOnly)).toEqual(['skew-d']);
    const left = await a.dbh.db.selectFrom('page_store').select('build').where('build', '=', 'skew-a').execute();
    expect(left).toEqual([]);
    expect((await get(d, `/assets/${A_ENTRY}`)).statusCode).toBe(404);
    const kept = await a.dbh.db.selectFrom('build_assets').select('path').execute();
    expect(kept.length).toBeGreaterThan(10);
    expect(kept.map((r) => r.path)).not.toContain(`/assets/${A_ENTRY}`);
    // B's page was replaced by D's backfill render; B's register entry stays (it is kept)
    expect(await rows(bPage)).toEqual(['skew-d']);
    const builds = await a.dbh.db.selectFrom('page_builds').select('build').orderBy('registered_at').execute();
    expect(builds.map((b) => b.build)).toEqual(['skew-a', 'skew-b', 'skew-c', 'skew-d']);
  });
});
