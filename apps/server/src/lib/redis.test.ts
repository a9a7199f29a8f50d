import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers.js';
import { RedisRateLimiter } from './rate-limit.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const reachable = await new Promise<boolean>((resolve) => {
  const u = new URL(REDIS_URL);
  const s = net.connect(Number(u.port || 6379), u.hostname);
  s.once('connect', () => {
    s.destroy();
    resolve(true);
  });
  s.once('error', () => resolve(false));
  s.setTimeout(500, () => {
    s.destroy();
    resolve(false);
  });
});
if (!reachable) console.log(`[redis] no Redis at ${REDIS_URL}: skipping the scaled-out tests`);

// Each run has its own channel and keys: runs in parallel on one Redis never see each other.
const REDIS_PREFIX = `vaggen:test:${randomBytes(6).toString('hex')}:`;

describe.skipIf(!reachable)('scaled out with Redis', () => {
  it('shares rate-limit counters between processes and expires them', async () => {
    const a = new Redis(REDIS_URL);
    const b = new Redis(REDIS_URL);
    const prefix = `${REDIS_PREFIX}rl:`;
    const la = new RedisRateLimiter(a, prefix, 300);
    const lb = new RedisRateLimiter(b, prefix, 300);
    expect(await la.hit('k')).toBe(1);
    expect(await lb.hit('k')).toBe(2);
    expect(await la.count('k')).toBe(2);
    await new Promise((r) => setTimeout(r, 400));
    expect(await lb.count('k')).toBe(0);
    await la.hit('k');
    await lb.reset('k');
    expect(await la.count('k')).toBe(0);
    await a.quit();
    await b.quit();
  });

  it('empties the page caches of the other processes when content changes', async () => {
    const one = await createTestApp('sqlite', { env: { REDIS_URL, REDIS_PREFIX } });
    const two = await createTestApp('sqlite', { env: { REDIS_URL, REDIS_PREFIX } });
    try {
      let cleared = false;
      two.app.pageCache.onClear(() => {
        cleared = true;
      });
      one.app.pageCache.invalidate();
      await expect.poll(() => cleared, { timeout: 2000 }).toBe(true);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('drops in the other process only the pages that show what changed', async () => {
    // Two instances, each on its own SQLite file holding the same two articles (same ids): what
    // travels between them is the invalidation through Redis.
    const one = await createTestApp('sqlite', { env: { REDIS_URL, REDIS_PREFIX } });
    const two = await createTestApp('sqlite', { env: { REDIS_URL, REDIS_PREFIX } });
    try {
      const make = async (t: typeof one, title: string) =>
        t.app.services.articles.create({
          title,
          content: `<p>${title}.</p>`,
          category: 'SPORT',
          authorId: null,
          authorName: 'Redaktionen',
          featuredImage: null,
        });
      const seen: unknown[] = [];
      two.app.pageCache.onChange((change) => seen.push(change));
      const a = await make(one, 'Artikel A');
      const b = await make(one, 'Artikel B');
      await make(two, 'Artikel A');
      await make(two, 'Artikel B');
      // Two creates here, two announced by the other instance.
      await expect.poll(() => seen.length, { timeout: 2000 }).toBe(4);
      seen.length = 0;
      const urls = [`/api/articles/${a.id}`, `/api/articles/${b.id}`, '/api/articles?category=kultur'];
      for (const url of urls) await two.app.inject(url);
      for (const url of urls) expect((await two.app.inject(url)).headers['x-page-cache']).toBe('HIT');
      await one.app.services.articles.update(a.id, {
        title: 'Artikel A',
        content: '<p>Ändrad.</p>',
        category: 'SPORT',
        featuredImage: null,
      });
      await expect.poll(() => seen.length, { timeout: 2000 }).toBe(1);
      expect(seen[0]).toEqual({
        evict: ['search', 'feeds', `article:${a.id}`, `shows:${a.id}`, 'corrections'],
        stale: ['sidebar', 'related:SPORT'],
      });
      expect((await two.app.inject(urls[0])).headers['x-page-cache']).toBe('MISS');
      expect((await two.app.inject(urls[1])).headers['x-page-cache']).toBe('HIT');
      expect((await two.app.inject(urls[2])).headers['x-page-cache']).toBe('HIT');
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('issue 39: settings saved in one process are dropped in the others through the cluster bus', async () => {
    const one = await createTestApp('sqlite', { env: { REDIS_URL, REDIS_PREFIX } });
    const two = await createTestApp('sqlite', { env: { REDIS_URL, REDIS_PREFIX } });
    try {
      const dropped = { moderation: 0, paper: 0 };
      const mod = two.app.services.moderation;
      const forgetModeration = mod.forgetSettings.bind(mod);
      mod.forgetSettings = () => {
        dropped.moderation++;
        forgetModeration();
      };
      const paper = two.app.services.settings;
      const forgetPaper = paper.forget.bind(paper);
      paper.forget = () => {
        dropped.paper++;
        forgetPaper();
      };
      const admin = await one.app.services.users.create({
        username: 'bus',
        password: 'bus-hemligt-losen',
        account_type: 'admin',
      });
      await one.app.services.settings.update(admin, { review_required: true });
      await expect.poll(() => dropped.paper, { timeout: 2000 }).toBe(1);
      const current = await one.app.services.moderation.getSettings();
      const { version: _v, updated_at: _u, ...input } = current;
      await one.app.services.moderation.saveSettings(input, (await one.app.services.users.getById(admin))!);
      await expect.poll(() => dropped.moderation, { timeout: 2000 }).toBe(1);
      expect(dropped.paper).toBe(1);
    } finally {
      await one.close();
      await two.close();
    }
  });
});
