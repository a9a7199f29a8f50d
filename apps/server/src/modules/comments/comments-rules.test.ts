import type { Comment, Notification } from '@vaggen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';

type Who = Awaited<ReturnType<typeof userWithToken>>;

/** Rules of the comments module the other tests leave open (found by mutation testing), through HTTP. */
describe.each(dialects)('comment rules on %s', (dialect) => {
  let t: TestApp;
  let writer: Who;
  let reader: Who;
  let admin: Who;
  let articleId: number;
  let slug: string;
  let ip = 0;
  const nextIp = () => `10.33.${Math.floor(++ip / 250)}.${ip % 250}`;
  const post = (payload: object, who: Who | null = null) =>
    t.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: who?.headers ?? {},
      payload,
      remoteAddress: nextIp(),
    });
  const visitor = (content: string, parentId: number | null = null, name = 'Vera Besökare') =>
    post({ articleId, name, email: 'vera@example.se', content, parentId });
  const tree = async (who: Who | null = null) =>
    (
      await t.app.inject({ url: `/api/comments?articleId=${articleId}`, headers: who?.headers ?? {} })
    ).json() as Comment[];
  const notes = async (who: Who) =>
    (await t.app.inject({ url: '/api/notifications?limit=100', headers: who.headers })).json() as Notification[];
  const del = (who: Who, id: number) =>
    t.app.inject({ method: 'DELETE', url: `/api/comments/${id}`, headers: who.headers });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    writer = await userWithToken(t, 'regel_skribent', 'writer');
    reader = await userWithToken(t, 'regel_lasare', 'user');
    admin = await userWithToken(t, 'regel_admin', 'admin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/articles',
      headers: writer.headers,
      payload: { title: 'Regler för kommentarer', content: '<p>Text.</p>', category: 'NYHETER' },
    });
    articleId = res.json().id;
    slug = res.json().slug;
  });
  afterAll(() => t?.close());

  it('trims a visitor’s name and e-mail; a name of spaces is missing', async () => {
    const res = await post({ articleId, name: '  Vera  ', email: '  vera@example.se ', content: 'Hej' });
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe('Vera');
    const asAdmin = (await tree(admin)).find((c) => c.id === res.json().id);
    expect(asAdmin?.email).toBe('vera@example.se');
    const blank = await post({ articleId, name: '   ', email: 'vera@example.se', content: 'Hej' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ msg: 'Please fill in all fields' });
    const blankMail = await post({ articleId, name: 'Vera', email: '   ', content: 'Hej' });
    expect(blankMail.statusCode).toBe(400);
    expect(blankMail.json()).toEqual({ msg: 'Please fill in all fields' });
  });

  it('names a logged-in commenter without a full name by the username, with the account’s e-mail', async () => {
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: nextIp(),
      payload: { username: 'utan_namn', password: 'utan-namn-losen', email: 'utan@example.se' },
    });
    expect(reg.statusCode).toBe(201);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'utan_namn', password: 'utan-namn-losen' },
    });
    const who = { headers: { authorization: `Bearer ${login.json().access_token}` } } as Who;
    const res = await post({ articleId, content: 'Inloggad utan namn' }, who);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'utan_namn', author_id: reg.json().id });
    expect((await tree(admin)).find((c) => c.id === res.json().id)?.email).toBe('utan@example.se');
  });

  it('lists every level oldest first', async () => {
    const a = (await visitor('Ordning A')).json().id;
    const b = (await visitor('Ordning B')).json().id;
    const a1 = (await visitor('Svar A1', a)).json().id;
    const a2 = (await visitor('Svar A2', a)).json().id;
    const list = await tree();
    const ids = list.map((c) => c.id);
    expect(ids.indexOf(a)).toBeLessThan(ids.indexOf(b));
    expect(list.find((c) => c.id === a)?.replies.map((r) => r.id)).toEqual([a1, a2]);
  });

  it('tells the article’s writer with the title, the name and the first 140 characters', async () => {
    const long = `${'Lång kommentar '.repeat(12)}SLUTET`;
    const res = await visitor(long, null, 'Lisa Lång');
    const id = res.json().id as number;
    const n = (await notes(writer)).find((x) => x.data.comment_id === id);
    expect(n).toMatchObject({
      type: 'new_comment',
      title: 'Ny kommentar på "Regler för kommentarer"',
      message: `Lisa Lång: ${long.slice(0, 140)}`,
      action_url: `/article/${slug}#comment-${id}`,
      data: { comment_id: id, article_id: articleId },
      read: false,
    });
    expect(n?.message).not.toContain('SLUTET');
  });

  it('tells a reply’s parent author once, never the replier themself, and the writer never twice', async () => {
    const mine = (await post({ articleId, content: 'Läsarens tråd' }, reader)).json().id as number;
    // the writer answers the reader: the reader is told, with the writer's name in the title
    const answer = (await post({ articleId, content: 'Skribenten svarar', parentId: mine }, writer)).json().id;
    const toReader = (await notes(reader)).filter((x) => x.data.comment_id === answer);
    expect(toReader).toHaveLength(1);
    expect(toReader[0]).toMatchObject({
      title: 'regel_skribent Testsson svarade på din kommentar',
      message: 'Skribenten svarar',
    });
    // the reader answers themself: nobody but the writer hears of it
    const self = (await post({ articleId, content: 'Jag svarar mig själv', parentId: mine }, reader)).json().id;
    expect((await notes(reader)).filter((x) => x.data.comment_id === self)).toHaveLength(0);
    expect((await notes(writer)).filter((x) => x.data.comment_id === self)).toHaveLength(1);
    // a visitor answers the writer's own comment: one notification to the writer, not two
    const writers = (await post({ articleId, content: 'Skribentens kommentar' }, writer)).json().id as number;
    const reply = (await visitor('Svar till skribenten', writers)).json().id;
    const toWriter = (await notes(writer)).filter((x) => x.data.comment_id === reply);
    expect(toWriter).toHaveLength(1);
    expect(toWriter[0].title).toBe('Ny kommentar på "Regler för kommentarer"');
    // a visitor's comment has no account to tell when it gets a reply
    const anon = (await visitor('Besökarens tråd')).json().id as number;
    const before = (await notes(admin)).length;
    await post({ articleId, content: 'Admin svarar besökaren', parentId: anon }, admin);
    expect(await notes(admin)).toHaveLength(before);
  });

  it('removes a chain of deleted placeholders when their last reply goes, and keeps a live ancestor', async () => {
    const live = (await post({ articleId, content: 'Levande rot' }, reader)).json().id as number;
    const mid = (await post({ articleId, content: 'Mitten', parentId: live }, reader)).json().id as number;
    const low = (await post({ articleId, content: 'Nedre', parentId: mid }, reader)).json().id as number;
    const leaf = (await visitor('Löv', low)).json().id as number;
    expect((await del(reader, mid)).statusCode).toBe(200);
    expect((await del(reader, low)).statusCode).toBe(200);
    const root = () => tree().then((l) => l.find((c) => c.id === live));
    let r = await root();
    expect(r?.replies[0]).toMatchObject({ id: mid, isDeleted: true, content: '', name: '', email: null });
    expect(r?.replies[0].replies[0]).toMatchObject({ id: low, isDeleted: true });
    // deleted placeholders hide the e-mail even from admins
    const adminView = (await tree(admin)).find((c) => c.id === live);
    expect(adminView?.replies[0].email).toBeNull();
    expect((await del(admin, leaf)).statusCode).toBe(200);
    r = await root();
    expect(r).toMatchObject({ id: live, isDeleted: false, content: 'Levande rot', replies: [] });
    // the placeholders are gone from the database, not only hidden: deleting them again is 404
    expect((await del(admin, mid)).statusCode).toBe(404);
    expect((await del(admin, low)).statusCode).toBe(404);
  });

  it('erasing an account with its comments also removes the deleted placeholders above them that nothing else answers', async () => {
    const leaving = await userWithToken(t, 'raderas_snart', 'user');
    // reader → writer → the leaving person; the two above are deleted and stay as placeholders
    const top = (await post({ articleId, content: 'Överst i kedjan' }, reader)).json().id as number;
    const mid = (await post({ articleId, content: 'Mitt i kedjan', parentId: top }, writer)).json().id as number;
    const low = (await post({ articleId, content: 'Längst ner', parentId: mid }, leaving)).json().id as number;
    expect((await del(reader, top)).statusCode).toBe(200);
    expect((await del(writer, mid)).statusCode).toBe(200);
    // a second thread whose first comment is not deleted: it stays, without replies
    const other = (await post({ articleId, content: 'Annan kedja' }, reader)).json().id as number;
    const otherMid = (await post({ articleId, content: 'Mitt i den andra', parentId: other }, writer)).json()
      .id as number;
    const otherLow = (await post({ articleId, content: 'Svar i den andra', parentId: otherMid }, leaving)).json()
      .id as number;
    expect((await del(writer, otherMid)).statusCode).toBe(200);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile',
      headers: leaving.headers,
      payload: { password: leaving.password, comments: 'delete' },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    const left = await t.dbh.db
      .selectFrom('comments')
      .select('id')
      .where('id', 'in', [top, mid, low, other, otherMid, otherLow])
      .orderBy('id')
      .execute();
    // both placeholders of the first chain go (two levels up); in the second, the writer's
    // placeholder goes and the reader's comment stays
    expect(left.map((r) => Number(r.id))).toEqual([other]);
    const list = await tree();
    expect(list.some((c) => c.id === top)).toBe(false);
    expect(list.find((c) => c.id === other)?.replies).toEqual([]);
  });

  it('deleting a comment with replies keeps the replies and their notifications', async () => {
    const top = (await post({ articleId, content: 'Topp med svar' }, reader)).json().id as number;
    const reply = (await visitor('Svaret stannar', top)).json().id as number;
    expect((await del(reader, top)).statusCode).toBe(200);
    // the placeholder keeps nothing of what was written, in the database too
    const stored = await t.dbh.db
      .selectFrom('comments')
      .select(['is_deleted', 'content', 'email', 'name'])
      .where('id', '=', top)
      .executeTakeFirst();
    expect(stored).toEqual({ is_deleted: 1, content: '', email: null, name: '' });
    // and a placeholder cannot be deleted again
    expect((await del(reader, top)).statusCode).toBe(404);
    expect((await notes(reader)).filter((x) => x.data.comment_id === reply)).toHaveLength(1);
    expect((await notes(writer)).filter((x) => x.data.comment_id === top)).toHaveLength(0);
    expect((await notes(writer)).filter((x) => x.data.comment_id === reply)).toHaveLength(1);
  });
});
