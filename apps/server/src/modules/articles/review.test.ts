import { REVIEW_QUEUE_PAGE, REVIEW_TEXT } from '@vaggen/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { multipart, userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';

type Who = { id: number; headers: { authorization: string } };

/** Issue 41: review before publishing, on every role, through the HTTP layer. */
describe.each(dialects)('review before publishing on %s', (dialect) => {
  let t: TestApp;
  let admin: Who;
  let writer: Who;
  const base = { title: 'Granskad nyhet', content: '<p>Text som ska granskas.</p>', category: 'NYHETER' };
  const setReview = (on: boolean) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/newsroom/settings',
      headers: admin.headers,
      payload: { review_required: on },
    });
  const create = (who: Who, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/articles', headers: who.headers, payload: { ...base, ...payload } });
  const update = (who: Who, id: number, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/articles/${id}`, headers: who.headers, payload: { ...base, ...payload } });
  const decide = (who: Who, id: number, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/newsroom/articles/${id}/review`, headers: who.headers, payload });
  const queue = (after?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/newsroom/review${after ? `?after=${encodeURIComponent(after)}` : ''}`,
      headers: admin.headers,
    });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await userWithToken(t, 'utgivaren', 'admin', { fullName: 'Eva Utgivare' });
    writer = await userWithToken(t, 'skribenten', 'writer', { fullName: 'Sam Skribent' });
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await setReview(false);
  });

  it("off: a writer's create without a status publishes at once, as in the spec", async () => {
    const res = await create(writer, {});
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe('published');
  });

  it("on: a writer's publish or schedule is a 403 with the Swedish message; draft and review are accepted", async () => {
    expect((await setReview(true)).statusCode).toBe(200);
    const policy = (who: Who) =>
      t.app.inject({ method: 'GET', url: '/api/newsroom/review/policy', headers: who.headers });
    expect((await policy(writer)).json()).toEqual({ review_required: true, must_send_for_review: true });
    expect((await policy(admin)).json()).toEqual({ review_required: true, must_send_for_review: false });
    for (const payload of [
      {},
      { status: 'published' },
      { status: 'scheduled', publish_at: '2099-01-01T08:00:00Z' },
      { publish_at: '2099-01-01T08:00:00Z' },
    ]) {
      const res = await create(writer, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
      expect(res.json().msg).toBe(REVIEW_TEXT.publishForbidden);
    }
    const draft = await create(writer, { status: 'draft' });
    expect(draft.statusCode).toBe(201);
    const id = draft.json().id as number;
    const publish = await update(writer, id, { status: 'published' });
    expect(publish.statusCode).toBe(403);
    expect(publish.json().msg).toBe(REVIEW_TEXT.publishForbidden);
    const sent = await update(writer, id, { status: 'review' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().status).toBe('review');
    // readers never see it
    expect((await t.app.inject({ method: 'GET', url: `/api/articles/${id}` })).statusCode).toBe(404);
    // an admin still publishes directly; the external API of a writer's key follows the rule too
    const adminCreate = await create(admin, {});
    expect(adminCreate.statusCode).toBe(201);
    expect(adminCreate.json().status).toBe('published');
    const key = await t.app.inject({ method: 'POST', url: '/api/api-token', headers: writer.headers });
    const form = multipart({ title: 'Extern', category: 'NYHETER', content: 'Text' });
    const ext = await t.app.inject({
      method: 'POST',
      url: '/api/articles/external',
      headers: { ...form.headers, 'x-api-key': key.json().api_token },
      payload: form.payload,
    });
    expect(ext.statusCode).toBe(403);
    expect(ext.json().msg).toBe(REVIEW_TEXT.publishForbidden);
  });

  it('an admin publishes from the queue: the writer is told (bell and mail queue), the history names the approver', async () => {
    await setReview(true);
    await t.dbh.db
      .insertInto('notification_mail_prefs')
      .values({ user_id: writer.id, kind: 'review_decision', created_at: new Date().toISOString() })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const id = (await create(writer, { title: 'Väntar på utgivaren', status: 'review' })).json().id as number;
    // the admins hear of it
    const adminBell = (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: admin.headers })).json();
    expect(adminBell[0]).toMatchObject({
      type: 'review_requested',
      title: REVIEW_TEXT.requestedTitle,
      message: REVIEW_TEXT.requestedMessage('Sam Skribent', 'Väntar på utgivaren'),
      action_url: '/admin/granskning',
    });
    const q = await queue();
    expect(q.statusCode).toBe(200);
    expect(q.json().items.map((a: { id: number }) => a.id)).toContain(id);
    // writers neither see the queue nor decide
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/newsroom/review', headers: writer.headers })).statusCode,
    ).toBe(403);
    expect((await decide(writer, id, { decision: 'publish' })).statusCode).toBe(403);

    const res = await decide(admin, id, { decision: 'publish' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('published');
    expect((await t.app.inject({ method: 'GET', url: `/api/articles/${id}` })).statusCode).toBe(200);
    // a second decision: it no longer waits
    const again = await decide(admin, id, { decision: 'publish' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(REVIEW_TEXT.notInReview);

    const bell = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: writer.headers });
    const told = bell.json().find((n: { type: string }) => n.type === 'article_reviewed');
    expect(told).toMatchObject({
      title: REVIEW_TEXT.publishedTitle,
      message: REVIEW_TEXT.publishedMessage('Väntar på utgivaren'),
      action_url: '/article/vantar-pa-utgivaren',
    });
    const mail = await t.dbh.db
      .selectFrom('notification_mail_queue')
      .select(['kind', 'title'])
      .where('user_id', '=', writer.id)
      .execute();
    expect(mail).toEqual([{ kind: 'review_decision', title: REVIEW_TEXT.publishedTitle }]);

    const revisions = await t.app.inject({
      method: 'GET',
      url: `/api/newsroom/articles/${id}/revisions`,
      headers: writer.headers,
    });
    const [last, first] = revisions.json();
    expect(last).toMatchObject({
      user_name: 'Eva Utgivare',
      status: 'published',
      note: REVIEW_TEXT.notePublished('Eva Utgivare'),
    });
    expect(first).toMatchObject({ status: 'review', note: REVIEW_TEXT.noteSubmitted('Sam Skribent') });
  });

  it('an admin returns it with a comment (required) or schedules it; the writer hears of both', async () => {
    await setReview(true);
    const id = (await create(writer, { title: 'Behöver mer', status: 'review' })).json().id as number;
    const noComment = await decide(admin, id, { decision: 'return' });
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json().msg).toBe(REVIEW_TEXT.returnNeedsComment);
    const returned = await decide(admin, id, { decision: 'return', comment: 'Ring en källa till.' });
    expect(returned.statusCode).toBe(200);
    expect(returned.json().status).toBe('draft');
    const bell = (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: writer.headers })).json();
    expect(bell[0]).toMatchObject({
      type: 'article_reviewed',
      title: REVIEW_TEXT.returnedTitle,
      message: REVIEW_TEXT.returnedMessage('Behöver mer', 'Ring en källa till.'),
      action_url: `/admin/articles/edit/${id}`,
    });
    const history = (
      await t.app.inject({ method: 'GET', url: `/api/newsroom/articles/${id}/revisions`, headers: writer.headers })
    ).json();
    expect(history[0].note).toBe(REVIEW_TEXT.noteReturned('Eva Utgivare', 'Ring en källa till.'));

    expect((await update(writer, id, { status: 'review' })).statusCode).toBe(200);
    const noTime = await decide(admin, id, { decision: 'schedule' });
    expect(noTime.statusCode).toBe(400);
    const scheduled = await decide(admin, id, { decision: 'schedule', publish_at: '2099-03-01T05:00:00Z' });
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json()).toMatchObject({ status: 'scheduled', publish_at: '2099-03-01T05:00:00.000Z' });
  });

  it("an admin who publishes a waiting article from the editor approves it too: history and the writer's bell", async () => {
    await setReview(true);
    const id = (await create(writer, { title: 'Publicerad i redigeraren', status: 'review' })).json().id as number;
    const res = await update(admin, id, { title: 'Publicerad i redigeraren', status: 'published' });
    expect(res.statusCode).toBe(200);
    const history = (
      await t.app.inject({ method: 'GET', url: `/api/newsroom/articles/${id}/revisions`, headers: writer.headers })
    ).json();
    expect(history[0]).toMatchObject({ user_name: 'Eva Utgivare', note: REVIEW_TEXT.notePublished('Eva Utgivare') });
    const bell = (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: writer.headers })).json();
    expect(bell[0]).toMatchObject({
      type: 'article_reviewed',
      message: REVIEW_TEXT.publishedMessage('Publicerad i redigeraren'),
    });
    // the writer pulling it back to a draft is no decision
    const again = (await create(writer, { title: 'Dras tillbaka', status: 'review' })).json().id as number;
    expect((await update(writer, again, { title: 'Dras tillbaka', status: 'draft' })).statusCode).toBe(200);
    const after = (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: writer.headers })).json();
    expect(after[0].message).toBe(REVIEW_TEXT.publishedMessage('Publicerad i redigeraren'));
  });

  it('the queue is paged with a cursor, oldest first, bounded', async () => {
    await setReview(true);
    await t.dbh.db.updateTable('articles').set({ status: 'draft' }).where('status', '=', 'review').execute();
    const ids: number[] = [];
    for (let i = 0; i < REVIEW_QUEUE_PAGE + 2; i++)
      ids.push((await create(writer, { title: `Köad ${i}`, status: 'review' })).json().id as number);
    const first = (await queue()).json();
    expect(first.items).toHaveLength(REVIEW_QUEUE_PAGE);
    expect(first.next).toEqual(expect.any(String));
    const second = (await queue(first.next)).json();
    expect(second.next).toBeNull();
    expect([...first.items, ...second.items].map((a: { id: number }) => a.id)).toEqual(ids);
    const bad = await queue('inte-en-markör');
    expect(bad.statusCode).toBe(400);
  });
});
