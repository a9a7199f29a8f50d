import { createHash } from 'node:crypto';
import { AUTH_MSG, USERS_MSG } from '@vaggen/contract';
import type { ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp.js';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe.each(dialects)('password reset and e-mail verification on %s', (dialect) => {
  let smtp: TestSmtp;
  let t: TestApp;
  let ip = 0;
  const nextIp = () => `10.21.${Math.floor(++ip / 250)}.${ip % 250}`;
  const post = (url: string, payload: object, headers: Record<string, string> = {}, remoteAddress = nextIp()) =>
    t.app.inject({ method: 'POST', url, payload, headers, remoteAddress });
  const forgot = (email: string, remoteAddress = nextIp()) =>
    post('/api/auth/forgot-password', { email }, {}, remoteAddress);
  const reset = (token: string, password: string) => post('/api/auth/reset-password', { token, password });
  const login = (username: string, password: string) => post('/api/login', { username, password });
  /** Every mail queued so far, delivered to the test's SMTP server. */
  const delivered = async () => {
    await t.app.services.auth.settled();
    await t.app.services.mail.idle();
    return smtp.received;
  };
  const tokenIn = (mail: ParsedMail, path: string) => {
    const m = new RegExp(`https://vaggen\\.test${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text ?? '');
    if (!m) throw new Error(`no ${path} link in: ${mail.text}`);
    return m[1];
  };
  const makeAccount = async (username: string, email: string | undefined, password = 'gammalt-losen-123') => {
    const id = await t.app.services.users.create({ username, password, email, account_type: 'user' });
    const res = await login(username, password);
    expect(res.statusCode, res.body).toBe(200);
    return { id, headers: { authorization: `Bearer ${res.json().access_token}` } };
  };

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp(dialect, { env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://vaggen.test' } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  afterEach(async () => {
    await delivered();
    smtp.received.length = 0;
  });

  describe('forgot password', () => {
    it('answers a known and an unknown address identically; only the known one gets a mail', async () => {
      await makeAccount('karin', 'Karin@Example.se');
      const known = await forgot('karin@example.se');
      const unknown = await forgot('ingen@example.se');
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual({ msg: AUTH_MSG.forgotPasswordSent });
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.body).toBe(known.body);
      expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
      expect(unknown.headers['content-length']).toBe(known.headers['content-length']);

      const mails = await delivered();
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail.to && !Array.isArray(mail.to) ? mail.to.value[0].address?.toLowerCase() : '').toBe(
        'karin@example.se',
      );
      expect(mail.subject).toBe('Välj ett nytt lösenord för Väggen');
      expect(mail.text).toContain('Hej karin!');
      expect(mail.text).toContain('Länken gäller i 60 minuter');
      // what the mail says, in words a reader can act on
      expect(mail.html).toContain('Välj ett nytt lösenord</h1>');
      expect(mail.text).toContain(
        'Någon – förhoppningsvis du – har bett om att få välja ett nytt lösenord för ditt konto på Väggen ' +
          '(användarnamn: karin). Klicka på knappen för att välja ett nytt lösenord.',
      );
      expect(mail.text).toContain('Var det inte du? Då kan du strunta i det här mejlet. Ditt lösenord ändras inte.');
      expect(mail.html).toContain('Välj nytt lösenord</a>');
      const token = tokenIn(mail, '/aterstall-losenord');
      expect(mail.html).toContain(`href="https://vaggen.test/aterstall-losenord?token=${token}"`);
      expect(mail.headerLines.filter((h) => h.key.startsWith('list-'))).toEqual([]);
      // Only the token's hash is stored, and the link lives 60 minutes.
      const rows = await t.dbh.db.selectFrom('account_tokens').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0].token_hash).toBe(sha256(token));
      expect(JSON.stringify(rows)).not.toContain(token);
      // The sent mail's body (with the link) is not kept in the outbox either.
      const outbox = await t.dbh.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('kind', '=', 'password-reset')
        .execute();
      expect(outbox.map((r) => [r.status, r.html, r.text])).toEqual([['sent', '', '']]);
      expect(Date.parse(rows[0].expires_at) - Date.parse(rows[0].created_at)).toBe(60 * 60_000);

      // The address is matched whatever its letter case.
      smtp.received.length = 0;
      expect((await forgot('KARIN@EXAMPLE.SE')).json()).toEqual({ msg: AUTH_MSG.forgotPasswordSent });
      expect((await delivered()).map((m) => m.subject)).toEqual(['Välj ett nytt lösenord för Väggen']);
    });

    it('refuses a malformed address with a clear 400', async () => {
      for (const email of ['', 'karin', 'karin@example']) {
        const res = await forgot(email);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ msg: USERS_MSG.invalidEmail });
      }
    });

    it('sends an account at most 3 reset mails an hour, answering every request the same', async () => {
      await makeAccount('flitig', 'flitig@example.se');
      for (let i = 0; i < 4; i++) {
        const res = await forgot('flitig@example.se');
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ msg: AUTH_MSG.forgotPasswordSent });
      }
      expect(await delivered()).toHaveLength(3);
    });

    it('limits requests per address (known or not) and per client with a Swedish 429', async () => {
      await makeAccount('begransad', 'begransad@example.se');
      for (const email of ['begransad@example.se', 'okand@example.se']) {
        for (let i = 0; i < 5; i++) expect((await forgot(email)).statusCode).toBe(200);
        const sixth = await forgot(email);
        expect(sixth.statusCode).toBe(429);
        expect(sixth.json()).toEqual({ msg: AUTH_MSG.tooManyResetRequests });
        expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(3000);
      }
      const client = '10.99.0.1';
      for (let i = 0; i < 20; i++) expect((await forgot(`klient${i}@example.se`, client)).statusCode).toBe(200);
      const over = await forgot('klient-sista@example.se', client);
      expect(over.statusCode).toBe(429);
      expect(over.json()).toEqual({ msg: AUTH_MSG.tooManyResetRequests });
      expect((await forgot('klient-sista@example.se')).statusCode).toBe(200); // another client
    });
  });

  describe('reset password', () => {
    const linkFor = async (email: string) => {
      smtp.received.length = 0;
      expect((await forgot(email)).statusCode).toBe(200);
      const mails = await delivered();
      expect(mails).toHaveLength(1);
      return tokenIn(mails[0], '/aterstall-losenord');
    };

    it('sets the new password, revokes every session and works only once', async () => {
      const who = await makeAccount('glomsk', 'glomsk@example.se');
      const other = await login('glomsk', 'gammalt-losen-123'); // a second browser
      const token = await linkFor('glomsk@example.se');
      const res = await reset(token, 'mitt-nya-fina-losen');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ msg: AUTH_MSG.passwordResetDone });
      // Every session is gone.
      for (const h of [who.headers, { authorization: `Bearer ${other.json().access_token}` }]) {
        expect((await t.app.inject({ url: '/api/me', headers: h })).statusCode).toBe(401);
      }
      expect((await login('glomsk', 'gammalt-losen-123')).statusCode).toBe(401);
      expect((await login('glomsk', 'mitt-nya-fina-losen')).statusCode).toBe(200);
      // Single use.
      const again = await reset(token, 'ett-tredje-losenord');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ msg: AUTH_MSG.resetLinkInvalid });
      expect((await login('glomsk', 'ett-tredje-losenord')).statusCode).toBe(401);
    });

    it('a link used twice at the same moment works once', async () => {
      await makeAccount('samtidig', 'samtidig@example.se');
      smtp.received.length = 0;
      await forgot('samtidig@example.se');
      const token = tokenIn((await delivered())[0], '/aterstall-losenord');
      const both = await Promise.all([reset(token, 'samtidig-forsta-1'), reset(token, 'samtidig-andra-22')]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      expect(both.find((r) => r.statusCode === 400)?.json()).toEqual({ msg: AUTH_MSG.resetLinkInvalid });
      const winner = both[0].statusCode === 200 ? 'samtidig-forsta-1' : 'samtidig-andra-22';
      expect((await login('samtidig', winner)).statusCode).toBe(200);
    });

    it('refuses an expired link', async () => {
      await makeAccount('sen', 'sen@example.se');
      const token = await linkFor('sen@example.se');
      await t.dbh.db
        .updateTable('account_tokens')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('token_hash', '=', sha256(token))
        .execute();
      const res = await reset(token, 'mitt-nya-fina-losen');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: AUTH_MSG.resetLinkInvalid });
      expect((await login('sen', 'gammalt-losen-123')).statusCode).toBe(200);
    });

    it('ends the other open links of the account when one is used', async () => {
      await makeAccount('tvalankar', 'tva@example.se');
      const first = await linkFor('tva@example.se');
      const second = await linkFor('tva@example.se');
      expect((await reset(second, 'mitt-nya-fina-losen')).statusCode).toBe(200);
      const old = await reset(first, 'ett-annat-nytt-losen');
      expect(old.statusCode).toBe(400);
      expect(old.json()).toEqual({ msg: AUTH_MSG.resetLinkInvalid });
    });

    it('applies the registration password rules and names a missing or unknown token', async () => {
      await makeAccount('regler', 'regler@example.se');
      const token = await linkFor('regler@example.se');
      const cases: [object, string][] = [
        [{ token, password: 'kort' }, USERS_MSG.passwordTooShort],
        [{ token, password: 'x'.repeat(257) }, USERS_MSG.passwordTooLong],
        [{ token, password: 'password123' }, USERS_MSG.passwordCommon],
        [{ token: '', password: 'mitt-nya-fina-losen' }, AUTH_MSG.resetLinkMissing],
        [{ password: 'mitt-nya-fina-losen' }, AUTH_MSG.resetLinkMissing],
        [{ token: 'hittepa', password: 'mitt-nya-fina-losen' }, AUTH_MSG.resetLinkInvalid],
      ];
      for (const [body, msg] of cases) {
        const res = await post('/api/auth/reset-password', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toEqual({ msg });
      }
      // The link survived the refused attempts.
      expect((await reset(token, 'mitt-nya-fina-losen')).statusCode).toBe(200);
    });
  });

  describe('e-mail verification', () => {
    let admin: Awaited<ReturnType<typeof userWithToken>>;
    let articleId: number;
    const setRequired = async (on: boolean) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/mail/settings',
        headers: admin.headers,
        payload: { require_email_verification: on },
      });
      expect(res.statusCode).toBe(200);
    };
    const comment = (headers: Record<string, string>, content = 'En kommentar.') =>
      post('/api/comments', { articleId, content }, headers);
    const register = async (username: string, email?: string) => {
      const res = await post('/api/register', {
        username,
        password: 'registrerat-losen-1',
        ...(email ? { email } : {}),
      });
      expect(res.statusCode, res.body).toBe(201);
      const session = await login(username, 'registrerat-losen-1');
      return { headers: { authorization: `Bearer ${session.json().access_token}` } };
    };

    beforeAll(async () => {
      admin = await userWithToken(t, 'epostadmin', 'admin');
      articleId = (
        await t.app.services.articles.create({
          title: 'Verifierad debatt',
          content: 'Text.',
          category: 'NYHETER',
          authorId: admin.id,
          authorName: 'Admin',
          featuredImage: null,
        })
      ).id;
    });
    afterAll(() => setRequired(false));

    it('off (the default): a new account gets no mail and comments at once', async () => {
      const who = await register('utanverifiering', 'utan@example.se');
      expect(await delivered()).toHaveLength(0);
      expect((await comment(who.headers)).statusCode).toBe(201);
      const state = await t.app.inject({ url: '/api/auth/email-verification', headers: who.headers });
      expect(state.json()).toEqual({ required: false, verified: true, email: 'utan@example.se' });
    });

    it('on: a new account confirms its e-mail before commenting; old accounts and visitors are unaffected', async () => {
      const old = await makeAccount('gammalkund', 'gammal@example.se');
      await setRequired(true);
      const who = await register('nykund', 'ny@example.se');
      const [mail] = await delivered();
      expect(mail.subject).toBe('Bekräfta din e-postadress på Väggen');
      expect(mail.text).toContain('Länken gäller i 48 timmar.');
      expect(mail.html).toContain('Bekräfta din e-postadress</h1>');
      expect(mail.text).toContain('Hej nykund!');
      expect(mail.text).toContain(
        'Tack för att du skapade ett konto på Väggen. Bekräfta att det här är din e-postadress, så kan du börja kommentera.',
      );
      expect(mail.text).toContain('Har du inte skapat något konto? Då kan du strunta i det här mejlet.');
      expect(mail.html).toContain('Bekräfta e-postadressen</a>');
      const token = tokenIn(mail, '/verifiera-epost');
      const row = await t.dbh.db
        .selectFrom('account_tokens')
        .selectAll()
        .where('token_hash', '=', sha256(token))
        .executeTakeFirstOrThrow();
      expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(48 * 3600_000);

      const state = await t.app.inject({ url: '/api/auth/email-verification', headers: who.headers });
      expect(state.json()).toEqual({ required: true, verified: false, email: 'ny@example.se' });
      const refused = await comment(who.headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ msg: AUTH_MSG.emailNotVerified });
      // Existing accounts, accounts without e-mail and visitors comment as before.
      expect((await comment(old.headers)).statusCode).toBe(201);
      expect((await comment((await register('utanepost')).headers)).statusCode).toBe(201);
      const visitor = await post('/api/comments', {
        articleId,
        content: 'Hej',
        name: 'Besökare',
        email: 'b@example.se',
      });
      expect(visitor.statusCode).toBe(201);

      // "Skicka igen": a second link; either confirms.
      smtp.received.length = 0;
      const resend = await post('/api/auth/resend-verification', {}, who.headers);
      expect(resend.statusCode).toBe(200);
      expect(resend.json()).toEqual({ msg: AUTH_MSG.verificationSent });
      const [again] = await delivered();
      expect(tokenIn(again, '/verifiera-epost')).not.toBe(token);

      const ok = await post('/api/auth/verify-email', { token });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ msg: AUTH_MSG.emailVerified });
      expect((await comment(who.headers)).statusCode).toBe(201);
      const used = await post('/api/auth/verify-email', { token });
      expect(used.statusCode).toBe(400);
      expect(used.json()).toEqual({ msg: AUTH_MSG.verifyLinkInvalid });
      const resendDone = await post('/api/auth/resend-verification', {}, who.headers);
      expect(resendDone.json()).toEqual({ msg: AUTH_MSG.alreadyVerified });
    });

    it('limits resends to 3 an hour and lets unverified accounts comment again when turned off', async () => {
      await setRequired(true);
      const who = await register('ivrig', 'ivrig@example.se'); // mail 1
      for (let i = 0; i < 2; i++)
        expect((await post('/api/auth/resend-verification', {}, who.headers)).statusCode).toBe(200);
      const fourth = await post('/api/auth/resend-verification', {}, who.headers);
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json()).toEqual({ msg: AUTH_MSG.tooManyVerificationMails });
      expect(await delivered()).toHaveLength(3);
      expect((await comment(who.headers)).statusCode).toBe(403);
      await setRequired(false);
      expect((await comment(who.headers)).statusCode).toBe(201);
    });

    it('an unconfirmed account that removed its e-mail is asked to add one; the mail is queued as verify-email', async () => {
      await setRequired(true);
      const who = await register('tappadepost', 'tappad@example.se');
      expect((await delivered()).map((m) => (m.to && !Array.isArray(m.to) ? m.to.text : ''))).toEqual([
        'tappad@example.se',
      ]);
      const queued = await t.dbh.db
        .selectFrom('mail_outbox')
        .select(['kind', 'to_address'])
        .where('to_address', '=', 'tappad@example.se')
        .execute();
      expect(queued).toEqual([{ kind: 'verify-email', to_address: 'tappad@example.se' }]);
      const removed = await t.app.inject({
        method: 'PUT',
        url: '/api/profile',
        headers: who.headers,
        payload: { email: null },
      });
      expect(removed.statusCode, removed.body).toBe(200);
      const resend = await post('/api/auth/resend-verification', {}, who.headers);
      expect(resend.statusCode).toBe(400);
      expect(resend.json()).toEqual({ msg: AUTH_MSG.noEmailToVerify });
      await setRequired(false);
    });

    it('a link for an address the account no longer has confirms nothing', async () => {
      await setRequired(true);
      const who = await register('bytare', 'forsta@example.se');
      const token = tokenIn((await delivered())[0], '/verifiera-epost');
      const changed = await t.app.inject({
        method: 'PUT',
        url: '/api/profile',
        headers: who.headers,
        payload: { email: 'andra@example.se' },
      });
      expect(changed.statusCode).toBe(200);
      const res = await post('/api/auth/verify-email', { token });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: AUTH_MSG.verifyLinkInvalid });
    });

    it('a changed e-mail is confirmed again before commenting; the same address, another case or none changes nothing', async () => {
      await setRequired(true);
      const who = await makeAccount('flyttare', 'gamla@example.se'); // an old, confirmed account
      expect((await comment(who.headers)).statusCode).toBe(201);
      const profile = (email: string | null) =>
        t.app.inject({ method: 'PUT', url: '/api/profile', headers: who.headers, payload: { email } });
      await delivered();
      smtp.received.length = 0;
      // The same address in other letters: still confirmed, no mail.
      expect((await profile('Gamla@Example.se')).statusCode).toBe(200);
      expect(await delivered()).toHaveLength(0);
      expect((await comment(who.headers)).statusCode).toBe(201);
      // A new address: a link to it, and no comments until it is confirmed.
      expect((await profile('nya@example.se')).statusCode).toBe(200);
      const [mail] = await delivered();
      expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('nya@example.se');
      expect(mail.subject).toBe('Bekräfta din e-postadress på Väggen');
      const state = await t.app.inject({ url: '/api/auth/email-verification', headers: who.headers });
      expect(state.json()).toEqual({ required: true, verified: false, email: 'nya@example.se' });
      const refused = await comment(who.headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ msg: AUTH_MSG.emailNotVerified });
      expect((await post('/api/auth/verify-email', { token: tokenIn(mail, '/verifiera-epost') })).statusCode).toBe(200);
      expect((await comment(who.headers)).statusCode).toBe(201);
      // Verification off: a change asks for nothing.
      await setRequired(false);
      smtp.received.length = 0;
      expect((await profile('tredje@example.se')).statusCode).toBe(200);
      expect(await delivered()).toHaveLength(0);
      expect((await comment(who.headers)).statusCode).toBe(201);
      await setRequired(true);
      expect((await comment(who.headers)).statusCode).toBe(201);
    });

    it('a password reset confirms the address it was sent to', async () => {
      await setRequired(true);
      const who = await register('aterstallare', 'aterstall@example.se');
      await delivered();
      smtp.received.length = 0;
      await forgot('aterstall@example.se');
      const token = tokenIn((await delivered())[0], '/aterstall-losenord');
      expect((await reset(token, 'mitt-nya-fina-losen')).statusCode).toBe(200);
      const session = await login('aterstallare', 'mitt-nya-fina-losen');
      const headers = { authorization: `Bearer ${session.json().access_token}` };
      expect((await comment(headers)).statusCode).toBe(201);
      expect((await t.app.inject({ url: '/api/me', headers: who.headers })).statusCode).toBe(401);
    });

    it('a reset sent before the address changed confirms neither address', async () => {
      await setRequired(true);
      const who = await register('bytte_adress', 'forst@example.se');
      await delivered();
      smtp.received.length = 0;
      await forgot('forst@example.se');
      const token = tokenIn((await delivered())[0], '/aterstall-losenord');
      const moved = await t.app.inject({
        method: 'PUT',
        url: '/api/profile',
        headers: who.headers,
        payload: { email: 'sedan@example.se' },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((await reset(token, 'bytte-adress-nytt-1')).statusCode).toBe(200);
      const session = await login('bytte_adress', 'bytte-adress-nytt-1');
      const headers = { authorization: `Bearer ${session.json().access_token}` };
      const state = await t.app.inject({ url: '/api/auth/email-verification', headers });
      expect(state.json()).toEqual({ required: true, verified: false, email: 'sedan@example.se' });
      expect((await comment(headers)).statusCode).toBe(403);
      await setRequired(false);
    });

    it('the reset limit per address counts an address in any letter case and with spaces around', async () => {
      for (const email of [
        'Skiftlage@example.se',
        'SKIFTLAGE@example.se',
        ' skiftlage@example.se ',
        'skiftlage@EXAMPLE.se',
        'skiftlage@example.se',
      ])
        expect((await forgot(email)).statusCode).toBe(200);
      const sixth = await forgot('SKIFTLAGE@EXAMPLE.SE');
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json()).toEqual({ msg: AUTH_MSG.tooManyResetRequests });
    });
  });
});
