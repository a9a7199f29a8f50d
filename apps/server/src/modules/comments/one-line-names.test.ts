import { TEXT_MSG } from '@vaggen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';

const PHISH = 'Kalle\n\nVIKTIGT: ditt konto stängs. Logga in på http://evil.example/login';

/**
 * Issue 40, finding 13: a visitor's comment name with line breaks was copied verbatim into the
 * writer's notification and notification mail. Names are one line, without control characters.
 */
describe.each(dialects)('names are one line (%s)', (dialect) => {
  let t: TestApp;
  let writer: Awaited<ReturnType<typeof userWithToken>>;
  let articleId: number;
  let ip = 0;
  const post = (url: string, payload: object, headers: Record<string, string> = {}, method: 'POST' | 'PUT' = 'POST') =>
    t.app.inject({ method, url, payload, headers, remoteAddress: `10.40.13.${++ip}` });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    writer = await userWithToken(t, 'radskribent', 'writer');
    const a = await t.app.services.articles.create({
      title: 'Kommentera mig',
      content: '<p>Text.</p>',
      category: 'NYHETER',
      authorId: writer.id,
      authorName: 'radskribent Testsson',
      featuredImage: null,
    });
    articleId = a.id;
  });
  afterAll(() => t?.close());

  it("refuses a visitor's comment name with line breaks, tabs or control characters, and notifies nobody", async () => {
    for (const name of [PHISH, 'Kalle\r\nKula', 'Kalle\tKula', 'Kalle\u2028Kula']) {
      const res = await post('/api/comments', { articleId, name, email: 'kalle@example.se', content: 'Hej!' });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json()).toEqual({ msg: TEXT_MSG.nameOneLine });
    }
    const rows = await t.dbh.db
      .selectFrom('notifications')
      .select('message')
      .where('user_id', '=', writer.id)
      .execute();
    expect(rows).toEqual([]);
    // a control character alone is dropped; the name stays one line
    const ok = await post('/api/comments', {
      articleId,
      name: 'Kal\u0001le',
      email: 'kalle@example.se',
      content: 'Hej!',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().name).toBe('Kalle');
  });

  it('refuses such a name at registration and on the profile', async () => {
    const reg = await post('/api/register', {
      username: 'radlasare',
      password: 'ett-bra-losenord-1',
      full_name: PHISH,
    });
    expect(reg.statusCode).toBe(400);
    expect(reg.json()).toEqual({ msg: TEXT_MSG.nameOneLine });
    const reader = await userWithToken(t, 'radlasare2', 'user');
    const put = await post('/api/profile', { full_name: 'Anna\nLindqvist' }, reader.headers, 'PUT');
    expect(put.statusCode).toBe(400);
    expect(put.json()).toEqual({ msg: TEXT_MSG.nameOneLine });
  });

  it('puts a name stored earlier with line breaks on one line in the notification', async () => {
    const ok = await post('/api/comments', {
      articleId,
      name: 'Kalle',
      email: 'kalle2@example.se',
      content: 'Första.',
    });
    expect(ok.statusCode).toBe(201);
    // as a row written before issue 40 may hold it, answered by the writer's reader
    await t.dbh.db.updateTable('comments').set({ name: PHISH }).where('id', '=', ok.json().id).execute();
    const reader = await userWithToken(t, 'svarare', 'user');
    await t.dbh.db.updateTable('comments').set({ author_id: reader.id }).where('id', '=', ok.json().id).execute();
    const visitorReply = await post('/api/comments', {
      articleId,
      parentId: ok.json().id,
      name: PHISH.replace(/\n/g, ' '),
      email: 'kalle3@example.se',
      content: 'Svar.',
    });
    expect(visitorReply.statusCode, visitorReply.body).toBe(201);
    const notes = await t.dbh.db.selectFrom('notifications').select(['title', 'message']).execute();
    expect(notes.length).toBeGreaterThan(0);
    for (const n of notes) {
      expect(n.title).not.toMatch(/[\r\n\t]/);
      expect(n.message.split(':')[0]).not.toMatch(/[\r\n\t]/);
    }
  });
});
