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
    const long = await call('POST', '/api/user/request-writer', user, { message: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toBe('Invalid request: message: Motiveringen får vara högst 2000 tecken');
    const reason = await call('POST', '/api/user/request-writer/1/reject', admin, { reason: 'x'.repeat(1001) });
    expect(reason.statusCode).toBe(400);
    expect(reason.json().msg).toBe('Invalid request: reason: Anledningen får vara högst 1000 tecken');
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

  it('approves an admin request: the writer becomes admin, every admin copy shows it, the requester is told', async () => {
    const w = await userWithToken(t, 'blivande-admin', 'writer');
    const sent = await call('POST', '/api/admin/request', w, { message: 'Jag vill ta ansvar för sporten.' });
    expect(sent.statusCode).toBe(201);
    const id = sent.json().id as number;
    const copy = (await notes(admin2)).find((n) => n.data.request_id === id)!;
    expect(copy).toMatchObject({
      type: 'admin_request',
      title: 'blivande-admin Testsson (blivande-admin) vill bli administratör',
    });
    expect(copy.data.status).toBe('pending');
    // the writer endpoint does not handle admin requests
    expect((await call('POST', `/api/user/request-writer/${id}/approve`, admin)).statusCode).toBe(404);
    expect((await call('POST', `/api/admin/request/${id}/approve`, admin)).statusCode).toBe(200);
    expect((await t.app.services.users.getById(w.id))?.account_type).toBe('admin');
    for (const a of [admin, admin2]) {
      const n = (await notes(a)).find((x) => x.data.request_id === id && x.type === 'admin_request')!;
      expect(n.data).toMatchObject({ status: 'approved', decided_by: 'admin1' });
    }
    await relogin(w, 'blivande-admin');
    const [told] = await notes(w);
    expect(told).toMatchObject({
      type: 'admin_approved',
      title: 'Du är nu administratör',
      action_url: '/admin',
      read: false,
    });
    expect(told.data.status).toBe('approved');
    // now an admin: may ask for nothing more
    expect((await call('POST', '/api/admin/request', w, { message: 'Mer?' })).statusCode).toBe(403);
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

  it('keeps one pending request per person and kind even when asked at once; one decision wins', async () => {
    const eager = await userWithToken(t, 'ivrig', 'user');
    const attempts = await Promise.all(
      Array.from({ length: 5 }, (_, i) => call('POST', '/api/user/request-writer', eager, { message: `Försök ${i}` })),
    );
    expect(attempts.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const r of attempts.filter((x) => x.statusCode === 409)) {
      expect(r.json().msg).toBe('Du har redan en förfrågan som väntar på svar');
    }
    // the same straight at the service, where nothing else spaces the calls out
    const account = (await t.app.services.users.getById(eager.id))!;
    const direct = await Promise.allSettled(
      Array.from({ length: 5 }, () => t.app.services.roleRequests.request('admin', account, 'Samtidigt')),
    );
    expect(direct.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(
      direct.map((r) => (r.status === 'rejected' ? (r.reason as { statusCode: number }).statusCode : 201)).sort(),
    ).toEqual([201, 409, 409, 409, 409]);
    const rows = await t.dbh.db
      .selectFrom('role_requests')
      .select(['id', 'kind', 'status'])
      .where('user_id', '=', eager.id)
      .execute();
    expect(rows.filter((r) => r.kind === 'writer' && r.status === 'pending')).toHaveLength(1);
    expect(rows.filter((r) => r.kind === 'admin' && r.status === 'pending')).toHaveLength(1);
    const writerId = Number(rows.find((r) => r.kind === 'writer')!.id);

    // two admins decide the same request at the same moment: exactly one decision is taken
    const [approved, rejected] = await Promise.all([
      call('POST', `/api/user/request-writer/${writerId}/approve`, admin),
      call('POST', `/api/user/request-writer/${writerId}/reject`, admin2, { reason: 'Nej' }),
    ]);
    expect([approved.statusCode, rejected.statusCode].sort()).toEqual([200, 409]);
    const row = await t.dbh.db
      .selectFrom('role_requests')
      .select('status')
      .where('id', '=', writerId)
      .executeTakeFirstOrThrow();
    const after = await t.app.services.users.getById(eager.id);
    const told = (await t.app.services.notifications.list(eager.id, { unread: false, limit: 50 })).map((n) => n.type);
    if (approved.statusCode === 200) {
      expect(row.status).toBe('approved');
      expect(after?.account_type).toBe('writer');
      expect(told).toEqual(['writer_approved']);
    } else {
      expect(row.status).toBe('rejected');
      expect(after?.account_type).toBe('user');
      expect(told).toEqual(['writer_rejected']);
    }
    // and straight at the service, on the admin request
    const adminReqId = Number(rows.find((r) => r.kind === 'admin')!.id);
    const [a1, a2] = [
      (await t.app.services.users.getById(admin.id))!,
      (await t.app.services.users.getById(admin2.id))!,
    ];
    const decided = await Promise.allSettled([
      t.app.services.roleRequests.reject('admin', adminReqId, a2, 'Nej tack'),
      t.app.services.roleRequests.approve('admin', adminReqId, a1),
    ]);
    expect(decided.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const final = await t.dbh.db
      .selectFrom('role_requests')
      .select(['status', 'reason'])
      .where('id', '=', adminReqId)
      .executeTakeFirstOrThrow();
    const role = (await t.app.services.users.getById(eager.id))?.account_type;
    if (decided[0].status === 'fulfilled') {
      expect(final).toEqual({ status: 'rejected', reason: 'Nej tack' });
      expect(role).not.toBe('admin');
    } else {
      expect(final.status).toBe('approved');
      expect(role).toBe('admin');
    }
  });

  it('answers 409, not 500, when a unique index on pending requests refuses a racing insert', async () => {
    // migration 006 adds the unique index on pending requests; the service maps its refusal to 409
    const racer = await userWithToken(t, 'kapplopare', 'user');
    const account = (await t.app.services.users.getById(racer.id))!;
    const svc = t.app.services.roleRequests as unknown as {
      requestNow(kind: 'writer', who: typeof account, message: string): Promise<{ id: number }>;
    };
    // straight past the in-process lock, as two server processes would
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => svc.requestNow('writer', account, 'Samtidigt')),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as { statusCode: number; message: string }).statusCode).toBe(409);
    }
    const pending = await t.dbh.db
      .selectFrom('role_requests')
      .select('id')
      .where('user_id', '=', racer.id)
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toHaveLength(1);
  });
});
