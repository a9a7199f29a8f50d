import fs from 'node:fs';
import path from 'node:path';
import { MODERATION_MSG, NEWSLETTER_MSG } from '@vaggen/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { userWithToken } from '../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../test/helpers.js';
import { reportAddresses } from '../db/migrations/025_report_addresses.js';
import { RotatingKeyedHash } from './keyed-hash.js';
import { redactUrl, truncateIp } from './log-redaction.js';
import { loadSecret } from './secret.js';
import { signToken } from './signed-token.js';

const buildDir = path.resolve(process.env.WEB_BUILD_DIR || path.join(import.meta.dirname, '../../../web/build'));
const built = fs.existsSync(path.join(buildDir, 'server/index.js'));
const APP_SECRET = 'en-hemlighet-for-testerna-40';

/**
 * Issue 40, finding 10: personal data kept where none is needed. `moderation_reports.reporter`
 * stored `ip:127.0.0.1`; full URLs with reset and unsubscribe tokens went to the request log, and
 * every request line carried the client's address; unsubscribe tokens never expired.
 */
describe.each(dialects)('personal data the server keeps (%s)', (dialect) => {
  let t: TestApp;
  let commentId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { APP_SECRET } });
    const writer = await userWithToken(t, 'loggskribent', 'writer');
    const a = await t.app.services.articles.create({
      title: 'Anmäl mig',
      content: '<p>Text.</p>',
      category: 'NYHETER',
      authorId: writer.id,
      authorName: 'loggskribent',
      featuredImage: null,
    });
    const c = await t.app.inject({
      method: 'POST',
      url: '/api/comments',
      payload: { articleId: a.id, name: 'Kalle', email: 'kalle@example.se', content: 'En kommentar.' },
      remoteAddress: '198.51.100.9',
    });
    commentId = c.json().id;
  });
  afterAll(() => t?.close());
  afterEach(() => vi.useRealTimers());

  it("keeps a visitor's report under a rotating keyed hash of the address, never the address", async () => {
    const report = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/comments/${commentId}/reports`,
        payload: { reason: 'spam' },
        remoteAddress: '203.0.113.77',
      });
    expect((await report()).statusCode).toBe(201);
    const again = await report();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ msg: MODERATION_MSG.reportAlready });
    const rows = await t.dbh.db.selectFrom('moderation_reports').select(['id', 'reporter']).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].reporter).toMatch(/^ip:[\w-]{22}$/);
    expect(JSON.stringify(rows)).not.toContain('203.0.113');
    // every process derives the same key from the shared secret; another day's key matches nothing
    const a = new RotatingKeyedHash(Buffer.from('s'), 'report-address', 86_400_000);
    const b = new RotatingKeyedHash(Buffer.from('s'), 'report-address', 86_400_000);
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(a.hash('203.0.113.77', now)).toBe(b.hash('203.0.113.77', now));
    expect(a.hash('203.0.113.77', now + 86_400_000)).not.toBe(a.hash('203.0.113.77', now));
    // reports stored before keep no address
    await t.dbh.db
      .updateTable('moderation_reports')
      .set({ reporter: 'ip:127.0.0.1' })
      .where('id', '=', rows[0].id)
      .execute();
    await reportAddresses().up(t.dbh.db);
    const after = await t.dbh.db.selectFrom('moderation_reports').select('reporter').executeTakeFirstOrThrow();
    expect(after.reporter).toBe(`x:${rows[0].id}`);
  });

  it('writes no token and no whole client address to the request log', async () => {
    t.logs.length = 0;
    const token = signToken(loadSecret(APP_SECRET, ''), 'unsubscribe-newsletter', 'nl.999999');
    await t.app.inject({ method: 'GET', url: `/api/unsubscribe?token=${token}`, remoteAddress: '203.0.113.77' });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: 'hemlig-aterstallningstoken', password: 'ett-nytt-losenord' },
      remoteAddress: '2001:db8:1:2:3:4:5:6',
    });
    await t.app.inject({
      method: 'GET',
      url: '/api/articles?limit=1&x_token=abc123',
      remoteAddress: '::ffff:198.51.100.23',
    });
    const log = t.logs.join('');
    expect(log).toContain('incoming request');
    expect(log).not.toContain(token);
    expect(log).not.toContain('abc123');
    expect(log).not.toContain('hemlig-aterstallningstoken');
    expect(log).not.toContain('203.0.113.77');
    expect(log).not.toContain('2001:db8:1:2');
    expect(log).not.toContain('198.51.100.23');
    expect(log).toContain('"remoteAddress":"203.0.113.0"');
    expect(log).toContain('"remoteAddress":"2001:db8:1::"');
    expect(log).toContain('"remoteAddress":"198.51.100.0"');
    expect(log).toContain('/api/unsubscribe?token=[redacted]');
  });

  it('lets an unsubscribe link work for 60 days after its mail, and no longer', async () => {
    const nl = t.app.services.newsletter;
    const sub = await t.dbh.db
      .insertInto('newsletter_subscribers')
      .values({
        email: 'gammal@example.se',
        user_id: null,
        status: 'confirmed',
        confirm_hash: null,
        confirm_sent_at: null,
        created_at: new Date().toISOString(),
        confirmed_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const unsubscribe = (url: string) =>
      t.app.inject({ method: 'POST', url: new URL(url).pathname + new URL(url).search });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2027-03-01T08:00:00Z') });
    const mailed = nl.unsubscribeUrl(Number(sub.id));
    vi.setSystemTime(Date.parse('2027-05-01T08:00:00Z')); // 61 days later
    const old = await unsubscribe(mailed);
    expect(old.statusCode).toBe(410);
    expect(old.json()).toEqual({ msg: NEWSLETTER_MSG.unsubscribeExpired });
    vi.setSystemTime(Date.parse('2027-04-29T08:00:00Z')); // 59 days later
    const ok = await unsubscribe(mailed);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ msg: NEWSLETTER_MSG.unsubscribedNewsletter });
    // a link mailed before links carried their day: until the cut-over date only
    const legacy = signToken(loadSecret(APP_SECRET, ''), 'unsubscribe-newsletter', 'nl.424242');
    expect((await t.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${legacy}` })).statusCode).toBe(410);
    vi.setSystemTime(Date.parse('2027-01-10T08:00:00Z'));
    expect((await t.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${legacy}` })).statusCode).toBe(200);
  });
});

describe('log redaction rules', () => {
  it('redacts secret query values and truncates addresses', () => {
    expect(redactUrl('/aterstall-losenord?token=abc&x=1')).toBe('/aterstall-losenord?token=[redacted]&x=1');
    expect(redactUrl('/a?api_key=k&reset_token=r&q=token')).toBe(
      '/a?api_key=[redacted]&reset_token=[redacted]&q=token',
    );
    expect(truncateIp('203.0.113.77')).toBe('203.0.113.0');
    expect(truncateIp('2001:db8:1:2::77')).toBe('2001:db8:1::');
    expect(truncateIp('::1')).toBe('0:0:0::');
    expect(truncateIp('::ffff:10.1.2.3')).toBe('10.1.2.0');
    expect(truncateIp('nonsense')).toBe('unknown');
  });
});

/**
 * Issue 40, finding 14 (info): a featured image given over http:// was accepted though the message
 * says https; a missing file under /uploads answered Fastify's own body instead of { msg }; pages
 * opened from a mailed link (`/aterstall-losenord?token=`) were sent `public, s-maxage=60`.
 */
describe.each(dialects)('small holes (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, built ? { web: true, env: { WEB_BUILD_DIR: buildDir } } : {});
  });
  afterAll(() => t?.close());

  it('takes a featured image over https or from /uploads only', async () => {
    const writer = await userWithToken(t, 'bildskribent', 'writer');
    const post = (featured_image: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/articles',
        headers: writer.headers,
        payload: { title: `Bild ${featured_image}`, content: '<p>Text.</p>', category: 'sport', featured_image },
      });
    for (const bad of ['http://example.se/bild.jpg', 'https://', '//example.se/bild.jpg', '/uploads/../x']) {
      const res = await post(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().msg, bad).toContain('Bildens adress måste börja med https:// eller /uploads/');
    }
    expect((await post('https://example.se/bild.jpg')).statusCode).toBe(201);
    expect((await post('/uploads/abc.webp')).statusCode).toBe(201);
  });

  it('answers a missing upload with { msg }', async () => {
    for (const url of ['/uploads/finns-inte.webp', '/uploads/..%2F..%2Fsecret.key']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ msg: 'Not found' });
    }
  });

  it.skipIf(!built)('sends a page opened from a mailed link to its reader alone: no-store, kept nowhere', async () => {
    for (const url of [
      '/aterstall-losenord?token=hemlig1',
      '/verifiera-epost?token=hemlig2',
      '/avprenumerera?token=x',
    ]) {
      for (let i = 0; i < 2; i++) {
        const res = await t.app.inject(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('no-store');
        expect(res.headers['referrer-policy'], url).toBe('no-referrer');
        expect(res.headers['x-page-cache'], url).toBeUndefined();
      }
    }
    expect(t.app.pageCache.size).toBe(0);
  });
});
