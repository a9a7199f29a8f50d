import type { Comment } from '@vaggen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';

type Who = Awaited<ReturnType<typeof userWithToken>>;

/**
 * Spec 000 §6: "A comment can be deleted by an admin or by its author." Nobody else: not another
 * user, not the writer of the article, and for a visitor's comment (no author account) nobody but
 * an admin. Every role is tried against every kind of comment, through HTTP only.
 */
describe.each(dialects)('who may delete a comment, on %s', (dialect) => {
  let t: TestApp;
  let articleWriter: Who;
  let otherWriter: Who;
  let user: Who;
  let otherUser: Who;
  let admin: Who;
  let articleId: number;
  let ip = 0;
  const nextIp = () => `10.31.${Math.floor(++ip / 250)}.${ip % 250}`;

  const comment = async (who: Who | null, content: string, parentId: number | null = null): Promise<number> => {
    const payload = who
      ? { articleId, content, parentId }
      : { articleId, content, parentId, name: 'Vera Besökare', email: 'vera@example.se' };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: who?.headers ?? {},
      payload,
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const del = (who: Who | null, id: number) =>
    t.app.inject({ method: 'DELETE', url: `/api/comments/${id}`, headers: who?.headers ?? {} });
  const ids = async (): Promise<number[]> => {
    const res = await t.app.inject(`/api/comments?articleId=${articleId}`);
    const out: number[] = [];
    const walk = (list: Comment[]) => {
      for (const c of list) {
        if (!c.isDeleted) out.push(c.id);
        walk(c.replies);
      }
    };
    walk(res.json());
    return out;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    articleWriter = await userWithToken(t, 'artikelns_skribent', 'writer');
    otherWriter = await userWithToken(t, 'annan_skribent', 'writer');
    user = await userWithToken(t, 'lasare_ett', 'user');
    otherUser = await userWithToken(t, 'lasare_tva', 'user');
    admin = await userWithToken(t, 'redaktor', 'admin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/articles',
      headers: articleWriter.headers,
      payload: { title: 'Artikel med kommentarer', content: '<p>Text.</p>', category: 'NYHETER' },
    });
    expect(res.statusCode, res.body).toBe(201);
    articleId = res.json().id;
  });
  afterAll(() => t?.close());

  const refused = async (who: Who | null, id: number) => {
    const res = await del(who, id);
    if (who === null) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ msg: 'Du måste logga in' });
    } else {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ msg: 'Du kan bara ta bort dina egna kommentarer' });
    }
    expect(await ids()).toContain(id);
  };
  const allowed = async (who: Who, id: number) => {
    const res = await del(who, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: 'Kommentaren är borttagen' });
    expect(await ids()).not.toContain(id);
  };

  it("refuses a visitor's comment to every logged-in role but admin, and to visitors", async () => {
    const visitors = await comment(null, 'En besökares kommentar');
    for (const who of [null, user, otherUser, otherWriter, articleWriter]) await refused(who, visitors);
    await allowed(admin, visitors);
  });

  it("refuses a user's comment to other users, writers (also the article's own) and visitors", async () => {
    const users = await comment(user, 'En läsares kommentar');
    for (const who of [null, otherUser, otherWriter, articleWriter]) await refused(who, users);
    await allowed(user, users);
    const again = await comment(user, 'En till läsarkommentar');
    await allowed(admin, again);
  });

  it("refuses a writer's comment to users, other writers and visitors; its writer may delete it", async () => {
    const writers = await comment(otherWriter, 'En skribents kommentar');
    for (const who of [null, user, articleWriter]) await refused(who, writers);
    await allowed(otherWriter, writers);
    const articleWriters = await comment(articleWriter, 'Artikelskribentens egen kommentar');
    for (const who of [null, user, otherWriter]) await refused(who, articleWriters);
    await allowed(articleWriter, articleWriters);
  });

  it("refuses an admin's comment to everyone else; the admin may delete it", async () => {
    const admins = await comment(admin, 'Redaktionens kommentar');
    for (const who of [null, user, articleWriter]) await refused(who, admins);
    await allowed(admin, admins);
  });

  it("the reply of a visitor under a user's comment stays the visitor's: the parent's author may not delete it", async () => {
    const parent = await comment(user, 'Förälder');
    const reply = await comment(null, 'Svar från besökare', parent);
    await refused(user, reply);
    await allowed(admin, reply);
  });

  it('answers 404 with a message for a comment that does not exist, for any logged-in role', async () => {
    for (const who of [user, articleWriter, admin]) {
      const res = await del(who, 987654);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ msg: 'Kommentaren finns inte' });
    }
  });
});
