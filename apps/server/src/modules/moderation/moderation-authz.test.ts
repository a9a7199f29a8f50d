import { AUTH_MSG, MODERATION_MSG } from '@vaggen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';

type Who = Awaited<ReturnType<typeof userWithToken>>;
type Role = 'anonymous' | 'user' | 'writerOwner' | 'writerOther' | 'admin';
const ROLES: Role[] = ['anonymous', 'user', 'writerOwner', 'writerOther', 'admin'];

/**
 * Every moderation action from every role, with the article's own writer and another writer apart
 * (the general matrix only knows "writer"). Each call that changes something gets a fresh target,
 * so a status is never the leftover of another role's call.
 */
describe.each(dialects)('moderation authorization on %s', (dialect) => {
  let t: TestApp;
  const who = {} as Record<Exclude<Role, 'anonymous'>, Who>;
  let articleId: number;
  let ip = 0;
  const headers = (role: Role) => (role === 'anonymous' ? {} : who[role].headers);
  const call = (role: Role, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: headers(role),
      remoteAddress: `10.55.0.${++ip % 250}`,
      ...(payload ? { payload } : {}),
    });
  /** A held comment on the owner's article. */
  const held = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/comments',
      remoteAddress: `10.56.${Math.floor(++ip / 250)}.${ip % 250}`,
      payload: { articleId, name: 'Hålls Kvar', email: 'hall@example.se', content: `Väntar ${ip}` },
    });
    expect(res.json().moderation_status).toBe('pending');
    return res.json().id as number;
  };
  const statuses = async (run: (role: Role) => Promise<{ statusCode: number }>) => {
    const out = {} as Record<Role, number>;
    for (const role of ROLES) out[role] = (await run(role)).statusCode;
    return out;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { COMMENTS_PER_MINUTE: '1000' } });
    who.user = await userWithToken(t, 'behorig_user', 'user');
    who.writerOwner = await userWithToken(t, 'behorig_agare', 'writer');
    who.writerOther = await userWithToken(t, 'behorig_annan', 'writer');
    who.admin = await userWithToken(t, 'behorig_admin', 'admin');
    const a = await t.app.inject({
      method: 'POST',
      url: '/api/articles',
      headers: who.writerOwner.headers,
      payload: { title: 'Behörighet', content: '<p>Text.</p>', category: 'NYHETER' },
    });
    articleId = a.json().id;
    // held comments to act on: this article holds everything
    const mode = await call('admin', 'PUT', `/api/moderation/articles/${articleId}`, { mode: 'all', closed: false });
    expect(mode.statusCode).toBe(200);
  });
  afterAll(() => t?.close());

  it('settings: admins only', async () => {
    expect(await statuses((r) => call(r, 'GET', '/api/moderation/settings'))).toEqual({
      anonymous: 401,
      user: 403,
      writerOwner: 403,
      writerOther: 403,
      admin: 200,
    });
    const current = (await call('admin', 'GET', '/api/moderation/settings')).json();
    const { version: _v, updated_at: _u, ...input } = current;
    expect(await statuses((r) => call(r, 'PUT', '/api/moderation/settings', input))).toEqual({
      anonymous: 401,
      user: 403,
      writerOwner: 403,
      writerOther: 403,
      admin: 200,
    });
    expect((await call('user', 'GET', '/api/moderation/settings')).json()).toEqual({ msg: AUTH_MSG.forbidden });
  });

  it("an article's policy: anyone reads it; its writer and admins set it", async () => {
    expect(await statuses((r) => call(r, 'GET', `/api/moderation/articles/${articleId}`))).toEqual({
      anonymous: 200,
      user: 200,
      writerOwner: 200,
      writerOther: 200,
      admin: 200,
    });
    expect(
      await statuses((r) => call(r, 'PUT', `/api/moderation/articles/${articleId}`, { mode: 'all', closed: false })),
    ).toEqual({ anonymous: 401, user: 403, writerOwner: 200, writerOther: 403, admin: 200 });
    expect(
      (await call('writerOther', 'PUT', `/api/moderation/articles/${articleId}`, { mode: null, closed: true })).json(),
    ).toEqual({ msg: MODERATION_MSG.notYourArticle });
    expect((await call('anonymous', 'GET', `/api/moderation/articles/${articleId}`)).json().closed).toBe(false);
  });

  it('reports: every role may report a visible comment once', async () => {
    const visible = await held();
    await call('admin', 'POST', `/api/moderation/comments/${visible}/approve`);
    await call('admin', 'PUT', '/api/moderation/settings', {
      ...(await call('admin', 'GET', '/api/moderation/settings')).json(),
      version: undefined,
      updated_at: undefined,
      report_threshold: 100,
    });
    expect(
      await statuses((r) => call(r, 'POST', `/api/comments/${visible}/reports`, { reason: 'other', note: r })),
    ).toEqual({ anonymous: 201, user: 201, writerOwner: 201, writerOther: 201, admin: 201 });
  });

  it('the queue and its count: admins see all, writers their own articles, users and visitors nothing', async () => {
    const id = await held();
    expect(await statuses((r) => call(r, 'GET', '/api/moderation/queue'))).toEqual({
      anonymous: 401,
      user: 403,
      writerOwner: 200,
      writerOther: 200,
      admin: 200,
    });
    const ids = async (r: Role) =>
      ((await call(r, 'GET', '/api/moderation/queue?limit=50')).json().items as { comment: { id: number } }[]).map(
        (i) => i.comment.id,
      );
    expect(await ids('writerOwner')).toContain(id);
    expect(await ids('admin')).toContain(id);
    expect(await ids('writerOther')).toEqual([]);
    expect(await statuses((r) => call(r, 'GET', '/api/moderation/queue/count'))).toEqual({
      anonymous: 401,
      user: 403,
      writerOwner: 200,
      writerOther: 200,
      admin: 200,
    });
    expect((await call('writerOther', 'GET', '/api/moderation/queue/count')).json()).toEqual({
      pending: 0,
      reported: 0,
      rejected: 0,
    });
    expect((await call('writerOwner', 'GET', '/api/moderation/queue/count')).json().pending).toBeGreaterThan(0);
  });

  for (const action of ['approve', 'reject'] as const) {
    it(`${action}: the article's writer and admins; nobody else`, async () => {
      const out = {} as Record<Role, number>;
      for (const role of ROLES) {
        const id = await held();
        const res = await call(role, 'POST', `/api/moderation/comments/${id}/${action}`, { reason: 'Test' });
        out[role] = res.statusCode;
        const state = (
          await call(
            'admin',
            'GET',
            `/api/moderation/queue?tab=${action === 'approve' ? 'pending' : 'rejected'}&limit=50`,
          )
        ).json();
        const stillPending = (state.items as { comment: { id: number } }[]).some((i) => i.comment.id === id);
        // both sides: a refused call changed nothing, an allowed one did
        if (res.statusCode === 200) expect(stillPending, role).toBe(action === 'reject');
        else expect(stillPending, role).toBe(action === 'approve');
      }
      expect(out).toEqual({ anonymous: 401, user: 403, writerOwner: 200, writerOther: 403, admin: 200 });
    });
  }

  it("bulk: open to writers and admins, but a writer's selection on others' articles is skipped", async () => {
    const out = {} as Record<Role, number>;
    for (const role of ROLES) {
      const id = await held();
      const res = await call(role, 'POST', '/api/moderation/bulk', { action: 'approve', ids: [id] });
      out[role] = res.statusCode;
      if (role === 'writerOther') {
        expect(res.json()).toEqual({
          msg: '0 kommentarer godkända',
          done: [],
          skipped: [{ id, msg: MODERATION_MSG.notYourArticle }],
        });
      }
      if (role === 'writerOwner' || role === 'admin') expect(res.json().done).toEqual([id]);
    }
    expect(out).toEqual({ anonymous: 401, user: 403, writerOwner: 200, writerOther: 200, admin: 200 });
  });

  it('bans and the audit log: admins only', async () => {
    const out = {} as Record<Role, number>;
    for (const role of ROLES) {
      out[role] = (
        await call(role, 'POST', '/api/moderation/bans', { email: `${role}@example.se`, until: null })
      ).statusCode;
    }
    expect(out).toEqual({ anonymous: 401, user: 403, writerOwner: 403, writerOther: 403, admin: 201 });
    expect(await statuses((r) => call(r, 'GET', '/api/moderation/bans'))).toEqual({
      anonymous: 401,
      user: 403,
      writerOwner: 403,
      writerOther: 403,
      admin: 200,
    });
    const ban = (await call('admin', 'POST', '/api/moderation/bans', { email: 'lyft@example.se', until: null })).json();
    const lift = {} as Record<Role, number>;
    for (const role of ROLES) lift[role] = (await call(role, 'DELETE', `/api/moderation/bans/${ban.id}`)).statusCode;
    expect(lift).toEqual({ anonymous: 401, user: 403, writerOwner: 403, writerOther: 403, admin: 200 });
    expect(await statuses((r) => call(r, 'GET', '/api/moderation/audit'))).toEqual({
      anonymous: 401,
      user: 403,
      writerOwner: 403,
      writerOther: 403,
      admin: 200,
    });
  });
});
