import { request } from 'node:http';
import type { LiveEntry, LiveEntryPage } from '@vaggen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';
import { openSse, type SseClient } from '../../../test/sse.js';

type Who = Awaited<ReturnType<typeof userWithToken>>;

/**
 * Issue 44: live reports on every database — entries posted, pinned, edited, removed and the report
 * ended through the HTTP layer, and the stream through real HTTP (a client with a stream reader):
 * create/edit/remove arrive in order, and a client resuming with Last-Event-ID loses nothing.
 */
describe.each(dialects)('live reports on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let admin: Who;
  let writer: Who;
  let other: Who;
  let reader: Who;
  let report: { id: number };
  const streams: SseClient[] = [];
  const open = async (path: string, headers: Record<string, string> = {}) => {
    const c = await openSse(`${base}${path}`, headers);
    streams.push(c);
    return c;
  };
  const post = (id: number, payload: object, who: Who = writer) =>
    t.app.inject({ method: 'POST', url: `/api/articles/${id}/live-entries`, payload, headers: who.headers });
  const put = (id: number, payload: object, who: Who = writer) =>
    t.app.inject({ method: 'PUT', url: `/api/live-entries/${id}`, payload, headers: who.headers });
  const del = (id: number, who: Who = writer) =>
    t.app.inject({ method: 'DELETE', url: `/api/live-entries/${id}`, headers: who.headers });
  const page = async (id: number, q = '') =>
    (await t.app.inject({ url: `/api/articles/${id}/live-entries${q}` })).json() as LiveEntryPage;
  const newReport = async (title: string, who: Who = writer) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/articles',
      headers: who.headers,
      payload: { title, content: '<p>Ingress.</p>', category: 'NYHETER', kind: 'live' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; kind: string; live_ended_at: string | null };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { LIVE_HEARTBEAT_SECONDS: '0.2' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    admin = await userWithToken(t, 'direkt_admin', 'admin', { fullName: 'Agnes Admin' });
    writer = await userWithToken(t, 'direkt_reporter', 'writer', { fullName: 'Rut Reporter' });
    other = await userWithToken(t, 'direkt_annan', 'writer');
    reader = await userWithToken(t, 'direkt_lasare', 'user');
    report = await newReport('Valvakan 2026');
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await t?.close();
  });

  it('has kind article by default and live when asked; live_ended_at is null', async () => {
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/articles',
      headers: writer.headers,
      payload: { title: 'Vanlig artikel', content: '<p>Text.</p>', category: 'NYHETER' },
    });
    expect(plain.json()).toMatchObject({ kind: 'article', live_ended_at: null });
    const live = (await t.app.inject({ url: `/api/articles/${report.id}` })).json();
    expect(live).toMatchObject({ kind: 'live', live_ended_at: null });
    // an entry in an ordinary article is refused
    const res = await post(plain.json().id, { content: '<p>Hej</p>' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ msg: 'Artikeln är ingen direktrapport' });
  });

  it('posts, pins, edits and removes entries; readers page them newest first', async () => {
    const r = await newReport('Stormen Gorm');
    const bad = await post(r.id, { content: '<script>alert(1)</script>' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ msg: 'Skriv något i inlägget' });
    expect((await post(r.id, { content: '<p>x</p>' }, other)).statusCode).toBe(403);
    const ids: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const res = await post(r.id, { content: `<p>Inlägg ${i}<script>x</script></p>` });
      expect(res.statusCode, res.body).toBe(201);
      const e = res.json() as LiveEntry;
      expect(e).toMatchObject({
        content: `<p>Inlägg ${i}</p>`,
        author_display_name: 'Rut Reporter',
        pinned: false,
        edited_at: null,
      });
      ids.push(e.id);
    }
    // an admin pins the second; the writer edits the third and removes the fourth
    expect((await put(ids[1] as number, { pinned: true }, admin)).json()).toMatchObject({
      pinned: true,
      edited_at: null,
    });
    const edited = (await put(ids[2] as number, { content: '<p>Inlägg 3, rättat</p>' })).json() as LiveEntry;
    expect(edited.edited_at).not.toBeNull();
    expect((await del(ids[3] as number)).statusCode).toBe(200);
    expect((await del(ids[3] as number)).statusCode).toBe(404);
    expect((await put(ids[0] as number, { pinned: true }, other)).statusCode).toBe(403);

    const first = await page(r.id, '?limit=2');
    expect(first.entries.map((e) => e.content)).toEqual(['<p>Inlägg 5</p>', '<p>Inlägg 3, rättat</p>']);
    expect(first.pinned?.map((e) => e.id)).toEqual([ids[1]]);
    expect(first.last_event_id).toBe(8); // five posts, a pin, an edit, a removal
    const second = await page(r.id, `?limit=2&cursor=${first.next_cursor}`);
    expect(second.entries.map((e) => e.id)).toEqual([ids[1], ids[0]]);
    expect(second.next_cursor).toBeNull();
    expect((await t.app.inject({ url: `/api/articles/${r.id}/live-entries?cursor=x` })).statusCode).toBe(400);

    // ending: it stays readable, no more entries
    const end = await t.app.inject({ method: 'POST', url: `/api/articles/${r.id}/live-end`, headers: writer.headers });
    expect(end.statusCode, end.body).toBe(200);
    expect(end.json().live_ended_at).toEqual(expect.any(String));
    expect((await t.app.inject({ url: `/api/articles/${r.id}` })).json().live_ended_at).toEqual(
      end.json().live_ended_at,
    );
    const late = await post(r.id, { content: '<p>Sent</p>' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ msg: 'Direktrapporteringen är avslutad' });
    expect((await page(r.id)).entries).toHaveLength(4);
    // the writer's download lists their entries (decision 027), the removed one marked
    const mine = JSON.parse((await t.app.inject({ url: '/api/profile/export', headers: writer.headers })).body);
    const here = (mine.live_entries as { article_id: number; removed: boolean }[]).filter((e) => e.article_id === r.id);
    expect(here.map((e) => e.removed)).toEqual([false, false, false, true, false]);
  });

  it('streams create, edit and remove in order to a client connected through real HTTP', async () => {
    const r = await newReport('Matchen live');
    const s = await open(`/api/articles/${r.id}/live-stream`);
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toContain('text/event-stream');
    await new Promise((ok) => setTimeout(ok, 100)); // joined
    const a = (await post(r.id, { content: '<p>Avspark</p>' })).json() as LiveEntry;
    await put(a.id, { content: '<p>Avspark 19.00</p>' });
    await del(a.id);
    const events = await s.waitFor(3);
    expect(events.map((e) => [e.event, e.id])).toEqual([
      ['entry', '1'],
      ['edit', '2'],
      ['remove', '3'],
    ]);
    expect(JSON.parse(events[0]?.data as string)).toMatchObject({ id: a.id, content: '<p>Avspark</p>' });
    expect(JSON.parse(events[1]?.data as string)).toMatchObject({ id: a.id, content: '<p>Avspark 19.00</p>' });
    expect(JSON.parse(events[2]?.data as string)).toEqual({ id: a.id });
    // heartbeats keep the connection open
    const until = Date.now() + 3000;
    while (s.comments === 0 && Date.now() < until) await new Promise((ok) => setTimeout(ok, 20));
    expect(s.comments).toBeGreaterThan(0);
    // the end is told too
    await t.app.inject({ method: 'POST', url: `/api/articles/${r.id}/live-end`, headers: writer.headers });
    expect((await s.waitFor(4))[3]?.event).toBe('end');
  });

  it('resumes with Last-Event-ID (or the page snapshot position) and loses nothing', async () => {
    const r = await newReport('Presskonferensen');
    const first = await open(`/api/articles/${r.id}/live-stream`);
    await new Promise((ok) => setTimeout(ok, 100));
    const e1 = (await post(r.id, { content: '<p>Ett</p>' })).json() as LiveEntry;
    await first.waitFor(1);
    first.close(); // the connection drops
    const e2 = (await post(r.id, { content: '<p>Två</p>' })).json() as LiveEntry;
    await put(e1.id, { content: '<p>Ett, rättat</p>' });
    const e3 = (await post(r.id, { content: '<p>Tre</p>' })).json() as LiveEntry;
    await del(e3.id); // posted and removed while away: never seen, never sent
    const resumed = await open(`/api/articles/${r.id}/live-stream`, { 'last-event-id': '1' });
    const got = await resumed.waitFor(2);
    expect(got.map((e) => [e.event, JSON.parse(e.data).id])).toEqual([
      ['entry', e2.id],
      ['edit', e1.id],
    ]);
    // live again after the catch-up, nothing twice
    const e4 = (await post(r.id, { content: '<p>Fyra</p>' })).json() as LiveEntry;
    const after = await resumed.waitFor(3);
    expect(after[2]).toMatchObject({ event: 'entry', id: '6' });
    expect(JSON.parse(after[2]?.data as string).id).toBe(e4.id);
    await new Promise((ok) => setTimeout(ok, 200));
    expect(resumed.events).toHaveLength(3);
    // the page's snapshot position through the query (EventSource's first connection)
    const snap = await page(r.id);
    const fromPage = await open(`/api/articles/${r.id}/live-stream?last_event_id=${snap.last_event_id - 1}`);
    expect((await fromPage.waitFor(1))[0]).toMatchObject({ event: 'entry', id: '6' });
  });

  it('updates the RSS item of a live report with its newest entry', async () => {
    const r = await newReport('Riksdagsvalet direkt');
    await post(r.id, { content: '<p>Nu räknas rösterna.</p>' });
    const rss = (await t.app.inject({ url: '/rss.xml', headers: { host: 'vaggen.test' } })).body;
    expect(rss).toMatch(/Direktrapport \d\d:\d\d: Nu räknas rösterna\./);
  });

  it('lists a live report in the Google News sitemap while it is live, however old', async () => {
    const old = await t.app.services.articles.create({
      title: 'Kriget i Europa',
      content: '<p>Följ utvecklingen.</p>',
      category: 'VÄRLDEN',
      authorId: writer.id,
      authorName: 'Rut Reporter',
      featuredImage: null,
      publishedAt: '2026-01-10T08:00:00.000Z',
      kind: 'live',
    });
    const news = async () => (await t.app.inject({ url: '/sitemaps/news.xml', headers: { host: 'vaggen.test' } })).body;
    expect(await news()).toContain(old.slug);
    await t.app.inject({ method: 'POST', url: `/api/articles/${old.id}/live-end`, headers: admin.headers });
    expect(await news()).not.toContain(old.slug);
  });

  interface Reply {
    status: number;
    headers: Headers;
    text: string;
    json(): ReturnType<typeof JSON.parse>;
  }
  /**
   * Real HTTP to the listening server (the page cache answers anonymous reads as readers get them),
   * one connection per request: an idle keep-alive connection would hold up the server's close.
   */
  const http = (method: string, path: string, who?: Who | null, body?: object) =>
    new Promise<Reply>((resolve, reject) => {
      const payload = body ? JSON.stringify(body) : undefined;
      const req = request(
        `${base}${path}`,
        {
          method,
          agent: false,
          headers: { ...(who ? who.headers : {}), ...(payload ? { 'content-type': 'application/json' } : {}) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => {
            text += c;
          });
          res.on('end', () => {
            const headers = new Headers();
            for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
            resolve({ status: res.statusCode ?? 0, headers, text, json: () => JSON.parse(text) });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });

  it('keeps drafts from readers, streams and feeds; lists them only for the report’s writers and admins', async () => {
    const r = await newReport('Utkast i direktdesken');
    const s = await open(`/api/articles/${r.id}/live-stream`);
    await new Promise((ok) => setTimeout(ok, 100)); // joined
    const posted = (
      await http('POST', `/api/articles/${r.id}/live-entries`, writer, { content: '<p>Först</p>' })
    ).json();
    expect(posted).toMatchObject({ content: '<p>Först</p>', draft: false });
    await s.waitFor(1);
    const list = `/api/articles/${r.id}/live-entries`;
    expect((await http('GET', list)).headers.get('x-page-cache')).toBe('MISS');

    // a pinned draft: 201, marked draft; nobody else learns of it
    const saved = await http('POST', list, writer, { content: '<p>Hemligt utkast</p>', pinned: true, draft: true });
    expect(saved.status, saved.text).toBe(201);
    const draft = saved.json() as LiveEntry;
    expect(draft).toMatchObject({ content: '<p>Hemligt utkast</p>', pinned: true, draft: true, edited_at: null });
    const pub = await http('GET', list);
    expect(pub.text).not.toContain('Hemligt');
    expect(pub.headers.get('x-page-cache')).toBe('HIT');
    for (const q of ['', '?drafts=0', '?limit=50']) {
      const p = (await http('GET', `${list}${q}`)).json() as LiveEntryPage;
      expect(p.entries.map((e) => e.id)).toEqual([posted.id]);
      expect(p.pinned).toEqual([]);
      expect(p.last_event_id).toBe(1);
      expect(p.entries.every((e) => e.draft === false)).toBe(true);
    }
    // a logged-in writer's own public read does not get it either
    expect((await http('GET', list, writer)).text).not.toContain('Hemligt');
    expect(await t.app.services.live.since(r.id, 0)).toHaveLength(1);
    expect((await t.app.services.live.newestFor([r.id])).get(r.id)?.id).toBe(posted.id);
    const rss = (await t.app.inject({ url: '/rss.xml', headers: { host: 'vaggen.test' } })).body;
    expect(rss).not.toContain('Hemligt');

    // the drafts: the report's writer and admins; 401 for a visitor, 403 for a reader or another writer
    const drafts = `${list}?drafts=1`;
    const byRole = { visitor: null, reader, other, writer, admin } as const;
    const statuses: Record<string, number> = {};
    for (const [role, who] of Object.entries(byRole)) statuses[role] = (await http('GET', drafts, who)).status;
    expect(statuses).toEqual({ visitor: 401, reader: 403, other: 403, writer: 200, admin: 200 });
    const mine = await http('GET', drafts, writer);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect(mine.headers.get('x-page-cache')).toBeNull();
    expect((mine.json() as LiveEntryPage).entries).toEqual([draft]);
    expect((await http('GET', drafts, admin)).json().entries.map((e: LiveEntry) => e.id)).toEqual([draft.id]);
    expect((await http('GET', drafts, null)).json()).toEqual({ msg: 'Du måste logga in' });
    expect((await http('GET', `/api/articles/999999/live-entries?drafts=1`, admin)).status).toBe(404);
    const bad = await http('GET', `${list}?drafts=ja`, admin);
    expect(bad.status).toBe(400);
    expect(bad.json()).toEqual({ msg: 'drafts ska vara 0 eller 1' });

    // edited by the report's writers and admins only; no edit time, no event
    expect((await http('PUT', `/api/live-entries/${draft.id}`, other, { content: '<p>x</p>' })).status).toBe(403);
    expect((await http('PUT', `/api/live-entries/${draft.id}`, reader, { content: '<p>x</p>' })).status).toBe(403);
    const edited = (
      await http('PUT', `/api/live-entries/${draft.id}`, admin, { content: '<p>Hemligt utkast, rättat</p>' })
    ).json() as LiveEntry;
    expect(edited).toMatchObject({
      id: draft.id,
      content: '<p>Hemligt utkast, rättat</p>',
      draft: true,
      edited_at: null,
    });
    // a posted entry cannot go back to being a draft
    const back = await http('PUT', `/api/live-entries/${posted.id}`, writer, { draft: true });
    expect(back.status).toBe(409);
    expect(back.json()).toEqual({ msg: 'Ett publicerat inlägg kan inte bli ett utkast igen' });

    // a second draft, deleted: gone without a trace for readers
    const gone = (await http('POST', list, writer, { content: '<p>Slängt utkast</p>', draft: true })).json();
    expect((await http('DELETE', `/api/live-entries/${gone.id}`, other)).status).toBe(403);
    const deleted = await http('DELETE', `/api/live-entries/${gone.id}`, writer);
    expect(deleted.json()).toEqual({ msg: 'Utkastet är borttaget' });
    expect((await http('DELETE', `/api/live-entries/${gone.id}`, writer)).status).toBe(404);
    expect((await http('GET', drafts, writer)).json().entries.map((e: LiveEntry) => e.id)).toEqual([draft.id]);
    await new Promise((ok) => setTimeout(ok, 200));
    expect(s.events).toHaveLength(1); // only the first post reached the stream

    // publishing: posted anew at the time of publishing, sent as `entry`, on the readers' page and feeds
    await new Promise((ok) => setTimeout(ok, 20));
    const published = await http('PUT', `/api/live-entries/${draft.id}`, writer, { draft: false });
    expect(published.status, published.text).toBe(200);
    const entry = published.json() as LiveEntry;
    expect(entry).toMatchObject({
      content: '<p>Hemligt utkast, rättat</p>',
      draft: false,
      pinned: true,
      edited_at: null,
      author_display_name: 'Rut Reporter',
    });
    expect(entry.id).toBeGreaterThan(posted.id);
    expect(entry.id).not.toBe(draft.id);
    expect(entry.created_at > draft.created_at).toBe(true);
    const [, event] = await s.waitFor(2);
    expect(event).toMatchObject({ event: 'entry', id: '2' });
    expect(JSON.parse(event?.data as string)).toEqual(entry);
    const after = await http('GET', list);
    expect(after.headers.get('x-page-cache')).toBe('MISS'); // evicted by the post
    const p = after.json() as LiveEntryPage;
    expect(p.entries.map((e) => e.id)).toEqual([entry.id, posted.id]);
    expect(p.pinned?.map((e) => e.id)).toEqual([entry.id]);
    expect(p.last_event_id).toBe(2);
    expect((await http('GET', drafts, writer)).json().entries).toEqual([]);
    expect((await http('PUT', `/api/live-entries/${draft.id}`, writer, { draft: false })).status).toBe(404);
    const rssAfter = (await t.app.inject({ url: '/rss.xml', headers: { host: 'vaggen.test' } })).body;
    expect(rssAfter).toContain('Hemligt utkast, rättat');

    // publishing and drafting need an open report; a draft can still be deleted after the end
    const late = (await http('POST', list, writer, { content: '<p>Sent utkast</p>', draft: true })).json();
    // the writer's download marks drafts
    const mine2 = JSON.parse((await t.app.inject({ url: '/api/profile/export', headers: writer.headers })).body);
    const here = (mine2.live_entries as { article_id: number; draft: boolean }[]).filter((e) => e.article_id === r.id);
    expect(here.map((e) => e.draft)).toEqual([false, false, true]);
    expect((await http('POST', `/api/articles/${r.id}/live-end`, writer)).status).toBe(200);
    expect((await http('POST', list, writer, { content: '<p>x</p>', draft: true })).status).toBe(409);
    const closed = await http('PUT', `/api/live-entries/${late.id}`, writer, { draft: false });
    expect(closed.status).toBe(409);
    expect(closed.json()).toEqual({ msg: 'Direktrapporteringen är avslutad' });
    expect((await http('DELETE', `/api/live-entries/${late.id}`, admin)).status).toBe(200);
  });

  it('answers 404 for an unknown or hidden report and 429 past the per-address limit', async () => {
    expect((await t.app.inject({ url: '/api/articles/999999/live-stream' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/articles/999999/live-entries' })).json()).toEqual({
      msg: 'Artikeln finns inte',
    });
    const draft = await t.app.inject({
      method: 'POST',
      url: '/api/articles',
      headers: writer.headers,
      payload: { title: 'Utkast live', content: '<p>x</p>', category: 'NYHETER', kind: 'live', status: 'draft' },
    });
    expect((await t.app.inject({ url: `/api/articles/${draft.json().id}/live-entries` })).statusCode).toBe(404);
    const limit = t.config.live.streamsPerAddress;
    const many: SseClient[] = [];
    for (let i = 0; i < limit + 1; i++) many.push(await open(`/api/articles/${report.id}/live-stream`));
    for (const c of many) c.close();
    const statuses = many.map((c) => c.status);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(limit);
    expect(statuses).toContain(429);
    // a closed stream gives its place back (the count follows the socket's close)
    const until = Date.now() + 5000;
    let again = await open(`/api/articles/${report.id}/live-stream`);
    while (again.status === 429 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
      again = await open(`/api/articles/${report.id}/live-stream`);
    }
    expect(again.status).toBe(200);
    again.close();
  });
});
