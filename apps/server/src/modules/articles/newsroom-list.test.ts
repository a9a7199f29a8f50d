import { newsroomCursor } from '@vaggen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';

type Who = { id: number; headers: { authorization: string } };

/** Issue 41: the newsroom's article list searched and filtered, paged by a cursor. */
describe.each(dialects)('the newsroom list on %s', (dialect) => {
  let t: TestApp;
  let admin: Who;
  let anna: Who;
  let bo: Who;
  const list = async (who: Who, query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/newsroom/articles?${query}`, headers: who.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: number; title: string; date: string; author_id: number }[];
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await userWithToken(t, 'listredaktor', 'admin');
    anna = await userWithToken(t, 'annalista', 'writer');
    bo = await userWithToken(t, 'bolista', 'writer');
    const s = t.app.services.articles;
    // 30 articles, one a minute, alternating writers and sections
    for (let i = 0; i < 30; i++) {
      const who = i % 2 === 0 ? anna : bo;
      await s.create({
        title: i % 5 === 0 ? `Stormen drar in över Halland ${i}` : `Vanlig nyhet nummer ${i}`,
        content: `<p>Text ${i}.</p>`,
        category: i % 3 === 0 ? 'SPORT' : 'NYHETER',
        authorId: who.id,
        authorName: 'Skribent',
        featuredImage: null,
        status: i === 29 ? 'draft' : 'published',
        publishedAt: new Date(Date.UTC(2026, 10, 1, 8, i)).toISOString(),
      });
    }
  });
  afterAll(() => t?.close());

  it('pages by cursor through every row once, newest first, the same as one long page', async () => {
    const all = await list(admin, 'limit=100');
    const seen: number[] = [];
    let page = await list(admin, 'limit=7');
    while (page.length) {
      seen.push(...page.map((a) => a.id));
      const last = page.at(-1) as { date: string; id: number };
      page = await list(admin, `limit=7&before=${encodeURIComponent(newsroomCursor(last))}`);
    }
    expect(seen).toEqual(all.map((a) => a.id));
    expect(new Set(seen).size).toBe(all.length);
  });

  it('searches headline words case-insensitively, and filters by category, status and writer', async () => {
    const storm = await list(admin, 'q=STORMEN%20halland&limit=100');
    expect(storm.map((a) => a.title).sort()).toEqual(
      [0, 5, 10, 15, 20, 25].map((i) => `Stormen drar in över Halland ${i}`).sort(),
    );
    const sport = await list(admin, 'category=sport&limit=100');
    expect(sport).toHaveLength(10);
    const drafts = await list(admin, 'status=draft&limit=100');
    expect(drafts.map((a) => a.title)).toEqual(['Vanlig nyhet nummer 29']);
    const annas = await list(admin, `author=${anna.id}&limit=100`);
    expect(annas).toHaveLength(15);
    expect(annas.every((a) => a.author_id === anna.id)).toBe(true);
    const both = await list(admin, `author=${anna.id}&q=stormen&category=SPORT&limit=100`);
    expect(both.map((a) => a.title)).toEqual(['Stormen drar in över Halland 0']);
  });

  it('finds Swedish letters in either case: "ÖVER" finds "över", "älgen" finds "Älgen" (SQLite too)', async () => {
    const elk = await t.app.services.articles.create({
      title: 'Älgen på Östra torget',
      content: '<p>Text.</p>',
      category: 'NYHETER',
      authorId: anna.id,
      authorName: 'Skribent',
      featuredImage: null,
      publishedAt: new Date(Date.UTC(2026, 10, 2, 8)).toISOString(),
    });
    expect((await list(admin, `q=${encodeURIComponent('älgen östra')}`)).map((a) => a.id)).toEqual([elk.id]);
    expect((await list(admin, `q=${encodeURIComponent('ÄLGEN PÅ')}`)).map((a) => a.id)).toEqual([elk.id]);
    expect(await list(admin, `q=${encodeURIComponent('ÖVER HALLAND')}&limit=100`)).toHaveLength(6);
  });

  it('a writer sees only their own, whatever author they ask for', async () => {
    const mine = await list(bo, `author=${anna.id}&limit=100`);
    expect(mine).toHaveLength(15);
    expect(mine.every((a) => a.author_id === bo.id)).toBe(true);
  });

  it('bad input is a 400 with a message', async () => {
    for (const [query, msg] of [
      ['before=igår', 'Ogiltig markör för listan'],
      ['q=' + 'x'.repeat(101), 'Sökningen får vara högst 100 tecken'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/newsroom/articles?${query}`, headers: admin.headers });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain(msg);
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/newsroom/articles?author=abc', headers: admin.headers });
    expect(res.statusCode).toBe(400);
    // a percent sign is a character, not a wildcard
    expect(await list(admin, 'q=%25')).toEqual([]);
  });
});
