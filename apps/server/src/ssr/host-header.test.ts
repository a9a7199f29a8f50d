import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp, dialects, makeAuthor } from '../../test/helpers.js';

// Issue 17 finding 1: a request's Host / X-Forwarded-Host must never end up in a cached page.
const buildDir = path.resolve(process.env.WEB_BUILD_DIR || path.join(import.meta.dirname, '../../../web/build'));
const built = fs.existsSync(path.join(buildDir, 'server/index.js'));

describe.skipIf(!built)('Host header and the page cache', () => {
  it('takes canonical and og:url from PUBLIC_URL, ignores X-Forwarded-Host and refuses unknown hosts', async () => {
    const t = await createTestApp('sqlite', {
      web: true,
      env: { PUBLIC_URL: 'https://vaggen.example', WEB_BUILD_DIR: buildDir },
    });
    try {
      const authorId = await makeAuthor(t);
      const a = await t.app.services.articles.create({
        title: 'Värdnamnet',
        content: '<p>Text.</p>',
        category: 'NYHETER',
        authorId,
        authorName: 'Sara Skribent',
        featuredImage: `/uploads/${'d'.repeat(24)}.webp`,
        publishedAt: '2025-03-10T10:00:00.000Z',
      });
      const poisoned = await t.app.inject({ url: '/about', headers: { 'x-forwarded-host': 'attacker.example' } });
      expect(poisoned.statusCode).toBe(200);
      expect(poisoned.body).not.toContain('attacker.example');
      const later = await t.app.inject({ url: '/about' });
      expect(later.body).not.toContain('attacker.example');

      const art = await t.app.inject({
        url: `/article/${a.slug}`,
        headers: { 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'http' },
      });
      expect(art.statusCode).toBe(200);
      expect(art.body).not.toContain('attacker.example');
      expect(art.body).toContain(`content="https://vaggen.example/article/${a.slug}"`);

      const foreign = await t.app.inject({ url: '/about', headers: { host: 'attacker.example' } });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json()).toEqual({ msg: 'Okänd värd' });
      const api = await t.app.inject({ url: '/api/articles', headers: { host: 'attacker.example:443' } });
      expect(api.statusCode).toBe(400);
      const own = await t.app.inject({ url: '/about', headers: { host: 'vaggen.example' } });
      expect(own.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('without PUBLIC_URL keeps pages of local hosts only, so one host never serves another its links', async () => {
    const t = await createTestApp('sqlite', { web: true, env: { WEB_BUILD_DIR: buildDir } });
    try {
      const first = await t.app.inject({ url: '/tipsa', headers: { host: 'attacker.example' } });
      expect(first.statusCode).toBe(200);
      expect(first.body).toContain('http://attacker.example/tipsa');
      // Issue 40 (finding 5): rendered for its sender, kept nowhere.
      expect(first.headers['x-page-cache']).toBeUndefined();
      expect(t.app.pageCache.size).toBe(0);
      const second = await t.app.inject({ url: '/tipsa', headers: { host: 'localhost' } });
      expect(second.body).not.toContain('attacker.example');
      expect(second.body).toContain('http://localhost/tipsa');
      expect(second.headers['x-page-cache']).toBe('MISS');
      expect((await t.app.inject({ url: '/tipsa', headers: { host: 'localhost' } })).headers['x-page-cache']).toBe(
        'HIT',
      );
    } finally {
      await t.close();
    }
  });

  it('reads X-Forwarded-Host only behind a trusted proxy', async () => {
    for (const trust of ['false', 'true']) {
      const t = await createTestApp('sqlite', {
        web: true,
        env: { WEB_BUILD_DIR: buildDir, TRUST_PROXY: trust, ALLOWED_HOSTS: 'vaggen.example' },
      });
      try {
        const res = await t.app.inject({
          url: '/tipsa',
          headers: { host: 'localhost', 'x-forwarded-host': 'vaggen.example', 'x-forwarded-proto': 'https' },
        });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain(trust === 'true' ? 'https://vaggen.example/tipsa' : 'http://localhost/tipsa');
        const spoof = await t.app.inject({
          url: '/tipsa',
          headers: { host: 'localhost', 'x-forwarded-host': 'evil.example' },
        });
        expect(spoof.statusCode).toBe(trust === 'true' ? 400 : 200);
        expect(spoof.body).not.toContain('evil.example');
      } finally {
        await t.close();
      }
    }
  });

  it('says clearly at start in production that PUBLIC_URL is unset', async () => {
    const t = await createTestApp('sqlite', { env: { NODE_ENV: 'production' } });
    try {
      expect(t.logs.join('')).toContain('PUBLIC_URL is not set');
    } finally {
      await t.close();
    }
    const ok = await createTestApp('sqlite', { env: { NODE_ENV: 'production', PUBLIC_URL: 'https://vaggen.example' } });
    try {
      expect(ok.logs.join('')).not.toContain('PUBLIC_URL is not set');
    } finally {
      await ok.close();
    }
  });
});

/**
 * Issue 40, findings 5 and 6: any Host rendered and stored a page (~11–17 KB in `page_store` per
 * made-up host, a 300-character one too), and a Host naming no host (`a@b`, `:80`, `[::1`, …) made
 * every page and `/rss.xml` answer 500 "Invalid URL".
 */
describe.skipIf(!built).each(dialects)('made-up and malformed hosts (%s)', (dialect) => {
  it('a made-up host leaves nothing in memory or in the page store', async () => {
    const t = await createTestApp(dialect, { web: true, env: { WEB_BUILD_DIR: buildDir, PAGE_BACKFILL: 'off' } });
    try {
      const stored = async () =>
        Number(
          (
            await t.dbh.db
              .selectFrom('page_store')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      for (const host of ['h1.evil.example', 'h2.evil.example', `${'h'.repeat(60)}.${'x'.repeat(60)}.example`]) {
        for (const url of ['/category/sport', '/rss.xml', '/tipsa']) {
          const res = await t.app.inject({ url, headers: { host } });
          expect(res.statusCode, `${host} ${url}`).toBe(200);
        }
      }
      // a local name on a port the sender chose is not this site's either
      expect((await t.app.inject({ url: '/tipsa', headers: { host: 'localhost:4444' } })).statusCode).toBe(200);
      await t.app.pageCache.settled();
      expect(t.app.pageCache.size).toBe(0);
      expect(await stored()).toBe(0);
      // the site's own name is kept as before
      expect((await t.app.inject({ url: '/category/sport', headers: { host: 'localhost:3000' } })).statusCode).toBe(
        200,
      );
      await t.app.pageCache.settled();
      expect(t.app.pageCache.size).toBe(1);
      expect(await stored()).toBe(1);
    } finally {
      await t.close();
    }
  });

  it('a Host that names no host is a 400 { msg }, on pages, feeds and the API', async () => {
    const t = await createTestApp(dialect, { web: true, env: { WEB_BUILD_DIR: buildDir } });
    try {
      const failures: string[] = [];
      for (const host of ['a@b', ':80', '[::1', 'a b', 'x%00y', '127.0.0.1:99999', `${'h'.repeat(300)}.se`]) {
        for (const url of ['/', '/category/sport', '/rss.xml', '/sitemap.xml', '/api/articles']) {
          const res = await t.app.inject({ url, headers: { host } });
          if (res.statusCode !== 400 || res.json().msg !== 'Ogiltig värd') {
            failures.push(`${host} ${url}: ${res.statusCode} ${res.body.slice(0, 80)}`);
          }
        }
      }
      expect(failures).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
