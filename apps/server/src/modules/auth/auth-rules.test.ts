import { AUTH_MSG, PRIVACY_MSG, USERS_MSG } from '@vaggen/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';
import { DEVICE_COOKIE } from './service.js';

/** Rules of the auth module the other tests left open (found by mutation testing), through HTTP. */
describe.each(dialects)('auth rules on %s', (dialect) => {
  let t: TestApp;
  let ip = 0;
  const nextIp = () => `10.36.${Math.floor(++ip / 250)}.${ip % 250}`;
  const login = (username: string, password: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: nextIp(),
      headers: cookie ? { cookie } : {},
      payload: { username, password },
    });

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t?.close());

  it('a stored password hash that cannot be read lets nobody in, nor change the password or delete the account', async () => {
    const who = await userWithToken(t, 'trasig_hash', 'user');
    await t.dbh.db.updateTable('users').set({ password_hash: 'inte-en-hash' }).where('id', '=', who.id).execute();
    const res = await login('trasig_hash', who.password);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ msg: AUTH_MSG.badCredentials });
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/password',
      headers: who.headers,
      payload: { current_password: who.password, new_password: 'ett-helt-nytt-losen' },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json()).toEqual({ msg: USERS_MSG.passwordWrong });
    const erase = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile',
      headers: who.headers,
      payload: { password: who.password, comments: 'keep' },
    });
    expect(erase.statusCode).toBe(400);
    expect(erase.json()).toEqual({ msg: PRIVACY_MSG.passwordWrong });
    expect(await t.app.services.auth.verifyPassword(987_654, who.password)).toBe(false);
  });

  it('a device cookie that is not ours, cut short or too long is ignored, never a 500', async () => {
    const who = await userWithToken(t, 'kakmonster', 'user');
    for (const value of [
      'abc',
      'abc.def',
      'abc..sig',
      '.nonce.sig',
      'a'.repeat(301),
      `${'a'.repeat(150)}.${'b'.repeat(150)}.c`,
    ]) {
      const res = await login('kakmonster', who.password, `${DEVICE_COOKIE}=${value}`);
      expect(res.statusCode, value).toBe(200);
      expect(res.json().username).toBe('kakmonster');
    }
  });

  it('a username that is a staff member’s display name is reserved', async () => {
    await userWithToken(t, 'redaktor_x', 'writer', { fullName: 'Nyhetsdesken' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: nextIp(),
      payload: { username: 'NYHETSDESKEN', password: 'nyhets-losen-1' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ msg: USERS_MSG.reservedName });
  });

  it('a reset for an address without an account starts no mail work; failing mail work is reported, never answered', async () => {
    const { auth, mail } = t.app.services;
    const errors: unknown[] = [];
    const before = auth.onBackgroundError;
    auth.onBackgroundError = (err) => errors.push(err);
    const forgot = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress: nextIp(), payload: { email } });
    try {
      expect((await forgot('ingen-alls@example.se')).json()).toEqual({ msg: AUTH_MSG.forgotPasswordSent });
      await auth.settled();
      expect(errors).toEqual([]);
      await t.app.services.users.create({
        username: 'postlos',
        password: 'postlos-losen-1',
        email: 'postlos@example.se',
      });
      const enqueue = vi.spyOn(mail, 'enqueue').mockRejectedValueOnce(new Error('the outbox is down'));
      const res = await forgot('postlos@example.se');
      expect([res.statusCode, res.json()]).toEqual([200, { msg: AUTH_MSG.forgotPasswordSent }]);
      await auth.settled();
      expect(enqueue).toHaveBeenCalledTimes(1);
      expect(errors.map((e) => (e as Error).message)).toEqual(['the outbox is down']);
      enqueue.mockRestore();
    } finally {
      auth.onBackgroundError = before;
    }
  });

  it('the download of one’s data marks only the session it was asked from as current', async () => {
    const who = await userWithToken(t, 'tva_sessioner', 'user');
    const second = await login('tva_sessioner', who.password);
    expect(second.statusCode).toBe(200);
    const sessions = await t.app.services.auth.exportForUser(who.id, second.json().access_token);
    expect(sessions).toHaveLength(2);
    expect(sessions.map((s) => s.current).sort()).toEqual([false, true]);
    expect((await t.app.services.auth.exportForUser(who.id, null)).map((s) => s.current)).toEqual([false, false]);
  });

  it('a password change without a session to keep ends them all; a missing account is 404', async () => {
    const { auth } = t.app.services;
    const who = await userWithToken(t, 'byter_allt', 'user');
    await auth.changePassword(who.id, who.password, 'byter-allt-nytt-1', null);
    const me = await t.app.inject({ url: '/api/me', headers: who.headers });
    expect(me.statusCode).toBe(401);
    expect((await login('byter_allt', 'byter-allt-nytt-1')).statusCode).toBe(200);
    await expect(auth.changePassword(987_654, 'x', 'y-y-y-y-y-y', null)).rejects.toMatchObject({
      statusCode: 404,
      message: USERS_MSG.userNotFound,
    });
  });
});
