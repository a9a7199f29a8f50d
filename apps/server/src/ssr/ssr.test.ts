import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, makeAuthor, type TestApp } from '../../test/helpers.js';

// The built web app: WEB_BUILD_DIR when set (as for the server and `npm run build`), else apps/web/build.
// Without a build (`npx vitest run` on a fresh clone) this file is skipped; `npm test` builds first.
const buildDir = path.resolve(process.env.WEB_BUILD_DIR || path.join(import.meta.dirname, '../../../web/build'));
const built = fs.existsSync(path.join(buildDir, 'server/index.js'));

if (!built) {
  describe('server-rendered reader pages', () => {
    it.skip(`SKIPPED: no web build in ${buildDir} (run \`npm run build\` first; \`npm test\` does)`, () => {});
  });
}

describe.skipIf(!built).each(dialects)('server-rendered reader pages on %s', (dialect) => {
  let t: TestApp;
  let slug: string;
  let id: number;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      web: true,
      env: { PUBLIC_URL: 'https://vaggen.example', WEB_BUILD_DIR: buildDir },
    });
    const authorId = await makeAuthor(t, 'maja', 'Maja Reporter');
    for (let i = 0; i < 5; i++) {
      await t.app.services.articles.create({
        title: `Sportnyhet ${i}`,
        content: `<p>Matchen nummer ${i} slutade oavgjort.</p>`,
        category: 'SPORT',
        authorId,
        authorName: 'Maja Reporter',
        featuredImage: `/uploads/${'b'.repeat(24)}.webp`,
        publishedAt: new Date(Date.UTC(2025, 2, 1 + i)).toISOString(),
      });
    }
    for (const title of ['Äldre nyhet ett', 'Äldre nyhet två']) {
      await t.app.services.articles.create({
        title,
        content: 'Text.',
        category: 'NYHETER',
        authorId,
        authorName: 'Maja Reporter',
        featuredImage: null,
        publishedAt: '2024-01-01T00:00:00.000Z',
      });
    }
    const a = await t.app.services.articles.create({
      title: 'Kulturhuset öppnar igen',
      content: 'Första stycket om kulturhuset.\n\nAndra stycket & mer.',
      category: 'KULTUR',
      authorId,
      authorName: 'Maja Reporter',
      featuredImage: `/uploads/${'c'.repeat(24)}.webp`,
      publishedAt: '2025-03-10T10:00:00.000Z',
    });
    slug = a.slug;
    id = a.id;
  });
  afterAll(() => t?.close());

  it('renders the article with its body, title, description, canonical and social tags', async () => {
    const res = await t.app.inject(`/article/${slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    expect(html).toContain('<title>Kulturhuset öppnar igen | Väggen</title>');
    expect(html).toMatch(/<h1[^>]*>Kulturhuset öppnar igen<\/h1>/);
    expect(html).toContain('<p>Första stycket om kulturhuset.</p>');
    expect(html).toContain('<p>Andra stycket &amp; mer.</p>');
    expect(html).toContain(
      '<meta name="description" content="Första stycket om kulturhuset. Andra stycket &amp; mer."/>',
    );
    expect(html).toContain(`<link rel="canonical" href="https://vaggen.example/article/${slug}"/>`);
    expect(html).toContain('<meta property="og:title" content="Kulturhuset öppnar igen"/>');
    expect(html).toContain(
      `<meta property="og:image" content="https://vaggen.example/uploads/${'c'.repeat(24)}.webp"/>`,
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html).toContain('Maja Reporter');
    expect(html).toContain('https://www.facebook.com/sharer/sharer.php?u=');
  });

  it('issue 20: sends the build’s precompressed scripts (brotli 11, gzip 9) as they are, and the plain file to a client without either', async () => {
    const assets = path.join(buildDir, 'client/assets');
    const framework = fs.readdirSync(assets).find((f) => /^framework-.*\.js$/.test(f));
    expect(framework, 'the build has a framework chunk').toBeTruthy();
    const file = path.join(assets, framework as string);
    const url = `/assets/${framework}`;
    const cases = [
      ['gzip, deflate, br, zstd', 'br', fs.readFileSync(`${file}.br`)],
      ['br', 'br', fs.readFileSync(`${file}.br`)],
      ['gzip', 'gzip', fs.readFileSync(`${file}.gz`)],
      ['br;q=0, gzip', 'gzip', fs.readFileSync(`${file}.gz`)],
      ['identity', undefined, fs.readFileSync(file)],
    ] as const;
    for (const [accept, encoding, body] of cases) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': accept } });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type'], accept).toMatch(/^application\/javascript/);
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      // byte for byte the file the build wrote: not compressed again on the way out
      expect(res.rawPayload.equals(body), accept).toBe(true);
    }
    // the precompressed files are the script itself, and smaller than the fast per-response settings
    const plain = fs.readFileSync(file);
    expect(brotliDecompressSync(fs.readFileSync(`${file}.br`)).equals(plain)).toBe(true);
    expect(gunzipSync(fs.readFileSync(`${file}.gz`)).equals(plain)).toBe(true);
    const fastBrotli = brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
    expect(fs.statSync(`${file}.br`).size).toBeLessThan(fastBrotli.length * 0.9);
  });

  it('serves repeat anonymous views from the page cache with an ETag, and 304 on revalidation', async () => {
    const first = await t.app.inject('/category/sport');
    const second = await t.app.inject('/category/sport');
    expect(second.headers['x-page-cache']).toBe('HIT');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBeTruthy();
    expect(second.headers['cache-control']).toContain('public');
    const revalidate = await t.app.inject({
      url: '/category/sport',
      headers: { 'if-none-match': String(second.headers.etag) },
    });
    expect(revalidate.statusCode).toBe(304);
  });

  it('decision 038: a reader with a site-wide cookie gets the cached page; a bearer token is rendered for its request', async () => {
    const url = `/article/${slug}?kaka=1`;
    const withCookie = await t.app.inject({ url, headers: { cookie: '_ga=GA1.1.123; samtycke=ja' } });
    expect(withCookie.statusCode).toBe(200);
    expect(withCookie.headers['x-page-cache']).toBe('MISS');
    expect(withCookie.headers['cache-control']).toContain('public');
    const plain = await t.app.inject(url);
    expect(plain.headers['x-page-cache']).toBe('HIT');
    expect(plain.body).toBe(withCookie.body);
    const again = await t.app.inject({ url, headers: { cookie: 'annan=kaka' } });
    expect(again.headers['x-page-cache']).toBe('HIT');
    const token = await t.app.inject({ url, headers: { authorization: 'Bearer api-klient' } });
    expect(token.statusCode).toBe(200);
    // answered straight from its render: no cache header, no ETag
    expect(token.headers['x-page-cache']).toBeUndefined();
    expect(token.headers.etag).toBeUndefined();
    expect(token.body).toContain('Kulturhuset öppnar igen');
  });

  it('issue 13: a shared link with tracking parameters is the page of its address (cached, kept in the store)', async () => {
    const plain = await t.app.inject(`/article/${slug}`);
    expect(plain.statusCode).toBe(200);
    const shared = await t.app.inject(`/article/${slug}?utm_source=facebook&utm_medium=social&fbclid=IwAR0abc`);
    expect(shared.statusCode).toBe(200);
    expect(shared.headers['x-page-cache']).toBe('HIT');
    expect(shared.body).toBe(plain.body);
    // a parameter a page may read is not dropped: its own entry
    const other = await t.app.inject(`/article/${slug}?utm_source=x&sida=2`);
    expect(other.headers['x-page-cache']).toBe('MISS');
    // the stored page is found by the address without them after the memory cache forgot it
    await t.app.pageCache.settled();
    t.app.pageCache.forget(`/article/${slug}`);
    const again = await t.app.inject(`/article/${slug}?gclid=abc`);
    expect(again.headers['x-page-cache']).toBe('STORE');
    expect(again.body).toBe(plain.body);
  });

  it('drops cached pages when content changes', async () => {
    await t.app.inject('/');
    expect((await t.app.inject('/')).headers['x-page-cache']).toBe('HIT');
    t.app.pageCache.invalidate();
    expect((await t.app.inject('/')).headers['x-page-cache']).toBe('MISS');
  });

  it('publishing re-renders other article pages in the background (served stale meanwhile); an edit drops only its page', async () => {
    const page = (p: string) => t.app.inject(p);
    await page(`/article/${slug}`);
    expect((await page(`/article/${slug}`)).headers['x-page-cache']).toBe('HIT');
    const renders = t.app.pageCache.renders;
    const fresh = await t.app.services.articles.create({
      title: 'Helt färsk nyhet',
      content: 'Text.',
      category: 'NYHETER',
      authorId: null,
      authorName: 'Redaktionen',
      featuredImage: null,
    });
    // The page does not show the new article except in its sidebar: served as it was, once.
    const stale = await page(`/article/${slug}`);
    expect(stale.headers['x-page-cache']).toBe('STALE');
    expect(stale.body).not.toContain('Helt färsk nyhet');
    await expect
      .poll(async () => {
        const r = await page(`/article/${slug}`);
        return [r.headers['x-page-cache'], r.body.includes('Helt färsk nyhet')];
      })
      .toEqual(['HIT', true]);
    expect(t.app.pageCache.renders).toBe(renders + 1);
    // The front page lists it at once.
    const front = await page('/');
    expect(front.headers['x-page-cache']).toBe('MISS');
    expect(front.body).toContain('Helt färsk nyhet');

    await page(`/article/${fresh.slug}`);
    await t.app.services.articles.update(fresh.id, {
      title: 'Helt färsk nyhet',
      content: 'Rättad text.',
      category: 'NYHETER',
      featuredImage: null,
    });
    const edited = await page(`/article/${fresh.slug}`);
    expect(edited.headers['x-page-cache']).toBe('MISS');
    expect(edited.body).toContain('Rättad text.');
    await t.app.services.articles.delete(fresh.id);
    expect((await page(`/article/${fresh.slug}`)).statusCode).toBe(404);
    expect((await page('/')).body).not.toContain('Helt färsk nyhet');
  });

  it('lists the category newest first; unknown categories are 404 with the spec text', async () => {
    const html = (await t.app.inject('/category/sport')).body;
    const order = [4, 3, 2, 1, 0].map((i) => html.indexOf(`Sportnyhet ${i}`));
    expect(order.every((pos, i) => pos > 0 && (i === 0 || pos > order[i - 1]))).toBe(true);
    const empty = await t.app.inject('/category/teknik');
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('No articles found in this category');
    const unknown = await t.app.inject('/category/mode');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('No articles found in this category');
    const encoded = await t.app.inject('/category/v%C3%A4rlden');
    expect(encoded.statusCode).toBe(200);
    expect(encoded.body).toContain('<h1 class="page-title">Världen</h1>');
  });

  it('shows a correction at the top of the article, in its JSON-LD, and on /rattelser, also from the cache (issue 43)', async () => {
    const a = await t.app.services.articles.create({
      title: 'Bron invigs i maj',
      content: '<p>Bron invigs den 5 maj.</p>',
      category: 'SVERIGE',
      authorId: null,
      authorName: 'TT',
      featuredImage: null,
      publishedAt: '2025-04-01T08:00:00.000Z',
    });
    const before = await t.app.inject(`/article/${a.slug}`);
    expect(before.body).not.toContain('<aside class="correction-box"');
    const empty = await t.app.inject('/rattelser');
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('Inga rättelser ännu.');
    await t.app.services.articles.corrections.add(
      a.id,
      { text: 'Bron invigs den 15 maj, inte den 5 maj.', what_was_wrong: 'Fel datum' },
      { id: null, name: 'Redaktionen' },
    );
    const html = (await t.app.inject(`/article/${a.slug}`)).body;
    expect(html).toMatch(/<aside class="correction-box"[^>]*><h2[^>]*>Rättelse<\/h2>/);
    expect(html).toContain('Bron invigs den 15 maj, inte den 5 maj.');
    expect(html.indexOf('<aside class="correction-box"')).toBeLessThan(html.indexOf('Bron invigs den 5 maj.</p>'));
    const ld = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
      .flatMap((m) => JSON.parse(m[1] as string))
      .find((x: { '@type'?: string }) => x['@type'] === 'NewsArticle');
    expect(ld.correction).toEqual([
      expect.objectContaining({
        '@type': 'CorrectionComment',
        text: 'Bron invigs den 15 maj, inte den 5 maj. (Fel: Fel datum)',
      }),
    ]);
    expect(Date.parse(ld.dateModified)).toBeGreaterThan(Date.parse('2025-04-02T00:00:00Z'));
    const list = await t.app.inject('/rattelser');
    expect(list.body).toContain('Bron invigs den 15 maj, inte den 5 maj.');
    expect(list.body).toContain(`href="/article/${a.slug}"`);
    expect((await t.app.inject('/rattelser?fran=abc')).statusCode).toBe(404);
  });

  it('names the ansvarig utgivare in the footer and on /about once set, also on cached pages (issue 43)', async () => {
    const before = await t.app.inject('/category/sport');
    expect(before.body).not.toContain('Ansvarig utgivare:');
    expect(['HIT', 'STALE']).toContain((await t.app.inject('/category/sport')).headers['x-page-cache']);
    const adminId = await makeAuthor(t, 'utgivaradmin', 'Utgivar Admin');
    await t.app.services.settings.update(adminId, {
      responsible_publisher: 'Karin Lund',
      publisher_name: 'Väggen Media AB',
      utgivningsbevis: '2025-0417',
    });
    const after = await t.app.inject('/category/sport');
    expect(after.body).toContain(
      '<p class="paper-identity">Ansvarig utgivare: Karin Lund · Utgivare: Väggen Media AB · Utgivningsbevis: 2025-0417</p>',
    );
    const about = await t.app.inject('/about');
    expect(about.body).toContain('<dt>Ansvarig utgivare</dt><dd>Karin Lund</dd>');
    const home = (await t.app.inject('/')).body;
    expect(home).toContain('"correctionsPolicy":"https://vaggen.example/principer#rattelser"');
    expect(home).toContain('"actionableFeedbackPolicy":"https://vaggen.example/principer#synpunkter"');
    // the policies are the admins' texts, on /principer under those anchors; a change reaches the cached page
    const policies = await t.app.inject('/principer');
    expect(policies.statusCode).toBe(200);
    expect(policies.body).toContain('<h2 id="rattelser">Rättelser och genmälen</h2>');
    await t.app.services.settings.update(adminId, {
      policy_ethics: 'Vi följer de pressetiska reglerna.\n\nVi tar inte emot mutor.',
    });
    const changed = (await t.app.inject('/principer')).body;
    expect(changed).toContain('<p>Vi följer de pressetiska reglerna.</p><p>Vi tar inte emot mutor.</p>');
  });

  it('answers an unknown author, tag or article with the Swedish 404 page, not a red error (issue 41)', async () => {
    const author = await t.app.inject('/skribent/finns-inte');
    expect(author.statusCode).toBe(404);
    expect(author.body).toContain('Sidan hittades inte');
    expect(author.body).toContain('Det finns ingen skribent med den adressen på Väggen.');
    expect(author.body).not.toContain('Error loading articles');
    const tag = await t.app.inject('/tag/ingen-har-den');
    expect(tag.statusCode).toBe(404);
    expect(tag.body).toContain('Inga artiklar har taggen #ingen-har-den.');
    expect(tag.body).toContain('Sök bland artiklarna');
    const article = await t.app.inject('/article/finns-inte');
    expect(article.statusCode).toBe(404);
    expect(article.body).toContain('Article not found');
    expect(article.body).toContain('Artikeln finns inte, har tagits bort eller är inte publicerad än.');
  });

  it('redirects /articles/:id to the slug route and 404s unknown articles', async () => {
    const res = await t.app.inject(`/articles/${id}`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/article/${slug}`);
    // a shared link's tracking parameters follow the redirect; the others do not
    const shared = await t.app.inject(`/articles/${id}?utm_source=facebook&sida=2&fbclid=abc`);
    expect(shared.statusCode).toBe(301);
    expect(shared.headers.location).toBe(`/article/${slug}?utm_source=facebook&fbclid=abc`);
    const missing = await t.app.inject('/article/finns-inte');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Article not found');
    expect((await t.app.inject('/articles/99999')).statusCode).toBe(404);
  });

  it('answers unknown paths with the 404 page and shows the error screen for a crash', async () => {
    const nf = await t.app.inject('/finns/inte');
    expect(nf.statusCode).toBe(404);
    expect(nf.body).toContain('Sidan hittades inte');
    const crash = await t.app.inject('/__test/crash');
    expect(crash.statusCode).toBe(500);
    expect(crash.body).toContain('Unexpected Application Error!');
  });

  it('shows the sidebar sections and the footer on reader pages', async () => {
    const html = (await t.app.inject('/')).body;
    for (const text of [
      'SENASTE NYTT',
      'SENASTE',
      'HETAST SENASTE VECKAN',
      'På en vägg nära dig',
      '© 2025 Väggen Media AB',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('href="/category/v%C3%A4rlden"');
    // the two oldest articles fill "hottest" when last week had none beyond the six newest
    const hot = html.slice(html.indexOf('HETAST SENASTE VECKAN'));
    expect(hot).toContain('Äldre nyhet ett');
  });

  it('answers malformed page addresses with 404 or a redirect, never 5xx', async () => {
    const urls = [
      '/article/%00',
      '/article/a%00b',
      `/article/${'a'.repeat(5000)}`,
      '/articles/%00',
      '/articles/2147483648',
      '/articles/99999999999999999999',
      '/articles/-1',
      '/category/%00',
      '/tag/x%00',
      '/category/sport?page=-1&limit=abc',
      '/periodic-table/%00',
      '/periodic-table/99999999999',
    ];
    for (const url of urls) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    expect((await t.app.inject('/articles/2147483648')).statusCode).toBe(404);
    expect((await t.app.inject('/article/a%00b')).statusCode).toBe(404);
  });
});
