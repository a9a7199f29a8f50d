import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../test/helpers.js';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.js';
import { isValidHost, siteOrigin } from './site-origin.js';

/** Every link in a mail's text. */
const links = (mail: ParsedMail) => [...(mail.text ?? '').matchAll(/https?:\/\/[^\s)>\]]+/g)].map((m) => m[0]);

/**
 * Issue 40, finding 1: a link in a mail never takes its origin from the request. Without PUBLIC_URL
 * the app answers any Host; `Host: evil.example` on "glömt lösenordet" mailed a live reset token
 * to http://evil.example/… (used once: the password was changed).
 */
describe.each(dialects)('links in mails name the site, never the request Host (%s)', (dialect) => {
  let smtp: TestSmtp;
  let t: TestApp;
  let listed: TestApp;
  let ip = 0;
  const post = (app: TestApp, url: string, payload: object, host: string, headers: Record<string, string> = {}) =>
    app.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { host, ...headers },
      remoteAddress: `10.40.1.${++ip}`,
    });
  const sent = async (app: TestApp, n: number) => {
    await app.app.services.auth.settled();
    await app.app.services.mail.idle();
    const mails = await smtp.waitFor(n);
    const copy = [...mails];
    smtp.received.length = 0;
    return copy;
  };

  beforeAll(async () => {
    smtp = await startTestSmtp();
    // No PUBLIC_URL, no ALLOWED_HOSTS: a fresh `npm start` (port 3000).
    t = await createTestApp(dialect, { env: { SMTP_URL: smtp.url, PORT: '3000' } });
    await t.app.services.users.create({ username: 'user1', password: 'gammalt-losen-123', email: 'user1@example.org' });
    // The operator listed the site's name (no PUBLIC_URL): that host may name links, no other.
    listed = await createTestApp(dialect, {
      env: { SMTP_URL: smtp.url, PORT: '3000', ALLOWED_HOSTS: 'vaggen.example' },
    });
    await listed.app.services.users.create({
      username: 'user2',
      password: 'gammalt-losen-123',
      email: 'user2@example.org',
    });
  });
  afterAll(async () => {
    await t?.close();
    await listed?.close();
    await smtp?.close();
  });

  it('a reset link asked for with Host: evil.example names http://localhost:PORT', async () => {
    const res = await post(t, '/api/auth/forgot-password', { email: 'user1@example.org' }, 'evil.example');
    expect(res.statusCode).toBe(200);
    const [mail] = await sent(t, 1);
    expect(links(mail)).not.toEqual([]);
    for (const link of links(mail)) expect(link).toMatch(/^http:\/\/localhost:3000\//);
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/aterstall-losenord\?token=[\w-]+/);
    expect(mail.html).not.toContain('evil.example');
  });

  it('so do verification and newsletter confirmation links, and a port the sender chose', async () => {
    await t.app.services.mail.updateSettings(1, { require_email_verification: true });
    const reg = await post(
      t,
      '/api/register',
      { username: 'nylasare', password: 'ett-bra-losenord', email: 'ny@example.org' },
      'evil.example',
    );
    expect(reg.statusCode, reg.body).toBe(201);
    const sub = await post(t, '/api/newsletter/subscribe', { email: 'brev@example.org' }, 'localhost:8081');
    expect(sub.statusCode, sub.body).toBe(202);
    const mails = await sent(t, 2);
    const all = mails.flatMap(links);
    expect(all.some((l) => l.includes('/verifiera-epost?token='))).toBe(true);
    expect(all.some((l) => l.includes('/morgonbrevet/bekrafta?token='))).toBe(true);
    for (const link of all) expect(link).toMatch(/^http:\/\/localhost:3000\//);
    await t.app.services.mail.updateSettings(1, { require_email_verification: false });
  });

  it('a host the operator listed names its own links; an unlisted one is refused', async () => {
    const own = await post(listed, '/api/auth/forgot-password', { email: 'user2@example.org' }, 'vaggen.example');
    expect(own.statusCode).toBe(200);
    const [mail] = await sent(listed, 1);
    expect(mail.text).toMatch(/http:\/\/vaggen\.example\/aterstall-losenord\?token=[\w-]+/);
    const evil = await post(listed, '/api/auth/forgot-password', { email: 'user2@example.org' }, 'evil.example');
    expect(evil.statusCode).toBe(400);
    expect(evil.json()).toEqual({ msg: 'Okänd värd' });
  });
});

describe('site-origin rules', () => {
  it('takes PUBLIC_URL, else the address the server was started on', () => {
    const base = { allowedHosts: null, host: '0.0.0.0', port: 3000 };
    expect(siteOrigin({ ...base, publicUrl: 'https://vaggen.se' })).toBe('https://vaggen.se');
    expect(siteOrigin({ ...base, publicUrl: undefined })).toBe('http://localhost:3000');
    expect(siteOrigin({ ...base, publicUrl: undefined, host: '192.0.2.7', port: 8080 })).toBe('http://192.0.2.7:8080');
    expect(siteOrigin({ ...base, publicUrl: undefined, host: '::1' })).toBe('http://[::1]:3000');
  });

  it('knows a Host that names no host', () => {
    for (const ok of ['', 'localhost', 'localhost:3000', 'vaggen.se', '127.0.0.1:80', '[::1]:3000', 'my_app']) {
      expect(isValidHost(ok), ok).toBe(true);
    }
    for (const bad of ['a@b', ':80', '[::1', 'a b', 'x%00y', '127.0.0.1:99999', 'a/b', `${'h'.repeat(300)}.se`]) {
      expect(isValidHost(bad), bad).toBe(false);
    }
  });
});
