import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { BROWSER_STORAGE, type BrowserStorageKind, COMMENTER_TOKEN_DAYS, isDocumentedStorage } from '@vaggen/contract';

/**
 * Issue 43: what the site stores in a reader's browser. Every reader page is visited as a visitor
 * and then as a logged-in reader; after each page every cookie, localStorage and sessionStorage key,
 * IndexedDB database and request to another origin is listed, and anything that is not on the
 * documented list (packages/contract/src/privacy-storage.ts, the same list the privacy policy
 * shows) fails the test. A planted key shows that the check does fail.
 */

const run = Date.now().toString(36);
const PASSWORD = 'e2e-lagring-12345';

interface Seen {
  where: BrowserStorageKind;
  name: string;
}
interface Snapshot {
  page: string;
  stored: Seen[];
  foreignRequests: string[];
}

/** Everything this context's browser holds, as the page at hand sees it (cookies: all of them, HttpOnly too). */
async function storedIn(context: BrowserContext, page: Page): Promise<Seen[]> {
  const cookies = (await context.cookies()).map((c) => ({ where: 'cookie' as const, name: c.name }));
  const inPage = await page.evaluate(async () => {
    const keys = (s: Storage) => Array.from({ length: s.length }, (_, i) => s.key(i) ?? '');
    const dbs = typeof indexedDB.databases === 'function' ? await indexedDB.databases() : [];
    return {
      localStorage: keys(localStorage),
      sessionStorage: keys(sessionStorage),
      indexedDB: dbs.map((d) => d.name ?? ''),
    };
  });
  return [
    ...cookies,
    ...inPage.localStorage.map((name) => ({ where: 'localStorage' as const, name })),
    ...inPage.sessionStorage.map((name) => ({ where: 'sessionStorage' as const, name })),
    ...inPage.indexedDB.map((name) => ({ where: 'indexedDB' as const, name })),
  ];
}

/**
 * Pictures an editor linked from another site (a featured image by URL, spec 000 §5): the privacy
 * policy says such an image is fetched from its site. Found from the paper's own articles, so that
 * a tracker or a script from another origin still fails the audit.
 */
const editorImages = new Set<string>();
async function collectEditorImages(request: APIRequestContext, origin: string) {
  const articles = (await (await request.get('/api/articles?limit=100')).json()) as {
    featured_image: string | null;
    content: string;
  }[];
  for (const a of articles) {
    const urls = [a.featured_image, ...[...a.content.matchAll(/<img[^>]+src="([^"]+)"/g)].map((m) => m[1])];
    for (const u of urls) if (u && /^https?:/.test(u) && new URL(u).origin !== origin) editorImages.add(u);
  }
}

/** What fails the audit: items not on the documented list, and every request to another origin. */
function undocumented(snapshots: Snapshot[]): string[] {
  const problems = new Set<string>();
  for (const s of snapshots) {
    for (const item of s.stored) {
      if (!isDocumentedStorage(item.where, item.name)) problems.add(`${s.page}: ${item.where} ”${item.name}”`);
    }
    for (const url of s.foreignRequests)
      if (!editorImages.has(url)) problems.add(`${s.page}: anrop till annan origin ${url}`);
  }
  return [...problems];
}

/** Visits `path` as a reader would (hydrated, comments loaded, settled) and lists what is stored. */
async function audit(context: BrowserContext, page: Page, path: string, origin: string): Promise<Snapshot> {
  const foreign: string[] = [];
  const onRequest = (r: { url(): string }) => {
    const url = r.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (new URL(url).origin !== origin) foreign.push(url);
  };
  page.on('request', onRequest);
  try {
    await page.goto(path);
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 20_000 });
    const comments = page.locator('#comments');
    if (await comments.count()) {
      await comments.scrollIntoViewIfNeeded();
      await expect(comments.getByText('Laddar kommentarer...')).toHaveCount(0, { timeout: 20_000 });
    }
    await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => {});
    return { page: path, stored: await storedIn(context, page), foreignRequests: foreign };
  } finally {
    page.off('request', onRequest);
  }
}

function report(who: string, snapshots: Snapshot[]) {
  const lines = snapshots.map(
    (s) =>
      `  ${s.page}: ${s.stored.map((i) => `${i.where}:${i.name}`).join(', ') || '(inget lagrat)'}` +
      (s.foreignRequests.length ? ` | andra origins: ${s.foreignRequests.join(', ')}` : ''),
  );
  console.log(`Lagrat i webbläsaren, ${who}:\n${lines.join('\n')}`);
}

async function articleWithComments(request: APIRequestContext): Promise<{ slug: string; author: string }> {
  const login = await request.post('/api/login', { data: { username: 'admin', password: 'admin-e2e-password' } });
  const token = (await login.json()).access_token as string;
  const [article] = (await (await request.get('/api/articles?category=nyheter&limit=1')).json()) as {
    id: number;
    slug: string;
  }[];
  const posted = await request.post('/api/comments', {
    headers: { Authorization: `Bearer ${token}` },
    data: { articleId: article.id, content: `En kommentar för lagringsgranskningen (${run})` },
  });
  expect(posted.status()).toBe(201);
  const full = (await (await request.get(`/api/articles/${article.id}`)).json()) as {
    authors?: { username: string | null }[];
  };
  return { slug: article.slug, author: full.authors?.find((a) => a.username)?.username ?? 'admin' };
}

let pages: string[] = [];
test.beforeAll(async ({ request }) => {
  const { slug, author } = await articleWithComments(request);
  pages = [
    '/',
    '/category/sport',
    '/tag/sport',
    `/article/${slug}`,
    '/sok?q=stockholm',
    `/skribent/${author}`,
    '/about',
    '/kontakt',
    '/tipsa',
    '/annonsera',
    '/integritetspolicy',
    '/tillganglighet',
    '/rattelser',
    '/transparensrapport',
    '/anmal-olagligt-innehall',
    '/login',
    '/register',
    '/finns-inte-alls',
  ];
});

test.describe('what a reader’s browser is given', () => {
  test('every reader page, as a visitor and then logged in, stores only documented items and calls no other origin', async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const origin = new URL(baseURL!).origin;
    await collectEditorImages(request, origin);

    // a visitor: nothing but the documented items (in fact nearly nothing)
    const visitorContext = await browser.newContext();
    const visitorPage = await visitorContext.newPage();
    const asVisitor: Snapshot[] = [];
    for (const p of pages) asVisitor.push(await audit(visitorContext, visitorPage, p, origin));
    // …and one who comments without an account is given the commenter token (and nothing else)
    const article = pages[3];
    await visitorPage.goto(article);
    const form = visitorPage.getByRole('form', { name: 'Skriv en kommentar' });
    await form.getByLabel('Namn').fill('Bo Besökare');
    await form.getByLabel('E-post').fill('bo@example.se');
    await form.getByLabel('Kommentar').fill(`Jag har inget konto (${run})`);
    await form.getByRole('button', { name: 'Skicka kommentar' }).click();
    await expect(visitorPage.locator('.comment-item').filter({ hasText: `Jag har inget konto (${run})` })).toHaveCount(
      1,
    );
    const commented = await audit(visitorContext, visitorPage, article, origin);
    commented.page = `${article} (efter en kommentar)`;
    asVisitor.push(commented);
    expect(commented.stored.map((i) => `${i.where}:${i.name}`)).toContain('localStorage:commenterToken');
    // …for the days the privacy policy gives it, counted from this comment
    const kept = await visitorPage.evaluate(() => localStorage.getItem('commenterToken') ?? '');
    const until = Number(kept.split('|')[1]);
    expect(Math.round((until - Date.now()) / 86_400_000)).toBe(COMMENTER_TOKEN_DAYS);
    report('besökare', asVisitor);
    await visitorContext.close();

    // a reader registered through the API, logged in through the form
    const username = `e2e_lagring_${run}`;
    const reg = await request.post('/api/register', {
      data: { username, password: PASSWORD, name: 'Lisa Lagring', email: `${username}@example.se` },
    });
    expect(reg.status()).toBe(201);
    const readerContext = await browser.newContext();
    const readerPage = await readerContext.newPage();
    await readerPage.goto('/login');
    await readerPage.getByLabel('Användarnamn').fill(username);
    await readerPage.getByLabel('Lösenord').fill(PASSWORD);
    await readerPage.getByRole('button', { name: 'Logga in' }).click();
    await expect(readerPage).not.toHaveURL(/\/login$/);
    const asReader: Snapshot[] = [];
    for (const p of pages) asReader.push(await audit(readerContext, readerPage, p, origin));
    report('inloggad läsare', asReader);

    // the audit does see storage: the session and the login's device cookie are there
    const seen = asReader.flatMap((s) => s.stored.map((i) => `${i.where}:${i.name}`));
    for (const expected of [
      'localStorage:token',
      'localStorage:isLoggedIn',
      'localStorage:userId',
      'cookie:vaggen_device',
    ]) {
      expect(seen).toContain(expected);
    }
    await readerContext.close();

    expect(undocumented(asVisitor), 'som besökare').toEqual([]);
    expect(undocumented(asReader), 'inloggad').toEqual([]);
  });

  test('the check fails for an undocumented key and for a request to another origin', async ({
    page,
    context,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const clean = await audit(context, page, '/about', origin);
    expect(undocumented([clean])).toEqual([]);

    await page.evaluate(() => {
      localStorage.setItem('sparare', 'x');
      sessionStorage.setItem(
        'translateApiKey', // the documented key is per account: `translateApiKey:<id>`
        'x',
      );
    });
    await context.addCookies([{ name: '_ga', value: 'GA1.1.1', url: origin }]);
    const foreign: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).origin !== origin) foreign.push(r.url());
    });
    // a tracker pixel from another origin (nothing listens there: the request is what counts)
    await page.evaluate(() => {
      new Image().src = 'http://localhost:9/sparning.gif';
    });
    await expect.poll(() => foreign.length).toBe(1);
    const planted = { ...(await audit(context, page, '/about', origin)), foreignRequests: foreign };
    expect(undocumented([planted])).toEqual([
      '/about: cookie ”_ga”',
      '/about: localStorage ”sparare”',
      '/about: sessionStorage ”translateApiKey”',
      '/about: anrop till annan origin http://localhost:9/sparning.gif',
    ]);
  });

  test('the privacy policy shows exactly the documented list', async ({ page }) => {
    // reached by a link, as readers do: the table comes with the page's data (not in the reader's JavaScript)
    await page.goto('/about');
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await page
      .getByRole('navigation', { name: 'Om Väggen', exact: true })
      .getByRole('link', { name: 'Integritetspolicy' })
      .click();
    await expect(page).toHaveURL(/\/integritetspolicy$/);
    const rows = page.locator('#webblasaren table.privacy-table tbody tr');
    await expect(rows).toHaveCount(BROWSER_STORAGE.length);
    for (const [i, item] of BROWSER_STORAGE.entries()) {
      const row = rows.nth(i);
      await expect(row.locator('code')).toHaveText(item.prefix ? `${item.name}<ditt användarnummer>` : item.name);
      await expect(row).toContainText(item.purpose);
      await expect(row).toContainText(item.duration);
    }
    await expect(page.locator('#webblasaren')).toContainText('Därför visar vi ingen samtyckesruta');
  });
});
