import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';

type Who = Awaited<ReturnType<typeof userWithToken>>;

/**
 * Spec 000 §6: only admins approve or reject writer and admin requests. Every other role is refused
 * with an exact status and message, and the request stays pending and the requester's role unchanged.
 */
describe.each(dialects)('who may decide role requests, on %s', (dialect) => {
  let t: TestApp;
  let asker: Who;
  let writerAsker: Who;
  let otherUser: Who;
  let writer: Who;
  let admin: Who;
  const post = (url: string, who: Who | null, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
  const mine = async (who: Who) =>
    (await t.app.inject({ url: '/api/role-requests/mine', headers: who.headers })).json() as {
      id: number;
      status: string;
      reason: string | null;
    }[];
  const role = async (who: Who) => (await t.app.inject({ url: '/api/me', headers: who.headers })).json().account_type;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    asker = await userWithToken(t, 'fragande', 'user');
    writerAsker = await userWithToken(t, 'fragande_skribent', 'writer');
    otherUser = await userWithToken(t, 'annan_lasare', 'user');
    writer = await userWithToken(t, 'skribent_x', 'writer');
    admin = await userWithToken(t, 'beslutare', 'admin');
  });
  afterAll(() => t?.close());

  const refusals = async (path: string, id: number, requester: Who) => {
    for (const action of ['approve', 'reject'] as const) {
      const url = `${path}/${id}/${action}`;
      const body = action === 'reject' ? { reason: 'Nej.' } : undefined;
      const anon = await post(url, null, body);
      expect(anon.statusCode, url).toBe(401);
      expect(anon.json()).toEqual({ msg: 'Du måste logga in' });
      for (const who of [otherUser, writer, requester]) {
        const res = await post(url, who, body);
        expect(res.statusCode, `${url} as ${who.id}`).toBe(403);
        expect(res.json()).toEqual({ msg: 'Du har inte behörighet för detta' });
      }
    }
    expect((await mine(requester)).find((r) => r.id === id)).toMatchObject({ status: 'pending', reason: null });
  };

  it('refuses a writer request to visitors, users, writers and the requester; an admin approves it', async () => {
    const req = await post('/api/user/request-writer', asker, { message: 'Jag vill skriva.' });
    expect(req.statusCode).toBe(201);
    const id = req.json().id as number;
    await refusals('/api/user/request-writer', id, asker);
    expect(await role(asker)).toBe('user');
    const ok = await post(`/api/user/request-writer/${id}/approve`, admin);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ msg: 'Förfrågan godkänd' });
    // decided once: a second decision is a conflict, not a second change
    const twice = await post(`/api/user/request-writer/${id}/approve`, admin);
    expect(twice.statusCode).toBe(409);
  });

  it('refuses an admin request to every non-admin; an admin rejects it with the default reason', async () => {
    const req = await post('/api/admin/request', writerAsker, { message: 'Jag vill hjälpa till.' });
    expect(req.statusCode).toBe(201);
    const id = req.json().id as number;
    await refusals('/api/admin/request', id, writerAsker);
    expect(await role(writerAsker)).toBe('writer');
    const no = await post(`/api/admin/request/${id}/reject`, admin, { reason: '  ' });
    expect(no.statusCode).toBe(200);
    expect(no.json()).toEqual({ msg: 'Förfrågan avslagen' });
    expect((await mine(writerAsker)).find((r) => r.id === id)).toMatchObject({
      status: 'rejected',
      reason: 'Request rejected by administrator',
    });
    expect(await role(writerAsker)).toBe('writer');
  });

  it('lets an admin approve an admin request: the writer becomes admin', async () => {
    const req = await post('/api/admin/request', writer, { message: 'Redaktionen behöver mig.' });
    const id = req.json().id as number;
    await refusals('/api/admin/request', id, writer);
    expect((await post(`/api/admin/request/${id}/approve`, admin)).statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'skribent_x', password: 'skribent_x-hemligt-losen' },
    });
    expect(login.json()).toMatchObject({ account_type: 'admin', is_admin: true });
  });
});
