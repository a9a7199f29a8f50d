import { AUTOSAVE_TEXT, MSG } from '@vaggen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';

type Who = { id: number; headers: { authorization: string } };

/** Issue 41: the editor's working copy (autosave) through the HTTP layer, on every role. */
describe.each(dialects)('autosave on %s', (dialect) => {
  let t: TestApp;
  let admin: Who;
  let writer: Who;
  let other: Who;
  let reader: Who;
  const base = { title: 'Sparad rubrik', content: '<p>Sparad text.</p>', category: 'NYHETER', status: 'published' };
  const draft = (title: string) => ({
    title,
    content: '<p>Halvskriven text som inte får försvinna</p>',
    category: 'NYHETER',
    tags: 'storm, Varberg',
  });
  const put = (who: Who | null, slot: string | number, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/newsroom/autosaves/${slot}`,
      headers: who?.headers ?? {},
      payload,
    });
  const get = (who: Who, slot: string | number) =>
    t.app.inject({ method: 'GET', url: `/api/newsroom/autosaves/${slot}`, headers: who.headers });
  const create = async (who: Who) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/articles', headers: who.headers, payload: base });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number; version: number; slug: string };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await userWithToken(t, 'redaktoren', 'admin');
    writer = await userWithToken(t, 'skribent', 'writer');
    other = await userWithToken(t, 'annanskribent', 'writer');
    reader = await userWithToken(t, 'lasaren', 'user');
  });
  afterAll(() => t?.close());

  it('keeps the working copy of a published article without touching the article, its revisions or its page', async () => {
    const a = await create(writer);
    const res = await put(writer, a.id, { base_version: a.version, draft: draft('Ny rubrik under arbete') });
    expect(res.statusCode).toBe(200);
    expect(typeof res.json().saved_at).toBe('string');
    // a second autosave replaces the first (one copy per person and article)
    expect((await put(writer, a.id, { base_version: a.version, draft: draft('Ännu nyare rubrik') })).statusCode).toBe(
      200,
    );
    const copy = (await get(writer, a.id)).json();
    expect(copy).toMatchObject({ base_version: a.version, stale: false });
    expect(copy.draft).toMatchObject({ title: 'Ännu nyare rubrik', tags: 'storm, Varberg', credit: '' });
    const stored = (await t.app.inject({ method: 'GET', url: `/api/articles/${a.id}` })).json();
    expect(stored.title).toBe('Sparad rubrik');
    expect(stored.version).toBe(a.version);
    const revisions = await t.app.inject({
      method: 'GET',
      url: `/api/newsroom/articles/${a.id}/revisions`,
      headers: writer.headers,
    });
    expect(revisions.json()).toHaveLength(1);
    const page = await t.app.inject({ method: 'GET', url: `/article/${a.slug}` });
    expect(page.body).not.toContain('Ännu nyare rubrik');
    // each person has their own copy
    expect((await get(admin, a.id)).json()).toBeNull();
  });

  it("an autosave on top of someone else's newer save is a 409 naming them; the old copy then reads as stale", async () => {
    const a = await create(writer);
    expect((await put(writer, a.id, { base_version: a.version, draft: draft('Min version') })).statusCode).toBe(200);
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/articles/${a.id}`,
      headers: admin.headers,
      payload: { ...base, title: 'Redaktörens rubrik', version: a.version },
    });
    expect(saved.statusCode).toBe(200);
    const res = await put(writer, a.id, { base_version: a.version, draft: draft('Min version igen') });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toMatch(/^Artikeln har ändrats av redaktoren .* efter att du öppnade den/);
    const copy = (await get(writer, a.id)).json();
    expect(copy.stale).toBe(true);
    expect(copy.draft.title).toBe('Min version');
  });

  it('saving the article drops its saver\'s copy; creating one drops the "new" copy', async () => {
    expect((await put(writer, 'new', { base_version: null, draft: draft('Ny artikel') })).statusCode).toBe(200);
    expect((await get(writer, 'new')).json().draft.title).toBe('Ny artikel');
    const a = await create(writer);
    expect((await get(writer, 'new')).json()).toBeNull();
    expect((await put(writer, a.id, { base_version: a.version, draft: draft('Ändrad') })).statusCode).toBe(200);
    expect((await put(admin, a.id, { base_version: a.version, draft: draft('Admins') })).statusCode).toBe(200);
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/articles/${a.id}`,
      headers: writer.headers,
      payload: { ...base, title: 'Ändrad', version: a.version },
    });
    expect(saved.statusCode).toBe(200);
    expect((await get(writer, a.id)).json()).toBeNull();
    // the admin's copy stays (it is theirs), and now reads as made before a newer save
    expect((await get(admin, a.id)).json()).toMatchObject({ stale: true, draft: { title: 'Admins' } });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/newsroom/autosaves/${a.id}`,
      headers: admin.headers,
    });
    expect(del.statusCode).toBe(204);
    expect((await get(admin, a.id)).json()).toBeNull();
  });

  it('only the people who may edit the article: another writer 403, a reader 403, no one 401, unknown 404', async () => {
    const a = await create(writer);
    const body = { base_version: a.version, draft: draft('X') };
    const res = await put(other, a.id, body);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(MSG.articleEditNotOwn);
    expect((await get(other, a.id)).statusCode).toBe(403);
    expect((await put(reader, a.id, body)).statusCode).toBe(403);
    expect((await put(reader, 'new', { base_version: null, draft: draft('X') })).statusCode).toBe(403);
    expect((await put(null, a.id, body)).statusCode).toBe(401);
    expect((await put(admin, a.id, body)).statusCode).toBe(200);
    const missing = await put(writer, 99_999_999, body);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe(MSG.articleNotFound);
  });

  it('bad input is a 400 with a message, never a 500', async () => {
    const a = await create(writer);
    const bad = await put(writer, 'abc', { base_version: null, draft: draft('X') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(AUTOSAVE_TEXT.badSlot);
    expect((await put(writer, 0, { base_version: null, draft: draft('X') })).statusCode).toBe(400);
    expect((await put(writer, a.id, { draft: draft('X') })).statusCode).toBe(400);
    expect((await put(writer, a.id, { base_version: a.version, draft: { title: 'x'.repeat(301) } })).statusCode).toBe(
      400,
    );
    expect((await put(writer, a.id, { base_version: a.version, draft: { title: 5 } })).statusCode).toBe(400);
    expect((await put(writer, a.id, { base_version: a.version, draft: 'text' })).statusCode).toBe(400);
    // half-written is fine: everything but the sizes is optional
    expect((await put(writer, a.id, { base_version: a.version, draft: {} })).statusCode).toBe(200);
  });

  it("goes with the article and with the person's account", async () => {
    const a = await create(writer);
    expect((await put(writer, a.id, { base_version: a.version, draft: draft('Borta snart') })).statusCode).toBe(200);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/articles/${a.id}`, headers: writer.headers });
    expect(del.statusCode).toBe(200);
    const rows = await t.dbh.db.selectFrom('article_autosaves').selectAll().where('article_id', '=', a.id).execute();
    expect(rows).toEqual([]);
    expect((await put(other, 'new', { base_version: null, draft: draft('Min') })).statusCode).toBe(200);
    await t.app.services.users.deleteAccount(other.id);
    const mine = await t.dbh.db.selectFrom('article_autosaves').selectAll().where('user_id', '=', other.id).execute();
    expect(mine).toEqual([]);
  });
});
