import { ROLE_REQUESTS_MSG, type User } from '@vaggen/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';
import { nowIso } from '../../db/index.js';

type Who = Awaited<ReturnType<typeof userWithToken>>;

const SERVER_FAULT = { msg: 'Something went wrong on our side. Please try again.' };

/**
 * Role requests when something else fails half-way (found by mutation testing): another process's
 * request slipping in, a notification or a role change that fails. Nothing is left half done.
 */
describe.each(dialects)('role requests when something fails on %s', (dialect) => {
  let t: TestApp;
  let admin: Who;
  const call = (url: string, who: Who, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: who.headers, ...(payload ? { payload } : {}) });
  const requests = (who: Who) =>
    t.dbh.db
      .selectFrom('role_requests')
      .select(['kind', 'message', 'status', 'decided_by', 'decided_at'])
      .where('user_id', '=', who.id)
      .orderBy('id')
      .execute();
  const account = async (who: Who) => (await t.app.services.users.getById(who.id)) as User;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await userWithToken(t, 'rf_admin', 'admin');
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(() => t?.close());

  it('answers 409 when another process stores a pending request after the check (the unique index refuses)', async () => {
    const p = await userWithToken(t, 'rf_kapplopare', 'user');
    const users = t.app.services.users;
    const list = users.list.bind(users);
    // between the pending check and the insert, as a second server process would
    vi.spyOn(users, 'list').mockImplementationOnce(async () => {
      await t.dbh.db
        .insertInto('role_requests')
        .values({
          user_id: p.id,
          kind: 'writer',
          message: 'Från den andra processen',
          status: 'pending',
          created_at: nowIso(),
        })
        .execute();
      return list();
    });
    const res = await call('/api/user/request-writer', p, { message: 'Från den här processen' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ msg: ROLE_REQUESTS_MSG.requestPending });
    expect((await requests(p)).map((r) => r.message)).toEqual(['Från den andra processen']);
  });

  it('any other failure while storing is a 500, and leaves neither request nor notification', async () => {
    const p = await userWithToken(t, 'rf_otur', 'user');
    vi.spyOn(t.app.services.notifications, 'notify').mockRejectedValueOnce(new Error('disken är full'));
    const res = await call('/api/admin/request', p, { message: 'Admin, tack.' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual(SERVER_FAULT);
    expect(await requests(p)).toEqual([]);
    // nothing is held: the next try goes through
    expect((await call('/api/admin/request', p, { message: 'Admin, tack.' })).statusCode).toBe(201);
  });

  it('an approval whose role change fails puts the request back to pending, undecided; it can be approved again', async () => {
    const p = await userWithToken(t, 'rf_blivande', 'user');
    const id = (await call('/api/user/request-writer', p, { message: 'Skribent?' })).json().id as number;
    vi.spyOn(t.app.services.users, 'setRole').mockRejectedValueOnce(new Error('databasen svarar inte'));
    const failed = await call(`/api/user/request-writer/${id}/approve`, admin);
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual(SERVER_FAULT);
    expect(await requests(p)).toEqual([
      { kind: 'writer', message: 'Skribent?', status: 'pending', decided_by: null, decided_at: null },
    ]);
    expect((await account(p)).account_type).toBe('user');
    const ok = await call(`/api/user/request-writer/${id}/approve`, admin);
    expect(ok.statusCode).toBe(200);
    expect((await requests(p))[0]).toMatchObject({ status: 'approved', decided_by: admin.id });
    expect((await account(p)).account_type).toBe('writer');
  });

  it('the service itself trims the motivation and refuses a blank one', async () => {
    const p = await userWithToken(t, 'rf_direkt', 'user');
    const err = await t.app.services.roleRequests.request('writer', await account(p), ' \n ').then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ statusCode: 400, message: ROLE_REQUESTS_MSG.requestMotivation });
    await t.app.services.roleRequests.request('writer', await account(p), '  Gärna.  ');
    expect((await requests(p)).map((r) => r.message)).toEqual(['Gärna.']);
  });
});
