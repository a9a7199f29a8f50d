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

describe.skipIf(!reachable)('scaled out with Redis', () => {
  it('shares rate-limit counters between processes and expires them', async () => {
    const a = new Redis(REDIS_URL);
    const b = new Redis(REDIS_URL);
    const prefix = `vaggen:test:${Date.now()}:`;
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
    const one = await createTestApp('sqlite', { env: { REDIS_URL } });
    const two = await createTestApp('sqlite', { env: { REDIS_URL } });
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
});
