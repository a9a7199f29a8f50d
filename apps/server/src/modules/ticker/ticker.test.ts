import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects } from '../../../test/helpers.js';
import { normaliseTickerPayload } from './service.js';

/** A local stand-in for Sveriges Radio's API that counts requests. */
function fixtureServer(handler: http.RequestListener) {
  const server = http.createServer(handler);
  return new Promise<{ url: string; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/api/v2/news/episodes?format=json`,
        close: () =>
          new Promise<void>((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    });
  });
}

const SR_PAYLOAD = {
  copyright: 'Copyright Sveriges Radio 2025',
  episodes: Array.from({ length: 20 }, (_, i) => ({
    id: i,
    title: `Ekot nyhet ${i}`,
    description: `Beskrivning ${i}`,
    url: `https://sverigesradio.se/artikel/${i}`,
  })),
};

describe.each(dialects)('GET /api/sr_news on %s', (dialect) => {
  let hits = 0;
  let fixture: Awaited<ReturnType<typeof fixtureServer>>;
  beforeAll(async () => {
    fixture = await fixtureServer((_req, res) => {
      hits++;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(SR_PAYLOAD));
    });
  });
  afterAll(() => fixture.close());

  it('returns items {title, url, description} from upstream, limited, and caches them', async () => {
    const t = await createTestApp(dialect, { env: { SR_NEWS_URL: fixture.url } });
    try {
      const res = await t.app.inject('/api/sr_news?limit=15');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.source).toBe('upstream');
      expect(body.items).toHaveLength(15);
      expect(body.items[0]).toEqual({
        title: 'Ekot nyhet 0',
        url: 'https://sverigesradio.se/artikel/0',
        description: 'Beskrivning 0',
      });
      const again = await t.app.inject('/api/sr_news?limit=3');
      expect(again.json().items).toHaveLength(3);
      expect(hits).toBe(1);
    } finally {
      await t.close();
    }
  });

  it('never fails when upstream is down: 200 with no items and source "unavailable"', async () => {
    const t = await createTestApp(dialect, { env: { SR_NEWS_URL: 'http://127.0.0.1:9/dead' } });
    try {
      const res = await t.app.inject('/api/sr_news?limit=15');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ items: [], source: 'unavailable' });
      expect(res.headers['cache-control']).toBe('no-store');
    } finally {
      await t.close();
    }
  });

  it('gives up on a slow upstream after 3 s', async () => {
    const slow = await fixtureServer((_req, res) => {
      setTimeout(() => res.end(JSON.stringify(SR_PAYLOAD)), 6000);
    });
    const t = await createTestApp(dialect, { env: { SR_NEWS_URL: slow.url } });
    try {
      const started = Date.now();
      const res = await t.app.inject('/api/sr_news');
      const took = Date.now() - started;
      expect(res.json().source).toBe('unavailable');
      expect(took).toBeGreaterThanOrEqual(2900);
      expect(took).toBeLessThan(4500);
    } finally {
      await t.close();
      await slow.close();
    }
  });

  it('rejects a bad limit with 400', async () => {
    const t = await createTestApp(dialect);
    try {
      const res = await t.app.inject('/api/sr_news?limit=0');
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(/^Invalid request/);
    } finally {
      await t.close();
    }
  });
});

describe('normaliseTickerPayload', () => {
  it('accepts a list, an episodes object, or any object holding titled items', () => {
    expect(normaliseTickerPayload([{ title: 'A', url: 'https://a.se', description: 'd' }])).toEqual([
      { title: 'A', url: 'https://a.se/', description: 'd' },
    ]);
    expect(normaliseTickerPayload({ episodes: [{ title: 'B' }] })[0].title).toBe('B');
    expect(normaliseTickerPayload({ foo: 1, news: [{ name: 'C', link: 'https://c.se/x' }] })).toEqual([
      { title: 'C', url: 'https://c.se/x', description: '' },
    ]);
    expect(normaliseTickerPayload({ nothing: true })).toEqual([]);
    expect(normaliseTickerPayload(null)).toEqual([]);
  });

  it('drops non-http links so a ticker item can never run script', () => {
    expect(normaliseTickerPayload([{ title: 'X', url: 'javascript:alert(1)' }])[0].url).toBe('');
  });
});
