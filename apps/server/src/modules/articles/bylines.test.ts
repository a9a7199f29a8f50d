import { BYLINE_TEXT } from '@vaggen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';
import { createReaderApi } from '../../ssr/reader-api.js';

type Who = Awaited<ReturnType<typeof userWithToken>>;

/**
 * Issue 40, finding 8: bylines without consent. A writer could create an article with `author_ids`
 * naming another writer or the admin: the public byline then showed only them, the named writer got
 * 403 on the article and could not remove it. A co-byline now needs the named person's acceptance
 * (or an admin's naming).
 */
describe.each(dialects)('co-bylines need consent (%s)', (dialect) => {
  let t: TestApp;
  let writer: Who;
  let named: Who;
  let other: Who;
  let admin: Who;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const invitations = async (who: Who) => (await call('GET', '/api/newsroom/byline-invitations', who)).json();
  const byline = async (id: number) =>
    ((await t.app.inject(`/api/articles/${id}`)).json().authors as { id: number | null }[]).map((a) => a.id);
  const notices = async (who: Who) =>
    (await call('GET', '/api/notifications', who)).json() as { title: string; message: string }[];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    writer = await userWithToken(t, 'bjuder', 'writer', { fullName: 'Bo Bjuder' });
    named = await userWithToken(t, 'namnad', 'writer', { fullName: 'Nina Namnad' });
    other = await userWithToken(t, 'annan', 'writer');
    admin = await userWithToken(t, 'redchef', 'admin', { fullName: 'Rut Redchef' });
  });
  afterAll(() => t?.close());

  it("puts nobody in a writer's byline without their consent; the invitee accepts or declines", async () => {
    const res = await call('POST', '/api/articles', writer, {
      title: 'Delad byline',
      content: '<p>Text.</p>',
      category: 'nyheter',
      author_ids: [named.id, admin.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json();
    // only the writer stands in the byline, on the API and for the page cache
    expect(a.authors.map((x: { id: number }) => x.id)).toEqual([writer.id]);
    expect(await byline(a.id)).toEqual([writer.id]);
    // the named have no access and the article is not on their author page
    expect((await call('GET', `/api/newsroom/articles/${a.id}`, named)).statusCode).toBe(403);
    const reader = createReaderApi(t.app.services, t.app.pageCache);
    expect((await reader.author('namnad', 1))?.articles ?? []).toEqual([]);
    // each has an invitation and a notification about it
    const mine = await invitations(named);
    expect(mine).toEqual({
      invitations: [
        {
          id: expect.any(Number),
          article: { id: a.id, title: 'Delad byline', status: 'published' },
          invited_by: { id: writer.id, name: 'Bo Bjuder' },
          created_at: expect.any(String),
        },
      ],
      next: null,
    });
    expect((await notices(named)).map((n) => [n.title, n.message])).toEqual([
      [BYLINE_TEXT.invitationTitle, BYLINE_TEXT.invitationMessage('Delad byline')],
    ]);
    const adminInvitation = (await invitations(admin)).invitations[0];
    expect(adminInvitation.article.id).toBe(a.id);

    // someone else cannot answer it
    const foreign = await call('POST', `/api/newsroom/byline-invitations/${mine.invitations[0].id}/accept`, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ msg: BYLINE_TEXT.notFound });

    // yes: in the byline where the writer put them; the writer hears of it; once only
    const yes = await call('POST', `/api/newsroom/byline-invitations/${mine.invitations[0].id}/accept`, named);
    expect(yes.statusCode).toBe(200);
    expect(yes.json()).toEqual({ msg: BYLINE_TEXT.accepted('Delad byline') });
    expect(await byline(a.id)).toEqual([writer.id, named.id]);
    expect(
      (await call('POST', `/api/newsroom/byline-invitations/${mine.invitations[0].id}/accept`, named)).statusCode,
    ).toBe(404);
    expect(await invitations(named)).toEqual({ invitations: [], next: null });
    // no: stays out
    const no = await call('POST', `/api/newsroom/byline-invitations/${adminInvitation.id}/decline`, admin);
    expect(no.json()).toEqual({ msg: BYLINE_TEXT.declined('Delad byline') });
    expect(await byline(a.id)).toEqual([writer.id, named.id]);
    expect((await notices(writer)).map((n) => n.message).sort()).toEqual(
      [BYLINE_TEXT.answeredMessage('Delad byline', false), BYLINE_TEXT.answeredMessage('Delad byline', true)].sort(),
    );
  });

  it('a writer withdraws an invitation by leaving the name out; a deleted article takes its invitations along', async () => {
    const a = (
      await call('POST', '/api/articles', writer, {
        title: 'Ångrad inbjudan',
        content: '<p>Text.</p>',
        category: 'nyheter',
        status: 'draft',
        author_ids: [writer.id, other.id],
      })
    ).json();
    expect((await invitations(other)).invitations.map((i: { article: { id: number } }) => i.article.id)).toEqual([
      a.id,
    ]);
    const saved = await call('PUT', `/api/articles/${a.id}`, writer, {
      title: 'Ångrad inbjudan',
      content: '<p>Text.</p>',
      category: 'nyheter',
      status: 'draft',
      author_ids: [writer.id],
    });
    expect(saved.statusCode).toBe(200);
    expect((await invitations(other)).invitations).toEqual([]);
    const again = (
      await call('POST', '/api/articles', writer, {
        title: 'Raderad med inbjudan',
        content: '<p>Text.</p>',
        category: 'nyheter',
        author_ids: [other.id],
      })
    ).json();
    expect((await invitations(other)).invitations).toHaveLength(1);
    expect((await call('DELETE', `/api/articles/${again.id}`, writer)).statusCode).toBe(200);
    expect((await invitations(other)).invitations).toEqual([]);
  });

  it('an admin names co-authors directly, and that settles their invitations', async () => {
    const a = (
      await call('POST', '/api/articles', writer, {
        title: 'Redaktörens beslut',
        content: '<p>Text.</p>',
        category: 'nyheter',
        author_ids: [other.id],
      })
    ).json();
    expect(await byline(a.id)).toEqual([writer.id]);
    const put = await call('PUT', `/api/articles/${a.id}`, admin, {
      title: 'Redaktörens beslut',
      content: '<p>Text.</p>',
      category: 'nyheter',
      author_ids: [other.id, writer.id],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await byline(a.id)).toEqual([other.id, writer.id]);
    expect((await invitations(other)).invitations).toEqual([]);
    const direct = (
      await call('POST', '/api/articles', admin, {
        title: 'Direkt från redaktören',
        content: '<p>Text.</p>',
        category: 'nyheter',
        author_ids: [named.id, other.id],
      })
    ).json();
    expect(direct.authors.map((x: { id: number }) => x.id)).toEqual([named.id, other.id]);
  });

  it('only writers and admins have invitations to answer', async () => {
    const reader = await userWithToken(t, 'bylinelasare', 'user');
    expect((await call('GET', '/api/newsroom/byline-invitations', reader)).statusCode).toBe(403);
    expect((await t.app.inject('/api/newsroom/byline-invitations')).statusCode).toBe(401);
    for (const id of ['0', '99999999999', 'abc']) {
      const res = await call('POST', `/api/newsroom/byline-invitations/${id}/accept`, named);
      expect(res.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, id).toBeLessThan(500);
    }
  });
});
