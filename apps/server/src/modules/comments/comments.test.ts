import type { Comment } from '@vaggen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { readWholeThread } from '../../../test/comment-thread.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';

type Who = Awaited<ReturnType<typeof userWithToken>>;

describe.each(dialects)('comments on %s', (dialect) => {
  let t: TestApp;
  let author: Who;
  let reader: Who;
  let admin: Who;
  let articleId: number;
  let otherArticleId: number;
  let ip = 0;
  const nextIp = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;
  const post = (payload: object, headers: Record<string, string> = {}, remoteAddress = nextIp()) =>
    t.app.inject({ method: 'POST', url: '/api/comments', headers, payload, remoteAddress });
  const list = async (headers: Record<string, string> = {}, id = articleId) =>
    (await t.app.inject({ url: `/api/comments?articleId=${id}`, headers })).json() as Comment[];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    author = await userWithToken(t, 'artikelforfattare', 'writer');
    reader = await userWithToken(t, 'kommentator', 'user');
    admin = await userWithToken(t, 'moderator', 'admin');
    const make = (title: string) =>
      t.app.services.articles.create({
        title,
        content: 'Text.',
        category: 'NYHETER',
        authorId: author.id,
        authorName: 'Författaren',
        featuredImage: null,
      });
    articleId = (await make('Kommenterad artikel')).id;
    otherArticleId = (await make('Annan artikel')).id;
  });
  afterAll(() => t?.close());

  it('lets a visitor comment with name and e-mail, never showing the e-mail to readers', async () => {
    const res = await post({
      articleId,
      name: 'Anna Anonym',
      email: 'anna@example.se',
      content: '  Bra skrivet!  ',
      parentId: null,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      articleId,
      name: 'Anna Anonym',
      content: 'Bra skrivet!',
      isDeleted: false,
      author_id: null,
      replies: [],
    });
    const asVisitor = await list();
    expect(asVisitor[0].email).toBeNull();
    expect(JSON.stringify(asVisitor)).not.toContain('anna@example.se');
    expect(JSON.stringify(await list(reader.headers))).not.toContain('anna@example.se');
    expect((await list(admin.headers))[0].email).toBe('anna@example.se');
  });

  it('checks the visitor rules with the spec messages', async () => {
    const cases: [object, string][] = [
      [{ articleId, name: 'A', email: '', content: 'x' }, 'Please fill in all fields'],
      [{ articleId, email: 'a@b.se', content: 'x' }, 'Please fill in all fields'],
      [{ articleId, name: 'A', email: 'inte-epost', content: 'x' }, 'Please enter a valid email address'],
      [{ articleId, name: 'A', email: 'a@b.se', content: '   ' }, 'Please enter a comment'],
      [{ articleId, name: 'A', email: 'a@b.se', content: 'x'.repeat(5001) }, 'Kommentaren får vara högst 5000 tecken'],
    ];
    for (const [body, msg] of cases) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().msg).toContain(msg);
    }
    expect((await post({ articleId: 999999, name: 'A', email: 'a@b.se', content: 'x' })).statusCode).toBe(404);
  });

  it('takes comments only on an article readers can see: a draft or a scheduled one is 404, nothing stored', async () => {
    const hidden = [
      await t.app.services.articles.create({
        title: 'Utkast utan kommentarer',
        content: 'Text.',
        category: 'NYHETER',
        authorId: author.id,
        authorName: 'Författaren',
        featuredImage: null,
        status: 'draft',
      }),
      await t.app.services.articles.create({
        title: 'Schemalagd utan kommentarer',
        content: 'Text.',
        category: 'NYHETER',
        authorId: author.id,
        authorName: 'Författaren',
        featuredImage: null,
        status: 'scheduled',
        publishAt: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    ];
    for (const a of hidden) {
      for (const headers of [{}, reader.headers, admin.headers]) {
        const res = await post({ articleId: a.id, name: 'A', email: 'a@b.se', content: 'För tidigt' }, headers);
        expect(res.statusCode, a.title).toBe(404);
        expect(res.json().msg).toBe('Article not found');
      }
      const stored = await t.app.dbh.db.selectFrom('comments').select('id').where('article_id', '=', a.id).execute();
      expect(stored).toEqual([]);
    }
  });

  it('takes name and picture from the account of a logged-in commenter', async () => {
    const res = await post(
      { articleId, name: 'Falskt namn', email: 'falsk@example.se', content: 'Inloggad kommentar' },
      reader.headers,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'kommentator Testsson', author_id: reader.id });
  });

  it('builds deep reply trees and refuses a parent from another article', async () => {
    let parentId: number | null = null;
    for (let depth = 0; depth < 7; depth++) {
      const res = await post({
        articleId,
        name: `Nivå ${depth}`,
        email: 'n@example.se',
        content: `Djup ${depth}`,
        parentId,
      });
      expect(res.statusCode).toBe(201);
      parentId = res.json().id;
    }
    // the first page carries a thread's first replies; the rest come through its replies pages
    const { tree } = await readWholeThread(t.app, articleId);
    let node = tree.find((c) => c.content === 'Djup 0');
    let depth = 0;
    while (node?.replies.length) {
      node = node.replies[0];
      depth++;
    }
    expect(depth).toBe(6);
    expect(node?.content).toBe('Djup 6');
    const cross = await post({
      articleId: otherArticleId,
      name: 'X',
      email: 'x@example.se',
      content: 'fel tråd',
      parentId,
    });
    expect(cross.statusCode).toBe(400);
    expect(cross.json().msg).toBe('Kommentaren du svarar på finns inte i den här artikeln');
  });

  it('notifies the article author, and the author of a comment that gets a reply', async () => {
    const before = await t.app.services.notifications.unreadCount(author.id);
    const top = (await post({ articleId, content: 'Min egen tråd' }, reader.headers)).json();
    expect(await t.app.services.notifications.unreadCount(author.id)).toBe(before + 1);
    const readerBefore = await t.app.services.notifications.unreadCount(reader.id);
    await post({ articleId, name: 'Svarare', email: 's@example.se', content: 'Ett svar', parentId: top.id });
    expect(await t.app.services.notifications.unreadCount(reader.id)).toBe(readerBefore + 1);
    const [n] = await t.app.services.notifications.list(reader.id, { unread: true, limit: 1 });
    expect(n).toMatchObject({
      type: 'new_comment',
      title: 'Svarare svarade på din kommentar',
      message: 'Ett svar',
      read: false,
    });
    expect(n.action_url).toMatch(/^\/article\/kommenterad-artikel#comment-\d+$/);
    // an author commenting on their own article is not notified
    const own = await t.app.services.notifications.unreadCount(author.id);
    await post({ articleId, content: 'Författaren svarar' }, author.headers);
    expect(await t.app.services.notifications.unreadCount(author.id)).toBe(own);
  });

  it('deletes by its author or an admin; keeps "deleted" placeholders only while replies exist', async () => {
    const parent = (await post({ articleId, content: 'Förälder' }, reader.headers)).json();
    const child = (
      await post({ articleId, name: 'Barn', email: 'b@example.se', content: 'Barnsvar', parentId: parent.id })
    ).json();
    const del = (id: number, headers: Record<string, string>) =>
      t.app.inject({ method: 'DELETE', url: `/api/comments/${id}`, headers });

    expect((await del(parent.id, {})).statusCode).toBe(401);
    const notOwn = await del(parent.id, author.headers);
    expect(notOwn.statusCode).toBe(403);
    expect(notOwn.json().msg).toBe('Du kan bara ta bort dina egna kommentarer');
    const quoting = async (userId: number, text: string) =>
      (await t.app.services.notifications.list(userId, { unread: false, limit: 100 })).filter((n) =>
        n.message.endsWith(text),
      ).length;
    expect(await quoting(author.id, 'Förälder')).toBe(1);
    expect(await quoting(reader.id, 'Barnsvar')).toBe(1);
    expect((await del(parent.id, reader.headers)).statusCode).toBe(200);
    // notifications quoting a deleted comment go with it; the others stay
    expect(await quoting(author.id, 'Förälder')).toBe(0);
    expect(await quoting(author.id, 'Barnsvar')).toBe(1);
    let shown = (await list()).find((c) => c.id === parent.id)!;
    expect(shown).toMatchObject({ isDeleted: true, content: '', name: '', author_id: null });
    expect(shown.replies.map((r) => r.content)).toEqual(['Barnsvar']);
    // the visitor's reply can only be removed by an admin; then the empty placeholder goes too
    expect((await del(child.id, admin.headers)).statusCode).toBe(200);
    expect(await quoting(reader.id, 'Barnsvar')).toBe(0);
    expect(await quoting(author.id, 'Barnsvar')).toBe(0);
    shown = (await list()).find((c) => c.id === parent.id)!;
    expect(shown).toBeUndefined();
    expect((await del(child.id, admin.headers)).statusCode).toBe(404);
  });

  it('rate-limits posting per address', async () => {
    const addr = nextIp();
    for (let i = 0; i < 5; i++) {
      expect(
        (await post({ articleId, name: 'Spam', email: 's@example.se', content: `nr ${i}` }, {}, addr)).statusCode,
      ).toBe(201);
    }
    const blocked = await post({ articleId, name: 'Spam', email: 's@example.se', content: 'nr 6' }, {}, addr);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().msg).toBe('Du skriver kommentarer för tätt. Vänta en minut och försök igen.');
    expect((await post({ articleId, name: 'Annan', email: 'a@example.se', content: 'ok' })).statusCode).toBe(201);
  });

  it('removes comments and their notifications with the article', async () => {
    const a = await t.app.services.articles.create({
      title: 'Kortlivad',
      content: 'x',
      category: 'SPORT',
      authorId: author.id,
      authorName: 'F',
      featuredImage: null,
    });
    await post({ articleId: a.id, content: 'Kommentar på kortlivad' }, reader.headers);
    await t.app.services.articles.delete(a.id);
    const left = await t.dbh.db.selectFrom('comments').select('id').where('article_id', '=', a.id).execute();
    const notes = await t.dbh.db.selectFrom('notifications').select('id').where('article_id', '=', a.id).execute();
    expect(left).toEqual([]);
    expect(notes).toEqual([]);
  });
});
