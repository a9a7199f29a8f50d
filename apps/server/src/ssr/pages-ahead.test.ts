import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../test/auth-helpers.js';
import { createTestApp, dialects, makeAuthor, type TestApp } from '../../test/helpers.js';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { openDb } from '../db/index.js';
import { PAGE_STORE_CLOCK_MARGIN_MS } from '../lib/page-cache/index.js';

/**
 * Issue 13 (decision 040): anonymous pages are kept in the shared store, so a page rendered by one
 * process is served by every other and after a restart, and a change made anywhere is never
 * answered from the store with the old page. "Another process" is a second app on the same
 * database with its own memory (no Redis: the store alone must be right).
 */
const buildDir = path.resolve(process.env.WEB_BUILD_DIR || path.join(import.meta.dirname, '../../../web/build'));
const built = fs.existsSync(path.join(buildDir, 'server/index.js'));
const PUBLIC_URL = 'https://vaggen.example';

const html = (res: LightMyRequestResponse) => {
  const raw = res.rawPayload;
  if (res.headers['content-encoding'] === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (res.headers['content-encoding'] === 'gzip') return gunzipSync(raw).toString('utf8');
  return raw.toString('utf8');
};
/** A render that begins within the clock margin of a change counts as older than it: tests wait it out. */
const pastMargin = () => new Promise((r) => setTimeout(r, PAGE_STORE_CLOCK_MARGIN_MS + 50));
const get = (app: FastifyInstance, url: string, encoding = 'br, gzip') =>
  app.inject({ url, headers: { 'accept-encoding': encoding } });

describe.skipIf(!built).each(dialects)('pages rendered ahead, shared through the store, on %s', (dialect) => {
  let t: TestApp;
  const others: { app: FastifyInstance; close: () => Promise<void> }[] = [];
  let admin: Awaited<ReturnType<typeof userWithToken>>;
  let first: { id: number; slug: string };
  let second: { id: number; slug: string };

  /** Another server process on the same database: its own memory cache, nothing in it yet. */
  const another = async (settings: Partial<Config> = {}) => {
    const dbh = openDb(t.config.database);
    const app = await buildApp({ ...t.config, ...settings }, { dbh });
    await app.ready();
    await app.jobs.settled();
    const close = async () => {
      await app.close();
      await dbh.close();
    };
    others.push({ app, close });
    return app;
  };
  /** The page's render has been written to the store (writes happen after the response). */
  const written = async (app: FastifyInstance, n: number) =>
    expect.poll(() => app.pageCache.storeWrites, { timeout: 5000 }).toBeGreaterThanOrEqual(n);

  beforeAll(async () => {
    t = await createTestApp(dialect, { web: true, env: { PUBLIC_URL, WEB_BUILD_DIR: buildDir } });
    const authorId = await makeAuthor(t, 'lisa', 'Lisa Lagerlöf');
    admin = await userWithToken(t, 'ahead_admin', 'admin');
    const create = (title: string, publishedAt: string) =>
      t.app.services.articles.create({
        title,
        content: `<p>Brödtext om ${title}.</p>`,
        category: 'SPORT',
        authorId,
        authorName: 'Lisa Lagerlöf',
        featuredImage: null,
        publishedAt,
      });
    first = await create('Derbyt slutade oavgjort', '2025-03-01T10:00:00.000Z');
    second = await create('Ny tränare presenterad', '2025-03-02T10:00:00.000Z');
    await pastMargin();
  });
  afterAll(async () => {
    for (const o of others) await o.close();
    await t?.close();
  });

  it('a page one process rendered is served by another from the store, the same in every encoding', async () => {
    const url = `/article/${first.slug}`;
    const rendered = await get(t.app, url);
    expect(rendered.statusCode).toBe(200);
    expect(rendered.headers['x-page-cache']).toBe('MISS');
    await written(t.app, 1);

    const b = await another();
    const stored = await get(b, url);
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['x-page-cache']).toBe('STORE');
    expect(stored.headers['content-encoding']).toBe('br');
    expect(stored.headers.etag).toBe(rendered.headers.etag);
    expect(stored.headers['content-type']).toBe(rendered.headers['content-type']);
    expect(stored.headers['content-security-policy']).toBe(rendered.headers['content-security-policy']);
    expect(html(stored)).toBe(html(rendered));
    expect(html(stored)).toContain('Derbyt slutade oavgjort');
    // then from its memory; a gzip-only reader and one without compression get the same page
    expect((await get(b, url)).headers['x-page-cache']).toBe('HIT');
    const gz = await get(b, url, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(html(gz)).toBe(html(rendered));
    const plain = await get(b, url, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html(rendered));
    expect((await b.inject({ url, headers: { 'if-none-match': String(rendered.headers.etag) } })).statusCode).toBe(304);
  });

  it('keeps only paths without a query in the store (anyone can make up queries; paths are the paper)', async () => {
    const url = `/article/${first.slug}?fraga=nagot`;
    expect((await get(t.app, url)).statusCode).toBe(200);
    expect((await get(t.app, url)).headers['x-page-cache']).toBe('HIT');
    await t.app.pageCache.settled();
    expect(await t.app.pageCache.pageStore?.read(url)).toBeUndefined();
    expect((await get(await another(), url)).headers['x-page-cache']).toBe('MISS');
  });

  it('after an edit in one process, no other serves the old page from the store', async () => {
    const url = `/article/${second.slug}`;
    await get(t.app, url);
    await written(t.app, 2);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/articles/${second.id}`,
      headers: admin.headers,
      payload: { title: 'Ny tränare presenterad', content: '<p>Rättad brödtext om tränaren.</p>', category: 'SPORT' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.pageCache.settled();
    const c = await another();
    const after = await get(c, url);
    expect(after.statusCode).toBe(200);
    expect(after.headers['x-page-cache']).toBe('MISS');
    expect(html(after)).toContain('Rättad brödtext om tränaren.');
    expect(html(after)).not.toContain('Brödtext om Ny tränare presenterad.');
  });

  it('a publish leaves other pages in the store stale: served once, then rendered anew with the news', async () => {
    const url = `/article/${first.slug}`;
    const store = t.app.pageCache.pageStore;
    // the edit above staled the sidebar of this page; its re-render (on a visit) has been stored
    await pastMargin();
    await get(await another(), url);
    await expect.poll(async () => (await store?.read(url))?.state, { timeout: 5000 }).toBe('fresh');
    const kept = await store?.read(url);
    const before = brotliDecompressSync(kept?.br ?? Buffer.alloc(0)).toString('utf8');
    expect(before).toContain('Derbyt slutade oavgjort');
    expect(before).not.toContain('Målvakten förlänger');
    await t.app.services.articles.create({
      title: 'Målvakten förlänger',
      content: '<p>Kontraktet gäller till 2028.</p>',
      category: 'SPORT',
      authorId: null,
      authorName: 'Redaktionen',
      featuredImage: null,
      publishedAt: new Date().toISOString(),
    });
    await t.app.pageCache.settled();
    expect((await store?.read(url))?.state).toBe('stale');
    const d = await another();
    const writes = d.pageCache.storeWrites;
    const stale = await get(d, url);
    expect(stale.headers['x-page-cache']).toBe('STORE');
    expect(html(stale)).toBe(before);
    // the re-render runs after the answer (no reader's render waits) and replaces the stored page
    await written(d, writes + 1);
    const fresh = await get(await another(), url);
    expect(fresh.headers['x-page-cache']).toBe('STORE');
    expect(html(fresh)).toContain('Målvakten förlänger');
  });

  it('the backfill renders every article page into the store ahead of readers, not into memory', async () => {
    await pastMargin();
    const e = await another({ pageBackfill: true });
    // its first pass ran at start (jobs.settled): every readers' article is stored for this build
    const paths = (await t.app.services.articles.publishedSlugs(null, 50)).map((a) => `/article/${a.slug}`);
    expect(paths).toHaveLength(3);
    const store = e.pageCache.pageStore;
    expect(store).toBeDefined();
    expect([...((await store?.present(paths)) ?? [])].sort()).toEqual([...paths].sort());
    expect(e.pageCache.size).toBe(0);
    const f = await another();
    for (const p of paths) expect((await get(f, p)).headers['x-page-cache']).toBe('STORE');
  });

  it('the backfill is split into shards by article id: one process alone renders every shard in turn', async () => {
    const all = await t.app.services.articles.publishedSlugs(null, 50);
    for (const o of others.splice(0)) await o.close();
    await t.dbh.db.deleteFrom('page_store').execute();
    await t.dbh.db.deleteFrom('job_leases').where('name', 'like', 'page-backfill%').execute();
    const e = await another({ pageBackfill: true, pageBackfillShards: 2 });
    const paths = all.map((a) => `/article/${a.slug}`);
    expect([...((await e.pageCache.pageStore?.present(paths)) ?? [])].sort()).toEqual([...paths].sort());
    const leases = await t.dbh.db
      .selectFrom('job_leases')
      .select(['name', 'runs', 'lease_until'])
      .where('name', 'like', 'page-backfill%')
      .orderBy('name')
      .execute();
    expect(leases.map((l) => [l.name, Number(l.runs)])).toEqual([
      ['page-backfill-1of2', 1],
      ['page-backfill-2of2', 1],
    ]);
    // each lease was given up when its run ended: another process may take either shard at once
    for (const l of leases) expect(Date.parse(l.lease_until)).toBeLessThanOrEqual(Date.now());
  });

  it("the backfill deletes a deleted article's stored page; pages still read stay", async () => {
    // the backfill job runs in one process at a time: the earlier tests' processes go first
    for (const o of others.splice(0)) await o.close();
    const gone = await t.app.services.articles.create({
      title: 'Artikeln som ska bort',
      content: '<p>Snart borta.</p>',
      category: 'SPORT',
      authorId: null,
      authorName: 'Redaktionen',
      featuredImage: null,
      publishedAt: '2025-03-03T10:00:00.000Z',
    });
    await pastMargin();
    const url = `/article/${gone.slug}`;
    const writes = t.app.pageCache.storeWrites;
    expect((await get(t.app, url)).statusCode).toBe(200);
    await written(t.app, writes + 1);
    const keys = async () =>
      (await t.dbh.db.selectFrom('page_store').select('key').where('key', 'like', '/article/%').execute()).map(
        (r) => r.key,
      );
    expect(await keys()).toContain(url);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/articles/${gone.id}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    await t.app.pageCache.settled();
    // the next process's backfill run sweeps it away; the others' pages are still there
    await another({ pageBackfill: true });
    const left = await keys();
    expect(left).not.toContain(url);
    expect(left).toContain(`/article/${first.slug}`);
    expect(left).toContain(`/article/${second.slug}`);
  });
});
