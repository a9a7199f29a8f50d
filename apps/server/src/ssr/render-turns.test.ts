import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, makeAuthor, type TestApp } from '../../test/helpers.js';

const buildDir = path.resolve(process.env.WEB_BUILD_DIR || path.join(import.meta.dirname, '../../../web/build'));
const built = fs.existsSync(path.join(buildDir, 'server/index.js'));

/**
 * Issue 13, decision 033: at most RENDER_CONCURRENCY server renders run at once; the rest wait in
 * line, and API requests never wait for that line.
 */
describe.skipIf(!built).each(dialects)('server renders take turns on %s', (dialect) => {
  let t: TestApp;
  let slugs: string[];
  let ids: number[];
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      web: true,
      env: {
        PUBLIC_URL: 'https://vaggen.example',
        WEB_BUILD_DIR: buildDir,
        RENDER_CONCURRENCY: '2',
        RENDER_API_FIRST_MS: '1000',
      },
    });
    const authorId = await makeAuthor(t, 'turid', 'Turid Turordning');
    slugs = [];
    ids = [];
    for (let i = 0; i < 3; i++) {
      const a = await t.app.services.articles.create({
        title: `Kön till renderingen ${i}`,
        content: `<p>Stycke ${i}.</p>`,
        category: 'SVERIGE',
        authorId,
        authorName: 'Turid Turordning',
        featuredImage: null,
        publishedAt: new Date(Date.UTC(2025, 4, 1 + i)).toISOString(),
      });
      slugs.push(a.slug);
      ids.push(a.id);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a third page waits while two render; the API answers meanwhile; all three finish', async () => {
    const articles = t.app.services.articles;
    const original = articles.getBySlug.bind(articles);
    const started: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    articles.getBySlug = async (slug: string) => {
      started.push(slug);
      await gate;
      return original(slug);
    };
    try {
      // API clients (a bearer token): rendered for them, not from the page cache.
      const pages = slugs.map((s) =>
        t.app.inject({
          method: 'GET',
          url: `/article/${encodeURIComponent(s)}`,
          headers: { authorization: 'Bearer reader' },
        }),
      );
      for (let i = 0; i < 50 && started.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 100));
      expect(started).toEqual(slugs.slice(0, 2));

      const api = await t.app.inject({ method: 'GET', url: '/api/articles?category=SVERIGE' });
      expect(api.statusCode).toBe(200);
      expect(
        api
          .json()
          .map((a: { slug: string }) => a.slug)
          .sort(),
      ).toEqual([...slugs].sort());
      expect(started).toHaveLength(2);

      release();
      const done = await Promise.all(pages);
      expect(done.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(started).toEqual(slugs);
      done.forEach((r, i) => {
        expect(r.body).toContain(`Kön till renderingen ${i}`);
      });
    } finally {
      articles.getBySlug = original;
    }
  });

  it('a request that arrives while pages wait in line is answered before the line drains', async () => {
    const done: string[] = [];
    const page = (s: string) =>
      t.app
        .inject({
          method: 'GET',
          url: `/article/${encodeURIComponent(s)}`,
          headers: { authorization: 'Bearer reader' },
        })
        .then((r) => {
          expect(r.statusCode).toBe(200);
          done.push('page');
        });
    const pages = [...slugs, ...slugs, ...slugs].map(page);
    await new Promise((r) => setTimeout(r, 5));
    const api = t.app.inject({ method: 'GET', url: '/api/health' }).then((r) => {
      expect(r.statusCode).toBe(200);
      done.push('api');
    });
    await Promise.all([...pages, api]);
    expect(done).toHaveLength(10);
    expect(done.indexOf('api')).toBeLessThan(8);
  });

  /** Holds `hold` (a service call behind an API request) until released; the page's render is recorded. */
  async function pageWhileApiHeld(request: { method: 'GET' | 'POST'; url: string; payload?: object }) {
    const { articles, comments } = t.app.services;
    const listFull = articles.listFull.bind(articles);
    const create = comments.create.bind(comments);
    const getBySlug = articles.getBySlug.bind(articles);
    const events: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let held = false;
    const hold = async () => {
      if (held) return;
      held = true;
      events.push('api begins');
      await gate;
      events.push('api ends');
    };
    articles.listFull = async (o) => {
      await hold();
      return listFull(o);
    };
    comments.create = async (...args: Parameters<typeof create>) => {
      await hold();
      return create(...args);
    };
    articles.getBySlug = async (slug: string) => {
      events.push('page renders');
      return getBySlug(slug);
    };
    try {
      const api = t.app.inject(request);
      for (let i = 0; i < 50 && !held; i++) await new Promise((r) => setTimeout(r, 10));
      const page = t.app.inject({
        method: 'GET',
        url: `/article/${encodeURIComponent(slugs[0] as string)}`,
        headers: { authorization: 'Bearer reader' },
      });
      await new Promise((r) => setTimeout(r, 150));
      const whileHeld = [...events];
      release();
      const [a, p] = await Promise.all([api, page]);
      expect(p.statusCode).toBe(200);
      expect(p.body).toContain('Kön till renderingen 0');
      return { whileHeld, events, api: a };
    } finally {
      articles.listFull = listFull;
      comments.create = create;
      articles.getBySlug = getBySlug;
    }
  }

  it('decision 036: a page whose turn comes while an API write is under way waits for it to end', async () => {
    const { whileHeld, events, api } = await pageWhileApiHeld({
      method: 'POST',
      url: '/api/comments',
      payload: { articleId: ids[0], name: 'Kim Kö', email: 'kim@example.com', content: 'Först i kön.' },
    });
    expect(whileHeld).toEqual(['api begins']);
    expect(api.statusCode).toBe(201);
    expect(api.json().content).toBe('Först i kön.');
    expect(events).toEqual(['api begins', 'api ends', 'page renders']);
  });

  it('decision 036: an API read under way does not hold the pages', async () => {
    const { whileHeld, events, api } = await pageWhileApiHeld({
      method: 'GET',
      url: '/api/articles?category=SVERIGE&limit=3',
    });
    expect(whileHeld).toEqual(['api begins', 'page renders']);
    expect(api.statusCode).toBe(200);
    expect(events).toEqual(['api begins', 'page renders', 'api ends']);
  });
});
