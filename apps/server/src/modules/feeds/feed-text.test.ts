import { hasControlChars } from '@vaggen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xml2js } from 'xml-js';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';

/** The characters XML 1.0 allows (its `Char` production): anything else makes a document malformed. */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const CONTROLS = '\u0000\u0001\u000b\u001f\u007f\u0085\ufffe';

/**
 * Issue 40, finding 7: an article title with U+0000 or U+0001/U+000B/U+001F made `/rss.xml` and the
 * category feeds malformed XML. No text field keeps a control character (contract text.ts, applied
 * to every body and query), and every XML answer drops what an older row still holds.
 */
describe.each(dialects)('control characters in text and in feeds (%s)', (dialect) => {
  let t: TestApp;
  let writer: Awaited<ReturnType<typeof userWithToken>>;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { PUBLIC_URL: 'https://vaggen.example' } });
    writer = await userWithToken(t, 'styrskribent', 'writer');
  });
  afterAll(() => t?.close());

  it('keeps no control character from any text field of a body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/articles',
      headers: writer.headers,
      payload: {
        title: `Rubrik${CONTROLS} med styrtecken`,
        content: `<p>Text${CONTROLS}\tmed tabb\noch rad.</p>`,
        category: 'nyheter',
        tags: [`tagg${CONTROLS}`],
        featured_image_caption: `Bildtext${CONTROLS}`,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json();
    expect(a.title).toBe('Rubrik med styrtecken');
    expect(a.tags).toEqual(['tagg']);
    expect(a.featured_image_caption).toBe('Bildtext');
    const row = await t.dbh.db
      .selectFrom('articles')
      .select(['title', 'content'])
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(row.title).toBe('Rubrik med styrtecken');
    expect(hasControlChars(row.content)).toBe(false);
    expect(row.content).toContain('Text');
  });

  it('serves well-formed feeds and sitemaps even for a title stored with control characters', async () => {
    const a = await t.app.services.articles.create({
      title: 'Ren rubrik',
      content: '<p>Text.</p>',
      category: 'NYHETER',
      authorId: writer.id,
      authorName: 'styrskribent Testsson',
      featuredImage: null,
    });
    // as a row written before issue 40 may hold it (PostgreSQL never stores U+0000)
    const nul = dialect === 'sqlite' ? '\u0000' : '';
    await t.dbh.db
      .updateTable('articles')
      .set({ title: `Titel${nul} med\u0001 fel\u000b och\u001f mer`, excerpt: 'Ingress\u0001\u000b' })
      .where('id', '=', a.id)
      .execute();
    await t.app.pageCache.invalidate();
    for (const url of ['/rss.xml', '/rss/nyheter.xml', '/sitemaps/news.xml']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(NOT_XML_CHAR.exec(res.body), url).toBeNull();
      expect(() => xml2js(res.body), url).not.toThrow();
      expect(res.body, url).toContain('Titel med fel och mer');
    }
  });
});
