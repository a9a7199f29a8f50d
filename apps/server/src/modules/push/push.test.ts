import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';

type Who = Awaited<ReturnType<typeof userWithToken>>;

/** A browser's side of a subscription: its P-256 key pair and auth secret (node:crypto ECDH). */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, p256dh: ecdh.getPublicKey().toString('base64url'), authB64: auth.toString('base64url') };
}

/**
 * Issue 44: breaking-news push on every database. A local HTTP server plays the push service: it
 * receives the encrypted message, which the test decrypts (aes128gcm) with the subscription's
 * keys; a subscription the push service answers 410 for is deleted. One push per interval.
 */
describe.each(dialects)('breaking-news push on %s', (dialect) => {
  let t: TestApp;
  let admin: Who;
  let service: http.Server;
  let base: string;
  const received: { path: string; headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
  let articleId: number;

  beforeAll(async () => {
    service = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(req.url?.startsWith('/gone') ? 410 : 201).end();
      });
    });
    await new Promise<void>((r) => service.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
    t = await createTestApp(dialect, { env: { PUBLIC_URL: 'https://vaggen.test' } });
    admin = await userWithToken(t, 'push_admin', 'admin');
    const a = await t.app.inject({
      method: 'POST',
      url: '/api/articles',
      headers: admin.headers,
      payload: { title: 'Stormen når land', content: '<p>Text.</p>', category: 'SVERIGE', kind: 'live' },
    });
    articleId = a.json().id;
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((r) => service.close(r));
  });

  it('delivers an encrypted push the subscription’s keys decrypt, and deletes a gone subscription', async () => {
    const key = (await t.app.inject({ url: '/api/push/public-key' })).json().publicKey as string;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65); // an uncompressed P-256 point
    // the key is kept: the same after a restart (DATA_DIR/vapid.json)
    expect(t.app.services.push.publicKey()).toBe(key);

    const reader = browserKeys();
    const sub = (path: string, k = reader) => ({
      endpoint: `${base}${path}`,
      expirationTime: null,
      keys: { p256dh: k.p256dh, auth: k.authB64 },
    });
    const bad = await t.app.inject({ method: 'POST', url: '/api/push/subscriptions', payload: { endpoint: 'nej' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ msg: 'Ogiltig prenumeration' });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/push/subscriptions', payload: sub('/reader-1') })).statusCode,
    ).toBe(201);
    // subscribing twice is one subscription
    await t.app.inject({ method: 'POST', url: '/api/push/subscriptions', payload: sub('/reader-1') });
    await t.app.inject({ method: 'POST', url: '/api/push/subscriptions', payload: sub('/gone-1', browserKeys()) });
    expect((await t.app.inject({ url: '/api/newsroom/push', headers: admin.headers })).json()).toEqual({
      recipients: 2,
      next_allowed_at: null,
    });

    const entry = await t.app.inject({
      method: 'POST',
      url: `/api/articles/${articleId}/live-entries`,
      headers: admin.headers,
      payload: { content: '<p>Stormen har nått land vid Varberg.</p>' },
    });
    const send = await t.app.inject({
      method: 'POST',
      url: '/api/newsroom/push',
      headers: admin.headers,
      payload: { articleId, entryId: entry.json().id, title: 'Stormen når land', body: 'Följ vår direktrapport.' },
    });
    expect(send.statusCode, send.body).toBe(202);
    expect(send.json()).toMatchObject({ recipients: 2, msg: 'Pushnotisen skickas till 2 mottagare' });

    // the job sends it
    expect(await t.app.services.push.deliverDue()).toEqual({ sent: 1, gone: 1, failed: 0 });
    const msg = received.find((r) => r.path === '/reader-1');
    expect(msg?.headers['content-encoding']).toBe('aes128gcm');
    expect(msg?.headers.authorization).toMatch(/^vapid t=.+, k=/);
    const plain = ece.decrypt(msg?.body as Buffer, {
      version: 'aes128gcm',
      privateKey: reader.ecdh,
      authSecret: reader.auth.toString('base64url'),
    });
    expect(JSON.parse(plain.toString('utf8'))).toEqual({
      title: 'Stormen når land',
      body: 'Följ vår direktrapport.',
      url: `https://vaggen.test/article/stormen-nar-land#inlagg-${entry.json().id}`,
    });
    // 410: gone from the table; nothing is sent twice
    expect((await t.app.inject({ url: '/api/newsroom/push', headers: admin.headers })).json().recipients).toBe(1);
    expect(await t.app.services.push.deliverDue()).toEqual({ sent: 0, gone: 0, failed: 0 });

    // one push per interval (the paper's setting, 15 minutes by default)
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/newsroom/push',
      headers: admin.headers,
      payload: { articleId, title: 'Igen', body: 'Igen.' },
    });
    expect(again.statusCode).toBe(429);
    expect(again.json().msg).toBe('Högst en pushnotis per 15 minuter. Försök igen senare.');

    // the reader turns it off on the same button
    const off = await t.app.inject({ method: 'DELETE', url: '/api/push/subscriptions', payload: sub('/reader-1') });
    expect(off.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/push/subscriptions', payload: sub('/reader-1') })).statusCode,
    ).toBe(404);
  });
});
