import { DELETED_USER_NAME, type Notification } from '@vaggen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';

type Who = Awaited<ReturnType<typeof userWithToken>>;

/**
 * What happens to notifications beyond the list (found by mutation testing): their e-mail copies,
 * the download of one's own data, and what a deleted account leaves in others' notifications.
 */
describe.each(dialects)('notifications: e-mail copies, download and deleted accounts on %s', (dialect) => {
  let t: TestApp;
  let admin: Who;
  let ip = 0;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who | null, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: who?.headers ?? {},
      remoteAddress: `10.37.0.${++ip}`,
      ...(payload ? { payload } : {}),
    });
  const notes = async (who: Who) => (await call('GET', '/api/notifications?limit=100', who)).json() as Notification[];
  const queued = (who: Who) =>
    t.dbh.db
      .selectFrom('notification_mail_queue')
      .select(['kind', 'title', 'message', 'action_url'])
      .where('user_id', '=', who.id)
      .orderBy('id')
      .execute();
  const choose = async (who: Who, kind: string) =>
    expect((await call('PUT', '/api/profile/mail-notifications', who, { kind, enabled: true })).statusCode).toBe(200);
  const article = async (writer: Who, title: string) => {
    const res = await call('POST', '/api/articles', writer, { title, content: '<p>Text.</p>', category: 'NYHETER' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; slug: string };
  };
  const comment = async (who: Who, articleId: number, content: string, parentId?: number) => {
    const res = await call('POST', '/api/comments', who, { articleId, content, ...(parentId ? { parentId } : {}) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await userWithToken(t, 'nd_admin', 'admin');
  });
  afterAll(() => t?.close());

  it('queues an e-mail copy for those who chose the kind, only them, and never of a request to decide', async () => {
    const writer = await userWithToken(t, 'nd_skribent', 'writer');
    const other = await userWithToken(t, 'nd_skribent2', 'writer');
    const reader = await userWithToken(t, 'nd_lasare', 'user');
    await choose(writer, 'article_comment');
    for (const kind of ['article_comment', 'comment_reply', 'role_decision']) await choose(admin, kind);
    await choose(reader, 'role_decision');
    const a = await article(writer, 'Postartikeln');
    const b = await article(other, 'Tyst artikel');
    const c = await comment(reader, a.id, 'Bra skrivet.');
    await comment(reader, b.id, 'Också bra.');
    expect(await queued(writer)).toEqual([
      {
        kind: 'article_comment',
        title: 'Ny kommentar på "Postartikeln"',
        message: 'nd_lasare Testsson: Bra skrivet.',
        action_url: `/article/${a.slug}#comment-${c}`,
      },
    ]);
    expect(await queued(other)).toEqual([]); // told in the app only
    expect((await notes(other)).length).toBe(1);

    const req = await call('POST', '/api/admin/request', reader, { message: 'Jag vill bli admin.' });
    expect(req.statusCode).toBe(201);
    expect((await notes(admin)).some((n) => n.type === 'admin_request')).toBe(true);
    expect(await queued(admin)).toEqual([]);
    const rejected = await call('POST', `/api/admin/request/${req.json().id}/reject`, admin, { reason: 'Inte nu.' });
    expect(rejected.statusCode).toBe(200);
    expect(await queued(reader)).toEqual([
      {
        kind: 'role_decision',
        title: 'Din förfrågan om administratörsrättigheter avslogs',
        message: 'Inte nu.',
        action_url: '/profile',
      },
    ]);
  });

  it('a reply’s author who chose reply mails gets a copy of the reply notice, and only of that', async () => {
    const writer = await userWithToken(t, 'nd_svarsskribent', 'writer');
    const first = await userWithToken(t, 'nd_forst', 'user');
    const replier = await userWithToken(t, 'nd_svarare', 'user');
    await choose(first, 'comment_reply');
    const a = await article(writer, 'Svarsartikeln');
    const c = await comment(first, a.id, 'Min fråga.');
    const r = await comment(replier, a.id, 'Mitt svar.', c);
    expect(await queued(first)).toEqual([
      {
        kind: 'comment_reply',
        title: 'nd_svarare Testsson svarade på din kommentar',
        message: 'Mitt svar.',
        action_url: `/article/${a.slug}#comment-${r}`,
      },
    ]);
    // the writer did not choose e-mail: told in the app only
    expect(await queued(writer)).toEqual([]);
    expect((await notes(writer)).map((n) => n.title)).toEqual([
      'Ny kommentar på "Svarsartikeln"',
      'Ny kommentar på "Svarsartikeln"',
    ]);
  });

  it('a logged-in reader comments on an article whose writer is gone (no author to tell): saved, nobody notified', async () => {
    const writer = await userWithToken(t, 'nd_gangen', 'writer');
    const reader = await userWithToken(t, 'nd_kvar', 'user');
    const a = await article(writer, 'Artikeln utan skribent');
    // what an erased account leaves (decision 027): the article stays, without an author id
    await t.dbh.db.updateTable('articles').set({ author_id: null }).where('id', '=', a.id).execute();
    const id = await comment(reader, a.id, 'Ändå läst.');
    const told = await t.dbh.db.selectFrom('notifications').select('user_id').where('article_id', '=', a.id).execute();
    expect(told).toEqual([]);
    const thread = await call('GET', `/api/comments?articleId=${a.id}`, null);
    expect(thread.statusCode, thread.body).toBe(200);
    // (the spec's shape: the thread as an array)
    expect(thread.json().map((x: { id: number }) => x.id)).toEqual([id]);
  });

  it('a comment on an article with the longest title is saved; the writer’s notification title is cut to 300', async () => {
    const writer = await userWithToken(t, 'nd_langrubrik', 'writer');
    const reader = await userWithToken(t, 'nd_langlasare', 'user');
    await choose(writer, 'article_comment');
    const a = await article(writer, 'Å'.repeat(300));
    await comment(reader, a.id, 'Lång rubrik.');
    const expected = `Ny kommentar på "${'Å'.repeat(300)}"`.slice(0, 300);
    expect((await notes(writer)).map((x) => x.title)).toEqual([expected]);
    expect(expected.length).toBe(300);
    // the e-mail copy has room for the whole title
    expect((await queued(writer)).map((x) => x.title)).toEqual([`Ny kommentar på "${'Å'.repeat(300)}"`]);
  });

  it('downloads every notification of the person, page after page, with its read state', async () => {
    const reader = await userWithToken(t, 'nd_manga', 'user');
    const rows = Array.from({ length: 501 }, (_, i) => ({
      user_id: reader.id,
      type: 'new_comment',
      title: `Notis ${i}`,
      message: `Text ${i}`,
      read: i % 3 === 0 ? 1 : 0,
      action_url: i === 0 ? null : `/article/x#comment-${i}`,
      data: '{}',
      created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 100)
      await t.dbh.db
        .insertInto('notifications')
        .values(rows.slice(i, i + 100))
        .execute();
    const res = await call('GET', '/api/profile/export', reader);
    expect(res.statusCode).toBe(200);
    const got = res.json().notifications as { id: number; title: string; read: boolean }[];
    expect(got.length).toBe(501);
    expect(got.map((n) => n.title)).toEqual(rows.map((r) => r.title));
    expect(got.map((n) => n.read)).toEqual(rows.map((r) => r.read === 1));
    expect(got[0]).toEqual({
      id: expect.any(Number),
      type: 'new_comment',
      title: 'Notis 0',
      message: 'Text 0',
      read: true,
      action_url: null,
      created_at: '2026-01-01T00:00:00.000Z',
    });
    expect(got[1]).toMatchObject({ read: false, action_url: '/article/x#comment-1' });
  });

  it('a deleted admin’s decisions name nobody in admins’ copies; the requester’s own notice is left alone', async () => {
    const stays = await userWithToken(t, 'nd_admin_kvar', 'admin');
    const leaves = await userWithToken(t, 'nd_admin_gar', 'admin');
    const asker = await userWithToken(t, 'nd_fragare', 'user');
    const id = (await call('POST', '/api/user/request-writer', asker, { message: 'Får jag skriva?' })).json().id;
    expect((await call('POST', `/api/user/request-writer/${id}/reject`, leaves, { reason: 'Vänta' })).statusCode).toBe(
      200,
    );
    const gone = await call('DELETE', '/api/profile', leaves, {
      password: 'nd_admin_gar-hemligt-losen',
      comments: 'delete',
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await notes(stays)).find((n) => n.data.request_id === id)?.data).toEqual({
      status: 'rejected',
      request_id: id,
      kind: 'writer',
      requester_id: asker.id,
      requester_username: 'nd_fragare',
      reason: 'Vänta',
      decided_by: DELETED_USER_NAME,
    });
    expect((await notes(asker)).find((n) => n.type === 'writer_rejected')?.data).toEqual({
      status: 'rejected',
      request_id: id,
      kind: 'writer',
      reason: 'Vänta',
    });
  });

  it('a deleted commenter’s name goes where it starts a notification, never from the quoted text or other titles', async () => {
    const writer = await userWithToken(t, 'nd_skribent3', 'writer');
    const asked = await userWithToken(t, 'nd_tillfragad', 'user');
    const a = await article(writer, 'Namnartikeln');
    const first = await comment(asked, a.id, 'Vad tycker ni?');
    // "N" begins the writer's title "Ny kommentar på …" (without the space after a name)
    const n = await userWithToken(t, 'nd_n', 'user', { fullName: 'N' });
    await comment(n, a.id, 'N säger hej.');
    await comment(n, a.id, 'Nej, N tycker annorlunda.', first);
    const gone = await call('DELETE', '/api/profile', n, { password: n.password, comments: 'keep' });
    expect(gone.statusCode, gone.body).toBe(200);

    const toWriter = (await notes(writer)).map((x) => [x.title, x.message]);
    expect(toWriter).toEqual([
      ['Ny kommentar på "Namnartikeln"', `${DELETED_USER_NAME}: Nej, N tycker annorlunda.`],
      ['Ny kommentar på "Namnartikeln"', `${DELETED_USER_NAME}: N säger hej.`],
      ['Ny kommentar på "Namnartikeln"', 'nd_tillfragad Testsson: Vad tycker ni?'],
    ]);
    expect((await notes(asked)).map((x) => [x.title, x.message])).toEqual([
      [`${DELETED_USER_NAME} svarade på din kommentar`, 'Nej, N tycker annorlunda.'],
    ]);
  });

  it('a deleted commenter named like the start of a notice ("Ny") is replaced where the notice names them, nowhere else', async () => {
    const writer = await userWithToken(t, 'nd_skribent5', 'writer');
    const asked = await userWithToken(t, 'nd_tillfragad5', 'user');
    const a = await article(writer, 'Nyartikeln');
    const first = await comment(asked, a.id, 'Ny: en fråga?');
    const ny = await userWithToken(t, 'nd_ny', 'user', { fullName: 'Ny' });
    await comment(ny, a.id, 'Ny: här.');
    await comment(ny, a.id, 'Ny: svar.', first);
    const gone = await call('DELETE', '/api/profile', ny, { password: ny.password, comments: 'keep' });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await notes(writer)).map((x) => [x.title, x.message])).toEqual([
      ['Ny kommentar på "Nyartikeln"', `${DELETED_USER_NAME}: Ny: svar.`],
      ['Ny kommentar på "Nyartikeln"', `${DELETED_USER_NAME}: Ny: här.`],
      ['Ny kommentar på "Nyartikeln"', 'nd_tillfragad5 Testsson: Ny: en fråga?'],
    ]);
    expect((await notes(asked)).map((x) => [x.title, x.message])).toEqual([
      [`${DELETED_USER_NAME} svarade på din kommentar`, 'Ny: svar.'],
    ]);
  });

  it('deleting a comment removes the notifications about it only, whatever else the article’s notifications hold', async () => {
    const writer = await userWithToken(t, 'nd_skribent4', 'writer');
    const reader = await userWithToken(t, 'nd_lasare4', 'user');
    const a = await article(writer, 'Raderingsartikeln');
    const keep = await comment(reader, a.id, 'Den här blir kvar.');
    const drop = await comment(reader, a.id, 'Den här tas bort.');
    // a notification about the article whose data cannot be read (written by other means)
    await t.dbh.db
      .insertInto('notifications')
      .values({
        user_id: writer.id,
        type: 'new_comment',
        title: 'Oläsbar',
        message: 'Data som inte är JSON',
        read: 0,
        action_url: null,
        data: '{inte json',
        article_id: a.id,
        created_at: '2000-01-01T00:00:00.000Z',
      })
      .execute();
    expect((await call('DELETE', `/api/comments/${drop}`, admin)).statusCode).toBe(200);
    const left = await notes(writer);
    expect(left.map((x) => [x.message, x.data])).toEqual([
      ['nd_lasare4 Testsson: Den här blir kvar.', { comment_id: keep, article_id: a.id }],
      ['Data som inte är JSON', {}],
    ]);
  });
});
