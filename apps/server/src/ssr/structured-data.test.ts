import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, makeAuthor, type TestApp } from '../../test/helpers.js';

const buildDir = path.resolve(process.env.WEB_BUILD_DIR || path.join(import.meta.dirname, '../../../web/build'));
const built = fs.existsSync(path.join(buildDir, 'server/index.js'));
const ORIGIN = 'https://vaggen.example';

/** Every <script type="application/ld+json"> of a page, parsed. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}

describe.skipIf(!built).each(dialects)('structured data, feed links and search page on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { web: true, env: { PUBLIC_URL: ORIGIN, WEB_BUILD_DIR: buildDir } });
    const authorId = await makeAuthor(t, 'maja', 'Maja Reporter');
    await t.app.services.articles.create({
      title: 'Bostadsmarknaden </script> svalnar',
      content: '<p>Priserna sjunker i storstäderna.</p>',
      category: 'EKONOMI',
      authorId,
      authorName: 'Maja Reporter',
      featuredImage: '/uploads/bild.webp',
      publishedAt: '2026-07-01T08:30:00.000Z',
    });
  });
  afterAll(() => t?.close());

  it('puts NewsArticle and BreadcrumbList JSON-LD on article pages, every field', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/article/bostadsmarknaden-script-svalnar' });
    expect(res.statusCode).toBe(200);
    const [article, crumbs] = jsonLd(res.body);
    const url = `${ORIGIN}/article/bostadsmarknaden-script-svalnar`;
    expect(article).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: 'Bostadsmarknaden </script> svalnar',
      url,
      image: [`${ORIGIN}/uploads/bild.webp`],
      datePublished: '2026-07-01T10:30:00+02:00',
      author: [{ '@type': 'Person', name: 'Maja Reporter', url: `${ORIGIN}/skribent/maja` }],
      publisher: {
        '@type': 'NewsMediaOrganization',
        name: 'Väggen',
        logo: { '@type': 'ImageObject', url: `${ORIGIN}/logo-512.png` },
      },
    });
    expect(article.dateModified).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0[12]:00$/);
    expect(res.body).not.toContain('</script> svalnar","');
    expect(crumbs).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Väggen', item: `${ORIGIN}/` },
        { '@type': 'ListItem', position: 2, name: 'Ekonomi', item: `${ORIGIN}/category/ekonomi` },
        { '@type': 'ListItem', position: 3, name: 'Bostadsmarknaden </script> svalnar', item: url },
      ],
    });
    // The byline links to the author page, which lists the article.
    expect(res.body).toContain('href="/skribent/maja"');
    const author = await t.app.inject({ method: 'GET', url: '/skribent/maja' });
    expect(author.statusCode).toBe(200);
    expect(author.body).toContain('Maja Reporter');
    expect(author.body).toContain('Bostadsmarknaden');
    expect((await t.app.inject({ method: 'GET', url: '/skribent/finns-inte' })).statusCode).toBe(404);
  });

  it('puts Organization and WebSite with a SearchAction on the home page, and feed links in heads', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const [org, site] = jsonLd(res.body);
    expect(org).toMatchObject({ '@type': 'NewsMediaOrganization', name: 'Väggen', url: `${ORIGIN}/` });
    expect(site).toMatchObject({
      '@type': 'WebSite',
      url: `${ORIGIN}/`,
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${ORIGIN}/sok?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    });
    expect(res.body).toMatch(/<link rel="alternate" type="application\/rss\+xml" title="Väggen" href="\/rss.xml"\/>/);
    const cat = await t.app.inject({ method: 'GET', url: '/category/ekonomi' });
    expect(cat.body).toContain('href="/rss/ekonomi.xml"');
  });

  it('renders search results on the server, hits marked', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sok?q=bostad' });
    expect(res.statusCode).toBe(200);
    expect(res.body.replaceAll('<!-- -->', '')).toContain('1 träff för ”bostad”');
    expect(res.body).toContain('<mark>Bostadsmarknaden</mark>');
    const empty = await t.app.inject({ method: 'GET', url: '/sok?q=xylofon' });
    // React separates text pieces with <!-- --> in server HTML.
    expect(empty.body.replaceAll('<!-- -->', '')).toContain('Inga träffar för ”xylofon”.');
    const bad = await t.app.inject({ method: 'GET', url: '/sok?q=bil&from=2026-99-01' });
    expect(bad.body.replaceAll('<!-- -->', '')).toContain('Ogiltigt datum (ÅÅÅÅ-MM-DD)');
  });
});
