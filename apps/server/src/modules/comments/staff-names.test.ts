import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';

// Issue 17 finding 9: visitors cannot comment under a staff member's name; staff comments carry
// their role for the badge; the comment limit's 429 says when to try again.
describe.each(dialects)('staff names and badges in comments on %s', (dialect) => {
  let t: TestApp;
  let articleId: number;
  let ip = 0;
  const nextIp = () => `10.7.${Math.floor(++ip / 250)}.${ip % 250}`;
  const post = (payload: object, headers: Record<string, string> = {}, remoteAddress = nextIp()) =>
    t.app.inject({ method: 'POST', url: '/api/comments', headers, payload, remoteAddress });

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { COMMENTS_PER_MINUTE: '3' } });
    await t.app.services.users.create({
      username: 'chefred',
      password: 'chefredens-losen',
      full_name: 'Åsa Chefredaktör',
      account_type: 'admin',
    });
    const writer = await t.app.services.users.create({
      username: 'reportern',
      password: 'reporterns-losen',
      full_name: 'Rolf Reporter',
      account_type: 'writer',
    });
    await t.app.services.users.create({ username: 'vanlig', password: 'vanligs-losen', full_name: 'Vera Vanlig' });
    articleId = (
      await t.app.services.articles.create({
        title: 'Kommentarsartikel',
        content: 'Text.',
        category: 'NYHETER',
        authorId: writer,
        authorName: 'Rolf Reporter',
        featuredImage: null,
      })
    ).id;
  });
  afterAll(() => t?.close());

  it('refuses a visitor posting as a writer or an admin, by display name or username, in any case', async () => {
    for (const name of ['Åsa Chefredaktör', 'åsa  CHEFREDAKTÖR ', 'ROLF reporter', 'Chefred', 'reportern']) {
      const res = await post({ articleId, name, email: 'x@example.se', content: 'Hej' });
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toEqual({ msg: 'Namnet tillhör någon i redaktionen. Välj ett annat namn.' });
    }
    // a reader's name is not reserved, nor is a name that merely contains a staff name
    for (const name of ['Vera Vanlig', 'Rolf Reporterson']) {
      const res = await post({ articleId, name, email: 'x@example.se', content: 'Hej' });
      expect(res.statusCode, name).toBe(201);
      expect(res.json().author_role).toBeNull();
    }
  });

  it('marks comments by writers and admins with their role, and readers’ with none', async () => {
    const as = async (username: string, role: 'user' | 'writer' | 'admin') => {
      const who = await userWithToken(t, username, role);
      return (await post({ articleId, content: `Från ${username}` }, who.headers)).json();
    };
    expect((await as('skribent2', 'writer')).author_role).toBe('writer');
    expect((await as('admin2', 'admin')).author_role).toBe('admin');
    expect((await as('lasare2', 'user')).author_role).toBeNull();
  });

  // Issue 13: a post's reads go out together; their verdicts still come in the rules' order.
  it('checks a post in order: the article, the fields, the e-mail, the name, the parent, the limit, the screen', async () => {
    const expectMsg = async (payload: object, status: number, msg: string, addr = nextIp()) => {
      const res = await post(payload, {}, addr);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json()).toEqual({ msg });
    };
    const staff = { name: 'Rolf Reporter', email: 'x@example.se', content: 'Hej' };
    await expectMsg({ ...staff, articleId: 999_999, name: '', parentId: 999_999 }, 404, 'Article not found');
    await expectMsg({ ...staff, articleId, email: '', parentId: 999_999 }, 400, 'Please fill in all fields');
    await expectMsg(
      { ...staff, articleId, email: 'inte-en-adress', parentId: 999_999 },
      400,
      'Please enter a valid email address',
    );
    await expectMsg(
      { ...staff, articleId, parentId: 999_999 },
      400,
      'Namnet tillhör någon i redaktionen. Välj ett annat namn.',
    );
    await expectMsg(
      { ...staff, articleId, name: 'Vera Besökare', parentId: 999_999 },
      400,
      'Kommentaren du svarar på finns inte i den här artikeln',
    );
    // a banned commenter is refused by the screen, and the attempt counts towards the limit …
    const moderator = await userWithToken(t, 'ordningsadmin', 'admin');
    const ban = await t.app.inject({
      method: 'POST',
      url: '/api/moderation/bans',
      headers: moderator.headers,
      payload: { email: 'sparrad@example.se', until: null, reason: 'Hot' },
    });
    expect(ban.statusCode).toBe(201);
    const addr = nextIp();
    const banned = { articleId, name: 'Spärrad', email: 'sparrad@example.se', content: 'Hej' };
    await expectMsg(banned, 403, 'Du är avstängd från att kommentera på Väggen.', addr);
    for (let i = 0; i < 2; i++)
      expect((await post({ ...banned, email: `fri${i}@example.se` }, {}, addr)).statusCode).toBe(201);
    // … and past the limit the limit answers first
    await expectMsg(banned, 429, 'Du skriver kommentarer för tätt. Vänta en minut och försök igen.', addr);
  });

  it('answers a visitor with the comment as readers then read it, built from its own row', async () => {
    const top = await post({ articleId, name: 'Radläsare', email: 'rad@example.se', content: ' Överst ' });
    const reply = await post({
      articleId,
      name: 'Radläsare',
      email: 'rad@example.se',
      content: 'Svar',
      parentId: top.json().id,
    });
    expect(top.statusCode).toBe(201);
    expect(reply.statusCode).toBe(201);
    const page = (await t.app.inject({ url: `/api/comments?articleId=${articleId}&order=newest` })).json().comments;
    const read = page.find((c: { id: number }) => c.id === top.json().id);
    const { author_token: token, ...answered } = top.json();
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(answered).toEqual({ ...read, replies: [], reply_count: 0 });
    expect(read.replies).toEqual([{ ...reply.json(), author_token: undefined }].map(({ author_token, ...c }) => c));
    expect(answered).toMatchObject({ content: 'Överst', name: 'Radläsare', email: null, depth: 0, reply_count: 0 });
  });

  it('answers a logged-in commenter with the comment as readers then read it, top level and reply', async () => {
    const w = await userWithToken(t, 'radskribent', 'writer');
    const top = await post({ articleId, content: 'Skribentens rad' }, w.headers);
    const reply = await post({ articleId, content: 'Och ett svar', parentId: top.json().id }, w.headers);
    expect(top.statusCode, top.body).toBe(201);
    expect(reply.statusCode, reply.body).toBe(201);
    const page = (await t.app.inject({ url: `/api/comments?articleId=${articleId}&order=newest` })).json().comments;
    const read = page.find((c: { id: number }) => c.id === top.json().id);
    expect(top.json()).toEqual({ ...read, replies: [], reply_count: 0 });
    expect(read.replies).toEqual([reply.json()]);
    expect(top.json()).toMatchObject({ name: 'radskribent Testsson', author_role: 'writer', email: null });
    expect(reply.json().reply_count).toBeUndefined();
  });

  it('says when to try again after too many comments', async () => {
    const addr = nextIp();
    for (let i = 0; i < 3; i++) {
      expect(
        (await post({ articleId, name: 'Flitig', email: 'f@example.se', content: `nr ${i}` }, {}, addr)).statusCode,
      ).toBe(201);
    }
    const res = await post({ articleId, name: 'Flitig', email: 'f@example.se', content: 'nr 4' }, {}, addr);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(res.headers['ratelimit-limit']).toBe('3');
    expect(res.headers['ratelimit-remaining']).toBe('0');
  });
});
