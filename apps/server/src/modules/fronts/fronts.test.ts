import fs from 'node:fs';
import path from 'node:path';
import { FRONT_TEXT } from '@vaggen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';
import { createJobs } from '../../jobs/index.js';

type Who = Awaited<ReturnType<typeof userWithToken>>;

/** Issue 41: front pages through the HTTP layer, on every database. */
describe.each(dialects)('front pages on %s', (dialect) => {
  let t: TestApp;
  let admin: Who;
  let writer: Who;
  const create = async (title: string, category = 'SPORT', status = 'published') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/articles',
      headers: admin.headers,
      payload: { title, content: `<p>Om ${title}.</p>`, category, status },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; title: string };
  };
  const put = (front: string, version: number, slots: object[], who: Who = admin) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/newsroom/fronts/${front}`,
      headers: who.headers,
      payload: { version, slots },
    });
  const read = async (front: string) => (await t.app.inject(`/api/fronts/${front}`)).json();
  const titles = async (front: string) =>
    ((await read(front)).slots as { article: { title: string } }[]).map((s) => s.article.title);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await userWithToken(t, 'frontredaktor', 'admin', { fullName: 'Frida Front' });
    writer = await userWithToken(t, 'frontskribent', 'writer');
  });
  afterAll(() => t?.close());

  it('keeps the slots in the order saved, with their sizes and front texts; the first is the lead', async () => {
    const a = await create('Derbyt');
    const b = await create('Guldet');
    const c = await create('Transfern');
    expect(await read('sport')).toEqual({ front: 'sport', version: 0, slots: [] });
    const res = await put('SPORT', 0, [
      { articleId: b.id, size: 'large', headline: 'Guld till Sverige!', teaser: 'Historiskt.' },
      { articleId: a.id, size: 'medium' },
      { articleId: c.id, size: 'small', headline: '  ' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const front = res.json();
    expect(front.version).toBe(1);
    expect(
      front.slots.map((s: { size: string; headline: string | null; article: { id: number } }) => [
        s.article.id,
        s.size,
        s.headline,
      ]),
    ).toEqual([
      [b.id, 'large', 'Guld till Sverige!'],
      [a.id, 'medium', null],
      [c.id, 'small', null],
    ]);
    expect(front.slots[0].teaser).toBe('Historiskt.');
    expect(await titles('sport')).toEqual(['Guldet', 'Derbyt', 'Transfern']);
    // the list shape readers know, one summary per slot
    expect(Object.keys(front.slots[0].article)).toEqual(expect.arrayContaining(['id', 'slug', 'title', 'excerpt']));
    const board = await t.app.inject({ url: '/api/newsroom/fronts/sport', headers: admin.headers });
    expect(board.json()).toMatchObject({ front: 'sport', label: 'Sport', version: 1 });
  });

  it('a stale version is a 409 with a Swedish message: two editors never overwrite each other', async () => {
    const x = await create('Krönikan', 'KULTUR');
    const y = await create('Recensionen', 'KULTUR');
    expect((await put('kultur', 0, [{ articleId: x.id, size: 'large' }])).statusCode).toBe(200);
    // both opened version 1; the first save wins, the second is told
    expect((await put('kultur', 1, [{ articleId: y.id, size: 'large' }])).statusCode).toBe(200);
    const stale = await put('kultur', 1, [{ articleId: x.id, size: 'small' }]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBe(FRONT_TEXT.stale);
    // a first save of a front someone else saved first is stale too
    const first = await put('kultur', 0, []);
    expect(first.statusCode).toBe(409);
    expect(await titles('kultur')).toEqual(['Recensionen']);
  });

  it('refuses bad input with a clear 4xx: unknown front, unknown article, the same article twice', async () => {
    const a = await create('Matchen');
    const unknownFront = await put('sportochspel', 0, []);
    expect(unknownFront.statusCode).toBe(404);
    expect(unknownFront.json().msg).toBe(FRONT_TEXT.notFound);
    expect((await t.app.inject('/api/fronts/okand')).statusCode).toBe(404);
    const unknown = await put('nyheter', 0, [{ articleId: 999999, size: 'large' }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe(FRONT_TEXT.unknownArticle);
    const twice = await put('nyheter', 0, [
      { articleId: a.id, size: 'large' },
      { articleId: a.id, size: 'small' },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().msg).toBe(FRONT_TEXT.duplicate);
    const badSize = await put('nyheter', 0, [{ articleId: a.id, size: 'enorm' }]);
    expect(badSize.statusCode).toBe(400);
    // writers do not arrange fronts
    expect((await put('nyheter', 0, [], writer)).statusCode).toBe(403);
  });

  it('an unpublished or deleted pinned article leaves no gap; a deleted one is unpinned', async () => {
    const a = await create('Först', 'TEKNIK');
    const b = await create('Sedan', 'TEKNIK');
    const c = await create('Sist', 'TEKNIK');
    await put('teknik', 0, [
      { articleId: a.id, size: 'large' },
      { articleId: b.id, size: 'medium' },
      { articleId: c.id, size: 'small' },
    ]);
    const unpublish = await t.app.inject({
      method: 'PUT',
      url: `/api/articles/${b.id}`,
      headers: admin.headers,
      payload: { title: 'Sedan', content: '<p>Om Sedan.</p>', category: 'TEKNIK', status: 'unpublished' },
    });
    expect(unpublish.statusCode).toBe(200);
    expect(await titles('teknik')).toEqual(['Först', 'Sist']);
    // the board still shows it, marked hidden
    const board = (await t.app.inject({ url: '/api/newsroom/fronts/teknik', headers: admin.headers })).json();
    expect(board.slots.map((s: { visible: boolean }) => s.visible)).toEqual([true, false, true]);

    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/articles/${a.id}`, headers: admin.headers })).statusCode,
    ).toBe(200);
    expect(await titles('teknik')).toEqual(['Sist']);
    const after = (await t.app.inject({ url: '/api/newsroom/fronts/teknik', headers: admin.headers })).json();
    expect(after.version).toBe(2);
    expect(after.slots.map((s: { article: { id: number } }) => s.article.id)).toEqual([b.id, c.id]);
  });

  it('undo: every version is kept and an earlier one is restored as a new version', async () => {
    const a = await create('Ett', 'EKONOMI');
    const b = await create('Två', 'EKONOMI');
    await put('ekonomi', 0, [{ articleId: a.id, size: 'large' }]);
    await put('ekonomi', 1, [{ articleId: b.id, size: 'large' }]);
    const versions = await t.app.inject({ url: '/api/newsroom/fronts/ekonomi/versions', headers: admin.headers });
    expect(versions.json().map((v: { version: number; created_by: string }) => [v.version, v.created_by])).toEqual([
      [2, 'Frida Front'],
      [1, 'Frida Front'],
    ]);
    const restore = (version: number, current: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/newsroom/fronts/ekonomi/versions/${version}/restore`,
        headers: admin.headers,
        payload: { version: current },
      });
    expect((await restore(1, 1)).statusCode).toBe(409);
    const undone = await restore(1, 2);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().version).toBe(3);
    expect(await titles('ekonomi')).toEqual(['Ett']);
    expect((await restore(99, 3)).statusCode).toBe(404);
  });

  it('a scheduled change is applied by the job when its time comes, exactly once even when two processes run it', async () => {
    const a = await create('Morgonens toppnyhet', 'POLITIK');
    const b = await create('Kvällens toppnyhet', 'POLITIK');
    await put('politik', 0, [{ articleId: b.id, size: 'large' }]);
    const past = await t.app.inject({
      method: 'POST',
      url: '/api/newsroom/fronts/politik/schedules',
      headers: admin.headers,
      payload: { apply_at: '2020-01-01T05:00:00Z', slots: [] },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().msg).toBe(FRONT_TEXT.scheduleInPast);
    const at = new Date(Date.now() + 3600_000).toISOString();
    const scheduled = await t.app.inject({
      method: 'POST',
      url: '/api/newsroom/fronts/politik/schedules',
      headers: admin.headers,
      payload: {
        apply_at: at,
        slots: [
          { articleId: a.id, size: 'large' },
          { articleId: b.id, size: 'medium' },
        ],
      },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    // not yet (through the job as the server runs it)
    const job = createJobs(t.app.services).find((j) => j.name === 'fronts-scheduled');
    expect(job?.everyMs).toBeLessThanOrEqual(30_000);
    expect(await job?.run(new Date(), new AbortController().signal)).toBeUndefined();
    expect(await titles('politik')).toEqual(['Kvällens toppnyhet']);
    // its time: two runs at once (two processes) apply it once
    const later = new Date(Date.now() + 2 * 3600_000);
    const [one, two] = await Promise.all([
      t.app.services.fronts.applyDue(later),
      t.app.services.fronts.applyDue(later),
    ]);
    expect(one.length + two.length).toBe(1);
    const front = await read('politik');
    expect(front.version).toBe(2);
    expect(front.slots.map((s: { article: { title: string } }) => s.article.title)).toEqual([
      'Morgonens toppnyhet',
      'Kvällens toppnyhet',
    ]);
    expect(await t.app.services.fronts.applyDue(later)).toEqual([]);
    expect(await job?.run(later, new AbortController().signal)).toBeUndefined(); // exactly once
    const board = (await t.app.inject({ url: '/api/newsroom/fronts/politik', headers: admin.headers })).json();
    expect(board.schedules).toEqual([]);
  });

  it('a change of one front evicts only the pages that show it: SPORT does not touch the home page, and back', async () => {
    const s = await create('Cacheloppet', 'SPORT');
    const h = await create('Cachenyheten', 'NYHETER');
    const warm = async (url: string) => {
      await t.app.inject(url);
      const again = await t.app.inject(url);
      expect(again.headers['x-page-cache'], url).toBe('HIT');
    };
    const sport = (await read('sport')).version as number;
    const hem = (await read('hem')).version as number;
    await warm('/api/fronts/sport');
    await warm('/api/fronts/hem');
    expect((await put('sport', sport, [{ articleId: s.id, size: 'large' }])).statusCode).toBe(200);
    const sportAfter = await t.app.inject('/api/fronts/sport');
    expect(sportAfter.headers['x-page-cache']).not.toBe('HIT');
    expect(sportAfter.json().slots[0].article.title).toBe('Cacheloppet');
    expect((await t.app.inject('/api/fronts/hem')).headers['x-page-cache']).toBe('HIT');

    await warm('/api/fronts/sport');
    expect((await put('hem', hem, [{ articleId: h.id, size: 'large' }])).statusCode).toBe(200);
    const hemAfter = await t.app.inject('/api/fronts/hem');
    expect(hemAfter.headers['x-page-cache']).not.toBe('HIT');
    expect(hemAfter.json().slots[0].article.title).toBe('Cachenyheten');
    expect((await t.app.inject('/api/fronts/sport')).headers['x-page-cache']).toBe('HIT');
  });
});

const buildDir = path.resolve(process.env.WEB_BUILD_DIR || path.join(import.meta.dirname, '../../../../web/build'));
const built = fs.existsSync(path.join(buildDir, 'server/index.js'));

/** The same through the server-rendered pages (needs the web build, as ssr/cache-invalidation.test.ts). */
describe.skipIf(!built).each(dialects)('front pages on the server-rendered pages on %s', (dialect) => {
  let t: TestApp;
  let admin: Who;

  beforeAll(async () => {
    t = await createTestApp(dialect, { web: true, env: { WEB_BUILD_DIR: buildDir } });
    admin = await userWithToken(t, 'sidredaktor', 'admin');
  });
  afterAll(() => t?.close());

  const create = async (title: string, category: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/articles',
      headers: admin.headers,
      payload: { title, content: `<p>Om ${title}.</p>`, category },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  };
  const warm = async (url: string) => {
    await t.app.inject(url);
    expect((await t.app.inject(url)).headers['x-page-cache'], url).toBe('HIT');
  };
  const firstCard = (html: string) => /class="card[^"]*"[^>]*data-article-id="(\d+)"/.exec(html)?.[1];

  it('the pinned lead opens the page; a SPORT change leaves the home page cached, and back', async () => {
    const older = await create('Äldre sportnyhet', 'SPORT');
    await create('Nyare sportnyhet', 'SPORT');
    const home = await create('Äldre hemnyhet', 'NYHETER');
    await warm('/');
    await warm('/category/sport');
    const sport = await t.app.inject({
      method: 'PUT',
      url: '/api/newsroom/fronts/sport',
      headers: admin.headers,
      payload: { version: 0, slots: [{ articleId: older.id, size: 'large' }] },
    });
    expect(sport.statusCode).toBe(200);
    expect((await t.app.inject('/')).headers['x-page-cache']).toBe('HIT');
    const sportPage = await t.app.inject('/category/sport');
    expect(sportPage.headers['x-page-cache']).not.toBe('HIT');
    expect(firstCard(sportPage.body)).toBe(String(older.id));
    expect(sportPage.body).toMatch(/class="card[^"]*card-lead/);

    await warm('/category/sport');
    const hem = await t.app.inject({
      method: 'PUT',
      url: '/api/newsroom/fronts/hem',
      headers: admin.headers,
      payload: { version: 0, slots: [{ articleId: home.id, size: 'large' }] },
    });
    expect(hem.statusCode).toBe(200);
    expect((await t.app.inject('/category/sport')).headers['x-page-cache']).toBe('HIT');
    const homePage = await t.app.inject('/');
    expect(homePage.headers['x-page-cache']).not.toBe('HIT');
    expect(firstCard(homePage.body)).toBe(String(home.id));
  });
});
