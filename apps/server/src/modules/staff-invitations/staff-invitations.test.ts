import { STAFF_TEXT } from '@vaggen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp.js';

type Who = { id: number; headers: { authorization: string } };

/** Issue 41: admins invite staff by e-mail with a preset role. */
describe.each(dialects)('staff invitations on %s', (dialect) => {
  let t: TestApp;
  let admin: Who;
  const invite = (payload: object, who: Who = admin) =>
    t.app.inject({ method: 'POST', url: '/api/newsroom/staff-invitations', headers: who.headers, payload });
  let smtp: TestSmtp;
  /**
   * The link's token, from the mail as delivered (a real SMTP server: the outbox forgets an
   * invitation's body once it is sent, and that may happen before the test looks).
   */
  const tokenSentTo = async (email: string) => {
    const row = await t.dbh.db
      .selectFrom('mail_outbox')
      .select(['kind', 'subject'])
      .where('to_address', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.kind).toBe('staff-invitation');
    expect(row.subject).toBe(STAFF_TEXT.mailSubject);
    await t.app.services.mail.idle();
    const mail = smtp.received.filter((m) => JSON.stringify(m.to).includes(email)).at(-1);
    expect(mail?.subject).toBe(STAFF_TEXT.mailSubject);
    const m = /\/bli-medarbetare\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
    expect(m, mail?.text ?? '').not.toBeNull();
    return (m as RegExpExecArray)[1] as string;
  };

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp(dialect, { env: { SMTP_URL: smtp.url } });
    admin = await userWithToken(t, 'chefredaktor', 'admin', { fullName: 'Karin Chef' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('invites by e-mail; the link gives the logged-in account the role, once', async () => {
    const res = await invite({ email: ' Nya.Skribenten@Example.se ', role: 'writer' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      email: 'nya.skribenten@example.se',
      role: 'writer',
      invited_by_name: 'Karin Chef',
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/newsroom/staff-invitations', headers: admin.headers });
    expect(list.json().map((i: { email: string }) => i.email)).toContain('nya.skribenten@example.se');
    const token = await tokenSentTo('nya.skribenten@example.se');
    // only the hash is stored
    const stored = await t.dbh.db.selectFrom('staff_invitations').select('token_hash').execute();
    expect(stored.every((r) => r.token_hash !== token)).toBe(true);

    const preview = await t.app.inject({ method: 'GET', url: `/api/staff-invitations/${token}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ role: 'writer', invited_by_name: 'Karin Chef' });
    const reader = await userWithToken(t, 'blivandeskribent', 'user');
    const anon = await t.app.inject({ method: 'POST', url: `/api/staff-invitations/${token}/accept` });
    expect(anon.statusCode).toBe(401);
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/staff-invitations/${token}/accept`,
      headers: reader.headers,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ msg: 'Välkommen! Du är nu skribent.', account_type: 'writer' });
    const row = await t.dbh.db
      .selectFrom('users')
      .select('account_type')
      .where('id', '=', reader.id)
      .executeTakeFirst();
    expect(row?.account_type).toBe('writer');
    // used up: a second use and the preview are 404
    const again = await userWithToken(t, 'andraforsoket', 'user');
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/staff-invitations/${token}/accept`,
      headers: again.headers,
    });
    expect(twice.statusCode).toBe(404);
    expect(twice.json().msg).toBe(STAFF_TEXT.notFound);
    expect((await t.app.inject({ method: 'GET', url: `/api/staff-invitations/${token}` })).statusCode).toBe(404);
    const open = await t.app.inject({ method: 'GET', url: '/api/newsroom/staff-invitations', headers: admin.headers });
    expect(open.json().map((i: { email: string }) => i.email)).not.toContain('nya.skribenten@example.se');
  });

  it('one open invitation per address; revoked ones stop working; expired ones too', async () => {
    expect((await invite({ email: 'dubbel@example.se', role: 'admin' })).statusCode).toBe(201);
    const dup = await invite({ email: 'DUBBEL@example.se', role: 'writer' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe(STAFF_TEXT.alreadyPending);
    const token = await tokenSentTo('dubbel@example.se');
    const [open] = (
      await t.app.inject({ method: 'GET', url: '/api/newsroom/staff-invitations', headers: admin.headers })
    ).json();
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/newsroom/staff-invitations/${open.id}`,
      headers: admin.headers,
    });
    expect(del.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/staff-invitations/${token}` })).statusCode).toBe(404);
    // expired
    expect((await invite({ email: 'gammal@example.se', role: 'writer' })).statusCode).toBe(201);
    const old = await tokenSentTo('gammal@example.se');
    await t.dbh.db
      .updateTable('staff_invitations')
      .set({ expires_at: '2020-01-01T00:00:00.000Z' })
      .where('email', '=', 'gammal@example.se')
      .execute();
    expect((await t.app.inject({ method: 'GET', url: `/api/staff-invitations/${old}` })).statusCode).toBe(404);
  });

  it('bad input is a 400 with a message; only admins invite', async () => {
    const bad = await invite({ email: 'inte-en-adress', role: 'writer' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(STAFF_TEXT.badEmail);
    expect((await invite({ email: 'x@example.se', role: 'user' })).statusCode).toBe(400);
    expect((await invite({ role: 'writer' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff-invitations/kort' })).statusCode).toBe(400);
    const writer = await userWithToken(t, 'vanligskribent', 'writer');
    expect((await invite({ email: 'y@example.se', role: 'admin' }, writer)).statusCode).toBe(403);
  });
});
