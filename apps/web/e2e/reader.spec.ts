import { expect, type Locator, test } from '@playwright/test';
import { TICKER_START_DELAY_MS } from '@vaggen/contract';

test.describe('reading the newspaper', () => {
  test('home → category → article → related article', async ({ page }) => {
    // four page loads (issue 46: links between reader pages load the next page)
    test.setTimeout(120_000);
    await page.goto('/');
    await expect(page).toHaveTitle('Väggen – På en vägg nära dig');
    const cards = page.locator('[data-testid="article-list"] .card');
    expect(await cards.count()).toBeGreaterThanOrEqual(21);
    // the active home link is highlighted
    await expect(page.locator('.category-nav a.active')).toHaveText('HEM');

    await page.locator('.category-nav').getByRole('link', { name: 'SPORT', exact: true }).click();
    await expect(page).toHaveURL(/\/category\/sport$/);
    await expect(page.locator('h1.page-title')).toHaveText('Sport');
    await expect(page.locator('.category-nav a.active')).toHaveText('SPORT');
    const badges = page.locator('[data-testid="article-list"] .card .badge');
    expect(await badges.count()).toBeGreaterThanOrEqual(3);
    for (const b of await badges.allTextContents()) expect(b).toBe('Sport');

    const firstTitle = (await page.locator('.card-title a').first().textContent())!;
    await page.locator('.card-title a').first().click();
    await expect(page).toHaveURL(/\/article\/[a-z0-9-]+$/);
    await expect(page.locator('h1.article-title')).toHaveText(firstTitle);
    await expect(page.locator('.article-meta .badge')).toHaveText('Sport');
    await expect(page.locator('.byline img.avatar')).toHaveAttribute('width', '32');
    await expect(page.locator('.article-content p').first()).not.toBeEmpty();
    await expect(page.locator('.tags a').first()).toHaveAttribute('href', '/tag/sport');
    await expect(page.getByRole('link', { name: 'Dela på Facebook' })).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('link', { name: 'Dela på Twitter' })).toHaveAttribute(
      'href',
      /twitter\.com\/intent\/tweet/,
    );

    const related = page.locator('.related .card-title a');
    await expect(related).toHaveCount(2);
    const relatedTitle = (await related.first().textContent())!;
    expect(relatedTitle).not.toBe(firstTitle);
    await related.first().click();
    await expect(page.locator('h1.article-title')).toHaveText(relatedTitle);
    await expect(page.locator('.article-meta .badge')).toHaveText('Sport');
  });

  test('a shared link with tracking parameters opens the article, keeps its address and works', async ({
    page,
    request,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    const [article] = await (await request.get('/api/articles?limit=1&category=SPORT')).json();
    const shared = `/article/${article.slug}?utm_source=facebook&utm_medium=social&fbclid=IwAR0abc`;
    // the server answers it with the page of the address without them
    const res = await request.get(shared);
    expect(res.headers()['x-page-cache']).toMatch(/HIT|STORE|MISS/);
    await page.goto(shared);
    await expect(page.locator('h1.article-title')).toHaveText(article.title);
    // the reader's address (and so their analytics) keeps the parameters
    expect(new URL(page.url()).search).toBe('?utm_source=facebook&utm_medium=social&fbclid=IwAR0abc');
    // hydrated, and a related article opens (issue 46: links between reader pages are plain links)
    await expect(page.locator('#comments')).toBeVisible();
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    const related = page.locator('.related .card-title a').first();
    const relatedTitle = (await related.textContent())!;
    await related.click();
    await expect(page.locator('h1.article-title')).toHaveText(relatedTitle);
    expect(errors).toEqual([]);
  });

  test('/articles/:id redirects to the slug route', async ({ page, request }) => {
    const list = await (await request.get('/api/articles?limit=1')).json();
    await page.goto(`/articles/${list[0].id}`);
    await expect(page).toHaveURL(`/article/${list[0].slug}`);
    await expect(page.locator('h1.article-title')).toHaveText(list[0].title);
  });

  test('dangerous markup in an article is never run or shown', async ({ page, request }) => {
    const teknik = await (await request.get('/api/articles?category=teknik&limit=50')).json();
    const risky = teknik.find((a: { content: string }) => /länk|phishing|nätfiske|säkerhet/i.test(a.content));
    test.skip(!risky, 'demo data has no security article');
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    await page.goto(`/article/${risky.slug}`);
    await expect(page.locator('h1.article-title')).toHaveText(risky.title);
    expect(
      await page.locator('.article-content script, .article-content iframe, .article-content [onerror]').count(),
    ).toBe(0);
    expect(await page.locator('.article-content a[href^="javascript:"]').count()).toBe(0);
    expect(dialogs).toBe(0);
  });

  test('an article without a featured image uses the whole card for its text', async ({ page, request }) => {
    const login = await request.post('/api/login', { data: { username: 'admin', password: 'admin-e2e-password' } });
    const token = (await login.json()).access_token as string;
    const title = `Utan bild ${Date.now().toString(36)}`;
    const created = await request.post('/api/articles', {
      headers: { Authorization: `Bearer ${token}` },
      data: { title, content: '<p>Beslutet blev <strong>ja</strong>.</p>', category: 'KULTUR' },
    });
    expect(created.status()).toBe(201);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/category/kultur');
    const card = page.locator('.card', { hasText: title });
    await expect(card.locator('.card-image')).toHaveCount(0);
    await expect(card.locator('.card-excerpt')).toHaveText('Beslutet blev ja.');
    const cardBox = (await card.boundingBox())!;
    const titleBox = (await card.locator('.card-title').boundingBox())!;
    expect(titleBox.x - cardBox.x).toBeLessThan(40); // no empty image column on the left
    expect(titleBox.width).toBeGreaterThan(cardBox.width * 0.8);
    await request.delete(`/api/articles/${(await created.json()).id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
  });

  test('the article renders without JavaScript', async ({ browser, request }) => {
    const list = await (await request.get('/api/articles?limit=1')).json();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/article/${list[0].slug}`);
    await expect(page.locator('h1.article-title')).toHaveText(list[0].title);
    // innerText: block elements count as separated, as the excerpt separates them. The first
    // sentence only: the excerpt leaves out a picture's caption, which an article made in the
    // newsroom journeys may have after it.
    const first = (list[0].excerpt as string).split(/(?<=[.!?])\s/)[0]?.slice(0, 40) ?? '';
    expect(first.length).toBeGreaterThan(5);
    await expect(page.locator('.article-content')).toContainText(first, { useInnerText: true });
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', list[0].title);
    await context.close();
  });

  test('unknown pages show the 404 page, and a crash shows the error screen', async ({ page }) => {
    const res = await page.goto('/det-har-finns-inte');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Sidan hittades inte' })).toBeVisible();
    const missing = await page.goto('/article/finns-inte-alls');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Article not found' })).toBeVisible();
    const crash = await page.goto('/__test/crash');
    expect(crash?.status()).toBe(500);
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  });

  test("a page's error replaces only the page: the header stays mounted", async ({ page }) => {
    // A page of the full app (issue 46: reader pages are islands, without React Router's client)
    await page.goto('/login');
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    await page.evaluate(() => {
      (window as unknown as { shellHeader: Element | null }).shellHeader = document.querySelector('header');
    });
    // a client-side navigation to a page whose loader throws
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter.navigate('/__test/crash'),
    );
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    const same = await page.evaluate(
      () => (window as unknown as { shellHeader: Element | null }).shellHeader === document.querySelector('header'),
    );
    expect(same, 'the header element after the error is the one from before').toBe(true);
  });

  test('unauthorized page and empty category texts', async ({ page }) => {
    await page.goto('/unauthorized');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await page.getByRole('link', { name: 'Till startsidan', exact: true }).click();
    await expect(page).toHaveURL('/');
    await page.goto('/category/finns-inte');
    await expect(page.getByText('No articles found in this category')).toBeVisible();
  });

  test('the footer has its links and is hidden on the pages spec 001 lists', async ({ page }) => {
    await page.goto('/');
    const footer = page.locator('footer.site-footer');
    await expect(footer).toContainText('På en vägg nära dig');
    await expect(footer).toContainText('© 2025 Väggen Media AB');
    for (const href of ['/about', '/kontakt', '/tipsa', '/annonsera', '/integritetspolicy', '/category/sport']) {
      await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    const social = footer.locator('a[target="_blank"]');
    await expect(social).toHaveCount(4);
    // leaving for a page of the list hides it without a reload
    await footer.getByRole('link', { name: 'Om oss' }).click();
    await expect(page).toHaveURL('/about');
    await expect(page.locator('footer.site-footer')).toHaveCount(0);
    await page.goto('/unauthorized');
    await expect(page.locator('footer.site-footer')).toHaveCount(0);
  });

  test('the server renders the footer on reader pages and leaves it out on every page of spec 001 §2', async ({
    request,
  }) => {
    const hidden = [
      '/login',
      '/register',
      '/unauthorized',
      '/admin',
      '/notifications',
      '/profile',
      '/about',
      '/kontakt',
      '/tipsa',
      '/annonsera',
      '/integritetspolicy',
      '/translate',
      '/solar-system',
      '/periodic-table',
    ];
    for (const path of hidden) {
      const res = await request.get(path);
      const html = await res.text();
      expect(html, path).toContain('<main id="main"');
      expect(html, path).not.toContain('class="site-footer"');
    }
    for (const path of ['/', '/category/sport', '/tag/nyheter', '/facebook']) {
      expect(await (await request.get(path)).text(), path).toContain('class="site-footer"');
    }
  });

  test('scrolls to the top on a path change', async ({ page }) => {
    await page.goto('/');
    // Without this wait, 1 run in 5-6 clicked "Sport" and stayed on /: the path-change effect also ran
    // on hydration and scrolled the page back to the top between Playwright's aim and its click (the
    // next test holds that fixed). The wait keeps this test about a path change alone.
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await expect
      .poll(() =>
        page.evaluate(() => {
          window.scrollTo(0, 3000);
          return window.scrollY;
        }),
      )
      .toBeGreaterThan(500);
    await page.locator('footer.site-footer').getByRole('link', { name: 'Sport' }).click();
    await expect(page).toHaveURL(/\/category\/sport$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('text typed before the page hydrates is kept: the search, the newsletter address and a comment', async ({
    page,
    request,
  }) => {
    /** Holds the page's modules until `release()`: everything typed before it is typed into server HTML. */
    const hold = async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.unrouteAll();
      await page.route(/\/assets\/.*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      return release;
    };
    let release = await hold();
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const search = page.locator('#search-desktop');
    const address = page.locator('.newsletter-form input[type="email"]').first();
    await search.fill('storm');
    await address.fill('lasare@example.se');
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? 'no')).toBe('no');
    release();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    // Before the fix, the fields' next renders (the session, the ads) set them back to "".
    await page.waitForTimeout(500);
    await expect(search).toHaveValue('storm');
    await expect(address).toHaveValue('lasare@example.se');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/sok\?q=storm$/);

    const [article] = (await (await request.get('/api/articles?limit=1')).json()) as { slug: string }[];
    release = await hold();
    await page.goto(`/article/${article?.slug}`, { waitUntil: 'domcontentloaded' });
    const form = page.locator('#comments form').first();
    const content = form.locator('textarea[name="content"]');
    // Name and address too: both fields are handed to React in one go, and each used to write the
    // shared identity over the other (the name was lost).
    await form.locator('input[name="name"]').fill('Tidig Läsare');
    await form.locator('input[name="email"]').fill('tidig@example.se');
    await content.fill('Skrivet innan sidan vaknade');
    release();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await expect(page.locator('#comments').getByText('Laddar kommentarer...')).toHaveCount(0);
    await page.waitForTimeout(500);
    await expect(content).toHaveValue('Skrivet innan sidan vaknade');
    await expect(form.locator('input[name="name"]')).toHaveValue('Tidig Läsare');
    await expect(form.locator('input[name="email"]')).toHaveValue('tidig@example.se');
  });

  test('a reader who scrolls while the page loads keeps their place when it hydrates', async ({ page }) => {
    // Hold the page's modules until the reader has scrolled: hydration comes strictly after it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const scrolled = await page.evaluate(() => {
      window.scrollTo(0, 1500);
      return [window.scrollY, document.documentElement.dataset.hydrated ?? 'no'];
    });
    expect(scrolled).toEqual([1500, 'no']);
    release();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    // Before the fix the path-change effect ran on hydration too and threw the reader to the top.
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => window.scrollY)).toBe(1500);
    // A real path change still goes to the top.
    await page.locator('footer.site-footer').getByRole('link', { name: 'Sport' }).click();
    await expect(page).toHaveURL(/\/category\/sport$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

/** The header's date as the spec's Swedish long form, on the Stockholm calendar. */
const swedishDay = (d: Date) =>
  new Intl.DateTimeFormat('sv-SE', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Stockholm',
  }).format(d);

/** How far the ticker has moved, in px: its animation's current translation (decision 042). */
function tickerOffset(track: Locator): Promise<number> {
  return track.evaluate((el) => {
    const t = getComputedStyle(el).transform;
    return t === 'none' ? 0 : -new DOMMatrixReadOnly(t).m41;
  });
}

test.describe('header and ticker', () => {
  // No 3D atom-model ad on these pages: drawn in software (no GPU here) it can hold the page's frames
  // for seconds, and the ticker moves one step per frame (CI saw it stand at 2.5 px for 10 s, twice).
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      Math.random = () => 0.99;
    });
  });

  test("the header shows the reader's day on a page rendered the day before (cached over midnight)", async ({
    page,
  }) => {
    const tomorrow = new Date(Date.now() + 86_400_000);
    await page.clock.install({ time: tomorrow });
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto('/about');
    await expect(page.locator('.today')).toHaveText(swedishDay(tomorrow));
    expect(swedishDay(tomorrow)).not.toBe(swedishDay(new Date()));
    expect(errors).toEqual([]);
  });

  test('date in Swedish, category menu in spec order, login button', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('.today')).toHaveText(swedishDay(new Date()));
    await expect(page.locator('.category-nav li a')).toHaveText([
      'HEM',
      'NYHETER',
      'SVERIGE',
      'POLITIK',
      'EKONOMI',
      'OPINION',
      'VÄRLDEN',
      'KULTUR',
      'KRÖNIKOR',
      'SPORT',
      'TEKNIK',
    ]);
    await expect(page.getByRole('link', { name: 'Kontakta oss' })).toHaveAttribute('href', '/tipsa');
    await expect(page.locator('.header-links').getByRole('link', { name: 'Facebook' })).toHaveAttribute(
      'href',
      '/facebook',
    );
    await expect(page.locator('.header-links').getByRole('link', { name: 'Logga in' })).toBeVisible();
    await page.locator('#search-desktop').fill('klimat');
    await expect(page.locator('#search-desktop')).toHaveValue('klimat');
  });

  test('ticker shows the fallback headlines, moves, pauses on hover and opens links in a new tab', async ({ page }) => {
    await page.goto('/');
    // the page in front, and the pointer far from the ticker (hovering it pauses it)
    await page.bringToFront();
    await page.mouse.move(1200, 700);
    const track = page.getByTestId('ticker-track');
    const items = track.locator('ul').first().locator('a');
    await expect(items).toHaveCount(9);
    await expect(items.first()).toHaveAttribute('target', '_blank');
    const offset = () => tickerOffset(track);
    // starts 1 s after the page has hydrated (which may take seconds on a busy CI machine), then moves
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await expect
      .poll(offset, { timeout: 10_000 })
      .toBeGreaterThan(5)
      .catch(async (err) => {
        // CI saw it stand at 2.5 px, twice; say what held it, if it happens again
        const why = await page.evaluate(() => ({
          hidden: document.hidden,
          hovered: Boolean(document.querySelector('.ticker:hover')),
          focus: document.activeElement?.outerHTML.slice(0, 120),
          reducedMotion: matchMedia('(prefers-reduced-motion: reduce)').matches,
          toggle: document.querySelector('.ticker-toggle')?.getAttribute('aria-pressed'),
        }));
        throw new Error(`${(err as Error).message}\nticker state: ${JSON.stringify(why)}`);
      });
    await page.locator('.ticker').hover();
    // stopped once the hover has reached it (on a loaded machine a frame already under way may
    // still land after 200 ms): two readings 300 ms apart agree, and it stays there
    const still = async () => {
      const before = await offset();
      await page.waitForTimeout(300);
      return (await offset()) === before;
    };
    await expect.poll(still, { timeout: 10_000 }).toBe(true);
    const paused = await offset();
    await page.waitForTimeout(600);
    expect(await offset()).toBe(paused);
    await page.mouse.move(5, 500);
    await expect.poll(offset, { timeout: 10_000 }).toBeGreaterThan(paused);

    // 0.5 px per frame at 60 frames a second: ~30 px/s, however busy the page's main thread is
    // (it moves on the compositor, decision 042). Across a wrap the offset starts again from 0.
    const from = await offset();
    const t0 = Date.now();
    await page.waitForTimeout(2_000);
    const loop = await track.evaluate((el) => el.scrollWidth / 2);
    const moved = ((await offset()) - from + loop) % loop;
    const speed = (moved * 1000) / (Date.now() - t0);
    expect(speed).toBeGreaterThan(20);
    expect(speed).toBeLessThan(40);

    // keyboard focus on a headline holds it too, and it goes on when the focus leaves
    await items.first().focus();
    await expect.poll(still, { timeout: 10_000 }).toBe(true);
    const held = await offset();
    await page.waitForTimeout(600);
    expect(await offset()).toBe(held);
    await page.getByRole('button', { name: 'Pausa' }).focus();
    await expect.poll(offset, { timeout: 10_000 }).toBeGreaterThan(held);
  });

  test('a ticker headline that gets the keyboard\'s focus is shown whole, not under "JUST NU" (WCAG 2.4.11)', async ({
    page,
  }) => {
    await page.goto('/');
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    const viewport = page.locator('.ticker-viewport');
    const first = viewport.locator('a').first();
    // Hold the ticker where the first headline's middle has moved past the viewport's left edge.
    await page.evaluate((delay) => {
      const track = document.querySelector('[data-testid="ticker-track"]') as HTMLElement;
      const animation = track.getAnimations()[0] as Animation;
      animation.pause();
      const link = track.querySelector('a') as HTMLElement;
      const duration = Number(animation.effect?.getComputedTiming().duration);
      const pxPerMs = track.scrollWidth / 2 / duration;
      animation.currentTime = delay + (link.offsetLeft + link.offsetWidth / 2) / pxPerMs;
    }, TICKER_START_DELAY_MS);
    const edges = () =>
      first.evaluate((el) => {
        const v = (el.closest('.ticker-viewport') as HTMLElement).getBoundingClientRect();
        const l = el.getBoundingClientRect();
        const top = document.elementFromPoint(l.left + l.width / 2, l.top + l.height / 2);
        return { hidden: v.left - l.left, onTop: top === el || el.contains(top) };
      });
    expect((await edges()).hidden).toBeGreaterThan(0);
    await page.locator('.ticker-toggle').focus();
    await page.keyboard.press('Tab');
    await expect(first).toBeFocused();
    // Before the fix it stayed where it was held: 165 px of it past the edge, under the label.
    const shown = await edges();
    expect(shown.hidden).toBeLessThanOrEqual(0);
    expect(shown.onTop).toBe(true);
    await expect(viewport).toHaveJSProperty('scrollLeft', 0);
  });

  test('ticker: a visible button pauses and restarts it (WCAG 2.2.2)', async ({ page }) => {
    await page.goto('/');
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await page.mouse.move(5, 500); // hovering the ticker pauses it
    const track = page.getByTestId('ticker-track');
    const offset = () => tickerOffset(track);
    await expect.poll(offset, { timeout: 10_000 }).toBeGreaterThan(5);
    const toggle = page.getByRole('button', { name: 'Pausa' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    const box = await toggle.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(24); // WCAG 2.5.8 target size
    await toggle.click();
    await page.mouse.move(5, 500); // away from the ticker: hovering pauses it anyway
    await page.waitForTimeout(200);
    const stopped = await offset();
    await page.waitForTimeout(600);
    expect(await offset()).toBe(stopped);
    const play = page.getByRole('button', { name: 'Spela' });
    await expect(play).toHaveAttribute('aria-pressed', 'true');
    await play.click();
    await page.mouse.move(5, 500);
    await expect.poll(offset, { timeout: 10_000 }).toBeGreaterThan(stopped);
  });

  test('ticker stands still for readers who ask for reduced motion, until they start it', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const track = page.getByTestId('ticker-track');
    const offset = () => tickerOffset(track);
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    const play = page.getByRole('button', { name: 'Spela' });
    await expect(play).toHaveAttribute('aria-pressed', 'true');
    await page.waitForTimeout(2000); // past the 1 s start delay
    expect(await offset()).toBe(0);
    // from the keyboard: focus stays on the button, and the ticker moves all the same
    await play.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Pausa' })).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('button', { name: 'Pausa' })).toBeFocused();
    await expect.poll(offset, { timeout: 10_000 }).toBeGreaterThan(5);
  });
});

test.describe('mobile (480 px)', () => {
  test.use({ viewport: { width: 480, height: 900 } });

  test('home groups articles three by three, interleaved with sidebar sections and ads', async ({ page }) => {
    // no 3D atom-model ads in this test: every random ad choice falls on a regular ad
    await page.addInitScript(() => {
      Math.random = () => 0.99;
    });
    await page.goto('/');
    await expect(page.locator('.reader-sidebar')).toBeHidden();
    const groups = page.locator('.article-group[data-group]');
    for (let g = 1; g <= 7; g++) {
      await expect(page.locator(`.article-group[data-group="${g}"] > .card`)).toHaveCount(3);
    }
    const interleaves = page.getByTestId('interleave');
    await expect(interleaves).toHaveCount(6);
    await expect(interleaves.nth(0)).toContainText('SENASTE NYTT');
    await expect(interleaves.nth(1).locator('.ad-slot img')).toBeVisible();
    await expect(interleaves.nth(2)).toContainText('SENASTE');
    await expect(interleaves.nth(3)).toContainText('HETAST SENASTE VECKAN');
    // the rest, from item 21 on
    const rest = page.locator('.article-group[data-group="rest"] > .card');
    expect(await rest.count()).toBeGreaterThan(0);
    expect(await groups.count()).toBe(8);
  });

  test('menu shows Logga in, Skapa konto and the categories', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('.category-nav')).toBeHidden();
    await page.getByRole('button', { name: 'Öppna menyn' }).click();
    const menu = page.getByRole('navigation', { name: 'Meny' });
    await expect(menu.getByRole('link', { name: 'Logga in' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Skapa konto' })).toHaveAttribute('href', '/register');
    await menu.getByRole('link', { name: 'VÄRLDEN' }).click();
    await expect(page).toHaveURL('/category/v%C3%A4rlden');
    await expect(page.locator('h1.page-title')).toHaveText('Världen');
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Sök' }).click();
    await expect(page.locator('#search-mobile')).toBeFocused();
  });
});
