import { MAIL_MSG, MAIL_RETENTION_DAYS, type MailStatus } from '@vaggen/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp.js';
import { buildApp } from '../../app.js';
import { createJobs } from '../../jobs/index.js';
import { MAIL_BACKOFF_MS, MAIL_MAX_ATTEMPTS } from './service.js';
import { renderMail } from './templates.js';

const MINUTE = 60_000;

const newsletter = (to: string, subject = 'Morgonbrevet') => ({
  to,
  subject,
  kind: 'newsletter',
  ...renderMail({
    heading: 'God morgon, Karin',
    paragraphs: ['Här är gårdagens mest lästa artiklar.', 'Trevlig läsning & en fin dag <3'],
    button: { label: 'Läs Väggen', url: 'http://localhost/?utm=brev&x=1' },
    unsubscribeUrl: 'http://localhost/api/newsletter/unsubscribe?token=abc',
    reason: 'Du får brevet för att du prenumererar på morgonbrevet.',
  }),
});

describe.each(dialects)('mail on %s', (dialect) => {
  let smtp: TestSmtp;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp(dialect, { env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://vaggen.example' } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  afterEach(() => {
    smtp.received.length = 0;
    smtp.attempts = 0;
    smtp.refuse = () => undefined;
  });

  const row = (id: number) =>
    t.dbh.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('sends a queued mail over SMTP soon after enqueue: subject, HTML, text, sender, list headers', async () => {
    const [id] = await t.app.services.mail.enqueue(newsletter('karin@example.se'));
    const [mail] = await smtp.waitFor(1, 5000);
    expect(mail.subject).toBe('Morgonbrevet');
    expect(mail.from?.value).toEqual([{ name: 'Väggen', address: 'noreply@vaggen.example' }]);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('karin@example.se');
    expect(mail.html).toContain('<h1');
    expect(mail.html).toContain('God morgon, Karin');
    expect(mail.html).toContain('Trevlig läsning &amp; en fin dag &lt;3');
    expect(mail.html).toContain('href="http://localhost/?utm=brev&amp;x=1"');
    expect(mail.html).toContain('På en vägg nära dig');
    expect(mail.text).toContain('Trevlig läsning & en fin dag <3');
    expect(mail.text).toContain('Läs Väggen: http://localhost/?utm=brev&x=1');
    expect(mail.text).toContain('Avsluta prenumerationen: http://localhost/api/newsletter/unsubscribe?token=abc');
    const header = (name: string) => mail.headerLines.find((h) => h.key === name)?.line;
    expect(header('list-unsubscribe')).toBe(
      'List-Unsubscribe: <http://localhost/api/newsletter/unsubscribe?token=abc>',
    );
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    await t.app.services.mail.idle();
    const r = await row(id);
    expect(r.status).toBe('sent');
    expect(r.attempts).toBe(1);
    expect(r.sent_at).not.toBeNull();
  });

  it('adds no list headers to transactional mail', async () => {
    const { html, text, headers } = renderMail({ heading: 'Återställ lösenord', paragraphs: ['Hej'] });
    expect(headers).toEqual({});
    await t.app.services.mail.enqueue({ to: 'a@example.se', subject: 'Återställ', html, text, headers, kind: 'x' });
    const [mail] = await smtp.waitFor(1);
    expect(mail.headerLines.filter((h) => h.key.startsWith('list-'))).toEqual([]);
    expect(mail.text).not.toContain('Avsluta prenumerationen');
  });

  it('retries a refused mail after the backoff, not before, then delivers it once', async () => {
    const mail = t.app.services.mail;
    smtp.refuse = (n) => (n === 1 ? 451 : undefined);
    const start = new Date();
    const [id] = await mail.enqueue(newsletter('retry@example.se', 'Andra försöket'), start);
    await mail.idle();
    let r = await row(id);
    expect(smtp.attempts).toBe(1);
    expect(smtp.received).toHaveLength(0);
    expect(r.status).toBe('queued');
    expect(r.attempts).toBe(1);
    expect(r.last_error).toContain('451');
    expect(Date.parse(r.next_attempt_at)).toBeGreaterThanOrEqual(start.getTime() + MAIL_BACKOFF_MS[0]);

    // Not due yet half a minute later.
    expect(await mail.deliverDue(new Date(Date.now() + 30_000))).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.attempts).toBe(1);
    // Due after the first backoff: sent.
    expect(await mail.deliverDue(new Date(Date.now() + MAIL_BACKOFF_MS[0] + 5000))).toEqual({
      sent: 1,
      retried: 0,
      failed: 0,
    });
    expect((await smtp.waitFor(1)).map((m) => m.subject)).toEqual(['Andra försöket']);
    r = await row(id);
    expect(r.status).toBe('sent');
    expect(r.attempts).toBe(2);
    // Nothing left: a later pass sends nothing again.
    expect(await mail.deliverDue(new Date(Date.now() + 24 * 3600_000))).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it('backs off 1 min, 5, 30, 2 h, 6 h and gives up after the last attempt', async () => {
    const mail = t.app.services.mail;
    smtp.refuse = () => 421;
    let now = Date.now();
    const [id] = await mail.enqueue(newsletter('never@example.se', 'Aldrig'), new Date(now));
    await mail.idle(); // the nudge: attempt 1
    const waits: number[] = [];
    for (let attempt = 2; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      const r = await row(id);
      expect(r.status).toBe('queued');
      waits.push(Math.round((Date.parse(r.next_attempt_at) - now) / MINUTE));
      now = Date.parse(r.next_attempt_at);
      // A moment before it is due: nothing happens.
      await mail.deliverDue(new Date(now - 1000));
      expect(smtp.attempts).toBe(attempt - 1);
      await mail.deliverDue(new Date(now));
      expect(smtp.attempts).toBe(attempt);
    }
    expect(waits).toEqual([1, 5, 30, 120, 360]);
    const r = await row(id);
    expect(r.status).toBe('failed');
    expect(r.attempts).toBe(MAIL_MAX_ATTEMPTS);
    expect(r.last_error).toContain('421');
    await mail.deliverDue(new Date(now + 24 * 3600_000));
    expect(smtp.attempts).toBe(MAIL_MAX_ATTEMPTS);
    expect(smtp.received).toHaveLength(0);
  });

  it('gives up at once on a permanent refusal (5xx)', async () => {
    smtp.refuse = () => 550;
    const [id] = await t.app.services.mail.enqueue(newsletter('nobody@example.se'));
    await t.app.services.mail.idle();
    const r = await row(id);
    expect(r.status).toBe('failed');
    expect(r.attempts).toBe(1);
    expect(r.last_error).toContain('550');
  });

  it('shows admins the queue, failures and the last send', async () => {
    const admin = await userWithToken(t, 'postadmin', 'admin');
    const res = await t.app.inject({ url: '/api/admin/mail/status', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const s = res.json() as MailStatus;
    expect(s).toMatchObject({ configured: true, from: 'Väggen <noreply@vaggen.example>', msg: MAIL_MSG.configured });
    expect(s.failed).toBe(2); // the two given up above
    expect(s.queued).toBe(0);
    expect(Date.parse(s.lastSentAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('two app instances on one database send each mail exactly once', async () => {
    await t.app.jobs.stop(); // only A and B send from here on (t's sender talks to another server)
    const slow = await startTestSmtp({ delayMs: 15 });
    const env = { ...t.config, logLevel: 'silent', mail: { ...t.config.mail, smtpUrl: slow.url } };
    const a = await buildApp(env, { dbh: t.dbh });
    const b = await buildApp(env, { dbh: t.dbh });
    try {
      await Promise.all([a.ready(), b.ready()]);
      const batch = Array.from({ length: 30 }, (_, i) => newsletter(`l${i}@example.se`, `Brev ${i}`));
      // Queued through A (nudging A's sender) while B's sender and both job runners run too.
      const [ids] = await Promise.all([
        a.services.mail.enqueue(batch),
        b.services.mail.deliverDue(new Date()),
        a.jobs.tick(),
        b.jobs.tick(),
      ]);
      await Promise.all([
        a.services.mail.deliverDue(new Date()),
        b.services.mail.deliverDue(new Date()),
        a.services.mail.idle(),
        b.services.mail.idle(),
      ]);
      await slow.waitFor(30);
      await new Promise((r) => setTimeout(r, 200));
      const subjects = slow.received.map((m) => m.subject).sort();
      expect(subjects).toHaveLength(30);
      expect(new Set(subjects).size).toBe(30);
      const rows = await t.dbh.db
        .selectFrom('mail_outbox')
        .select(['status', 'attempts'])
        .where('id', 'in', ids)
        .execute();
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    } finally {
      await a.close();
      await b.close();
      await slow.close();
    }
  });
});

describe.each(dialects)('mail without SMTP_URL on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t?.close());

  it('writes each mail to the log and tells admins that e-mail is not sent', async () => {
    expect(t.logs.join('')).toContain('SMTP_URL is not set');
    const [id] = await t.app.services.mail.enqueue(newsletter('logg@example.se', 'Till loggen'));
    await t.app.services.mail.idle();
    const line = t.logs.map((l) => JSON.parse(l)).find((l) => l.mail?.id === id);
    expect(line?.mail).toMatchObject({ to: 'logg@example.se', subject: 'Till loggen', kind: 'newsletter' });
    expect(line?.mail.text).toContain('Här är gårdagens mest lästa artiklar.');
    const r = await t.dbh.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(r.status).toBe('sent');

    const admin = await userWithToken(t, 'loggadmin', 'admin');
    const res = await t.app.inject({ url: '/api/admin/mail/status', headers: admin.headers });
    expect(res.json()).toMatchObject({ configured: false, queued: 0, failed: 0, msg: MAIL_MSG.notConfigured });
    expect(MAIL_MSG.notConfigured).toBe('E-post skickas inte: SMTP_URL saknas, breven skrivs till loggen');
  });

  it('keeps sent and given-up mails MAIL_RETENTION_DAYS, never a queued one (the mail-purge job)', async () => {
    const day = 86_400_000;
    const now = Date.now();
    const at = (days: number) => new Date(now - days * day).toISOString();
    const base = { subject: 'Gammal', html: '<p>x</p>', text: 'x', headers: '{}', kind: 'newsletter', attempts: 1 };
    const insert = (to: string, status: 'queued' | 'sent' | 'failed', sentDays: number | null, createdDays: number) =>
      t.dbh.db
        .insertInto('mail_outbox')
        .values({
          ...base,
          to_address: to,
          status,
          sent_at: sentDays === null ? null : at(sentDays),
          created_at: at(createdDays),
          next_attempt_at: status === 'queued' ? at(-1) : at(createdDays),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const old = await insert('gammal@example.se', 'sent', MAIL_RETENTION_DAYS + 1, MAIL_RETENTION_DAYS + 1);
    const fresh = await insert('ny@example.se', 'sent', MAIL_RETENTION_DAYS - 1, MAIL_RETENTION_DAYS - 1);
    const gaveUp = await insert('borta@example.se', 'failed', null, MAIL_RETENTION_DAYS + 2);
    const waiting = await insert('vantar@example.se', 'queued', null, MAIL_RETENTION_DAYS + 5);
    const job = createJobs(t.app.services).find((j) => j.name === 'mail-purge');
    expect(await job?.run(new Date(now), new AbortController().signal)).toMatch(
      /^mail: removed sent mails past the retention time \(\d+\)$/,
    );
    const left = new Set((await t.dbh.db.selectFrom('mail_outbox').select('id').execute()).map((r) => Number(r.id)));
    expect(left.has(Number(old.id))).toBe(false);
    expect(left.has(Number(gaveUp.id))).toBe(false);
    expect(left.has(Number(fresh.id))).toBe(true);
    expect(left.has(Number(waiting.id))).toBe(true);
    await t.dbh.db.deleteFrom('mail_outbox').where('id', '=', Number(waiting.id)).execute();
  });

  it('keeps the e-mail verification setting (off by default)', async () => {
    const admin = await userWithToken(t, 'installningsadmin', 'admin');
    const get = () => t.app.inject({ url: '/api/admin/mail/settings', headers: admin.headers });
    expect((await get()).json()).toEqual({ require_email_verification: false });
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/mail/settings',
      headers: admin.headers,
      payload: { require_email_verification: true },
    });
    expect(put.statusCode).toBe(200);
    expect((await get()).json()).toEqual({ require_email_verification: true });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/mail/settings',
      headers: admin.headers,
      payload: { require_email_verification: 'ja' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
