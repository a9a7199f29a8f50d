import fs from 'node:fs';
import path from 'node:path';
import { REVENUE_TEXT } from '@vaggen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, makeAuthor, type TestApp } from '../../../test/helpers.js';

const buildDir = path.resolve(process.env.WEB_BUILD_DIR || path.join(import.meta.dirname, '../../../../web/build'));
const built = fs.existsSync(path.join(buildDir, 'server/index.js'));
const ORIGIN = 'https://vaggen.example';
const LOCKED = 'Kvartalsrapportens slutsats';

/**
 * Issue 42: under a paywalled article a reader reads whole, the page says how — a metered read with
 * the count left, a gift link, or a subscriber's "Dela artikeln". The page is kept per access class,
 * never per person: the note is filled in for each request, and a gift link spends no meter.
 */
describe.skipIf(!built).each(dialects)('the access note under a paywalled article on %s (issue 42)', (dialect) => {
  let t: TestApp;
  const pass: Record<string, string> = {};
  const ids: Record<'a' | 'b', number> = { a: 0, b: 0 };
  let sub: Awaited<ReturnType<typeof userWithToken>>;
  let free2: Awaited<ReturnType<typeof userWithToken>>;

  const passOf = async (headers: { authorization: string }) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me', headers });
    const c = String(res.headers['set-cookie']);
    return c.slice(0, c.indexOf(';'));
  };
  const page = (url: string, who?: string) =>
    t.app.inject({ method: 'GET', url, headers: who ? { cookie: pass[who] } : {} });

  beforeAll(async () => {
    t = await createTestApp(dialect, { web: true, env: { PUBLIC_URL: ORIGIN, WEB_BUILD_DIR: buildDir } });
    const admin = await userWithToken(t, 'chefen', 'admin');
    const free = await userWithToken(t, 'gratislasare', 'user');
    free2 = await userWithToken(t, 'andralasare', 'user');
    sub = await userWithToken(t, 'prenumerant', 'user');
    const authorId = await makeAuthor(t);
    const base = { category: 'EKONOMI' as const, authorId, authorName: 'Sara Skribent', featuredImage: null };
    for (const [k, slug] of [
      ['a', 'Kvartalet i korthet'],
      ['b', 'Budgeten i korthet'],
    ] as const) {
      const a = await t.app.services.articles.create({
        ...base,
        title: slug,
        content: `<p>Ingressen.</p><hr data-paywall=""><p>${LOCKED} i ${slug}.</p>`,
        access: 'subscribers',
      });
      ids[k] = a.id;
    }
    const plan = await t.app.services.revenue.createPlan({
      name: 'Plus',
      benefits: [],
      price_month_sek: 119,
      price_year_sek: null,
      trial_days: 0,
      on_sale: true,
    });
    await t.app.services.revenue.grantComplimentary(sub.id, plan.id, new Date(Date.now() + 86_400_000).toISOString());
    await t.app.inject({
      method: 'PUT',
      url: '/api/newsroom/settings',
      headers: admin.headers,
      payload: { metered_articles_per_month: 2 },
    });
    pass.free = await passOf(free.headers);
    pass.free2 = await passOf(free2.headers);
    pass.sub = await passOf(sub.headers);
  });
  afterAll(() => t?.close());

  it('a metered read says how many free articles are left, counted once per article, for each reader', async () => {
    const first = await page('/article/kvartalet-i-korthet', 'free');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain(LOCKED);
    expect(first.body).toContain(REVENUE_TEXT.noteMetered);
    expect(first.body).toContain(REVENUE_TEXT.meter(1, 2));
    // theirs alone: no ETag a browser could revalidate another count with, kept by no one
    expect(first.headers.etag).toBeUndefined();
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await page('/article/kvartalet-i-korthet', 'free');
    expect(again.body).toContain(REVENUE_TEXT.meter(1, 2));
    const second = await page('/article/budgeten-i-korthet', 'free');
    expect(second.body).toContain(REVENUE_TEXT.meter(0, 2));
    // the same class's page, another reader: their own count
    const other = await page('/article/budgeten-i-korthet', 'free2');
    expect(other.body).toContain(REVENUE_TEXT.meter(1, 2));
    expect(other.body).not.toContain(REVENUE_TEXT.meter(0, 2));
  });

  it("a subscriber is offered to share the article; an anonymous reader's page has no note", async () => {
    const res = await page('/article/kvartalet-i-korthet', 'sub');
    expect(res.body).toContain(LOCKED);
    expect(res.body).toContain(`href="/prenumerera/dela?artikel=${ids.a}"`);
    expect(res.body).toContain(REVENUE_TEXT.shareArticle);
    expect(res.body).not.toContain(REVENUE_TEXT.noteMetered);
    const anon = await page('/article/kvartalet-i-korthet');
    expect(anon.body).not.toContain(LOCKED);
    expect(anon.body).not.toContain('data-access-note');
  });

  it('a gift link says it is one, and spends none of a logged-in reader’s meter', async () => {
    const made = await t.app.inject({ method: 'POST', url: `/api/articles/${ids.b}/gift-links`, headers: sub.headers });
    expect(made.statusCode).toBe(201);
    const link = new URL(made.json().url);
    const anon = await page(link.pathname + link.search);
    expect(anon.body).toContain(LOCKED);
    expect(anon.body).toContain(REVENUE_TEXT.noteGift);
    expect(anon.headers['cache-control']).toBe('no-store');
    const before = (
      await t.app.inject({ method: 'GET', url: '/api/subscriptions/meter', headers: free2.headers })
    ).json();
    const viaGift = await page(link.pathname + link.search, 'free2');
    expect(viaGift.body).toContain(REVENUE_TEXT.noteGift);
    expect(viaGift.body).not.toContain(REVENUE_TEXT.noteMetered);
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/subscriptions/meter', headers: free2.headers })
    ).json();
    expect(after).toEqual(before);
    // the giver following their own link reads as a subscriber
    const own = await page(link.pathname + link.search, 'sub');
    expect(own.body).toContain(REVENUE_TEXT.shareArticle);
  });
});
