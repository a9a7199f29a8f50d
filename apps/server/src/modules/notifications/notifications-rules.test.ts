import type { Notification } from '@vaggen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';

type Who = Awaited<ReturnType<typeof userWithToken>>;

/** Rules of the notifications module the other tests leave open (found by mutation testing), through HTTP. */
describe.each(dialects)('notification rules on %s', (dialect) => {
  let t: TestApp;
  let writer: Who;
  let reader: Who;
  let articleId: number;
  let ip = 0;
  const notes = async (who: Who, q = '?limit=100') =>
    (await t.app.inject({ url: `/api/notifications${q}`, headers: who.headers })).json() as Notification[];
  const comment = (content: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/comments',
      remoteAddress: `10.36.0.${++ip}`,
      payload: { articleId, name: 'Nils', email: 'nils@example.se', content },
    });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    writer = await userWithToken(t, 'notis_skribent', 'writer');
    reader = await userWithToken(t, 'notis_lasare', 'user');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/articles',
      headers: writer.headers,
      payload: { title: 'Notisartikel', content: '<p>Text.</p>', category: 'NYHETER' },
    });
    articleId = res.json().id;
  });
  afterAll(() => t?.close());

  it('accepts a role request when there is no admin yet to tell', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/request-writer',
      headers: reader.headers,
      payload: { message: 'Ingen admin finns.' },
    });
    expect(res.statusCode).toBe(201);
  });

  it('lists newest first, read ones too unless unread=true, and counts only unread', async () => {
    for (const text of ['Första', 'Andra', 'Tredje']) expect((await comment(text)).statusCode).toBe(201);
    const list = await notes(writer);
    expect(list.map((n) => n.message)).toEqual(['Nils: Tredje', 'Nils: Andra', 'Nils: Första']);
    const mark = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${list[1].id}/mark-read`,
      headers: writer.headers,
    });
    expect(mark.statusCode).toBe(200);
    expect(mark.json()).toEqual({ msg: 'Markerad som läst' });
    const after = await notes(writer);
    expect(after.map((n) => n.read)).toEqual([false, true, false]);
    expect((await notes(writer, '?unread=true')).map((n) => n.message)).toEqual(['Nils: Tredje', 'Nils: Första']);
    expect((await notes(writer, '?unread=false&limit=2')).map((n) => n.message)).toEqual([
      'Nils: Tredje',
      'Nils: Andra',
    ]);
    const count = await t.app.inject({ url: '/api/notifications/unread-count', headers: writer.headers });
    expect(count.json()).toEqual({ unread_count: 2 });
    // marking a read one again is fine; marking someone else's, or none, is 404 with a message
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/notifications/${list[1].id}/mark-read`,
          headers: writer.headers,
        })
      ).statusCode,
    ).toBe(200);
    for (const [id, who] of [
      [list[0].id, reader],
      [987654, writer],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/notifications/${id}/mark-read`,
        headers: who.headers,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ msg: 'Notifikationen finns inte' });
    }
    expect((await notes(writer))[0].read).toBe(false);
    const all = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/mark-all-read',
      headers: writer.headers,
    });
    expect(all.json()).toEqual({ msg: 'Alla markerade som lästa', updated: 2 });
    expect((await notes(writer)).every((n) => n.read)).toBe(true);
  });

  it('a decision updates the request notifications only, and the article’s deletion removes its notifications', async () => {
    const admin = await userWithToken(t, 'notis_admin', 'admin');
    const other = await userWithToken(t, 'notis_annan', 'user');
    const req = await t.app.inject({
      method: 'POST',
      url: '/api/admin/request',
      headers: other.headers,
      payload: { message: 'Admin vore bra.' },
    });
    const id = req.json().id as number;
    const before = (await notes(admin)).find((n) => n.data.request_id === id);
    expect(before?.data).toMatchObject({ status: 'pending', kind: 'admin', requester_username: 'notis_annan' });
    await t.app.inject({ method: 'POST', url: `/api/admin/request/${id}/reject`, headers: admin.headers, payload: {} });
    const after = (await notes(admin)).find((n) => n.data.request_id === id);
    expect(after?.data).toMatchObject({
      status: 'rejected',
      kind: 'admin',
      requester_username: 'notis_annan',
      reason: 'Request rejected by administrator',
      decided_by: 'notis_admin',
    });
    // the requester's own "rejected" notice keeps its own data
    const told = (await notes(other)).find((n) => n.type === 'admin_rejected');
    expect(told?.data).toEqual({
      status: 'rejected',
      request_id: id,
      kind: 'admin',
      reason: 'Request rejected by administrator',
    });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/articles/${articleId}`, headers: writer.headers })).statusCode,
    ).toBe(200);
    expect(await notes(writer)).toEqual([]);
  });
});
