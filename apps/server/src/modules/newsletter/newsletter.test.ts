import { NEWSLETTER_MSG, NOTIFICATION_MAIL_LABELS, stockholmDay } from '@vaggen/contract';
import type { ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp.js';
import { buildApp } from '../../app.js';
import { sendTimes, stockholmTime } from './service.js';

const MINUTE = 60_000;
const SITE = 'https://vaggen.example';

const header = (mail: ParsedMail, name: string) => mail.headerLines.find((h) => h.key === name)?.line;
const links = (mail: ParsedMail) =>
  [...String(mail.html).matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
const confirmTokenOf = (mail: ParsedMail) => {
  const url = links(mail).find((l) => l.includes('/morgonbrevet/bekrafta?token='));
  if (!url) throw new Error('no confirmation link');
  return new URL(url).searchParams.get('token') as string;
};
const unsubscribeUrlOf = (mail: ParsedMail) => {
  const line = header(mail, 'list-unsubscribe');
  const m = line?.match(/<([^>]+)>/);
  if (!m) throw new Error('no List-Unsubscribe');
  return m[1];
};

describe('the 07:00 Europe/Stockholm send time', () => {
  it('is 06:00 UTC in winter and 05:00 UTC in summer, across both DST changes', () => {
    expect(stockholmTime('2026-01-15').toISOString()).toBe('2026-01-15T06:00:00.000Z');
    expect(stockholmTime('2026-07-01').toISOString()).toBe('2026-07-01T05:00:00.000Z');
    // Summer time starts 2026-03-29 at 02:00: that morning 07:00 is already CEST.
    expect(stockholmTime('2026-03-28').toISOString()).toBe('2026-03-28T06:00:00.000Z');
    expect(stockholmTime('2026-03-29').toISOString()).toBe('2026-03-29T05:00:00.000Z');
    // Summer time ends 2026-10-25 at 03:00: that morning 07:00 is CET again.
    expect(stockholmTime('2026-10-24').toISOString()).toBe('2026-10-24T05:00:00.000Z');
    expect(stockholmTime('2026-10-25').toISOString()).toBe('2026-10-25T06:00:00.000Z');
  });

  it('the next send: today before 07:00, tomorrow from 07:00 (a 23- and a 25-hour day)', () => {
    expect(sendTimes(new Date('2026-03-28T05:59:59Z')).next.toISOString()).toBe('2026-03-28T06:00:00.000Z');
    expect(sendTimes(new Date('2026-03-28T06:00:00Z')).next.toISOString()).toBe('2026-03-29T05:00:00.000Z');
    expect(sendTimes(new Date('2026-10-24T05:00:00Z')).next.toISOString()).toBe('2026-10-25T06:00:00.000Z');
    // 23:30 UTC on the 24th is already the 25th in Stockholm.
    expect(stockholmDay(Date.parse('2026-10-24T23:30:00Z'))).toBe('2026-10-25');
    expect(sendTimes(new Date('2026-10-24T23:30:00Z')).next.toISOString()).toBe('2026-10-25T06:00:00.000Z');
  });
});

describe.each(dialects)('newsletter and notification mails on %s', (dialect) => {
  let smtp: TestSmtp;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp(dialect, { env: { SMTP_URL: smtp.url, PUBLIC_URL: SITE, COMMENTS_PER_MINUTE: '1000' } });
    await t.app.jobs.stop(); // the tests run the jobs' work themselves, with their own clock
    await t.app.services.articles.create({
      title: 'Älgen som lärde sig simma',
      content: '<p>En älg simmade över sjön.</p>',
      category: 'SVERIGE',
      authorId: null,
      authorName: 'Redaktionen',
      featuredImage: null,
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  afterEach(async () => {
    await t.app.services.mail.idle();
    smtp.received.length = 0;
  });

  let ip = 0;
  const subscribe = (email: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      payload: { email },
      headers,
      remoteAddress: `10.1.0.${++ip}`,
    });
  const confirm = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token } });
  const settle = async () => {
    await t.app.services.mail.idle();
    await new Promise((r) => setTimeout(r, 100));
  };
  const subscriber = (email: string) =>
    t.dbh.db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', email).executeTakeFirst();

  async function subscribeAndConfirm(email: string) {
    expect((await subscribe(email)).statusCode).toBe(202);
    const before = smtp.received.length;
    await smtp.waitFor(before + 1);
    const token = confirmTokenOf(smtp.received[before]);
    expect((await confirm(token)).statusCode).toBe(200);
    return token;
  }

  it('double opt-in: a confirmation mail, no newsletter before confirming, the link works once', async () => {
    const res = await subscribe('Karin@Example.se');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ msg: NEWSLETTER_MSG.subscribed });
    const [mail] = await smtp.waitFor(1);
    expect(mail.subject).toBe('Bekräfta din prenumeration på Morgonbrevet');
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('karin@example.se');
    // Transactional: no list headers on the confirmation itself.
    expect(header(mail, 'list-unsubscribe')).toBeUndefined();
    const token = confirmTokenOf(mail);
    expect(mail.text).toContain(`${SITE}/morgonbrevet/bekrafta?token=${token}`);
    const row = await subscriber('karin@example.se');
    expect(row?.status).toBe('pending');
    expect(row?.confirm_hash).not.toContain(token); // stored hashed
    expect(row?.confirm_hash).toMatch(/^[0-9a-f]{64}$/);

    // An unconfirmed address gets no newsletter.
    const day = '2031-02-03';
    const r0 = await t.app.services.newsletter.sendDue(stockholmTime(day));
    expect(r0.queued).toBe(0);

    const ok = await confirm(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ msg: NEWSLETTER_MSG.confirmed });
    expect((await subscriber('karin@example.se'))?.status).toBe('confirmed');
    const again = await confirm(token);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ msg: NEWSLETTER_MSG.badConfirmToken });
    expect((await confirm('helt-okand-token')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: {} })).statusCode).toBe(400);
  });

  it('subscribing a confirmed address again changes nothing and answers the same; bad addresses are 400', async () => {
    await subscribeAndConfirm('sara@example.se');
    await settle();
    smtp.received.length = 0;
    const before = await subscriber('sara@example.se');
    const res = await subscribe('sara@example.se');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ msg: NEWSLETTER_MSG.subscribed });
    await settle();
    expect(smtp.received).toHaveLength(0);
    expect(await subscriber('sara@example.se')).toEqual(before);
    const bad = await subscribe('inte-en-adress');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('Ange en giltig e-postadress.');
  });

  it('forgets an unconfirmed address once its link has expired (7 days), keeps confirmed ones', async () => {
    await subscribe('glomd@example.se');
    const nl = t.app.services.newsletter;
    const sent = Date.parse(String((await subscriber('glomd@example.se'))?.confirm_sent_at));
    await nl.purgeUnconfirmed(new Date(sent + 6 * 86_400_000));
    expect((await subscriber('glomd@example.se'))?.status).toBe('pending');
    expect(await nl.purgeUnconfirmed(new Date(sent + 8 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect(await subscriber('glomd@example.se')).toBeUndefined();
    expect((await subscriber('karin@example.se'))?.status).toBe('confirmed');
  });

  it('rate-limits subscribing per address and per client', async () => {
    for (let i = 0; i < 5; i++) expect((await subscribe('ofta@example.se')).statusCode).toBe(202);
    const sixth = await subscribe('ofta@example.se');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ msg: NEWSLETTER_MSG.rateLimited });
    const fromOne = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email }, remoteAddress: '10.9.9.9' });
    for (let i = 0; i < 10; i++) expect((await fromOne(`klient${i}@example.se`)).statusCode).toBe(202);
    expect((await fromOne('klient-elva@example.se')).statusCode).toBe(429);
  });

  it('sends the daily issue once: nothing at 06:59, all confirmed at 07:00, nothing again at 07:05', async () => {
    await subscribeAndConfirm('morgon1@example.se');
    await subscribeAndConfirm('morgon2@example.se');
    await subscribe('vantar@example.se'); // waiting: gets none
    await settle();
    smtp.received.length = 0;
    const confirmed = await t.dbh.db
      .selectFrom('newsletter_subscribers')
      .select('email')
      .where('status', '=', 'confirmed')
      .execute();
    const day = '2031-03-10';
    const seven = stockholmTime(day);
    expect(seven.toISOString()).toBe('2031-03-10T06:00:00.000Z');
    const nl = t.app.services.newsletter;
    expect(await nl.sendDue(new Date(seven.getTime() - MINUTE))).toEqual({ day: null, queued: 0 });
    const first = await nl.sendDue(seven);
    expect(first).toEqual({ day, queued: confirmed.length });
    expect(await nl.sendDue(new Date(seven.getTime() + 5 * MINUTE))).toEqual({ day: null, queued: 0 });
    const received = await smtp.waitFor(confirmed.length);
    await settle();
    expect(smtp.received).toHaveLength(confirmed.length);
    expect(received.map((m) => (m.to && !Array.isArray(m.to) ? m.to.text : '')).sort()).toEqual(
      confirmed.map((c) => c.email).sort(),
    );
    const mail = received.find((m) => m.to && !Array.isArray(m.to) && m.to.text === 'morgon1@example.se');
    if (!mail) throw new Error('no mail to morgon1');
    expect(mail.subject).toBe('Morgonbrevet måndag 10 mars');
    expect(mail.html).toContain('Älgen som lärde sig simma');
    expect(links(mail)).toContain(`${SITE}/article/algen-som-larde-sig-simma`);
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(unsubscribeUrlOf(mail)).toMatch(/^https:\/\/vaggen\.example\/api\/unsubscribe\?token=nl\.\d+~[0-9a-z]+\./);
    const issue = await t.dbh.db
      .selectFrom('newsletter_issues')
      .selectAll()
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    expect(issue.status).toBe('sent');
    expect(Number(issue.recipients)).toBe(confirmed.length);

    // The admin overview shows the send.
    const admin = await userWithToken(t, `brevadmin-${dialect}`, 'admin');
    const o = await t.app.inject({ method: 'GET', url: '/api/admin/newsletter', headers: admin.headers });
    expect(o.statusCode).toBe(200);
    expect(o.json().confirmed).toBe(confirmed.length);
    expect(o.json().pending).toBeGreaterThanOrEqual(1);
    expect(o.json().issues[0]).toMatchObject({ day, status: 'sent', recipients: confirmed.length, articles: 1 });
    expect(o.json().mail.configured).toBe(true);
  });

  it('two app instances on one database: one mail per subscriber', async () => {
    const env = { ...t.config, logLevel: 'silent' };
    const a = await buildApp(env, { dbh: t.dbh });
    const b = await buildApp(env, { dbh: t.dbh });
    try {
      await Promise.all([a.ready(), b.ready()]);
      await Promise.all([a.jobs.stop(), b.jobs.stop()]);
      const n = Number(
        (
          await t.dbh.db
            .selectFrom('newsletter_subscribers')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('status', '=', 'confirmed')
            .executeTakeFirstOrThrow()
        ).n,
      );
      expect(n).toBeGreaterThan(1);
      const seven = stockholmTime('2031-03-11');
      const [ra, rb] = await Promise.all([a.services.newsletter.sendDue(seven), b.services.newsletter.sendDue(seven)]);
      expect(ra.queued + rb.queued).toBe(n);
      await Promise.all([a.services.mail.idle(), b.services.mail.idle()]);
      await t.app.services.mail.deliverDue(new Date(seven.getTime() + MINUTE));
      const got = await smtp.waitFor(n);
      await settle();
      expect(got).toHaveLength(n);
      const to = got.map((m) => (m.to && !Array.isArray(m.to) ? m.to.text : ''));
      expect(new Set(to).size).toBe(n);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('a batch whose mails cannot be queued stays unsent: claim and mails commit together', async () => {
    const seven = stockholmTime('2031-03-12');
    const nl = t.app.services.newsletter;
    const spy = vi.spyOn(t.app.services.mail, 'enqueue').mockRejectedValueOnce(new Error('disk full'));
    try {
      await expect(nl.sendDue(seven)).rejects.toThrow('disk full');
    } finally {
      spy.mockRestore();
    }
    const issue = await t.dbh.db
      .selectFrom('newsletter_issues')
      .selectAll()
      .where('day', '=', '2031-03-12')
      .executeTakeFirstOrThrow();
    expect(Number(issue.last_id)).toBe(0);
    expect(Number(issue.recipients)).toBe(0);
    const confirmed = await t.dbh.db
      .selectFrom('newsletter_subscribers')
      .select('email')
      .where('status', '=', 'confirmed')
      .execute();
    // The next pass sends the whole issue: nobody was skipped.
    expect(await nl.sendDue(new Date(seven.getTime() + MINUTE))).toEqual({
      day: '2031-03-12',
      queued: confirmed.length,
    });
    await t.app.services.mail.deliverDue(new Date(seven.getTime() + 2 * MINUTE));
    const got = await smtp.waitFor(confirmed.length);
    expect(got.map((m) => (m.to && !Array.isArray(m.to) ? m.to.text : '')).sort()).toEqual(
      confirmed.map((c) => c.email).sort(),
    );
  });

  it('unsubscribes in one click: POST List-Unsubscribe=One-Click, and the GET link leads to the page', async () => {
    await subscribeAndConfirm('lamna@example.se');
    await settle();
    smtp.received.length = 0;
    const admin = await userWithToken(t, `testbrev-${dialect}`, 'admin');
    // The admin's test mail to an address without an account e-mail: a clear 400.
    const none = await t.app.inject({ method: 'POST', url: '/api/admin/newsletter/test', headers: admin.headers });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ msg: NEWSLETTER_MSG.noAddress });
    await t.app.services.users.updateProfile(admin.id, { email: 'lamna@example.se' });
    const test = await t.app.inject({ method: 'POST', url: '/api/admin/newsletter/test', headers: admin.headers });
    expect(test.statusCode).toBe(202);
    expect(test.json()).toEqual({ msg: NEWSLETTER_MSG.testSent('lamna@example.se') });
    const [mail] = await smtp.waitFor(1);
    expect(mail.subject).toMatch(/^\[Test\] Morgonbrevet /);
    const url = new URL(unsubscribeUrlOf(mail));
    expect(links(mail)).toContain(url.href); // the footer link is the same URL

    const get = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(get.statusCode).toBe(303);
    expect(get.headers.location).toBe(
      `/avprenumerera?token=${encodeURIComponent(url.searchParams.get('token') ?? '')}`,
    );
    expect((await subscriber('lamna@example.se'))?.status).toBe('confirmed'); // a GET changes nothing

    const post = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    expect(post.json()).toEqual({ msg: NEWSLETTER_MSG.unsubscribedNewsletter });
    expect(await subscriber('lamna@example.se')).toBeUndefined();
    // Forged: 404.
    const forged = await t.app.inject({ method: 'POST', url: '/api/unsubscribe?token=nl.1.AAAAAAAAAAAAAAAAAAAAAA' });
    expect(forged.statusCode).toBe(404);
    expect(forged.json()).toEqual({ msg: NEWSLETTER_MSG.badUnsubscribeToken });
  });

  it('the issue uses "most read" when there are views, else the newest per category', async () => {
    const nl = t.app.services.newsletter;
    const second = await t.app.services.articles.create({
      title: 'Mest läst i går',
      content: '<p>Alla läste den här.</p>',
      category: 'SPORT',
      authorId: null,
      authorName: 'Redaktionen',
      featuredImage: null,
    });
    const newest = await nl.buildIssue(new Date('2031-05-01T06:00:00Z'));
    expect(newest.source).toBe('newest');
    expect(newest.articles.map((a) => a.title)).toEqual(['Mest läst i går', 'Älgen som lärde sig simma']);
    // Views today (real clock) make tomorrow's issue a "most read" one, only the viewed article;
    // comments are not reading (they weigh in the sidebar's "hottest" only).
    const { analytics } = t.app.services;
    const counted = analytics.recordPageView({
      path: `/article/${second.slug}`,
      tracking: '',
      articleId: second.id,
      searchEmpty: false,
      referer: undefined,
      host: 'localhost',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0',
      ip: '192.0.2.1',
      purpose: undefined,
    });
    expect(counted).toBe(true);
    const talked = await t.app.services.articles.create({
      title: 'Bara kommenterad',
      content: '<p>Många tyckte till.</p>',
      category: 'SPORT',
      authorId: null,
      authorName: 'Redaktionen',
      featuredImage: null,
    });
    for (let i = 0; i < 3; i++) analytics.recordComment(talked.id);
    await analytics.flush();
    const tomorrow = sendTimes(new Date(Date.now() + 86_400_000)).today;
    const top = await nl.buildIssue(tomorrow);
    expect(top.source).toBe('most-read');
    expect(top.articles.map((a) => a.title)).toEqual(['Mest läst i går']);
  });

  it('admin list of subscribers pages by id', async () => {
    const admin = await userWithToken(t, `listadmin-${dialect}`, 'admin');
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/admin/newsletter/subscribers',
      headers: admin.headers,
    });
    expect(first.statusCode).toBe(200);
    const emails = first.json().items.map((i: { email: string }) => i.email);
    expect(emails).toContain('karin@example.se');
    expect(first.json().next).toBeNull();
    const after = first.json().items[0].id;
    const rest = await t.app.inject({
      method: 'GET',
      url: `/api/admin/newsletter/subscribers?after=${after}&status=confirmed`,
      headers: admin.headers,
    });
    expect(
      rest.json().items.every((i: { id: number; status: string }) => i.id > after && i.status === 'confirmed'),
    ).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/newsletter/subscribers?after=-1', headers: admin.headers }))
        .statusCode,
    ).toBe(400);
  });

  describe('notifications by e-mail', () => {
    let writer: Awaited<ReturnType<typeof userWithToken>>;
    let reader: Awaited<ReturnType<typeof userWithToken>>;
    let other: Awaited<ReturnType<typeof userWithToken>>;
    let articleId: number;

    beforeAll(async () => {
      writer = await userWithToken(t, `skribent-${dialect}`, 'writer');
      reader = await userWithToken(t, `lasare-${dialect}`, 'user');
      other = await userWithToken(t, `svarare-${dialect}`, 'user');
      await t.app.services.users.updateProfile(reader.id, { email: 'lasare@example.se' });
      await t.app.services.users.updateProfile(writer.id, { email: 'skribent@example.se' });
      const a = await t.app.services.articles.create({
        title: 'Skribentens artikel',
        content: '<p>Text.</p>',
        category: 'KULTUR',
        authorId: writer.id,
        authorName: 'Skribent',
        featuredImage: null,
      });
      articleId = a.id;
    });

    const prefs = (who: { headers: Record<string, string> }) =>
      t.app.inject({ method: 'GET', url: '/api/profile/mail-notifications', headers: who.headers });
    const setPref = (who: { headers: Record<string, string> }, kind: string, enabled: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/profile/mail-notifications',
        headers: who.headers,
        payload: { kind, enabled },
      });
    const comment = async (
      who: { headers: Record<string, string> },
      content: string,
      parentId: number | null = null,
    ) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/comments',
        headers: who.headers,
        payload: { articleId, parentId, content },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const queued = () =>
      t.dbh.db.selectFrom('notification_mail_queue').selectAll().where('user_id', '=', reader.id).execute();

    it('opt-in per kind: off by default, on and off; readers do not get the writers-only kind', async () => {
      const r = await prefs(reader);
      expect(r.json()).toEqual({
        kinds: [
          { kind: 'comment_reply', label: 'Svar på min kommentar', enabled: false },
          { kind: 'role_decision', label: 'Mitt rollärende har avgjorts', enabled: false },
        ],
        has_email: true,
      });
      expect((await prefs(writer)).json().kinds.map((k: { kind: string }) => k.kind)).toEqual([
        'comment_reply',
        'article_comment',
        'role_decision',
        // issue 41: the writer's article was reviewed (writers and admins only)
        'review_decision',
      ]);
      expect((await setPref(reader, 'article_comment', true)).statusCode).toBe(403);
      const on = await setPref(reader, 'comment_reply', true);
      expect(on.statusCode).toBe(200);
      expect(on.json().kinds[0]).toEqual({ kind: 'comment_reply', label: 'Svar på min kommentar', enabled: true });
      // Off: a reply queues nothing.
      const mine = await comment(reader, 'Min kommentar');
      expect((await setPref(reader, 'comment_reply', false)).json().kinds[0].enabled).toBe(false);
      await comment(other, 'Ett svar när det var av', mine);
      expect(await queued()).toEqual([]);
      expect((await setPref(reader, 'comment_reply', true)).json().kinds[0].enabled).toBe(true);
      expect((await setPref(reader, 'nope', true)).statusCode).toBe(400);
    });

    it('batches: two replies within 15 minutes make one mail listing both; a later one makes a new mail', async () => {
      const nm = t.app.services.notificationMail;
      const mine = await comment(reader, 'Vad tycker ni?');
      const start = Date.now();
      await comment(other, 'Första svaret', mine);
      await comment(other, 'Andra svaret', mine);
      expect(await queued()).toHaveLength(2);
      expect(await nm.deliverDue(new Date(start + 14 * MINUTE))).toBe(0);
      expect(await nm.deliverDue(new Date(Date.now() + 15 * MINUTE + 1000))).toBe(1);
      const [mail] = await smtp.waitFor(1);
      expect(mail.subject).toBe('2 nya svar på dina kommentarer');
      expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('lasare@example.se');
      expect(mail.text).toContain('Första svaret');
      expect(mail.text).toContain('Andra svaret');
      expect(links(mail)).toContain(`${SITE}/notifications`);
      expect(links(mail).some((l) => l.startsWith(`${SITE}/article/skribentens-artikel#comment-`))).toBe(true);
      expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(await queued()).toEqual([]);
      // After the window: a new reply is a new mail (15 minutes after it came).
      await comment(other, 'Tredje svaret', mine);
      expect(await nm.deliverDue(new Date(Date.now() + 10 * MINUTE))).toBe(0);
      expect(await nm.deliverDue(new Date(Date.now() + 16 * MINUTE))).toBe(1);
      const got = await smtp.waitFor(2);
      expect(got[1].subject).toBe('Nytt svar på din kommentar');
      expect(got[1].text).toContain('Tredje svaret');
      expect(got[1].text).not.toContain('Första svaret');
    });

    it('notifications whose mail cannot be queued wait for the next pass (claim and mail commit together)', async () => {
      const nm = t.app.services.notificationMail;
      const mine = await comment(reader, 'Något att svara på');
      await comment(other, 'Ett svar som ska fram', mine);
      expect(await queued()).toHaveLength(1);
      const spy = vi.spyOn(t.app.services.mail, 'enqueue').mockRejectedValueOnce(new Error('disk full'));
      try {
        await expect(nm.deliverDue(new Date(Date.now() + 16 * MINUTE))).rejects.toThrow('disk full');
      } finally {
        spy.mockRestore();
      }
      expect(await queued()).toHaveLength(1);
      expect(await nm.deliverDue(new Date(Date.now() + 16 * MINUTE))).toBe(1);
      const [mail] = await smtp.waitFor(1);
      expect(mail.subject).toBe('Nytt svar på din kommentar');
      expect(mail.text).toContain('Ett svar som ska fram');
      expect(await queued()).toEqual([]);
    });

    it('the writer hears of comments on the article; the role decision kind; unsubscribe by kind', async () => {
      const nm = t.app.services.notificationMail;
      expect((await setPref(writer, 'article_comment', true)).statusCode).toBe(200);
      expect((await setPref(writer, 'role_decision', true)).statusCode).toBe(200);
      await comment(other, 'Bra skrivet!');
      await t.app.services.notifications.notify([writer.id], {
        type: 'admin_rejected',
        title: 'Din förfrågan om administratörsrättigheter avslogs',
        message: 'Inte nu.',
        actionUrl: '/profile',
      });
      expect(await nm.deliverDue(new Date(Date.now() + 16 * MINUTE))).toBe(2);
      const got = await smtp.waitFor(2);
      const bySubject = Object.fromEntries(got.map((m) => [m.subject, m]));
      expect(Object.keys(bySubject).sort()).toEqual(['Ditt rollärende har avgjorts', 'Ny kommentar på din artikel']);
      expect(bySubject['Ny kommentar på din artikel'].text).toContain('Bra skrivet!');
      const url = new URL(unsubscribeUrlOf(bySubject['Ny kommentar på din artikel']));
      const res = await t.app.inject({
        method: 'POST',
        url: `${url.pathname}${url.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        msg: NEWSLETTER_MSG.unsubscribedNotification(NOTIFICATION_MAIL_LABELS.article_comment),
      });
      const kinds = (await prefs(writer)).json().kinds;
      expect(kinds.find((k: { kind: string }) => k.kind === 'article_comment').enabled).toBe(false);
      expect(kinds.find((k: { kind: string }) => k.kind === 'role_decision').enabled).toBe(true);
      await comment(other, 'Ingen ska få mejl om den här');
      expect(await nm.deliverDue(new Date(Date.now() + 16 * MINUTE))).toBe(0);
      // A tampered token (another kind) is refused.
      const tampered = url.searchParams.get('token')?.replace('article_comment', 'role_decision');
      const bad = await t.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${tampered}` });
      expect(bad.statusCode).toBe(404);
    });

    it('export and erase of a person: subscriptions and opt-ins', async () => {
      await subscribeAndConfirm('lasare@example.se');
      const nl = t.app.services.newsletter;
      const nm = t.app.services.notificationMail;
      const exp = await nl.exportForUser(reader.id, 'lasare@example.se');
      expect(exp).toEqual([expect.objectContaining({ email: 'lasare@example.se', status: 'confirmed' })]);
      const mine = await comment(reader, 'Ännu en');
      await comment(other, 'Svar som väntar', mine);
      const e2 = await nm.exportForUser(reader.id);
      expect(e2.chosen.map((p) => p.kind)).toEqual(['comment_reply']);
      expect(e2.waiting.map((w) => w.message)).toEqual(['Svar som väntar']);
      await nl.eraseForUser(reader.id, 'lasare@example.se');
      await nm.eraseForUser(reader.id, 'lasare@example.se');
      expect(await subscriber('lasare@example.se')).toBeUndefined();
      expect(await nm.exportForUser(reader.id)).toEqual({ chosen: [], waiting: [] });
      expect(await nl.exportForUser(reader.id, 'lasare@example.se')).toEqual([]);
    });
  });
});
