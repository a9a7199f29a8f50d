import { NEWSROOM_TEXT } from '@vaggen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';

type Who = { id: number; headers: { authorization: string } };

/** Issue 41: the fields a newsroom writes, an edited address (301 from the old one), tags' casing. */
describe.each(dialects)('newsroom fields on %s', (dialect) => {
  let t: TestApp;
  let writer: Who;
  const base = {
    title: 'Färjorna stod still',
    content: '<p>Första stycket slutar här.</p><p>– Vi har aldrig sett något liknande, säger hamnchefen.</p>',
    category: 'NYHETER',
    status: 'published',
  };
  const create = async (payload: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/articles',
      headers: writer.headers,
      payload: { ...base, ...payload },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const update = (id: number, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/articles/${id}`,
      headers: writer.headers,
      payload: { ...base, ...payload },
    });

  beforeAll(async () => {
    t = await createTestApp(dialect, { web: true });
    writer = await userWithToken(t, 'reportern', 'writer', { fullName: 'Rut Reporter' });
  });
  afterAll(() => t?.close());

  it('stores every field, returns them for one article, and the excerpt comes from the ingress', async () => {
    const fields = {
      ingress: 'Stormen Ylva stoppade all färjetrafik från Varberg under söndagen.',
      front_headline: 'Storm stoppade färjorna',
      teaser: 'Hundratals resenärer fick vänta i hamnen.',
      seo_title: 'Stormen Ylva stoppade färjorna i Varberg',
      seo_description: 'All färjetrafik från Varberg ställdes in på söndagen när stormen Ylva drog in.',
      social_title: 'Ingen färja gick i dag',
      social_description: 'Så drabbades resenärerna av stormen.',
      social_image: 'https://bilder.example.se/hamnen.jpg',
      featured_image_focal: { x: 0.25, y: 0.7 },
    };
    const a = await create({ ...fields, featured_image: 'https://bilder.example.se/storm.jpg' });
    expect(a).toMatchObject(fields);
    expect(a.excerpt).toBe(fields.ingress);
    const one = (await t.app.inject({ method: 'GET', url: `/api/articles/${a.id}` })).json();
    expect(one).toMatchObject(fields);
    // lists carry the front's fields, not the long texts
    const list = (await t.app.inject({ method: 'GET', url: '/api/articles?limit=50' })).json();
    const inList = list.find((x: { id: number }) => x.id === a.id);
    expect(inList).toMatchObject({
      front_headline: fields.front_headline,
      teaser: fields.teaser,
      featured_image_focal: fields.featured_image_focal,
    });
    expect(inList.ingress).toBeUndefined();
    // the page: the ingress above the text; the search engines' and the networks' texts in the head
    const page = await t.app.inject({ method: 'GET', url: `/article/${a.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/class="article-ingress"[^>]*>Stormen Ylva stoppade all färjetrafik/);
    expect(page.body).toContain('<title>Stormen Ylva stoppade färjorna i Varberg');
    expect(page.body).toMatch(/<meta name="description" content="All färjetrafik från Varberg ställdes in/);
    expect(page.body).toMatch(/<meta property="og:title" content="Ingen färja gick i dag"/);
    expect(page.body).toMatch(/<meta property="og:description" content="Så drabbades resenärerna av stormen\."/);
    expect(page.body).toMatch(/<meta property="og:image" content="https:\/\/bilder\.example\.se\/hamnen\.jpg"/);
    // left out: kept; null: cleared
    const kept = (await update(a.id, { title: base.title })).json();
    expect(kept).toMatchObject({ ingress: fields.ingress, featured_image_focal: fields.featured_image_focal });
    const cleared = (await update(a.id, { ingress: null, featured_image_focal: null, teaser: '' })).json();
    expect(cleared).toMatchObject({ ingress: null, featured_image_focal: null, teaser: null });
    expect(cleared.excerpt).toBe('Första stycket slutar här. – Vi har aldrig sett något liknande, säger hamnchefen.');
  });

  it('a revision keeps the desk fields and the access level; restoring it puts them back', async () => {
    const first = {
      ingress: 'Första ingressen.',
      front_headline: 'Första puffen',
      teaser: 'Första teasern.',
      seo_title: 'Första söktiteln',
      seo_description: null,
      social_title: null,
      social_description: null,
      social_image: null,
      featured_image_focal: { x: 0.1, y: 0.9 },
    };
    const a = await create({ ...first, title: 'Revisionen med fälten' });
    const second = (
      await update(a.id, {
        title: 'Revisionen med fälten',
        ingress: 'Andra ingressen.',
        front_headline: 'Andra puffen',
        teaser: null,
        seo_title: null,
        featured_image_focal: { x: 0.5, y: 0.5 },
        access: 'registered',
      })
    ).json();
    expect(second).toMatchObject({ ingress: 'Andra ingressen.', access: 'registered', teaser: null });
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: writer.headers });
    const revisions = (await get(`/api/newsroom/articles/${a.id}/revisions`)).json() as {
      id: number;
      version: number;
    }[];
    const v1 = revisions.find((r) => r.version === 1) as { id: number };
    const one = (await get(`/api/newsroom/articles/${a.id}/revisions/${v1.id}`)).json();
    expect(one.desk).toEqual({ ...first, access: 'free' });
    const restored = await t.app.inject({
      method: 'POST',
      url: `/api/newsroom/articles/${a.id}/revisions/${v1.id}/restore`,
      headers: writer.headers,
      payload: { version: second.version },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    const now = (await get(`/api/newsroom/articles/${a.id}`)).json();
    expect(now).toMatchObject({ ...first, access: 'free', excerpt: 'Första ingressen.' });
    // a revision saved before the fields were kept (no desk in it) leaves them as they are
    const old = await t.app.dbh.db
      .selectFrom('article_revisions')
      .select(['id', 'meta'])
      .where('id', '=', v1.id)
      .executeTakeFirstOrThrow();
    const { desk: _desk, ...meta } = JSON.parse(old.meta);
    await t.app.dbh.db
      .updateTable('article_revisions')
      .set({ meta: JSON.stringify(meta) })
      .where('id', '=', v1.id)
      .execute();
    expect((await get(`/api/newsroom/articles/${a.id}/revisions/${v1.id}`)).json().desk).toBeNull();
    await update(a.id, { title: 'Revisionen med fälten', ingress: 'Tredje ingressen.' });
    const before = (await get(`/api/newsroom/articles/${a.id}`)).json();
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/newsroom/articles/${a.id}/revisions/${v1.id}/restore`,
      headers: writer.headers,
      payload: { version: before.version },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await get(`/api/newsroom/articles/${a.id}`)).json()).toMatchObject({ ingress: 'Tredje ingressen.' });
  });

  it('an edited address: the old one answers 301 to the new; a taken or malformed one is a 400', async () => {
    const a = await create({ title: 'Adressen ändras' });
    expect(a.slug).toBe('adressen-andras');
    const moved = await update(a.id, { title: 'Adressen ändras', slug: 'ny-adress-for-artikeln' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().slug).toBe('ny-adress-for-artikeln');
    const old = await t.app.inject({ method: 'GET', url: '/article/adressen-andras' });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/article/ny-adress-for-artikeln');
    expect((await t.app.inject({ method: 'GET', url: '/article/ny-adress-for-artikeln' })).statusCode).toBe(200);
    const other = await create({ title: 'En annan artikel' });
    for (const taken of ['ny-adress-for-artikeln', 'adressen-andras']) {
      const res = await update(other.id, { title: 'En annan artikel', slug: taken });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(NEWSROOM_TEXT.slugTaken);
    }
    for (const bad of ['Stora Bokstäver', 'två--streck', '-kant', 'å']) {
      const res = await update(other.id, { title: 'En annan artikel', slug: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().msg).toBe(NEWSROOM_TEXT.slugBad);
    }
    // without a slug, a new title still moves the address (as before)
    const renamed = (await update(other.id, { title: 'Helt ny rubrik' })).json();
    expect(renamed.slug).toBe('helt-ny-rubrik');
  });

  it("tags keep the editor's casing and match case-insensitively", async () => {
    const a = await create({ title: 'Taggad artikel', tags: ['storm', 'Varberg', 'färjor', 'VARBERG'] });
    expect(a.tags).toEqual(['färjor', 'storm', 'Varberg']);
    const byTag = (await t.app.inject({ method: 'GET', url: '/api/articles?tag=varberg&limit=50' })).json();
    expect(byTag.map((x: { id: number }) => x.id)).toContain(a.id);
    const byLabel = (await t.app.inject({ method: 'GET', url: '/api/articles?tag=VarBerg&limit=50' })).json();
    expect(byLabel.map((x: { id: number }) => x.id)).toContain(a.id);
    const page = await t.app.inject({ method: 'GET', url: `/article/${a.slug}` });
    expect(page.body).toContain('href="/tag/varberg"');
    expect(page.body).toMatch(/>#(<!-- -->)?Varberg</);
  });

  it('bad input is a 400 with the message, never a 500', async () => {
    const a = await create({ title: 'Fel indata' });
    for (const [payload, msg] of [
      [{ featured_image_focal: { x: 2, y: 0.5 } }, 'Fokuspunkten ska ligga mellan 0 och 1'],
      [{ ingress: 'x'.repeat(601) }, 'Ingressen får vara högst 600 tecken'],
      [{ social_image: 'http://osaker.example.se/a.jpg' }, 'Bildens adress måste börja med https:// eller /uploads/'],
    ] as const) {
      const res = await update(a.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain(msg);
    }
    expect((await update(a.id, { featured_image_focal: 'mitten' })).statusCode).toBe(400);
  });
});
