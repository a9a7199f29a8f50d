import type { Notification } from '@vaggen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';

type Who = { headers: { authorization: string } };

/** Rules of role requests the other tests leave open (found by mutation testing), through HTTP. */
describe.each(dialects)('role request rules on %s', (dialect) => {
  let t: TestApp;
  let admin: Who;
  let ip = 0;
  const post = (url: string, who: Who | null, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
  const notes = async (who: Who) =>
    (await t.app.inject({ url: '/api/notifications?limit=100', headers: who.headers })).json() as Notification[];
  const mine = async (who: Who) =>
    (await t.app.inject({ url: '/api/role-requests/mine', headers: who.headers })).json() as {
      id: number;
      kind: string;
      message: string;
      status: string;
      reason: string | null;
    }[];
  /** Registers through the API (no full name unless given) and logs in. */
  const person = async (username: string, full_name?: string): Promise<Who> => {
    const password = `${username}-losenord`;
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: `10.34.0.${++ip}`,
      payload: { username, password, ...(full_name ? { full_name } : {}) },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    return login(username);
  };
  const login = async (username: string): Promise<Who> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password: `${username}-losenord` },
    });
    return { headers: { authorization: `Bearer ${res.json().access_token}` } };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await userWithToken(t, 'rr_admin', 'admin');
  });
  afterAll(() => t?.close());

  it('names a requester without a full name by username alone, and trims the motivation', async () => {
    const p = await person('bara_anvandarnamn');
    const res = await post('/api/admin/request', p, { message: '  Jag vill hjälpa till.  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), msg: 'Din förfrågan har skickats' });
    const n = (await notes(admin)).find((x) => x.data.request_id === res.json().id);
    expect(n).toMatchObject({
      type: 'admin_request',
      title: 'bara_anvandarnamn vill bli administratör',
      message: 'Jag vill hjälpa till.',
      data: { status: 'pending', kind: 'admin', requester_username: 'bara_anvandarnamn' },
    });
    expect((await mine(p))[0]).toMatchObject({ kind: 'admin', message: 'Jag vill hjälpa till.', status: 'pending' });
  });

  it('lists the requester’s own requests newest first, and only theirs', async () => {
    const p = await person('flera_fragor', 'Flera Frågor');
    const w = (await post('/api/user/request-writer', p, { message: 'Först skribent.' })).json().id;
    const a = (await post('/api/admin/request', p, { message: 'Sedan admin.' })).json().id;
    const list = await mine(p);
    expect(list.map((r) => r.id)).toEqual([a, w]);
    const other = await person('annan_person');
    expect(await mine(other)).toEqual([]);
  });

  it('never demotes: approving a writer request of someone who became admin meanwhile keeps them admin', async () => {
    const p = await person('blir_admin', 'Blir Admin');
    const w = (await post('/api/user/request-writer', p, { message: 'Skribent, tack.' })).json().id;
    const a = (await post('/api/admin/request', p, { message: 'Admin, tack.' })).json().id;
    expect((await post(`/api/admin/request/${a}/approve`, admin)).statusCode).toBe(200);
    const asAdmin = await login('blir_admin');
    expect((await t.app.inject({ url: '/api/me', headers: asAdmin.headers })).json().account_type).toBe('admin');
    const ok = await post(`/api/user/request-writer/${w}/approve`, admin);
    expect(ok.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/me', headers: asAdmin.headers });
    expect(me.statusCode).toBe(200); // no role change, so the session lives on
    expect(me.json().account_type).toBe('admin');
    expect((await mine(asAdmin)).find((r) => r.id === w)?.status).toBe('approved');
    const told = (await notes(asAdmin)).find((x) => x.type === 'writer_approved');
    expect(told).toMatchObject({ title: 'Du är nu skribent', action_url: '/admin' });
  });

  it('answers a missing, a wrong-kind and a decided request with their messages', async () => {
    const p = await person('beslutad');
    const id = (await post('/api/user/request-writer', p, { message: 'Snälla.' })).json().id;
    for (const url of [
      '/api/user/request-writer/987654/approve',
      '/api/user/request-writer/987654/reject',
      `/api/admin/request/${id}/approve`,
      `/api/admin/request/${id}/reject`,
    ]) {
      const res = await post(url, admin, url.endsWith('reject') ? { reason: 'Nej' } : undefined);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ msg: 'Förfrågan finns inte' });
    }
    const rejected = await post(`/api/user/request-writer/${id}/reject`, admin, { reason: '  Inte just nu.  ' });
    expect(rejected.statusCode).toBe(200);
    expect((await mine(p))[0]).toMatchObject({ status: 'rejected', reason: 'Inte just nu.' });
    const told = (await notes(p)).find((x) => x.type === 'writer_rejected');
    expect(told).toMatchObject({
      title: 'Din förfrågan om att bli skribent avslogs',
      message: 'Inte just nu.',
      action_url: '/profile',
      data: { status: 'rejected', reason: 'Inte just nu.', kind: 'writer', request_id: id },
    });
    const adminCopy = (await notes(admin)).find((x) => x.data.request_id === id);
    expect(adminCopy?.data).toMatchObject({ status: 'rejected', reason: 'Inte just nu.', decided_by: 'rr_admin' });
    for (const action of ['approve', 'reject']) {
      const again = await post(`/api/user/request-writer/${id}/${action}`, admin, { reason: 'x' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ msg: 'Förfrågan är redan behandlad' });
    }
    // a rejected request no longer blocks a new one
    expect((await post('/api/user/request-writer', p, { message: 'Igen.' })).statusCode).toBe(201);
  });
});
