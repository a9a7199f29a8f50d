import type { ArticleSummary, Category } from '@vaggen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, makeAuthor, type TestApp } from '../../../test/helpers.js';
import type { NewArticle } from './service.js';

/**
 * What other modules read from the articles service (feeds and sitemaps, search, moderation, the
 * personal-data download and account deletion), called as they call it. The tests run in order on
 * one database: each names the articles it made.
 */
/** The columns a row inserted straight into `articles` fills the same way in every test here. */
const STORED_EXTRAS = {
  featured_image: null,
  published_at: '2024-01-01T00:00:00.000Z',
  updated_at: '2024-01-01T00:00:00.000Z',
  publish_at: null,
  byline: null,
  featured_image_alt: null,
  featured_image_caption: null,
  featured_image_credit: null,
};

describe.each(dialects)('the articles service for other modules on %s', (dialect) => {
  let t: TestApp;
  let anna: number;
  let carl: number;
  const titles = (list: Pick<ArticleSummary, 'title'>[]) => list.map((a) => a.title);
  const make = async (
    authorId: number,
    authorName: string,
    title: string,
    more: Partial<NewArticle> & { category?: Category } = {},
  ) =>
    t.app.services.articles.create({
      title,
      content: `<p>${title}.</p>`,
      category: 'NYHETER',
      authorId,
      authorName,
      featuredImage: null,
      ...more,
    });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    anna = await makeAuthor(t, 'anna', 'Anna Andersson');
    carl = await makeAuthor(t, 'carl', 'Carl Carlsson');
  });
  afterAll(() => t?.close());

  it('sitemap chunks: id ranges of the visible articles, each with its newest change', async () => {
    const s = t.app.services.articles;
    const made = [];
    for (let i = 1; i <= 5; i++) {
      made.push(
        await make(
          anna,
          'Anna Andersson',
          `Kartartikel ${i}`,
          i === 1 ? { status: 'draft' } : { publishedAt: '2025-01-01T00:00:00.000Z' },
        ),
      );
    }
    // a fresh database: the ids are 1…5, so the chunks of two are {1, 2}, {3, 4}, {5}
    expect(made.map((a) => a.id)).toEqual([1, 2, 3, 4, 5]);
    // the draft (id 1) changed last: it must not count for its chunk
    const changed = ['2025-01-09T00:00:00.000Z', '2025-01-02T00:00:00.000Z', '2025-01-06T00:00:00.000Z'];
    changed.push('2025-01-05T00:00:00.000Z', '2025-01-04T00:00:00.000Z');
    for (const [i, a] of made.entries()) {
      await t.dbh.db.updateTable('articles').set({ updated_at: changed[i] }).where('id', '=', a.id).execute();
    }
    expect(await s.sitemapChunks(2)).toEqual([
      { chunk: 1, lastmod: '2025-01-02T00:00:00.000Z' },
      { chunk: 2, lastmod: '2025-01-06T00:00:00.000Z' },
      { chunk: 3, lastmod: '2025-01-04T00:00:00.000Z' },
    ]);
    // id 5 is the last of a chunk of five, not the first of the next one
    expect(await s.sitemapChunks(5)).toEqual([{ chunk: 1, lastmod: '2025-01-06T00:00:00.000Z' }]);
    expect(await s.sitemapChunks(4)).toEqual([
      { chunk: 1, lastmod: '2025-01-06T00:00:00.000Z' },
      { chunk: 2, lastmod: '2025-01-04T00:00:00.000Z' },
    ]);

    const slugs = async (chunk: number, size: number) =>
      (await s.sitemapChunk(chunk, size)).map((r) => [r.slug, r.updated_at]);
    expect(await slugs(1, 2)).toEqual([['kartartikel-2', '2025-01-02T00:00:00.000Z']]);
    expect(await slugs(2, 2)).toEqual([
      ['kartartikel-3', '2025-01-06T00:00:00.000Z'],
      ['kartartikel-4', '2025-01-05T00:00:00.000Z'],
    ]);
    expect(await slugs(3, 2)).toEqual([['kartartikel-5', '2025-01-04T00:00:00.000Z']]);
    expect(await slugs(4, 2)).toEqual([]);
  });

  it('listVisible: published only, by author, category and since (inclusive), newest first, paged', async () => {
    const s = t.app.services.articles;
    const c1 = await make(carl, 'Carl Carlsson', 'Carl ett', {
      category: 'KULTUR',
      publishedAt: '2024-06-01T10:00:00.000Z',
    });
    const c2 = await make(carl, 'Carl Carlsson', 'Carl två', {
      category: 'SPORT',
      publishedAt: '2024-06-02T10:00:00.000Z',
    });
    // the same time as c2: the later id comes first
    const c3 = await make(carl, 'Carl Carlsson', 'Carl tre', {
      category: 'KULTUR',
      publishedAt: '2024-06-02T10:00:00.000Z',
    });
    await make(carl, 'Carl Carlsson', 'Carl utkast', { category: 'KULTUR', status: 'draft' });
    await make(anna, 'Anna Andersson', 'Anna kultur', { category: 'KULTUR', publishedAt: '2024-06-03T10:00:00.000Z' });
    const page = { limit: 10, offset: 0 };

    const byCarl = await s.listVisible({ ...page, authorId: carl });
    expect(titles(byCarl)).toEqual(['Carl tre', 'Carl två', 'Carl ett']);
    expect(byCarl[0]).toMatchObject({
      id: c3.id,
      slug: 'carl-tre',
      status: 'published',
      category: 'KULTUR',
      date: '2024-06-02T10:00:00.000Z',
      author: 'carl',
      author_id: carl,
      author_display_name: 'Carl Carlsson',
      authors: [{ id: carl, name: 'Carl Carlsson', username: 'carl' }],
    });
    expect(titles(await s.listVisible({ ...page, authorId: carl, category: 'KULTUR' }))).toEqual([
      'Carl tre',
      'Carl ett',
    ]);
    expect(titles(await s.listVisible({ ...page, authorId: carl, since: c2.date }))).toEqual(['Carl tre', 'Carl två']);
    expect(titles(await s.listVisible({ ...page, authorId: carl, since: '2024-06-02T10:00:00.001Z' }))).toEqual([]);
    expect(titles(await s.listVisible({ limit: 1, offset: 1, authorId: carl }))).toEqual(['Carl två']);
    expect(titles(await s.listVisible({ ...page, category: 'KULTUR' }))).toEqual([
      'Anna kultur',
      'Carl tre',
      'Carl ett',
    ]);
    expect(c1.id).toBeLessThan(c3.id);
  });

  it('getManyByIds: in the order asked, with the body; missing and impossible ids left out', async () => {
    const s = t.app.services.articles;
    const [tre, ett] = [await s.getBySlug('carl-tre'), await s.getBySlug('carl-ett')].map((f) =>
      f && 'article' in f ? f.article : null,
    );
    if (!tre || !ett) throw new Error('test articles missing');
    const got = await s.getManyByIds([tre.id, 999_999, ett.id, 0, -1, 1.5, 2_147_483_648]);
    expect(got.map((a) => [a.id, a.title, a.content])).toEqual([
      [tre.id, 'Carl tre', '<p>Carl tre.</p>'],
      [ett.id, 'Carl ett', '<p>Carl ett.</p>'],
    ]);
    expect(got[0]).toMatchObject({ author_display_name: 'Carl Carlsson', category: 'KULTUR' });
    expect(await s.getManyByIds([0, -1, 2_147_483_648])).toEqual([]);
    expect(await s.getManyByIds([])).toEqual([]);
  });

  it('textsAfter: id, title and stored text after an id, in id order, at most the limit; count counts every status', async () => {
    const s = t.app.services.articles;
    expect(await s.textsAfter(2, 2)).toEqual([
      { id: 3, title: 'Kartartikel 3', content: '<p>Kartartikel 3.</p>' },
      { id: 4, title: 'Kartartikel 4', content: '<p>Kartartikel 4.</p>' },
    ]);
    expect((await s.textsAfter(0, 1)).map((a) => a.id)).toEqual([1]); // the draft too
    const all = await s.textsAfter(0, 100);
    expect(all.map((a) => a.id)).toEqual(all.map((_, i) => i + 1));
    expect(await s.textsAfter(all.length, 10)).toEqual([]);
    // five map articles and five of the listVisible test (two drafts among them)
    expect(all).toHaveLength(10);
    expect(await s.count()).toBe(10);
  });

  it('refsFor: title and slug of the articles asked for, whatever their status', async () => {
    const s = t.app.services.articles;
    expect((await s.refsFor([])).size).toBe(0);
    const refs = await s.refsFor([1, 2, 999_999]);
    expect([...refs.entries()].sort(([a], [b]) => a - b)).toEqual([
      [1, { id: 1, title: 'Kartartikel 1', slug: 'kartartikel-1' }],
      [2, { id: 2, title: 'Kartartikel 2', slug: 'kartartikel-2' }],
    ]);
  });

  it('imageInUse: as a featured image (also a long address), or in a text under any size and host', async () => {
    const s = t.app.services.articles;
    const hex = (c: string) => c.repeat(24);
    const long = `https://bilder.example.se/${'mapp/'.repeat(20)}${hex('b')}.webp`;
    expect(long.length).toBeGreaterThan(100);
    await make(anna, 'Anna Andersson', 'Med lång bildadress', { featuredImage: long });
    await make(anna, 'Anna Andersson', 'Med bild i texten', {
      content: `<p>Se bilden.</p><p><img src="https://cdn.example.se/bilder/${hex('c')}-w480.webp" alt="Bild" /></p>`,
    });
    expect(await s.imageInUse(long)).toBe(true);
    expect(await s.imageInUse(`/uploads/${hex('c')}.webp`)).toBe(true);
    expect(await s.imageInUse(`/uploads/${hex('d')}.webp`)).toBe(false);
    // the featured image is compared whole, not by its first 100 characters
    expect(await s.imageInUse(`${long.slice(0, -5)}x.webp`)).toBe(false);
  });

  it('exportForUser: what a person wrote (author) and co-wrote (coauthor), each once', async () => {
    const s = t.app.services.articles;
    const dora = await makeAuthor(t, 'dora', 'Dora Dahl');
    const erik = await makeAuthor(t, 'erik', 'Erik Ek');
    const d1 = await make(dora, 'Dora Dahl', 'Doras och Eriks', {
      authorIds: [dora, erik],
      publishedAt: '2024-05-01T00:00:00.000Z',
    });
    const e1 = await make(erik, 'Erik Ek', 'Eriks och Doras', {
      authorIds: [erik, dora],
      publishedAt: '2024-05-02T00:00:00.000Z',
    });
    const e2 = await make(erik, 'Erik Ek', 'Bara Eriks', { publishedAt: '2024-05-03T00:00:00.000Z' });
    const d2 = await make(dora, 'Dora Dahl', 'Doras utkast', { status: 'draft' });
    const exported = async (id: number) => {
      const out = [];
      for await (const a of s.exportForUser(id)) out.push(a);
      return out;
    };
    expect(await exported(dora)).toEqual([
      {
        id: d1.id,
        title: 'Doras och Eriks',
        slug: d1.slug,
        status: 'published',
        published_at: d1.date,
        role: 'author',
      },
      { id: d2.id, title: 'Doras utkast', slug: d2.slug, status: 'draft', published_at: d2.date, role: 'author' },
      {
        id: e1.id,
        title: 'Eriks och Doras',
        slug: e1.slug,
        status: 'published',
        published_at: e1.date,
        role: 'coauthor',
      },
    ]);
    expect((await exported(erik)).map((a) => [a.id, a.role])).toEqual([
      [e1.id, 'author'],
      [e2.id, 'author'],
      [d1.id, 'coauthor'],
    ]);

    // Erik's account is deleted: his articles and his place in Dora's byline keep his name as text
    const touched = await s.forgetAuthor(erik, 'Erik Ek (raderad)');
    expect([...touched].sort((a, b) => a - b)).toEqual([d1.id, e1.id, e2.id]);
    const former = { id: null, name: 'Erik Ek (raderad)', username: null };
    const doraAuthor = { id: dora, name: 'Dora Dahl', username: 'dora' };
    expect((await s.getAnyById(e1.id))?.authors).toEqual([former, doraAuthor]);
    expect((await s.getAnyById(d1.id))?.authors).toEqual([doraAuthor, former]);
    expect(await s.getAnyById(e2.id)).toMatchObject({
      author_id: null,
      author: 'Erik Ek (raderad)',
      author_display_name: 'Erik Ek (raderad)',
    });
    expect(await s.getAnyById(d1.id)).toMatchObject({ author_id: dora, author_display_name: 'Dora Dahl' });
    // the revisions he saved no longer name him; Dora's still do
    expect((await s.listRevisions(e2.id)).map((r) => [r.user_id, r.user_name])).toEqual([[null, 'Raderad användare']]);
    expect((await s.listRevisions(d1.id)).map((r) => [r.user_id, r.user_name])).toEqual([[dora, 'Dora Dahl']]);
    // an article without an author id that Dora co-wrote is still hers as a co-author
    expect((await exported(dora)).map((a) => [a.id, a.role])).toEqual([
      [d1.id, 'author'],
      [d2.id, 'author'],
      [e1.id, 'coauthor'],
    ]);
    expect(await exported(erik)).toEqual([]);
    // forgetting someone who wrote nothing touches nothing
    expect(await s.forgetAuthor(erik, 'Erik Ek (raderad)')).toEqual([]);
  });

  it('exportForUser reads page after page: 501 articles and 501 co-authored ones, each once', async () => {
    const s = t.app.services.articles;
    const frida = await makeAuthor(t, 'frida', 'Frida Fors');
    const gustav = await makeAuthor(t, 'gustav', 'Gustav Gran');
    const rows = (authorId: number, prefix: string) =>
      Array.from({ length: 501 }, (_, i) => ({
        slug: `${prefix}-${i}`,
        title: `${prefix} ${i}`,
        content: '<p>Text.</p>',
        excerpt: 'Text.',
        category: 'NYHETER',
        author_id: authorId,
        author_name: prefix,
        ...STORED_EXTRAS,
      }));
    const own = await t.dbh.db.insertInto('articles').values(rows(frida, 'frida')).returning('id').execute();
    const co = await t.dbh.db.insertInto('articles').values(rows(gustav, 'gustav')).returning('id').execute();
    await t.dbh.db
      .insertInto('article_authors')
      .values(co.map((r) => ({ article_id: Number(r.id), user_id: frida, position: 1 })))
      .execute();
    const seen: [number, string][] = [];
    for await (const a of s.exportForUser(frida)) seen.push([a.id, a.role]);
    expect(seen).toEqual([...own.map((r) => [Number(r.id), 'author']), ...co.map((r) => [Number(r.id), 'coauthor'])]);
  });

  it('an article shows its writer’s picture when it is on our own origin, and none from another host', async () => {
    const s = t.app.services.articles;
    const pia = await makeAuthor(t, 'portratt_pia', 'Pia Porträtt');
    const a = await make(pia, 'Pia Porträtt', 'Med porträtt');
    const picture = async (url: string | null) => {
      await t.dbh.db.updateTable('users').set({ profile_picture: url }).where('id', '=', pia).execute();
      return [
        (await s.getAnyById(a.id))?.author_profile_picture,
        (await s.listVisible({ limit: 50, offset: 0 })).find((x) => x.id === a.id)?.author_profile_picture,
      ];
    };
    expect(await picture('/uploads/pia.webp')).toEqual(['/uploads/pia.webp', '/uploads/pia.webp']);
    expect(await picture('https://annan.example/pia.webp')).toEqual([null, null]);
    expect(await picture(null)).toEqual([null, null]);
  });

  it('the largest id a 32-bit column holds is still an id (ids past it are never looked up)', async () => {
    const s = t.app.services.articles;
    await t.dbh.db
      .insertInto('articles')
      .values({
        id: 2_147_483_647,
        slug: 'sista-id',
        title: 'Sista id',
        content: '<p>Text.</p>',
        excerpt: 'Text.',
        category: 'NYHETER',
        author_id: anna,
        author_name: 'Anna Andersson',
        ...STORED_EXTRAS,
      })
      .execute();
    expect((await s.getManyByIds([2_147_483_647])).map((a) => a.title)).toEqual(['Sista id']);
    expect((await s.getAnyById(2_147_483_647))?.title).toBe('Sista id');
    expect((await s.getById(2_147_483_647))?.title).toBe('Sista id');
    for (const id of [2_147_483_648, 0, -1, 1.5]) {
      expect(await s.getAnyById(id)).toBeNull();
      expect(await s.getById(id)).toBeNull();
    }
  });
});
