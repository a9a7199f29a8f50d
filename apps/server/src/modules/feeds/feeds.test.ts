import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xml2js } from 'xml-js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';
import { FeedsService } from './service.js';

type El = {
  name?: string;
  type?: string;
  text?: string;
  cdata?: string;
  attributes?: Record<string, string>;
  elements?: El[];
};
const parse = (xml: string) => xml2js(xml, { compact: false }) as El;
const kids = (e: El | undefined, name: string) => (e?.elements ?? []).filter((c) => c.name === name);
const kid = (e: El | undefined, name: string) => kids(e, name)[0];
const text = (e: El | undefined) => (e?.elements ?? []).map((c) => c.text ?? c.cdata ?? '').join('');

const ORIGIN = 'https://vaggen.example';
const HOUR = 3600_000;

describe.each(dialects)('feeds, sitemaps and robots.txt on %s', (dialect) => {
  let t: TestApp;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { PUBLIC_URL: ORIGIN } });
    const writerId = await t.app.services.users.create({
      username: 'kalle',
      password: 'lösenord123',
      full_name: 'Kalle Skribent',
      account_type: 'writer',
    });
    const now = Date.now();
    const rows = [
      { title: 'Gammal nyhet', category: 'SPORT', at: now - 5 * 24 * HOUR, image: null },
      { title: 'Gårdagens match', category: 'SPORT', at: now - 30 * HOUR, image: '/uploads/ab/bild.webp' },
      { title: 'Dagens val & <debatt>', category: 'POLITIK', at: now - HOUR, image: null },
    ] as const;
    for (const r of rows) {
      const a = await t.app.services.articles.create({
        title: r.title,
        content: `<p>${r.title.replace('<', '&lt;').replace('>', '&gt;')}: brödtext med å, ä och ö.</p>`,
        category: r.category,
        authorId: writerId,
        authorName: 'Kalle Skribent',
        featuredImage: r.image,
        publishedAt: new Date(r.at).toISOString(),
      });
      ids.push(a.id);
    }
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('serves RSS 2.0 of the whole paper with every field', async () => {
    const res = await get('/rss.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const rss = kid(parse(res.body), 'rss');
    expect(rss?.attributes?.version).toBe('2.0');
    const channel = kid(rss, 'channel');
    expect(text(kid(channel, 'title'))).toBe('Väggen');
    expect(text(kid(channel, 'link'))).toBe(`${ORIGIN}/`);
    expect(text(kid(channel, 'language'))).toBe('sv');
    const items = kids(channel, 'item');
    expect(items.map((i) => text(kid(i, 'title')))).toEqual([
      'Dagens val & <debatt>',
      'Gårdagens match',
      'Gammal nyhet',
    ]);
    const [newest, withImage] = items;
    expect(text(kid(newest, 'link'))).toBe(`${ORIGIN}/article/dagens-val-debatt`);
    // Excerpts are plain text with nothing tag-like left in them (issue 17, finding 4).
    expect(text(kid(newest, 'description'))).toBe('Dagens val & : brödtext med å, ä och ö.');
    expect(text(kid(newest, 'dc:creator'))).toBe('Kalle Skribent');
    expect(text(kid(newest, 'category'))).toBe('Politik');
    const pub = new Date(text(kid(newest, 'pubDate')));
    expect(Math.abs(pub.getTime() - (Date.now() - HOUR))).toBeLessThan(10_000);
    expect(text(kid(newest, 'pubDate'))).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(kid(newest, 'enclosure')).toBeUndefined();
    expect(kid(withImage, 'enclosure')?.attributes).toMatchObject({
      url: `${ORIGIN}/uploads/ab/bild.webp`,
      type: 'image/webp',
    });
  });

  it('serves one RSS feed per category and 404 for unknown ones', async () => {
    const res = await get(`/rss/${encodeURIComponent('sport')}.xml`);
    expect(res.statusCode).toBe(200);
    const channel = kid(kid(parse(res.body), 'rss'), 'channel');
    expect(text(kid(channel, 'title'))).toBe('Väggen – Sport');
    expect(kids(channel, 'item').map((i) => text(kid(i, 'title')))).toEqual(['Gårdagens match', 'Gammal nyhet']);
    expect((await get('/rss/v%C3%A4rlden.xml')).statusCode).toBe(200);
    expect((await get('/rss/mode.xml')).json()).toEqual({ msg: 'Not found' });
    expect((await get('/rss/sport')).statusCode).toBe(404);
  });

  it('lists article sitemaps, pages and news in the sitemap index', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    const index = kid(parse(res.body), 'sitemapindex');
    const locs = kids(index, 'sitemap').map((s) => text(kid(s, 'loc')));
    expect(locs).toEqual([
      `${ORIGIN}/sitemaps/pages.xml`,
      `${ORIGIN}/sitemaps/news.xml`,
      `${ORIGIN}/sitemaps/articles-1.xml`,
    ]);
    const lastmod = text(kid(kids(index, 'sitemap')[2], 'lastmod'));
    expect(Number.isNaN(Date.parse(lastmod))).toBe(false);

    const articles = kid(parse((await get('/sitemaps/articles-1.xml')).body), 'urlset');
    const urls = kids(articles, 'url');
    expect(urls).toHaveLength(3);
    expect(text(kid(urls[0], 'loc'))).toBe(`${ORIGIN}/article/gammal-nyhet`);
    expect(Date.parse(text(kid(urls[0], 'lastmod')))).toBeGreaterThan(Date.now() - 60_000);
    expect((await get('/sitemaps/articles-2.xml')).statusCode).toBe(404);
    expect((await get('/sitemaps/articles-0.xml')).statusCode).toBe(404);
    expect((await get('/sitemaps/articles-99999999999.xml')).statusCode).toBe(404);

    const pages = kids(kid(parse((await get('/sitemaps/pages.xml')).body), 'urlset'), 'url').map((u) =>
      text(kid(u, 'loc')),
    );
    expect(pages).toContain(`${ORIGIN}/`);
    expect(pages).toContain(`${ORIGIN}/category/v%C3%A4rlden`);
    expect(pages).toContain(`${ORIGIN}/about`);
    expect(pages).toContain(`${ORIGIN}/tillganglighet`);
    expect(pages).toContain(`${ORIGIN}/principer`);
  });

  it('splits article sitemaps by id range, never above the limit per file', async () => {
    const small = new FeedsService(t.app.services.articles, { chunkSize: 2 });
    const index = kid(parse(await small.sitemapIndex(ORIGIN)), 'sitemapindex');
    const locs = kids(index, 'sitemap').map((s) => text(kid(s, 'loc')));
    expect(locs.slice(2)).toEqual([`${ORIGIN}/sitemaps/articles-1.xml`, `${ORIGIN}/sitemaps/articles-2.xml`]);
    const first = kids(kid(parse((await small.articleSitemap(ORIGIN, 1)) ?? ''), 'urlset'), 'url');
    const second = kids(kid(parse((await small.articleSitemap(ORIGIN, 2)) ?? ''), 'urlset'), 'url');
    expect(first).toHaveLength(2);
    expect(second).toHaveLength(1);
    expect(await small.articleSitemap(ORIGIN, 3)).toBeNull();
  });

  it('lists only the last two days in the Google News sitemap', async () => {
    const res = await get('/sitemaps/news.xml');
    const urlset = kid(parse(res.body), 'urlset');
    expect(urlset?.attributes?.['xmlns:news']).toBe('http://www.google.com/schemas/sitemap-news/0.9');
    const urls = kids(urlset, 'url');
    expect(urls.map((u) => text(kid(u, 'loc')))).toEqual([
      `${ORIGIN}/article/dagens-val-debatt`,
      `${ORIGIN}/article/gardagens-match`,
    ]);
    const news = kid(urls[0], 'news:news');
    const pub = kid(news, 'news:publication');
    expect(text(kid(pub, 'news:name'))).toBe('Väggen');
    expect(text(kid(pub, 'news:language'))).toBe('sv');
    expect(text(kid(news, 'news:title'))).toBe('Dagens val & <debatt>');
    expect(Date.parse(text(kid(news, 'news:publication_date')))).toBeGreaterThan(Date.now() - 2 * HOUR);
  });

  it('caps the Google News sitemap at 1 000 articles', async () => {
    const many = Array.from({ length: 1003 }, (_, i) => ({
      slug: `massartikel-${i}`,
      title: `Massartikel ${i}`,
      content: 'x',
      excerpt: 'x',
      category: 'NYHETER',
      author_id: null,
      author_name: 'Bot',
      featured_image: null,
      published_at: new Date(Date.now() - i * 1000).toISOString(),
      updated_at: new Date().toISOString(),
    }));
    for (let i = 0; i < many.length; i += 200) {
      await t.app.dbh.db
        .insertInto('articles')
        .values(many.slice(i, i + 200))
        .execute();
    }
    const feeds = new FeedsService(t.app.services.articles);
    const urls = kids(kid(parse(await feeds.newsSitemap(ORIGIN)), 'urlset'), 'url');
    expect(urls).toHaveLength(1000);
    expect(text(kid(urls[0], 'loc'))).toBe(`${ORIGIN}/article/massartikel-0`);
    await t.app.dbh.db.deleteFrom('articles').where('slug', 'like', 'massartikel-%').execute();
  });

  it('serves robots.txt pointing at the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(res.body).toContain('Disallow: /api/');
  });

  it('caches feeds and renews them when an article changes', async () => {
    const first = await get('/rss.xml');
    const again = await get('/rss.xml');
    expect(again.headers['x-page-cache']).toBe('HIT');
    expect(again.body).toBe(first.body);
    await t.app.services.articles.create({
      title: 'Alldeles färsk',
      content: 'Ny text.',
      category: 'NYHETER',
      authorId: null,
      authorName: 'Redaktionen',
      featuredImage: null,
    });
    const after = await get('/rss.xml');
    expect(after.headers['x-page-cache']).toBe('MISS');
    expect(after.body).toContain('Alldeles färsk');
    expect((await get('/sitemaps/news.xml')).body).toContain('alldeles-farsk');
  });
});
