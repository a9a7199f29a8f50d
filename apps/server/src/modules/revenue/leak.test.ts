import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, makeAuthor, type TestApp } from '../../../test/helpers.js';

const buildDir = path.resolve(process.env.WEB_BUILD_DIR || path.join(import.meta.dirname, '../../../../web/build'));
const built = fs.existsSync(path.join(buildDir, 'server/index.js'));
const ORIGIN = 'https://vaggen.example';
/** A word only the locked part holds (and a searchable one). */
const LOCKED = 'Hemlighetsfullkonstruktion';
const SLUG = 'kommunens-dolda-avtal';
/** Another word of the locked part (a search page shows its own query: that word is asked for, not leaked). */
const LOCKED2 = 'Tystnadsplikten';

/**
 * Issue 42: the leak test. Every reader surface of a locked article, asked for as an anonymous
 * reader, a logged-in free reader whose meter is used up, and a subscriber: the locked text reaches
 * the subscriber only — pages (and their cached variants and `.data`), the API, RSS, search, the
 * sitemap, JSON-LD, Open Graph, the newsletter and the page store.
 */
describe.skipIf(!built).each(dialects)('the paywall never leaks on %s (issue 42)', (dialect) => {
  let t: TestApp;
  let free: Awaited<ReturnType<typeof userWithToken>>;
  let sub: Awaited<ReturnType<typeof userWithToken>>;
  const cookies: Record<string, string> = {};
  let articleId: number;

  const passOf = async (headers: { authorization: string }) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me', headers });
    const c = String(res.headers['set-cookie']);
    return c.slice(0, c.indexOf(';'));
  };
  const get = (url: string, who: 'anon' | 'free' | 'sub') =>
    t.app.inject({ method: 'GET', url, headers: who === 'anon' ? {} : { cookie: `_ga=1; ${cookies[who]}` } });
  const api = (url: string, who: 'anon' | 'free' | 'sub') =>
    t.app.inject({ method: 'GET', url, headers: who === 'anon' ? {} : who === 'free' ? free.headers : sub.headers });

  beforeAll(async () => {
    t = await createTestApp(dialect, { web: true, env: { PUBLIC_URL: ORIGIN, WEB_BUILD_DIR: buildDir } });
    const admin = await userWithToken(t, 'chefen', 'admin');
    free = await userWithToken(t, 'gratislasare', 'user');
    sub = await userWithToken(t, 'prenumerant', 'user');
    const authorId = await makeAuthor(t);
    const base = { category: 'NYHETER' as const, authorId, authorName: 'Sara Skribent', featuredImage: null };
    const other = await t.app.services.articles.create({
      ...base,
      title: 'En annan låst artikel',
      content: '<p>Fri början.</p><p>Låst slut.</p>',
      access: 'subscribers',
    });
    const a = await t.app.services.articles.create({
      ...base,
      title: 'Kommunens dolda avtal',
      content: `<p>Ingressen berättar vad som hänt.</p><hr data-paywall=""><p>Avtalet beskriver en ${LOCKED} av ovanligt slag.</p><p>${LOCKED2} gäller.</p>`,
      access: 'subscribers',
    });
    articleId = a.id;
    const plan = await t.app.services.revenue.createPlan({
      name: 'Plus',
      benefits: [],
      price_month_sek: 119,
      price_year_sek: null,
      trial_days: 0,
      on_sale: true,
    });
    await t.app.services.revenue.grantComplimentary(sub.id, plan.id, new Date(Date.now() + 86_400_000).toISOString());
    // the free reader's meter (1 a month) is used up on the other article
    await t.app.inject({
      method: 'PUT',
      url: '/api/newsroom/settings',
      headers: admin.headers,
      payload: { metered_articles_per_month: 1 },
    });
    expect((await api(`/api/articles/${other.id}`, 'free')).json().locked).toBe(false);
    cookies.free = await passOf(free.headers);
    cookies.sub = await passOf(sub.headers);
  });
  afterAll(() => t?.close());

  const surfaces = () => [
    `/article/${SLUG}`,
    `/article/${SLUG}.data`,
    `/api/articles/${articleId}`,
    `/api/articles/slug/${SLUG}`,
    '/api/articles',
    '/api/articles?category=nyheter',
    '/rss.xml',
    '/rss/nyheter.xml',
    '/sitemap.xml',
    `/api/search?q=${LOCKED}`,
    `/api/search?q=${LOCKED2}`,
    '/api/search?q=avtal',
    `/sok?q=${LOCKED}`,
    '/sok?q=avtal',
    '/',
  ];

  it('an anonymous reader and a logged-in reader with the meter used up never get the locked text', async () => {
    for (let round = 0; round < 2; round++) {
      // twice: the second round is served from the cache (memory and store)
      for (const url of surfaces()) {
        for (const who of ['anon', 'free'] as const) {
          const res = url.startsWith('/api/') ? await api(url, who) : await get(url, who);
          expect(res.statusCode, `${who} ${url}`).toBeLessThan(400);
          if (!url.includes(`q=${LOCKED}`)) expect(res.body, `${who} ${url}`).not.toContain(LOCKED);
          expect(res.body, `${who} ${url}`).not.toContain(LOCKED2);
          expect(res.body, `${who} ${url}`).not.toContain('ovanligt slag');
        }
      }
    }
  });

  it('the page says it is locked: teaser, paywall box, JSON-LD and Open Graph without the locked part', async () => {
    const res = await get(`/article/${SLUG}`, 'anon');
    expect(res.body).toContain('Ingressen berättar vad som hänt.');
    expect(res.body).toContain('data-paywall-box');
    expect(res.body).toContain('Logga in');
    expect(res.body).toMatch(/119 kr(<!-- -->)?\/mån/);
    const ld = [...res.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1]),
    );
    expect(ld[0]).toMatchObject({
      isAccessibleForFree: false,
      hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.article-locked' },
    });
    const og = /<meta property="og:description" content="([^"]*)"/.exec(res.body)?.[1] ?? '';
    expect(og).toContain('Ingressen');
    expect(og).not.toContain(LOCKED);
  });

  it('the subscriber gets the whole article, server-rendered, from a cache entry of the subscriber class', async () => {
    const first = await get(`/article/${SLUG}`, 'sub');
    expect(first.body).toContain(LOCKED);
    expect(first.body).toContain('class="article-locked"');
    expect(first.body).not.toContain('data-paywall-box');
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await get(`/article/${SLUG}`, 'sub');
    expect(again.headers['x-page-cache']).toBe('HIT');
    expect(again.body).toContain(LOCKED);
    expect((await get(`/article/${SLUG}.data`, 'sub')).body).toContain(LOCKED);
    expect((await api(`/api/articles/${articleId}`, 'sub')).body).toContain(LOCKED);
    // the anonymous page is still the teaser after the subscriber's
    const anon = await get(`/article/${SLUG}`, 'anon');
    expect(anon.headers['x-page-cache']).toBe('HIT');
    expect(anon.body).not.toContain(LOCKED);
    // a made-up pass is an anonymous reader
    const forged = await t.app.inject({
      method: 'GET',
      url: `/article/${SLUG}`,
      headers: { cookie: `${cookies.sub.replace(/=\d+/, '=1')}` },
    });
    expect(forged.body).not.toContain(LOCKED);
  });

  it('the newsletter and the page store hold no locked text (but the subscriber class entry)', async () => {
    const issue = await t.app.services.newsletter.buildIssue();
    expect(JSON.stringify(issue)).not.toContain(LOCKED);
    await t.app.pageCache.settled();
    const rows = await t.dbh.db.selectFrom('page_store').select(['key', 'body_br']).execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      const body = brotliDecompressSync(Buffer.from(r.body_br)).toString('utf8');
      if (r.key.endsWith('|subscriber')) expect(body).toContain(LOCKED);
      else expect(body, r.key).not.toContain(LOCKED);
    }
  });

  it('a gift link opens the whole article without login, uncached, and only that article', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/articles/${articleId}/gift-links`,
      headers: sub.headers,
    });
    expect(made.statusCode).toBe(201);
    const url = new URL(made.json().url);
    expect(url.origin).toBe(ORIGIN);
    const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(res.body).toContain(LOCKED);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // a changed token, or the token on another page, opens nothing
    const bad = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}x` });
    expect(bad.body).not.toContain(LOCKED);
    // and the page without the token is still the teaser
    expect((await get(`/article/${SLUG}`, 'anon')).body).not.toContain(LOCKED);
  });

  it('/prenumerera shows the plans with VAT, the terms and ångerrätt, and that payment is not configured', async () => {
    const res = await get('/prenumerera', 'anon');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Plus');
    expect(res.body).toMatch(/119 kr(<!-- -->)? per månad/);
    expect(res.body).toContain('inkl. 6 % moms');
    expect(res.body).toContain('Ångerrätt');
    expect(res.body).toContain('Betalning är inte konfigurerad');
  });
});
