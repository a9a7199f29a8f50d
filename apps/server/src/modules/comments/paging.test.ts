import { gzipSync } from 'node:zlib';
import type { Comment, CommentPage, CommentRepliesPage } from '@vaggen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { readWholeThread } from '../../../test/comment-thread.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';

type Who = Awaited<ReturnType<typeof userWithToken>>;

/** Issue 13: threads of any size page; nesting is bounded; deletion keeps the spec's rules in pages. */
describe.each(dialects)('paged comment threads on %s', (dialect) => {
  let t: TestApp;
  let writer: Who;
  let admin: Who;
  let n = 0;
  const stamp = () => new Date(Date.UTC(2026, 0, 1) + ++n * 1000).toISOString();

  const article = async (title: string) =>
    (
      await t.app.services.articles.create({
        title,
        content: 'Text.',
        category: 'NYHETER',
        authorId: writer.id,
        authorName: 'Skribenten',
        featuredImage: null,
      })
    ).id;

  /** Inserts comments straight into the table (as an import or the scale bench would), ids in order. */
  async function insertDirect(
    rows: {
      articleId: number;
      parent?: { id: number; root_id: number | null; depth: number } | null;
      content: string;
      deleted?: boolean;
    }[],
  ): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500).map((r) => ({
        article_id: r.articleId,
        parent_id: r.parent ? r.parent.id : null,
        root_id: r.parent ? (r.parent.root_id ?? r.parent.id) : null,
        depth: r.parent ? r.parent.depth + 1 : 0,
        reply_to_id: null,
        author_id: null,
        name: r.deleted ? '' : `Läsare ${n}`,
        email: r.deleted ? null : 'lasare@example.se',
        content: r.deleted ? '' : r.content,
        is_deleted: r.deleted ? 1 : 0,
        created_at: stamp(),
      }));
      const inserted = await t.dbh.db.insertInto('comments').values(chunk).returning('id').execute();
      ids.push(...inserted.map((x) => Number(x.id)).sort((a, b) => a - b));
    }
    for (const a of new Set(rows.map((r) => r.articleId))) await t.app.services.comments.recountTotal(a);
    return ids;
  }

  const get = async <T>(url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ url, headers });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    return { body: res.json() as T, res };
  };
  const page = (articleId: number, q = '') =>
    get<CommentPage>(`/api/comments?articleId=${articleId}${q.includes('order=') ? '' : '&order=oldest'}${q}`).then(
      (r) => r.body,
    );
  const post = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/comments', headers, payload });
  const visitor = { name: 'Vera Visitor', email: 'vera@example.se' };
  const del = (id: number) => t.app.inject({ method: 'DELETE', url: `/api/comments/${id}`, headers: admin.headers });

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { COMMENTS_PER_MINUTE: '1000000' } });
    writer = await userWithToken(t, 'tradskribent', 'writer');
    admin = await userWithToken(t, 'tradadmin', 'admin');
  });
  afterAll(() => t?.close());

  it('a thread of more than 5 000 comments: its newest is reachable by paging, and posting answers 201', async () => {
    const articleId = await article('Stor tråd');
    const tops = await insertDirect(
      Array.from({ length: 5100 }, (_, i) => ({ articleId, content: `Kommentar nummer ${i} om artikeln.` })),
    );
    const first = { id: tops[0] as number, root_id: null, depth: 0 };
    const replies = await insertDirect(
      Array.from({ length: 40 }, (_, i) => ({ articleId, parent: first, content: `Svar ${i}` })),
    );
    const newest = tops[tops.length - 1] as number;

    // newest first: the newest comment opens the first page, which stays small
    const { body: p1, res } = await get<CommentPage>(`/api/comments?articleId=${articleId}&order=newest`);
    expect(p1.total).toBe(5140);
    expect(p1.order).toBe('newest');
    expect(p1.comments).toHaveLength(10);
    expect(p1.comments[0]).toMatchObject({ id: newest, content: 'Kommentar nummer 5099 om artikeln.', reply_count: 0 });
    expect(p1.next_cursor).toBe(String(p1.comments[9]?.id));
    expect(gzipSync(res.body).length).toBeLessThan(15_000);

    // oldest first: the first comment carries its first 5 replies and the thread's count
    const o1 = await page(articleId);
    expect(o1.comments[0]).toMatchObject({ id: tops[0], reply_count: 40 });
    expect(o1.comments[0]?.replies.map((r) => r.id)).toEqual(replies.slice(0, 5));
    expect(gzipSync(JSON.stringify(o1)).length).toBeLessThan(15_000);

    // every comment through the pages, the newest last, none twice
    const all = await readWholeThread(t.app, articleId, { limit: 50 });
    expect(all.tree).toHaveLength(5100);
    expect(all.tree.map((c) => c.id)).toEqual(tops);
    expect(all.tree[0]?.replies.map((r) => r.id)).toEqual(replies);
    expect(all.tree.at(-1)?.id).toBe(newest);

    // posting answers 201 with the comment itself (built from its own row), and readers see it
    const created = await post({ articleId, ...visitor, content: 'Nummer 5101', parentId: null });
    expect(created.statusCode).toBe(201);
    const c = created.json() as Comment;
    expect(c).toMatchObject({
      articleId,
      parentId: null,
      name: 'Vera Visitor',
      email: null,
      content: 'Nummer 5101',
      isDeleted: false,
      replies: [],
      depth: 0,
      root_id: null,
      reply_count: 0,
    });
    expect(c.id).toBeGreaterThan(Math.max(...replies));
    expect((await page(articleId, '&order=newest')).comments[0]?.id).toBe(c.id);

    const reply = await post({ articleId, ...visitor, content: 'Svar 41', parentId: tops[0] });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ parentId: tops[0], depth: 1, root_id: tops[0], content: 'Svar 41' });
    const more = await get<CommentRepliesPage>(`/api/comments/${tops[0]}/replies?cursor=${replies[34]}`);
    expect(more.body.reply_count).toBe(41);
    expect(more.body.next_cursor).toBeNull();
    expect(more.body.replies.map((r) => r.content)).toEqual([
      'Svar 35',
      'Svar 36',
      'Svar 37',
      'Svar 38',
      'Svar 39',
      'Svar 41',
    ]);
    expect((await page(articleId)).total).toBe(5142);
  }, 180_000);

  it('a 2 000-deep reply chain built through the API: depth stays bounded, reading and posting work', async () => {
    const articleId = await article('Djup tråd');
    const chain: Comment[] = [];
    for (let i = 0; i < 2000; i++) {
      const res = await post({ articleId, ...visitor, content: `Led ${i}`, parentId: chain[i - 1]?.id ?? null });
      expect(res.statusCode).toBe(201);
      chain.push(res.json());
    }
    const ids = chain.map((c) => c.id);
    // levels 0–6 nest; a reply to a comment at depth 6 hangs under its parent (depth 5) and names whom it answered
    expect(chain.slice(0, 7).map((c) => [c.depth, c.parentId, c.reply_to_id])).toEqual(
      ids.slice(0, 7).map((_, i) => [i, i === 0 ? null : ids[i - 1], null]),
    );
    for (let i = 7; i < 2000; i++) {
      expect([chain[i]?.depth, chain[i]?.parentId, chain[i]?.reply_to_id, chain[i]?.root_id]).toEqual([
        6,
        ids[5],
        ids[i - 1],
        ids[0],
      ]);
    }

    const { body: first, res } = await get<CommentPage>(`/api/comments?articleId=${articleId}&order=newest`);
    expect(first.total).toBe(2000);
    expect(first.comments).toHaveLength(1);
    expect(first.comments[0]?.reply_count).toBe(1999);
    expect(gzipSync(res.body).length).toBeLessThan(15_000);

    const { tree, requests } = await readWholeThread(t.app, articleId, { replyLimit: 100 });
    expect(requests).toBe(1 + 20);
    let node = tree[0];
    for (let d = 1; d <= 5; d++) node = node?.replies[0];
    expect(node?.id).toBe(ids[5]);
    expect(node?.replies.map((r) => r.id)).toEqual(ids.slice(6));
    expect(node?.replies.every((r) => r.replies.length === 0)).toBe(true);

    // a reply to the end of the chain
    const last = await post({ articleId, ...visitor, content: 'Sist', parentId: ids[1999] });
    expect(last.statusCode).toBe(201);
    expect(last.json()).toMatchObject({ depth: 6, parentId: ids[5], reply_to_id: ids[1999], content: 'Sist' });
    // deleting: a leaf goes; a comment with replies stays as a placeholder
    expect((await del(last.json().id)).json()).toMatchObject({ placeholder: false, removed: [last.json().id] });
    expect((await del(ids[5] as number)).json()).toMatchObject({ placeholder: true, removed: [] });
    const after = await readWholeThread(t.app, articleId);
    expect(after.total).toBe(1999);
    node = after.tree[0];
    for (let d = 1; d <= 5; d++) node = node?.replies[0];
    expect(node).toMatchObject({ id: ids[5], isDeleted: true, content: '', name: '' });
    expect(node?.replies).toHaveLength(1994);
  }, 300_000);

  it('pages by cursor without duplicates or gaps while comments arrive between pages', async () => {
    const articleId = await article('Livlig tråd');
    const original = await insertDirect(Array.from({ length: 23 }, (_, i) => ({ articleId, content: `Tidig ${i}` })));
    const walk = async (order: 'newest' | 'oldest', between: () => Promise<void>) => {
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const p: CommentPage = await page(articleId, `&order=${order}&limit=5${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...p.comments.map((c) => c.id));
        cursor = p.next_cursor;
        await between();
      } while (cursor);
      return seen;
    };
    let k = 0;
    const arrive = async () => {
      const res = await post({ articleId, ...visitor, content: `Ny ${k++}` });
      expect(res.statusCode).toBe(201);
    };

    // newest first: what arrives meanwhile is above the first page; the walk covers the rest exactly
    const newest = await walk('newest', arrive);
    expect(newest).toEqual([...original].reverse());
    expect(k).toBe(5);

    // oldest first: what arrives meanwhile joins the end and is reached
    const before = (await page(articleId)).total;
    const oldest = await walk('oldest', arrive);
    expect(new Set(oldest).size).toBe(oldest.length);
    expect(oldest.slice(0, 23)).toEqual(original);
    expect(oldest.length).toBeGreaterThanOrEqual(23 + 5);
    expect(oldest).toEqual([...oldest].sort((a, b) => a - b));
    expect((await page(articleId)).total).toBe(before + (k - 5));

    // a thread's replies, with a reply arriving between pages
    const root = { id: original[0] as number, root_id: null, depth: 0 };
    const replies = await insertDirect(
      Array.from({ length: 12 }, (_, i) => ({ articleId, parent: root, content: `S ${i}` })),
    );
    const seen: number[] = [];
    let cursor: string | null = '';
    let late: number | null = null;
    while (cursor !== null) {
      const url = `/api/comments/${root.id}/replies?limit=5${cursor ? `&cursor=${cursor}` : ''}`;
      const body: CommentRepliesPage = (await get<CommentRepliesPage>(url)).body;
      seen.push(...body.replies.map((r) => r.id));
      cursor = body.next_cursor;
      if (late === null) {
        const res = await post({ articleId, ...visitor, content: 'Sent svar', parentId: root.id });
        late = res.json().id as number;
      }
    }
    expect(seen).toEqual([...replies, late]);
  });

  it('keeps the placeholder rules inside pages', async () => {
    const articleId = await article('Raderingar');
    const [a, b, c, ghost] = await insertDirect([
      { articleId, content: 'A' },
      { articleId, content: 'B' },
      { articleId, content: 'C' },
      { articleId, content: '', deleted: true }, // deleted and alone (written by other means): never shown
    ]);
    const aRow = { id: a as number, root_id: null, depth: 0 };
    const [a1] = await insertDirect([{ articleId, parent: aRow, content: 'A1' }]);
    const a1Row = { id: a1 as number, root_id: a as number, depth: 1 };
    const [a11, a12, gone] = await insertDirect([
      { articleId, parent: a1Row, content: 'A11' },
      { articleId, parent: a1Row, content: 'A12' },
      { articleId, parent: a1Row, content: '', deleted: true },
    ]);

    let p = await page(articleId, '&limit=2');
    expect(p.total).toBe(6);
    expect(p.comments.map((x) => x.id)).toEqual([a, b]);
    expect(p.comments[0]?.reply_count).toBe(4); // rows of the thread, the hidden one included
    expect(p.comments[0]?.replies[0]?.replies.map((x) => x.id)).toEqual([a11, a12]);
    const rest = await page(articleId, `&limit=2&cursor=${p.next_cursor}`);
    expect(rest.comments.map((x) => x.id)).toEqual([c]);
    expect(rest.next_cursor).toBeNull();
    expect(JSON.stringify([p, rest])).not.toContain(`"id":${ghost},`);
    expect(JSON.stringify(p)).not.toContain(`"id":${gone},`);

    // A has replies: it stays, without name, e-mail or text, and its replies stay with it
    const res = await del(a as number);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: 'Kommentaren är borttagen', placeholder: true, removed: [] });
    p = await page(articleId, '&limit=2');
    expect(p.total).toBe(5);
    expect(p.comments[0]).toMatchObject({
      id: a,
      isDeleted: true,
      name: '',
      content: '',
      email: null,
      author_id: null,
    });
    expect(p.comments[0]?.replies[0]?.content).toBe('A1');
    // A1 likewise; then its replies go one by one and the empty placeholders above go with the last
    expect((await del(a1 as number)).json()).toMatchObject({ placeholder: true });
    expect((await del(a11 as number)).json()).toMatchObject({ placeholder: false, removed: [a11] });
    const replies = await get<CommentRepliesPage>(`/api/comments/${a}/replies`);
    expect(replies.body.replies.map((x) => [x.id, x.isDeleted])).toEqual([[a1, true]]);
    expect(replies.body.replies[0]?.replies.map((x) => x.id)).toEqual([a12]);
    expect((await del(a12 as number)).json()).toMatchObject({ placeholder: false });
    p = await page(articleId, '&limit=2');
    expect(p.total).toBe(2);
    // the hidden deleted row under A1 kept A1 (and A) as rows, but readers see only what has text below it
    expect(p.comments.map((x) => x.id)).toEqual([a, b]);
    await t.dbh.db
      .deleteFrom('comments')
      .where('id', '=', gone as number)
      .execute();
    expect((await del(b as number)).json()).toEqual({
      msg: 'Kommentaren är borttagen',
      placeholder: false,
      removed: [b],
    });
    p = await page(articleId, '&limit=2');
    expect(p.comments.map((x) => x.id)).toEqual([a, c]);
  });

  it('keeps the spec array for clients that do not ask for pages, with the paging in headers', async () => {
    const articleId = await article('Gammal klient');
    const ids = await insertDirect(Array.from({ length: 12 }, (_, i) => ({ articleId, content: `K ${i}` })));
    const { body, res } = await get<Comment[]>(`/api/comments?articleId=${articleId}`);
    expect(Array.isArray(body)).toBe(true);
    expect(body.map((c) => c.id)).toEqual(ids.slice(0, 10));
    expect(res.headers['x-total-count']).toBe('12');
    expect(res.headers['x-next-cursor']).toBe(String(ids[9]));
    expect(res.headers.link).toBe(`</api/comments?articleId=${articleId}&order=oldest&cursor=${ids[9]}>; rel="next"`);
    const next = await page(articleId, `&cursor=${ids[9]}`);
    expect(next.comments.map((c) => c.id)).toEqual(ids.slice(10));
    expect((await get<Comment[]>(`/api/comments?articleId=999999`)).body).toEqual([]);
  });

  it("a visitor's own held comments join the page where their id falls, in both orders; nobody else sees them", async () => {
    const articleId = await article('Egna väntande kommentarer');
    const policy = (mode: 'all' | 'publish') =>
      t.app.inject({
        method: 'PUT',
        url: `/api/moderation/articles/${articleId}`,
        headers: admin.headers,
        payload: { mode, closed: false },
      });
    const postAs = async (content: string, token?: string) => {
      const res = await post({ articleId, ...visitor, content }, token ? { 'x-commenter-token': token } : {});
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as Comment & { author_token?: string };
    };
    const v1 = await postAs('v1');
    const v2 = await postAs('v2');
    const v3 = await postAs('v3');
    expect((await policy('all')).statusCode).toBe(200);
    const h1 = await postAs('h1');
    expect(h1.moderation_status).toBe('pending');
    const token = h1.author_token as string;
    expect(token).toBeTruthy();
    expect((await policy('publish')).statusCode).toBe(200);
    const v4 = await postAs('v4');
    const v5 = await postAs('v5');
    expect((await policy('all')).statusCode).toBe(200);
    const h2 = await postAs('h2', token);
    expect(h2.moderation_status).toBe('pending');
    expect([v1, v2, v3, h1, v4, v5, h2].map((c) => c.id)).toEqual(
      [v1, v2, v3, h1, v4, v5, h2].map((c) => c.id).sort((a, b) => a - b),
    );

    /** Every page's contents (by text) following the cursor, as the given viewer. */
    const pages = async (order: 'oldest' | 'newest', headers: Record<string, string>) => {
      const out: string[][] = [];
      let cursor = '';
      for (let i = 0; i < 10; i++) {
        const { body } = await get<CommentPage>(
          `/api/comments?articleId=${articleId}&order=${order}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
          headers,
        );
        expect(body.total).toBe(5); // only visible comments count
        out.push(body.comments.map((c) => c.content));
        if (!body.next_cursor) break;
        cursor = body.next_cursor;
      }
      return out;
    };
    const mine = { 'x-commenter-token': token };
    expect(await pages('oldest', mine)).toEqual([
      ['v1', 'v2'],
      ['v3', 'h1', 'v4'],
      ['v5', 'h2'],
    ]);
    expect(await pages('newest', mine)).toEqual([['h2', 'v5', 'v4'], ['h1', 'v3', 'v2'], ['v1']]);
    const visible = [['v1', 'v2'], ['v3', 'v4'], ['v5']];
    expect(await pages('oldest', {})).toEqual(visible);
    expect(await pages('oldest', writer.headers)).toEqual(visible);
    // another browser's token shows only its own (none)
    const other = (await postAs('annan')).author_token as string;
    expect(await pages('newest', { 'x-commenter-token': other })).toEqual([
      ['annan', 'v5', 'v4'],
      ['v3', 'v2'],
      ['v1'],
    ]);

    // A forged or malformed token is no one's: it shows no held comment, and posting with it gets a
    // fresh token; the real one comes back unchanged.
    const [nonce, sig] = token.split('.');
    for (const bad of [`${token}x`, `${nonce}${sig}`, `.${sig}`, `${nonce}.`, `x${token}`]) {
      expect(await pages('oldest', { 'x-commenter-token': bad }), bad).toEqual(visible);
    }
    const forged = (
      await post({ articleId, ...visitor, content: 'falsk' }, { 'x-commenter-token': `${token}x` })
    ).json();
    expect(forged.author_token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect([token, `${token}x`]).not.toContain(forged.author_token);
    expect((await post({ articleId, ...visitor, content: 'igen' }, mine)).json().author_token).toBe(token);
  });

  it('answers bad paging input with 4xx and a message', async () => {
    const articleId = await article('Felaktiga frågor');
    const [top] = await insertDirect([{ articleId, content: 'Topp' }]);
    const [reply] = await insertDirect([
      { articleId, parent: { id: top as number, root_id: null, depth: 0 }, content: 'Svar' },
    ]);
    const cases: [string, number, string][] = [
      [`/api/comments?articleId=${articleId}&cursor=abc`, 400, 'Ogiltig sidmarkör'],
      [`/api/comments?articleId=${articleId}&cursor=0`, 400, 'Ogiltig sidmarkör'],
      [`/api/comments?articleId=${articleId}&order=sideways`, 400, 'order'],
      [`/api/comments?articleId=${articleId}&limit=0`, 400, 'limit'],
      [`/api/comments?articleId=${articleId}&limit=51`, 400, 'limit'],
      [`/api/comments/${reply}/replies`, 400, 'Svaren hämtas per tråd: ange trådens första kommentar'],
      ['/api/comments/999999/replies', 404, 'Kommentaren finns inte'],
      [`/api/comments/${top}/replies?cursor=-1`, 400, 'Ogiltig sidmarkör'],
      [`/api/comments/${top}/replies?limit=101`, 400, 'limit'],
    ];
    for (const [url, status, msg] of cases) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(status);
      expect(res.json().msg, url).toContain(msg);
    }
    // the boundaries themselves are fine
    expect((await t.app.inject({ url: `/api/comments?articleId=${articleId}&limit=50` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/comments/${top}/replies?limit=100` })).statusCode).toBe(200);
  });
});
