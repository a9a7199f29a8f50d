import fs from 'node:fs';
import { AUTH_MSG, DELETED_USER_NAME, PRIVACY_MSG } from '@vaggen/contract';
import { PersonalDataExportSchema } from '@vaggen/contract/schemas';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';
import { findText, tableNames } from '../../../test/personal-data-scan.js';

type Who = Awaited<ReturnType<typeof userWithToken>>;
interface Reader {
  id: number;
  username: string;
  password: string;
  fullName: string;
  email: string;
  headers: { authorization: string };
}

/**
 * Issue 21: readers' own data. The download's every section and what it never contains; deleting
 * an account with either choice for the comments leaves none of the person's name, username or
 * e-mail in any column of any table (the scan reads the database's own catalogue).
 */
describe.each(dialects)('readers’ own data on %s', (dialect) => {
  let t: TestApp;
  let admin: Who;
  let writer: Who;
  let olle: Who;
  let articleId: number;
  let hiddenId: number;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    who: { headers: Record<string, string> } | null,
    payload?: object,
  ) => t.app.inject({ method, url, headers: who ? who.headers : {}, ...(payload ? { payload } : {}) });

  /** A reader registered through the API, with a full name, an e-mail and a session. */
  async function register(tag: string): Promise<Reader> {
    const username = `gdpr-${tag}`;
    const password = `${tag}-ett-langt-losenord`;
    const fullName = `Greta ${tag[0]?.toUpperCase()}${tag.slice(1)}sson`;
    const email = `${tag}.gdpr@example.invalid`;
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username, password, full_name: fullName, email },
      remoteAddress: `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    });
    expect(reg.statusCode).toBe(201);
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
    return {
      id: login.json().user_id,
      username,
      password,
      fullName,
      email,
      headers: { authorization: `Bearer ${login.json().access_token}` },
    };
  }

  async function comment(
    who: { headers: Record<string, string> },
    content: string,
    parentId?: number,
    onArticle = articleId,
  ) {
    const res = await call('POST', '/api/comments', who, { articleId: onArticle, content, parentId });
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
  }

  async function download(who: { headers: Record<string, string> }) {
    const res = await call('GET', '/api/profile/export', who);
    expect(res.statusCode).toBe(200);
    return { res, text: res.body, data: PersonalDataExportSchema.parse(JSON.parse(res.body)) };
  }

  /** Comments, a reply both ways, a role request, a report, a ban and an uploaded picture. */
  async function busyReader(tag: string, colour = '#3a7') {
    const r = await register(tag);
    const top = await comment(r, `Första inlägget av ${tag}.`);
    const olles = await comment(olle, 'Olles egen kommentar.');
    const reply = await comment(r, `Ett svar till Olle från ${tag}.`, olles);
    await comment(olle, 'Olle svarar tillbaka.', top);
    expect((await call('POST', '/api/user/request-writer', r, { message: 'Jag vill skriva.' })).statusCode).toBe(201);
    const report = await call('POST', `/api/comments/${olles}/reports`, r, {
      reason: 'spam',
      note: `Anmält av ${tag}`,
    });
    expect(report.statusCode).toBeLessThan(300);
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: colour } })
      .png()
      .toBuffer();
    const body = multipart({}, [{ field: 'file', filename: 'a.png', type: 'image/png', data: png }]);
    const pic = await t.app.inject({
      method: 'POST',
      url: '/api/profile/picture',
      headers: { ...r.headers, ...body.headers },
      payload: body.payload,
    });
    expect(pic.statusCode).toBe(200);
    const ban = await call('POST', '/api/moderation/bans', admin, {
      user_id: r.id,
      kind: 'premoderate',
      until: null,
      reason: `Bråkar, ${r.fullName}`,
    });
    expect(ban.statusCode).toBeLessThan(300);
    // Morgonbrevet (waiting for its confirmation) and e-mail copies of replies (issue 21)
    const sub = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      payload: { email: r.email },
      remoteAddress: '10.8.8.8',
    });
    expect(sub.statusCode).toBe(202);
    const pref = await call('PUT', '/api/profile/mail-notifications', r, { kind: 'comment_reply', enabled: true });
    expect(pref.statusCode).toBe(200);

    // a password reset: a token for the account and a mail to its address in the outbox (issue 21)
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: r.email },
      remoteAddress: '10.9.9.9',
    });
    expect(forgot.statusCode).toBe(200);
    await t.app.services.auth.settled(); // the mail is made after the answer
    return { r, top, olles, reply, picture: pic.json().profile_picture as string };
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { COMMENTS_PER_MINUTE: '1000' } });
    admin = await userWithToken(t, 'gdpr-admin', 'admin');
    writer = await userWithToken(t, 'gdpr-skribent', 'writer');
    olle = await userWithToken(t, 'gdpr-olle', 'user');
    articleId = (
      await t.app.services.articles.create({
        title: 'Integritetsartikeln',
        content: 'Text om data.',
        category: 'NYHETER',
        authorId: writer.id,
        authorName: 'gdpr-skribent Testsson',
        featuredImage: null,
      })
    ).id;
    hiddenId = (
      await t.app.services.articles.create({
        title: 'Den dolda artikeln',
        content: 'Text.',
        category: 'NYHETER',
        authorId: writer.id,
        authorName: 'gdpr-skribent Testsson',
        featuredImage: null,
      })
    ).id;
  });
  afterAll(() => t?.close());

  it('downloads every section as a dated JSON attachment, with no hash or token anywhere', async () => {
    const { r, top, reply } = await busyReader('anna');
    const onHidden = await comment(r, 'Kommentar på en artikel som sedan dolts.', undefined, hiddenId);
    await t.app.services.articles.update(hiddenId, {
      title: 'Den dolda artikeln',
      content: 'Text.',
      category: 'NYHETER',
      featuredImage: null,
      status: 'unpublished',
    });
    expect((await call('GET', `/api/articles/${hiddenId}`, null)).statusCode).toBe(404);

    const { res, text, data } = await download(r);
    const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date());
    expect(res.headers['content-disposition']).toBe(`attachment; filename="vaggen-mina-uppgifter-${day}.json"`);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(data.format).toBe('vaggen-mina-uppgifter/1');
    expect(Object.keys(JSON.parse(text))).toEqual([
      'format',
      'exported_at',
      'account',
      'reader_subscriptions',
      'gift_subscriptions',
      'sessions',
      'api_tokens',
      'comments',
      'notifications',
      'role_requests',
      'moderation_reports',
      'moderation_bans',
      'articles',
      'live_entries',
      'newsletter_subscriptions',
      'email_notifications',
    ]);
    expect(data.newsletter_subscriptions).toEqual([
      { email: r.email, status: 'pending', created_at: expect.any(String), confirmed_at: null },
    ]);
    expect(data.email_notifications.chosen).toEqual([{ kind: 'comment_reply', created_at: expect.any(String) }]);
    expect(data.account).toMatchObject({ id: r.id, username: r.username, full_name: r.fullName, email: r.email });
    expect(data.account.account_type).toBe('user');
    expect(data.sessions.length).toBe(1);
    expect(data.sessions[0]?.current).toBe(true);
    expect(data.api_tokens).toEqual([]);
    expect(data.comments.map((c) => c.id).sort((a, b) => a - b)).toEqual([top, reply, onHidden]);
    const onHiddenRow = data.comments.find((c) => c.id === onHidden);
    expect(onHiddenRow?.article).toEqual({ id: hiddenId, title: 'Den dolda artikeln', slug: expect.any(String) });
    expect(data.comments.find((c) => c.id === top)?.article?.title).toBe('Integritetsartikeln');
    expect(data.comments.find((c) => c.id === top)?.content).toBe('Första inlägget av anna.');
    // Olle answered her comment: she was told
    expect(data.notifications.some((n) => n.type === 'new_comment' && n.message === 'Olle svarar tillbaka.')).toBe(
      true,
    );
    expect(data.role_requests).toEqual([
      expect.objectContaining({ kind: 'writer', message: 'Jag vill skriva.', status: 'pending' }),
    ]);
    expect(data.moderation_reports).toEqual([
      expect.objectContaining({ reason: 'spam', note: 'Anmält av anna', resolved: false }),
    ]);
    expect(data.moderation_bans).toEqual([expect.objectContaining({ kind: 'premoderate', until: null })]);
    expect(data.articles).toEqual([]);
    // no secret in the whole text
    const row = await t.dbh.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', r.id)
      .executeTakeFirstOrThrow();
    const sessions = await t.dbh.db.selectFrom('sessions').select('token_hash').where('user_id', '=', r.id).execute();
    expect(text).not.toContain(row.password_hash);
    expect(text).not.toContain('argon2');
    expect(text).not.toContain('password');
    expect(text).not.toContain(r.headers.authorization.slice(7));
    for (const s of sessions) expect(text).not.toContain(s.token_hash);

    // where each comment stands: her reply names what it answered; her first one, deleted while
    // Olle's answer keeps it as a placeholder, is there as deleted, without its text
    const answered = await t.dbh.db
      .selectFrom('comments')
      .select('parent_id')
      .where('id', '=', reply)
      .executeTakeFirstOrThrow();
    expect(data.comments.find((c) => c.id === reply)).toMatchObject({
      parent_id: Number(answered.parent_id),
      deleted: false,
    });
    expect(data.comments.find((c) => c.id === top)).toMatchObject({ parent_id: null, deleted: false });
    expect((await call('DELETE', `/api/comments/${top}`, r)).statusCode).toBe(200);
    const later = (await download(r)).data.comments.find((c) => c.id === top);
    expect(later).toMatchObject({ parent_id: null, deleted: true, content: '' });
  });

  it('lists a writer’s articles and API token (never the token) and needs a login', async () => {
    const token = (await call('POST', '/api/api-token', writer)).json().api_token as string;
    expect(token).toMatch(/^vg_/);
    const { text, data } = await download(writer);
    expect(data.api_tokens).toEqual([{ name: 'API-token', created_at: expect.any(String) }]);
    expect(data.articles.map((a) => a.id).sort((a, b) => a - b)).toEqual([articleId, hiddenId]);
    expect(data.articles[0]).toMatchObject({ role: 'author', title: 'Integritetsartikeln' });
    expect(text).not.toContain(token);
    const rows = await t.dbh.db.selectFrom('api_tokens').selectAll().where('user_id', '=', writer.id).execute();
    for (const r of rows) {
      expect(text).not.toContain(r.token_hash);
      expect(text).not.toContain(r.token_encrypted);
    }
    const anonymous = await call('GET', '/api/profile/export', null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().msg).toBe(AUTH_MSG.notLoggedIn);
  });

  it('refuses a wrong password (Swedish message) and keeps the account', async () => {
    const r = await register('bertil');
    const res = await call('DELETE', '/api/profile', r, { password: 'fel-losenord-helt', comments: 'keep' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(PRIVACY_MSG.passwordWrong);
    const missing = await call('DELETE', '/api/profile', r, { password: '', comments: 'keep' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe(PRIVACY_MSG.passwordMissing);
    const choice = await call('DELETE', '/api/profile', r, { password: r.password, comments: 'maybe' });
    expect(choice.statusCode).toBe(400);
    expect(choice.json().msg).toContain(PRIVACY_MSG.commentsChoice);
    expect((await call('GET', '/api/me', r)).statusCode).toBe(200);
    // five wrong passwords, then a wait even with the right one
    for (let i = 0; i < 4; i++)
      await call('DELETE', '/api/profile', r, { password: `fel-${i}-losenord`, comments: 'keep' });
    const limited = await call('DELETE', '/api/profile', r, { password: r.password, comments: 'keep' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().msg).toContain(PRIVACY_MSG.tooManyAttempts);
    expect((await call('GET', '/api/me', r)).statusCode).toBe(200);
  });

  it('deletes the account keeping the comments as “Raderad användare”: no personal data left anywhere', async () => {
    const { r, top, reply, picture } = await busyReader('cecilia', '#c0ffee');
    expect(picture).toMatch(/^\/uploads\/[a-f0-9]{24}\.webp$/);
    const file = `${t.config.uploadsDir}/${picture.slice('/uploads/'.length)}`;
    expect(fs.existsSync(file)).toBe(true);
    const needles = [r.username, r.email, r.fullName];
    const found = await findText(t.dbh, needles);
    expect(found.length).toBeGreaterThan(3); // the scan finds them while they exist
    expect(JSON.stringify(found)).toContain('mail_outbox'); // …the reset mail to the address among them

    const res = await call('DELETE', '/api/profile', r, { password: r.password, comments: 'keep' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: PRIVACY_MSG.deleted });

    expect(await findText(t.dbh, needles)).toEqual([]);
    expect((await tableNames(t.dbh)).length).toBeGreaterThan(25);
    // logged out everywhere; the login fails like any unknown account
    expect((await call('GET', '/api/me', r)).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: r.username, password: r.password },
    });
    expect(login.statusCode).toBe(401);
    // the comments stay, without name, e-mail or link; the text is kept
    const page = (await call('GET', `/api/comments?articleId=${articleId}&order=newest&limit=50`, admin)).json();
    const all = page.comments.flatMap((c: { replies: unknown[] }) => [c, ...c.replies]) as {
      id: number;
      name: string;
      email: string | null;
      author_id: number | null;
      content: string;
    }[];
    const kept = all.find((c) => c.id === top);
    expect(kept).toMatchObject({
      name: DELETED_USER_NAME,
      email: null,
      author_id: null,
      content: 'Första inlägget av cecilia.',
    });
    const keptReply = all.find((c) => c.id === reply);
    expect(keptReply?.name).toBe(DELETED_USER_NAME);
    // Olle's notification of her reply now names nobody
    const olleNotes = (await call('GET', '/api/notifications', olle)).json() as { title: string }[];
    expect(olleNotes.some((n) => n.title === `${DELETED_USER_NAME} svarade på din kommentar`)).toBe(true);
    // the article's writer was told "<name>: <text>": the name goes, the quoted text stays as written
    const writerNotes = (await call('GET', '/api/notifications?limit=100', writer)).json() as { message: string }[];
    expect(writerNotes.map((n) => n.message)).toContain(`${DELETED_USER_NAME}: Första inlägget av cecilia.`);
    // the uploaded picture is gone from storage
    expect(fs.existsSync(file)).toBe(false);
  });

  it('deletes the account removing the comments: a comment with replies becomes the placeholder', async () => {
    const { r, top, reply, picture } = await busyReader('david'); // the same picture as Anna's
    const lonely = await comment(r, 'Ingen svarade på detta.');
    const res = await call('DELETE', '/api/profile', r, { password: r.password, comments: 'delete' });
    expect(res.statusCode).toBe(200);
    // Anna still shows the same stored file (names are content hashes): it stays
    expect(fs.existsSync(`${t.config.uploadsDir}/${picture.slice('/uploads/'.length)}`)).toBe(true);
    expect(await findText(t.dbh, [r.username, r.email, r.fullName])).toEqual([]);
    const rows = await t.dbh.db
      .selectFrom('comments')
      .select(['id', 'is_deleted', 'content', 'name', 'author_id'])
      .where('id', 'in', [top, reply, lonely])
      .execute();
    // `top` has Olle's answer: the placeholder; the reply and the lonely one are gone
    expect(rows.map((x) => ({ ...x, id: Number(x.id), is_deleted: Number(x.is_deleted) }))).toEqual([
      { id: top, is_deleted: 1, content: '', name: '', author_id: null },
    ]);
    const page = (await call('GET', `/api/comments?articleId=${articleId}&order=newest&limit=50`, null)).json();
    const placeholder = page.comments.find((c: { id: number }) => c.id === top);
    expect(placeholder).toMatchObject({ isDeleted: true, name: '', content: '' });
    expect(placeholder.replies.map((x: { content: string }) => x.content)).toEqual(['Olle svarar tillbaka.']);
    // the article's total counts what readers still see
    const visible = await t.dbh.db
      .selectFrom('comments')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('article_id', '=', articleId)
      .where('is_deleted', '=', 0)
      .where('status', '=', 'visible')
      .executeTakeFirstOrThrow();
    expect(await t.app.services.comments.total(articleId)).toBe(Number(visible.n));
  });

  it('keeps a deleted writer’s byline text, alone and among co-authors', async () => {
    const w = await userWithToken(t, 'gdpr-borttagen', 'writer');
    const co = await userWithToken(t, 'gdpr-kvar', 'writer');
    const own = await t.app.services.articles.create({
      title: 'Skriven av den som går',
      content: 'Text.',
      category: 'NYHETER',
      authorId: w.id,
      authorName: 'gdpr-borttagen Testsson',
      featuredImage: null,
    });
    const shared = await t.app.services.articles.create({
      title: 'Skriven av två',
      content: 'Text.',
      category: 'NYHETER',
      authorId: co.id,
      authorName: 'gdpr-kvar Testsson',
      featuredImage: null,
      authorIds: [co.id, w.id],
    });
    // both pages are in the anonymous page cache before the deletion
    await call('GET', `/api/articles/${own.id}`, null);
    const cached = await call('GET', `/api/articles/${own.id}`, null);
    expect(cached.headers['x-page-cache']).toBe('HIT');
    expect(cached.json().authors).toEqual([{ id: w.id, name: 'gdpr-borttagen Testsson', username: 'gdpr-borttagen' }]);
    await call('GET', `/api/articles/${shared.id}`, null);
    const before = await call('GET', `/api/articles/${shared.id}`, null);
    expect(before.headers['x-page-cache']).toBe('HIT');
    expect(before.json().authors.map((a: { name: string }) => a.name)).toEqual([
      'gdpr-kvar Testsson',
      'gdpr-borttagen Testsson',
    ]);
    const res = await call('DELETE', '/api/profile', w, { password: 'gdpr-borttagen-hemligt-losen', comments: 'keep' });
    expect(res.statusCode).toBe(200);
    // the deletion evicted them: the bylines are rendered afresh, without the account
    const after = await call('GET', `/api/articles/${own.id}`, null);
    expect(after.headers['x-page-cache']).not.toBe('HIT');
    const a = after.json();
    expect(a.author_display_name).toBe('gdpr-borttagen Testsson');
    expect(a.author_id).toBeNull();
    expect(a.authors).toEqual([{ id: null, name: 'gdpr-borttagen Testsson', username: null }]);
    const b = (await call('GET', `/api/articles/${shared.id}`, null)).json();
    expect(b.authors).toEqual([
      { id: co.id, name: 'gdpr-kvar Testsson', username: 'gdpr-kvar' },
      { id: null, name: 'gdpr-borttagen Testsson', username: null },
    ]);
    // only the bylines keep the name; the username is nowhere
    const hits = await findText(t.dbh, ['gdpr-borttagen']);
    expect(hits.map((h) => `${h.table}.${h.column}`).sort()).toEqual([
      'article_former_authors.name',
      'articles.author_name',
    ]);
  });

  it('refuses to delete the last admin, and lets an admin go while another remains', async () => {
    const only = await call('DELETE', '/api/profile', admin, {
      password: 'gdpr-admin-hemligt-losen',
      comments: 'keep',
    });
    expect(only.statusCode).toBe(409);
    expect(only.json().msg).toBe(PRIVACY_MSG.lastAdmin);
    expect((await call('GET', '/api/me', admin)).statusCode).toBe(200);
    const second = await userWithToken(t, 'gdpr-admin2', 'admin');
    // the second admin decides a request: every admin's copy of its notification names the decider
    const asker = await register('frida');
    const asked = await call('POST', '/api/user/request-writer', asker, { message: 'Får jag skriva?' });
    expect(asked.statusCode).toBe(201);
    const rejected = await call('POST', `/api/user/request-writer/${asked.json().id}/reject`, second, {
      reason: 'Inte nu',
    });
    expect(rejected.statusCode).toBe(200);
    expect((await findText(t.dbh, ['gdpr-admin2'])).length).toBeGreaterThan(0);
    const res = await call('DELETE', '/api/profile', second, {
      password: 'gdpr-admin2-hemligt-losen',
      comments: 'delete',
    });
    expect(res.statusCode).toBe(200);
    // the request and its decision stay, without the admin who decided
    expect(await findText(t.dbh, ['gdpr-admin2'])).toEqual([]);
    const decided = await t.dbh.db
      .selectFrom('role_requests')
      .select(['status', 'decided_by', 'reason'])
      .where('id', '=', asked.json().id)
      .executeTakeFirstOrThrow();
    expect(decided).toEqual({ status: 'rejected', decided_by: null, reason: 'Inte nu' });
    const again = await call('DELETE', '/api/profile', admin, {
      password: 'gdpr-admin-hemligt-losen',
      comments: 'keep',
    });
    expect(again.statusCode).toBe(409);
  });

  it('exports and deletes a long history in batches (1 200 comments)', async () => {
    const r = await register('erik');
    const now = new Date().toISOString();
    const rows = Array.from({ length: 1200 }, (_, i) => ({
      article_id: articleId,
      parent_id: null,
      author_id: r.id,
      name: r.fullName,
      email: r.email,
      content: `Massinlägg ${i}`,
      is_deleted: 0,
      created_at: now,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await t.dbh.db
        .insertInto('comments')
        .values(rows.slice(i, i + 200))
        .execute();
    const { data } = await download(r);
    expect(data.comments.length).toBe(1200);
    expect(new Set(data.comments.map((c) => c.id)).size).toBe(1200);
    const res = await call('DELETE', '/api/profile', r, { password: r.password, comments: 'delete' });
    expect(res.statusCode).toBe(200);
    expect(await findText(t.dbh, [r.username, r.email, r.fullName])).toEqual([]);
    const left = await t.dbh.db
      .selectFrom('comments')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('content', 'like', 'Massinlägg%')
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
  });
});
