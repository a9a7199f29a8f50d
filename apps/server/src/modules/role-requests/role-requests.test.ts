import type { Notification } from '@vaggen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';

type Who = Awaited<ReturnType<typeof userWithToken>>;

describe.each(dialects)('notifications and role requests on %s', (dialect) => {
  let t: TestApp;
  let user: Who;
  let writer: Who;
  let admin: Who;
  let admin2: Who;
  const call = (method: 'GET' | 'POST', url: string, who: Who | null, payload?: object) =>
    t.app.inject({ method, url, headers: who ? who.headers : {}, ...(payload ? { payload } : {}) });
  const notes = async (who: Who, q = '') => (await call('GET', `/api/notifications${q}`, who)).json() as Notification[];
  const relogin = async (who: Who, username: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password: `${username}-hemligt-losen` },
    });
    who.headers = { authorization: `Bearer ${res.json().access_token}` };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    user = await userWithToken(t, 'vanlig', 'user');
    writer = await userWithToken(t, 'skribenten', 'writer');
    admin = await userWithToken(t, 'admin1', 'admin');
    admin2 = await userWithToken(t, 'admin2', 'admin');
  });
  afterAll(() => t?.close());

  it('refuses blank motivations and requests nobody may make', async () => {
    const blank = await call('POST', '/api/user/request-writer', user, { message: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().msg).toContain('Vänligen ange en motivering till din förfrågan');
    expect((await call('POST', '/api/user/request-writer', writer, { message: 'igen' })).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/request', admin, { message: 'mer makt' })).statusCode).toBe(403);
    expect((await call('POST', '/api/user/request-writer', admin, { message: 'x' })).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/request', null, { message: 'x' })).statusCode).toBe(401);
  });

  it('sends a request to every admin as a pending notification; one pending per kind', async () => {
    const res = await call('POST', '/api/user/request-writer', user, { message: 'Jag skriver om lokal idrott.' });
    expect(res.statusCode).toBe(201);
    for (const a of [admin, admin2]) {
      const [n] = await notes(a);
      expect(n).toMatchObject({
        type: 'writer_request',
        title: 'vanlig Testsson (vanlig) vill bli skribent',
        message: 'Jag skriver om lokal idrott.',
        read: false,
        action_url: '/notifications',
      });
      expect(n.data).toMatchObject({ status: 'pending', request_id: res.json().id });
    }
    const again = await call('POST', '/api/user/request-writer', user, { message: 'igen' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('Du har redan en förfrågan som väntar på svar');
  });

  it('rejects with a reason (default when empty), tells the requester, who may ask again', async () => {
    const [n] = await notes(admin);
    const id = n.data.request_id as number;
    expect((await call('POST', `/api/user/request-writer/${id}/reject`, user, { reason: 'nej' })).statusCode).toBe(403);
    expect((await call('POST', `/api/user/request-writer/${id}/reject`, admin, { reason: '' })).statusCode).toBe(200);
    expect((await notes(admin2))[0].data).toMatchObject({
      status: 'rejected',
      reason: 'Request rejected by administrator',
    });
    const [mine] = await notes(user);
    expect(mine).toMatchObject({
      type: 'writer_rejected',
      message: 'Request rejected by administrator',
      action_url: '/profile',
    });
    expect(mine.data.status).toBe('rejected');
    expect((await call('POST', `/api/user/request-writer/${id}/reject`, admin, {})).statusCode).toBe(409);
    expect((await call('POST', '/api/admin/request/999999/approve', admin)).statusCode).toBe(404);
    const again = await call('POST', '/api/user/request-writer', user, { message: 'Andra försöket.' });
    expect(again.statusCode).toBe(201);
  });

  it('approves: the role changes at once and the requester is told', async () => {
    const pending = (await notes(admin)).find((n) => n.data.status === 'pending')!;
    const id = pending.data.request_id as number;
    // the admin endpoint does not handle writer requests
    expect((await call('POST', `/api/admin/request/${id}/approve`, admin)).statusCode).toBe(404);
    expect((await call('POST', `/api/user/request-writer/${id}/approve`, admin)).statusCode).toBe(200);
    // the old session no longer works; logging in again shows the new role
    expect((await call('GET', '/api/me', user)).statusCode).toBe(401);
    await relogin(user, 'vanlig');
    expect((await call('GET', '/api/me', user)).json().account_type).toBe('writer');
    const [n] = await notes(user);
    expect(n).toMatchObject({ type: 'writer_approved', title: 'Du är nu skribent' });
    // and now, as a writer, may ask for admin rights
    const adminReq = await call('POST', '/api/admin/request', user, { message: 'Jag vill redigera.' });
    expect(adminReq.statusCode).toBe(201);
    const r = (await notes(admin)).find((x) => x.type === 'admin_request')!;
    expect(
      (await call('POST', `/api/admin/request/${r.data.request_id}/reject`, admin, { reason: 'Inte nu.' })).statusCode,
    ).toBe(200);
    const [rej] = await notes(user);
    expect(rej).toMatchObject({ type: 'admin_rejected', message: 'Inte nu.' });
  });

  it('keeps notifications private: listing, counting, marking', async () => {
    const count = async (who: Who) => (await call('GET', '/api/notifications/unread-count', who)).json().unread_count;
    const adminUnread = await count(admin);
    expect(adminUnread).toBeGreaterThan(0);
    const [first] = await notes(admin);
    // someone else cannot mark it
    expect((await call('POST', `/api/notifications/${first.id}/mark-read`, user)).statusCode).toBe(404);
    expect((await call('POST', `/api/notifications/${first.id}/mark-read`, admin)).statusCode).toBe(200);
    expect(await count(admin)).toBe(adminUnread - 1);
    const unreadOnly = await notes(admin, '?unread=true');
    expect(unreadOnly.every((n) => !n.read)).toBe(true);
    expect(unreadOnly).toHaveLength(adminUnread - 1);
    expect(await notes(admin, '?limit=1')).toHaveLength(1);
    expect((await call('GET', '/api/notifications?limit=101', admin)).statusCode).toBe(400);
    const all = await call('POST', '/api/notifications/mark-all-read', admin);
    expect(all.json().updated).toBe(adminUnread - 1);
    expect(await count(admin)).toBe(0);
    expect(await count(admin2)).toBeGreaterThan(0);
    expect((await call('GET', '/api/notifications', null)).statusCode).toBe(401);
  });
});
