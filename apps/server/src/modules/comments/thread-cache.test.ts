import { COMMENTS_PAGE, type Comment, type CommentPage, type CommentRepliesPage } from '@vaggen/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';

type Who = Awaited<ReturnType<typeof userWithToken>>;

/**
 * Issue 13 (decision 031): anonymous readers' comment threads come from the page cache — the same
 * bytes and headers as before, `Cache-Control: no-store` kept — and every change of an article's
 * comments reaches the next anonymous reader at once, while other articles' threads stay cached.
 * Readers with a bearer or commenter token are never served from nor stored into the cache.
 */
describe.each(dialects)('comment threads in the page cache, on %s', (dialect) => {
  let t: TestApp;
  let admin: Who;
  let writer: Who;
  let reader: Who;
  let ip = 0;
  const nextIp = () => `10.13.${Math.floor(++ip / 250)}.${ip % 250}`;

  const article = async (title: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/articles',
      headers: writer.headers,
      payload: { title, content: '<p>Text.</p>', category: 'NYHETER' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  /** A comment by a visitor (no headers) or by an account; returns the created comment. */
  const comment = async (
    articleId: number,
    content: string,
    opts: { who?: Who; parentId?: number; token?: string } = {},
  ): Promise<Comment & { author_token?: string }> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/comments',
      remoteAddress: nextIp(),
      headers: opts.who?.headers ?? (opts.token ? { 'x-commenter-token': opts.token } : {}),
      payload: {
        articleId,
        content,
        parentId: opts.parentId ?? null,
        ...(opts.who ? {} : { name: 'Vera Besökare', email: 'vera@example.se' }),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
  const contents = (list: Comment[]): string[] => list.flatMap((c) => [c.content, ...contents(c.replies)]);
  const thread = (articleId: number) => `/api/comments?articleId=${articleId}`;
  /** GETs `url` twice anonymously; the second answer must come from the cache. */
  const warm = async (url: string): Promise<LightMyRequestResponse> => {
    await get(url);
    const again = await get(url);
    expect(again.headers['x-page-cache'], url).toBe('HIT');
    return again;
  };
  /** The next anonymous GET is rendered afresh (MISS) and the one after it is a HIT of the same bytes. */
  const fresh = async (url: string): Promise<LightMyRequestResponse> => {
    const first = await get(url);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['x-page-cache'], url).toBe('MISS');
    const again = await get(url);
    expect(again.headers['x-page-cache'], url).toBe('HIT');
    expect(again.body).toBe(first.body);
    return first;
  };
  const setMode = async (mode: 'publish' | 'all') => {
    const current = (await get('/api/moderation/settings', admin.headers)).json();
    const { version: _v, updated_at: _u, ...input } = current;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/moderation/settings',
      headers: admin.headers,
      payload: { ...input, mode },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const HEADERS = ['content-type', 'cache-control', 'x-total-count', 'x-next-cursor', 'link'] as const;
  const picked = (res: LightMyRequestResponse) => Object.fromEntries(HEADERS.map((h) => [h, res.headers[h]]));

  let busy: number;
  let other: number;
  let firstTop: Comment;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { COMMENTS_PER_MINUTE: '1000' } });
    admin = await userWithToken(t, 'tc_admin', 'admin');
    writer = await userWithToken(t, 'tc_skribent', 'writer');
    reader = await userWithToken(t, 'tc_lasare', 'user');
    busy = await article('En läst artikel');
    other = await article('En annan artikel');
    // more than a page of top-level comments: the first page has X-Next-Cursor and Link
    firstTop = await comment(busy, 'Första kommentaren', { who: reader });
    await comment(busy, 'Ett svar', { parentId: firstTop.id });
    for (let i = 2; i <= COMMENTS_PAGE + 2; i++) await comment(busy, `Kommentar ${i}`);
    await comment(other, 'Kommentar på den andra artikeln');
  });
  afterAll(() => t?.close());

  it('a second anonymous GET is a HIT with the same bytes and headers, still no-store', async () => {
    const urls = [
      thread(busy),
      `${thread(busy)}&order=newest&limit=5`,
      `/api/comments/${firstTop.id}/replies`,
      `/api/comments/${firstTop.id}/replies?limit=1`,
    ];
    const first = await get(thread(busy));
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toBeTruthy();
    expect(first.headers.link).toBe(`</api/comments?articleId=${busy}&order=oldest&cursor=${cursor}>; rel="next"`);
    urls.push(`${thread(busy)}&order=oldest&cursor=${cursor}`);
    for (const url of urls) {
      const miss = await get(url);
      const hit = await get(url);
      expect(hit.statusCode, url).toBe(200);
      expect(hit.headers['x-page-cache'], url).toBe('HIT');
      expect(hit.body, url).toBe(miss.body);
      expect(picked(hit), url).toEqual(picked(miss));
      expect(hit.headers['cache-control'], url).toBe('no-store');
      // byte for byte what the uncached route answers (a logged-in reader without held comments)
      const direct = await get(url, reader.headers);
      expect(direct.headers['x-page-cache'], url).toBeUndefined();
      expect(hit.body, url).toBe(direct.body);
      expect(picked(hit), url).toEqual(picked(direct));
    }
    // COMMENTS_PAGE + 2 top-level comments and one reply
    expect(first.headers['x-total-count']).toBe(String(COMMENTS_PAGE + 3));
  });

  it('errors are answered as before and never stored', async () => {
    for (const url of [`/api/comments/999999/replies`, `${thread(busy)}&cursor=0`, '/api/comments?articleId=x']) {
      const first = await get(url);
      const again = await get(url);
      expect(first.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(again.statusCode, url).toBe(first.statusCode);
      expect(again.body, url).toBe(first.body);
      expect(again.headers['x-page-cache'], url).toBeUndefined();
      expect((await get(url, reader.headers)).body, url).toBe(first.body);
    }
  });

  it('a new comment and a new reply are shown to the next anonymous reader at once; other threads stay cached', async () => {
    await warm(thread(busy));
    await warm(`${thread(busy)}&order=newest`);
    await warm(`/api/comments/${firstTop.id}/replies`);
    await warm(thread(other));

    await comment(busy, 'Alldeles ny kommentar');
    const newest = (await fresh(`${thread(busy)}&order=newest`)).json() as CommentPage;
    expect(newest.comments[0]?.content).toBe('Alldeles ny kommentar');
    expect(newest.total).toBe(COMMENTS_PAGE + 4);
    expect((await fresh(thread(busy))).headers['x-total-count']).toBe(String(COMMENTS_PAGE + 4));

    await warm(`/api/comments/${firstTop.id}/replies`);
    await comment(busy, 'Ett nytt svar', { parentId: firstTop.id });
    const replies = (await fresh(`/api/comments/${firstTop.id}/replies`)).json() as CommentRepliesPage;
    expect(contents(replies.replies)).toContain('Ett nytt svar');
    expect(replies.reply_count).toBe(2);

    expect((await get(thread(other))).headers['x-page-cache']).toBe('HIT');
  });

  it('a thread without replies gets its first reply at once (the answer knows its article)', async () => {
    const lonely = await comment(other, 'Ensam kommentar');
    const url = `/api/comments/${lonely.id}/replies`;
    expect(((await warm(url)).json() as CommentRepliesPage).replies).toEqual([]);
    await comment(other, 'Första svaret', { parentId: lonely.id });
    expect(contents(((await fresh(url)).json() as CommentRepliesPage).replies)).toEqual(['Första svaret']);
  });

  it('deletion by an admin shows at once: as a placeholder, and removed', async () => {
    const a = await article('Artikel för borttagning');
    const parent = await comment(a, 'Förälder med svar');
    await comment(a, 'Svar som blir kvar', { parentId: parent.id });
    const lonely = await comment(a, 'Ensam som försvinner');
    await warm(thread(a));
    await warm(thread(other));

    const del = (id: number) => t.app.inject({ method: 'DELETE', url: `/api/comments/${id}`, headers: admin.headers });
    expect((await del(parent.id)).json()).toMatchObject({ placeholder: true });
    const afterPlaceholder = (await fresh(thread(a))).json() as Comment[];
    expect(afterPlaceholder.find((c) => c.id === parent.id)).toMatchObject({ isDeleted: true, content: '', name: '' });

    expect((await del(lonely.id)).json()).toMatchObject({ placeholder: false });
    const afterRemoval = (await fresh(thread(a))).json() as Comment[];
    expect(afterRemoval.map((c) => c.id)).not.toContain(lonely.id);
    expect(contents(afterRemoval)).toEqual(['', 'Svar som blir kvar']);

    expect((await get(thread(other))).headers['x-page-cache']).toBe('HIT');
  });

  it('moderation: approving a held comment and rejecting it show at once; reports that hide one too', async () => {
    const a = await article('Artikel för moderering');
    await comment(a, 'Synlig från början');
    await setMode('all');
    let held: Comment;
    try {
      held = await comment(a, 'Väntar på granskning');
      expect(held.moderation_status).toBe('pending');
    } finally {
      await setMode('publish');
    }
    expect(contents((await warm(thread(a))).json())).toEqual(['Synlig från början']);
    await warm(thread(other));

    const act = (action: 'approve' | 'reject', id: number) =>
      t.app.inject({ method: 'POST', url: `/api/moderation/comments/${id}/${action}`, headers: admin.headers });
    expect((await act('approve', held.id)).statusCode).toBe(200);
    expect(contents((await fresh(thread(a))).json())).toEqual(['Synlig från början', 'Väntar på granskning']);

    expect((await act('reject', held.id)).statusCode).toBe(200);
    expect(contents((await fresh(thread(a))).json())).toEqual(['Synlig från början']);

    // three readers' reports hide a comment (the default threshold)
    const reported = await comment(a, 'Anmäld kommentar');
    expect(contents((await fresh(thread(a))).json())).toContain('Anmäld kommentar');
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/comments/${reported.id}/reports`,
        remoteAddress: nextIp(),
        payload: { reason: 'spam' },
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    expect(contents((await fresh(thread(a))).json())).toEqual(['Synlig från början']);

    expect((await get(thread(other))).headers['x-page-cache']).toBe('HIT');
  });

  // A comment keeps the name it was written under; the picture and the staff role come from the account.
  it("a commenter's new picture and role reach every cached thread with their comments at once", async () => {
    const a = await article('Artikel för namnbyte');
    const person = await userWithToken(t, 'tc_namnbytare', 'user');
    const own = await comment(a, 'Jag byter namn', { who: person });
    await comment(a, 'Mitt svar', { who: person, parentId: own.id });
    await warm(thread(a));
    await warm(`/api/comments/${own.id}/replies`);
    await warm(thread(other));

    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: person.headers,
      payload: { profile_picture: '/uploads/ny-bild.webp' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = (await fresh(thread(a))).json() as Comment[];
    expect(page[0]?.author_profile_picture).toBe('/uploads/ny-bild.webp');
    const replies = (await fresh(`/api/comments/${own.id}/replies`)).json() as CommentRepliesPage;
    expect(replies.replies[0]?.author_profile_picture).toBe('/uploads/ny-bild.webp');
    expect((await get(thread(other))).headers['x-page-cache']).toBe('HIT');

    // the staff role is shown beside the name: an admin's role change reaches the thread too
    const role = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${person.id}/role`,
      headers: admin.headers,
      payload: { account_type: 'writer' },
    });
    expect(role.statusCode, role.body).toBe(200);
    expect(((await fresh(thread(a))).json() as Comment[])[0]?.author_role).toBe('writer');
  });

  it('an erased account (comments removed) and a deleted article leave their threads at once', async () => {
    const a = await article('Artikel för radering');
    const leaving = await userWithToken(t, 'tc_lamnar', 'user');
    await comment(a, 'Kvar efter mig');
    await comment(a, 'Jag försvinner', { who: leaving });
    expect(contents((await warm(thread(a))).json())).toEqual(['Kvar efter mig', 'Jag försvinner']);
    // a page without the erased comment still shows the article's total
    expect(((await warm(`${thread(a)}&limit=1`)).json() as CommentPage).total).toBe(2);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile',
      headers: leaving.headers,
      payload: { password: 'tc_lamnar-hemligt-losen', comments: 'delete' },
    });
    expect(gone.statusCode, gone.body).toBeLessThan(300);
    const after = await fresh(thread(a));
    expect(contents(after.json())).toEqual(['Kvar efter mig']);
    expect(after.headers['x-total-count']).toBe('1');
    expect(((await fresh(`${thread(a)}&limit=1`)).json() as CommentPage).total).toBe(1);

    await warm(thread(other));
    const del = await t.app.inject({ method: 'DELETE', url: `/api/articles/${a}`, headers: admin.headers });
    expect(del.statusCode, del.body).toBeLessThan(300);
    expect((await fresh(thread(a))).json()).toEqual([]);
    expect((await get(thread(other))).headers['x-page-cache']).toBe('HIT');
  });

  it('readers with a bearer or commenter token are never served from nor stored into the cache', async () => {
    const a = await article('Artikel med egna kommentarer');
    await comment(a, 'Allas kommentar');
    await setMode('all');
    let held: Comment & { author_token?: string };
    let heldByUser: Comment;
    try {
      held = await comment(a, 'Min väntande kommentar');
      heldByUser = await comment(a, 'Läsarens väntande', { who: reader });
    } finally {
      await setMode('publish');
    }
    const token = held.author_token as string;
    expect(token).toBeTruthy();
    expect(heldByUser.moderation_status).toBe('pending');

    // first with tokens, on a cold cache: nothing of theirs may be stored
    const mine = await get(thread(a), { 'x-commenter-token': token });
    expect(mine.headers['x-page-cache']).toBeUndefined();
    expect(mine.headers['cache-control']).toBe('no-store');
    expect(contents(mine.json())).toEqual(['Allas kommentar', 'Min väntande kommentar']);
    const readers = await get(thread(a), reader.headers);
    expect(readers.headers['x-page-cache']).toBeUndefined();
    expect(contents(readers.json())).toEqual(['Allas kommentar', 'Läsarens väntande']);

    const anonymous = await get(thread(a));
    expect(anonymous.headers['x-page-cache']).toBe('MISS');
    expect(contents(anonymous.json())).toEqual(['Allas kommentar']);
    await warm(thread(a));

    // then with a warm cache: they still get their own held comments, never the cached answer
    const again = await get(thread(a), { 'x-commenter-token': token });
    expect(again.headers['x-page-cache']).toBeUndefined();
    expect(contents(again.json())).toEqual(['Allas kommentar', 'Min väntande kommentar']);
    const asAdmin = await get(thread(a), admin.headers);
    expect(asAdmin.headers['x-page-cache']).toBeUndefined();
    expect((asAdmin.json() as Comment[])[0]?.email).toBe('vera@example.se');
    // an unknown (forged) token is not anonymous either: answered as today, uncached
    const forged = await get(thread(a), { 'x-commenter-token': 'falsk.token' });
    expect(forged.headers['x-page-cache']).toBeUndefined();
    expect(forged.body).toBe(anonymous.body);
    expect(contents((await get(thread(a))).json())).toEqual(['Allas kommentar']);
  });

  it('a render that started before a change is handed out but not stored', async () => {
    const a = await article('Artikel med kapplöpning');
    await comment(a, 'Före');
    const comments = t.app.services.comments;
    const original = comments.page.bind(comments);
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let started!: () => void;
    const reading = new Promise<void>((r) => {
      started = r;
    });
    const spy = vi.spyOn(comments, 'page').mockImplementationOnce(async (...args) => {
      const page = await original(...args);
      started();
      await gate;
      return page;
    });
    try {
      const slow = get(thread(a));
      await reading;
      await comment(a, 'Under tiden');
      release();
      expect(contents((await slow).json())).toEqual(['Före']);
    } finally {
      spy.mockRestore();
    }
    expect(contents((await fresh(thread(a))).json())).toEqual(['Före', 'Under tiden']);
  });
});
