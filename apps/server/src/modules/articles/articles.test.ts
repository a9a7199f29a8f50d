import { CATEGORIES, type Category } from '@vaggen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, makeAuthor, type TestApp } from '../../../test/helpers.js';

describe.each(dialects)('articles API on %s', (dialect) => {
  let t: TestApp;
  let authorId: number;
  const created: { id: number; slug: string; category: Category; title: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    authorId = await makeAuthor(t);
    const base = Date.parse('2025-03-01T08:00:00.000Z');
    // 25 articles over all ten categories, one hour apart: #0 oldest … #24 newest.
    for (let i = 0; i < 25; i++) {
      const category = CATEGORIES[i % CATEGORIES.length];
      const a = await t.app.services.articles.create({
        title: i === 3 ? 'Älgar på vägen i Östersund' : `Nyhet nummer ${i}`,
        content: i % 2 ? `<p>Stycke ett om ${i}.</p><p>Stycke två.</p>` : `Rad ett om ${i}.\n\nRad två.`,
        category,
        authorId,
        authorName: 'Sara Skribent',
        featuredImage: `/uploads/${'a'.repeat(24)}.webp`,
        publishedAt: new Date(base + i * 3_600_000).toISOString(),
      });
      created.push({ id: a.id, slug: a.slug, category, title: a.title });
    }
  });
  afterAll(() => t?.close());

  it('lists newest first with every article field of spec 000 §3', async () => {
    const res = await t.app.inject('/api/articles?limit=5');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(5);
    expect(list.map((a: { id: number }) => a.id)).toEqual(
      created
        .slice(-5)
        .reverse()
        .map((c) => c.id),
    );
    const a = list[0];
    for (const field of [
      'id',
      'slug',
      'title',
      'content',
      'category',
      'date',
      'author',
      'author_id',
      'author_display_name',
      'author_profile_picture',
      'featured_image',
    ]) {
      expect(a).toHaveProperty(field);
    }
    expect(a.author).toBe('skribent');
    expect(a.author_id).toBe(authorId);
    expect(a.author_display_name).toBe('Sara Skribent');
    expect(a.date).toBe('2025-03-02T08:00:00.000Z');
    // each with its own body (plain text became paragraphs when stored)
    expect(list.slice(0, 2).map((x: { content: string }) => x.content)).toEqual([
      '<p>Rad ett om 24.</p>\n<p>Rad två.</p>',
      '<p>Stycke ett om 23.</p><p>Stycke två.</p>',
    ]);
    expect(res.headers.link).toContain('rel="next"');
  });

  it('answers an empty list (no next page) past the end and for a tag nothing has', async () => {
    for (const url of ['/api/articles?offset=25', '/api/articles?tag=ingen-s%C3%A5dan-tagg']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual([]);
      expect(res.headers.link, url).toBeUndefined();
    }
    expect((await t.app.inject('/api/articles?offset=24')).json().map((a: { id: number }) => a.id)).toEqual([
      created[0].id,
    ]);
  });

  it('defaults to 20 per page and pages with offset', async () => {
    const first = (await t.app.inject('/api/articles')).json();
    expect(first).toHaveLength(20);
    const second = await t.app.inject('/api/articles?offset=20');
    expect(second.json()).toHaveLength(5);
    expect(second.headers.link).toBeUndefined();
    expect(second.json()[4].id).toBe(created[0].id);
  });

  it('filters by category in any casing, including Swedish letters', async () => {
    for (const q of ['v%C3%A4rlden', 'V%C3%84RLDEN', 'V%C3%A4rlden']) {
      const res = await t.app.inject(`/api/articles?category=${q}`);
      expect(res.statusCode).toBe(200);
      const list = res.json();
      expect(list.length).toBe(created.filter((c) => c.category === 'VÄRLDEN').length);
      expect(list.every((a: { category: string }) => a.category === 'VÄRLDEN')).toBe(true);
    }
    const sport = (await t.app.inject('/api/articles?category=sport')).json();
    expect(sport.map((a: { id: number }) => a.id)).toEqual(
      created
        .filter((c) => c.category === 'SPORT')
        .map((c) => c.id)
        .reverse(),
    );
  });

  it('answers 400 with a message for an unknown category and bad paging', async () => {
    const res = await t.app.inject('/api/articles?category=mode');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: 'Unknown category: mode' });
    for (const q of ['limit=0', 'limit=101', 'limit=abc', 'offset=-1']) {
      const r = await t.app.inject(`/api/articles?${q}`);
      expect(r.statusCode, q).toBe(400);
      expect(r.json().msg).toMatch(/^Invalid request/);
    }
  });

  it('gets one article by id and by slug, 404 with a message otherwise', async () => {
    const c = created[3];
    expect(c.slug).toBe('algar-pa-vagen-i-ostersund');
    const byId = await t.app.inject(`/api/articles/${c.id}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json().title).toBe('Älgar på vägen i Östersund');
    expect(byId.json().content).toBe('<p>Stycke ett om 3.</p><p>Stycke två.</p>');
    const bySlug = await t.app.inject(`/api/articles/slug/${c.slug}`);
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json().id).toBe(c.id);

    for (const url of ['/api/articles/999999', '/api/articles/slug/finns-inte']) {
      const r = await t.app.inject(url);
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual({ msg: 'Article not found' });
    }
    const bad = await t.app.inject('/api/articles/abc');
    expect(bad.statusCode).toBe(400);
  });

  it('gives unique slugs to equal titles', async () => {
    const make = () =>
      t.app.services.articles.create({
        title: 'Samma rubrik',
        content: 'Text.',
        category: 'SPORT',
        authorId,
        authorName: 'Sara Skribent',
        featuredImage: null,
        publishedAt: '2020-01-01T00:00:00.000Z',
      });
    const a = await make();
    const b = await make();
    expect(a.slug).toBe('samma-rubrik');
    expect(b.slug).toBe('samma-rubrik-2');
  });

  it('cleans dangerous HTML on write', async () => {
    const a = await t.app.services.articles.create({
      title: 'Farlig kod',
      content:
        '<p onclick="x()">Hej<script>alert(1)</script></p><iframe src="https://evil"></iframe><a href="javascript:alert(1)">länk</a><img src="x" onerror="alert(1)"><form><input></form><style>p{}</style>',
      category: 'TEKNIK',
      authorId,
      authorName: 'Sara Skribent',
      featuredImage: null,
      publishedAt: '2020-01-01T00:00:00.000Z',
    });
    expect(a.content).not.toMatch(/script|iframe|onclick|onerror|javascript:|<form|<style|alert/i);
    expect(a.content).toContain('<p>Hej</p>');
    expect(a.content).toContain('<a>länk</a>');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const r = await t.app.inject('/api/finns-inte');
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ msg: 'Not found' });
  });
});
