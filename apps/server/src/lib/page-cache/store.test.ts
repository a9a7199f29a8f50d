import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp, type TestDialect } from '../../../test/helpers.js';
import { ArticlePages } from '../../modules/articles/page-tags.js';
import { CommentPages } from '../../modules/comments/page-tags.js';
import { UserPages } from '../../modules/users/page-tags.js';
import { PAGE_STORE_CLOCK_MARGIN_MS, PAGE_STORE_MAX_KEY, PageStore } from './store.js';

/**
 * Issue 13 (decision 040): the shared store of rendered pages, on the real database. A page is
 * served while none of its tags was evicted after its render began; a staled tag or age makes it
 * stale; another build's page is never served.
 */
const ways: [TestDialect, string][] = dialects.flatMap((d): [TestDialect, string][] =>
  d === 'postgres'
    ? [
        [d, 'through Kysely'],
        [d, 'as a prepared statement'],
      ]
    : [[d, '']],
);

describe.each(ways)('page store on %s %s', (dialect, way) => {
  let t: TestApp;
  let clock = 0;
  // On PostgreSQL the app reads through its pool as a named prepared statement: the same rules both ways.
  const store = (build = 'build-1') =>
    new PageStore(t.dbh.db, t.dbh.dialect, {
      build,
      maxAgeMs: 60_000,
      now: () => clock,
      recordsTag: (tag) => !CommentPages.isThread(tag),
      ...(way === 'as a prepared statement' ? { pool: t.dbh.pool } : {}),
    });
  const page = (text: string) => ({
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8', 'x-test': text },
    etag: `"${text}"`,
    br: brotliCompressSync(Buffer.from(`<html>${text}</html>`)),
  });
  const tags = [ArticlePages.article(1), UserPages.author(7), ArticlePages.sidebar, ArticlePages.related('SPORT')];

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t?.close());

  it('gives back what was written, fresh, with its headers, ETag and tags', async () => {
    clock = 1_000_000;
    await store().write('/article/a', page('a'), tags, clock);
    const got = await store().read('/article/a');
    expect(got?.state).toBe('fresh');
    expect(got?.status).toBe(200);
    expect(got?.headers['x-test']).toBe('a');
    expect(got?.etag).toBe('"a"');
    expect(got?.tags).toEqual(tags);
    expect(got?.renderedAt).toBe(1_000_000);
    expect(got?.br.equals(page('a').br)).toBe(true);
    expect(await store().read('/article/other')).toBeUndefined();
  });

  it('never serves a page of another build, and the backfill removes those', async () => {
    clock = 2_000_000;
    await store('old-build').write('/article/b', page('b'), tags, clock);
    expect(await store('build-1').read('/article/b')).toBeUndefined();
    expect(await store('old-build').read('/article/b')).toBeDefined();
    expect(await store('build-1').purgeOtherBuilds(10)).toBe(1);
    expect(await store('old-build').read('/article/b')).toBeUndefined();
    expect(await store('build-1').read('/article/a')).toBeDefined();
  });

  it('an evicted tag ends the pages rendered before the change, not those rendered after it', async () => {
    clock = 3_000_000;
    await store().write('/article/c', page('c'), [ArticlePages.article(3), ArticlePages.sidebar], clock);
    await store().write('/article/d', page('d'), [ArticlePages.article(4), ArticlePages.sidebar], clock);
    // a render that began just before the change (and was written after it) is not served either
    await store().recordChange({ evict: [ArticlePages.article(3)], stale: [] }, clock + 5);
    expect(await store().read('/article/c')).toBeUndefined();
    expect((await store().read('/article/d'))?.state).toBe('fresh');
    // rendered after the change, past the clock margin: served
    const after = clock + 5 + PAGE_STORE_CLOCK_MARGIN_MS + 1;
    await store().write('/article/c', page('c2'), [ArticlePages.article(3), ArticlePages.sidebar], after);
    expect((await store().read('/article/c'))?.etag).toBe('"c2"');
    // ...but within the margin (another machine's clock may be a little ahead): not yet
    await store().write('/article/c', page('c3'), [ArticlePages.article(3)], clock + 5 + PAGE_STORE_CLOCK_MARGIN_MS);
    expect(await store().read('/article/c')).toBeUndefined();
  });

  it('a staled tag or age makes a page stale; "everything" ends every page', async () => {
    clock = 4_000_000;
    await store().write('/e', page('e'), [ArticlePages.sidebar, ArticlePages.related('SPORT')], clock);
    await store().write('/f', page('f'), [ArticlePages.article(6)], clock);
    expect((await store().read('/e'))?.state).toBe('fresh');
    await store().recordChange({ evict: [], stale: [ArticlePages.related('SPORT')] }, clock + 1000);
    expect((await store().read('/e'))?.state).toBe('stale');
    expect((await store().read('/f'))?.state).toBe('fresh');
    clock += 60_001;
    expect((await store().read('/f'))?.state).toBe('stale');
    await store().recordChange('all', clock);
    expect(await store().read('/f')).toBeUndefined();
    expect(await store().read('/e')).toBeUndefined();
  });

  it('records no tag of answers it never holds, and one row per tag however often it changes', async () => {
    clock = 5_000_000;
    await store().recordChange({
      evict: [CommentPages.thread(9), ArticlePages.article(9)],
      stale: [],
    });
    await store().recordChange({ evict: [ArticlePages.article(9)], stale: [] });
    const rows = await t.dbh.db
      .selectFrom('page_tag_changes')
      .select('tag')
      .where('tag', 'in', [CommentPages.thread(9), ArticlePages.article(9)])
      .execute();
    expect(rows.map((r) => r.tag)).toEqual([ArticlePages.article(9)]);
  });

  it('tells the backfill which pages it has (not evicted), and keeps no key over the bound', async () => {
    clock = 6_000_000;
    await store().write('/article/g', page('g'), [ArticlePages.article(70)], clock);
    await store().write('/article/h', page('h'), [ArticlePages.article(80)], clock);
    await store().recordChange({ evict: [ArticlePages.article(80)], stale: [] }, clock + 1);
    const present = await store().present(['/article/g', '/article/h', '/article/none']);
    expect([...present]).toEqual(['/article/g']);
    const long = `/sok?q=${'x'.repeat(PAGE_STORE_MAX_KEY)}`;
    await store().write(long, page('long'), [], clock + 1000);
    expect(await store().read(long)).toBeUndefined();
    expect(await store().count()).toBeGreaterThan(0);
  });

  it('sweeps evicted pages away in key order, batch by batch, keeping live ones and any rendered anew', async () => {
    clock = 7_000_000;
    const sweeper = () => store('sweep-build');
    for (const k of ['a', 'b', 'c', 'd', 'e'])
      await sweeper().write(`/s/${k}`, page(k), [ArticlePages.article(700)], clock);
    await sweeper().write('/s/f', page('f'), [ArticlePages.article(701)], clock);
    await store('sweep-build').write('/s/g', page('g'), [ArticlePages.article(702)], clock);
    await sweeper().recordChange({ evict: [ArticlePages.article(700)], stale: [] }, clock + 1);
    await sweeper().recordChange({ evict: [], stale: [ArticlePages.article(701)] }, clock + 1);
    // /s/c was rendered anew after the change: kept
    await sweeper().write('/s/c', page('c2'), [ArticlePages.article(700)], clock + 1 + PAGE_STORE_CLOCK_MARGIN_MS + 1);
    // another build's page is not this sweep's to judge
    await store('other-build').write('/s/zz', page('zz'), [ArticlePages.article(700)], clock);
    const first = await sweeper().sweepEvicted('/s/', 3);
    expect(first).toEqual({ next: '/s/c', deleted: 2 });
    const second = await sweeper().sweepEvicted(first.next, 3);
    expect(second).toEqual({ next: '/s/f', deleted: 2 });
    const third = await sweeper().sweepEvicted(second.next, 3);
    expect(third).toEqual({ next: null, deleted: 0 });
    const left = await t.dbh.db
      .selectFrom('page_store')
      .select('key')
      .where('key', 'like', '/s/%')
      .orderBy('key')
      .execute();
    // the stale one (/s/f) stays: it is still served once and re-rendered
    expect(left.map((r) => r.key)).toEqual(['/s/c', '/s/f', '/s/g', '/s/zz']);
    expect((await sweeper().read('/s/c'))?.etag).toBe('"c2"');
  });

  it("decision 051: a build serves the earlier builds' pages as stale until it writes its own, which replaces them", async () => {
    clock = 8_000_000;
    const registered = async (build: string, at: number, opts: { tagsFormat?: number } = {}) => {
      const s = new PageStore(t.dbh.db, t.dbh.dialect, {
        build,
        maxAgeMs: 60_000,
        now: () => clock,
        keepBuilds: 3,
        ...opts,
        ...(way === 'as a prepared statement' ? { pool: t.dbh.pool } : {}),
      });
      await s.register(at);
      return s;
    };
    const builds = async (key: string) =>
      (await t.dbh.db.selectFrom('page_store').select('build').where('key', '=', key).orderBy('build').execute()).map(
        (r) => r.build,
      );
    const r1 = await registered('r-1', 100);
    await r1.write('/r/a', page('a1'), [ArticlePages.article(800)], clock);
    await r1.write('/r/b', page('b1'), [ArticlePages.article(801)], clock);
    const r2 = await registered('r-2', 200);
    expect(r2.previousBuilds).toEqual(['r-1']);
    // registering again (another process of the build) keeps its place
    expect((await registered('r-1', 999)).previousBuilds).toEqual([]);
    const old = await r2.read('/r/a');
    expect(old?.state).toBe('stale');
    expect(old?.previousBuild).toBe(true);
    expect(old?.build).toBe('r-1');
    expect(old?.etag).toBe('"a1"');
    expect((await r1.read('/r/a'))?.state).toBe('fresh');
    // its own page, once written, is served and the earlier one is gone
    await r2.write('/r/a', page('a2'), [ArticlePages.article(800)], clock + 1);
    expect(await r2.read('/r/a')).toMatchObject({ etag: '"a2"', state: 'fresh', previousBuild: false });
    expect(await builds('/r/a')).toEqual(['r-2']);
    // a process of the earlier build (a rolling deploy) never reads the later build's page, and its
    // own write does not replace it
    expect(await r1.read('/r/a')).toBeUndefined();
    await r1.write('/r/a', page('a1b'), [ArticlePages.article(800)], clock + 2);
    expect((await r2.read('/r/a'))?.etag).toBe('"a2"');
    expect((await r1.read('/r/a'))?.etag).toBe('"a1b"');
    // an earlier build's page whose content changed since is not served, whatever its build
    await r2.recordChange({ evict: [ArticlePages.article(801)], stale: [] }, clock + 5);
    expect(await r2.read('/r/b')).toBeUndefined();
    expect(await r1.read('/r/b')).toBeUndefined();
    // a build whose tags have another format does not serve earlier pages (its changes would miss them)
    const r3 = await registered('r-3', 300, { tagsFormat: 2 });
    expect(r3.previousBuilds).toEqual([]);
    expect(await r3.read('/r/a')).toBeUndefined();
    // three kept: r-4 serves r-2's (r-3's format differs); r-1's pages are purged
    await r2.write('/r/c', page('c2'), [ArticlePages.article(802)], clock + 6);
    const r4 = await registered('r-4', 400);
    expect(r4.previousBuilds).toEqual(['r-2']);
    expect((await r4.read('/r/c'))?.etag).toBe('"c2"');
    expect((await r4.keptBuilds()).since).toBe(200);
    await r4.purgeOtherBuilds(1000);
    expect(await builds('/r/a')).toEqual(['r-2']);
    expect(await builds('/r/b')).toEqual([]);
    expect(await builds('/r/c')).toEqual(['r-2']);
    expect(await r1.read('/r/a')).toBeUndefined();
    expect((await r4.read('/r/a'))?.etag).toBe('"a2"');
  });
});
