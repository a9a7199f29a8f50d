import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test } from '@playwright/test';

const expect = baseExpect.configure({ timeout: 30_000 });
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-analytics';
const run = Date.now().toString(36);
// Headless Chromium names itself HeadlessChrome, which `isbot` rightly leaves out: readers get a browser's.
// A context's override does not reach `sendBeacon` (the browser sends it itself), so the browser is
// launched with it.
const READER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--user-agent=${READER_UA}`,
    ],
  },
});

// Issue 45: a scripted reading session (an article read three times from three places, scrolled to
// the end, then left), then the newsroom's statistics page at desktop and 412 px with its counts.
// The e2e server writes its counts every second (ANALYTICS_FLUSH_MS in scripts/e2e-server.sh).
test('readers read an article; the newsroom sees it on /admin/statistik', async ({ browser, page, request }) => {
  test.setTimeout(150_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const login = await request.post('/api/login', { data: { username: 'admin', password: 'admin-e2e-password' } });
  const token = (await login.json()).access_token as string;
  const auth = { Authorization: `Bearer ${token}` };
  const title = `Nya bron över älven invigd ${run}`;
  const created = await request.post('/api/articles', {
    headers: auth,
    data: {
      title,
      content: `<p>${'Bron knyter ihop stadsdelarna. '.repeat(400)}</p>`,
      category: 'NYHETER',
      status: 'published',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const article = (await created.json()) as { id: number; slug: string };

  // The reading session: no cookies or storage are written, and the page carries the beacon.
  const reader = await browser.newContext({ userAgent: READER_UA });
  const tab = await reader.newPage();
  const errors: string[] = [];
  tab.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await tab.goto(`/article/${article.slug}`, { referer: 'https://www.google.com/' });
  await tab.goto(`/article/${article.slug}?utm_source=morgonbrevet&utm_medium=email`);
  await tab.goto(`/article/${article.slug}`, { referer: 'https://www.facebook.com/' });
  await expect(tab.getByRole('heading', { name: title })).toBeVisible();
  // read actively for a few seconds, to the end of the page
  for (let i = 0; i < 4; i++) {
    await tab.mouse.wheel(0, 4000);
    await tab.waitForTimeout(1000);
  }
  expect(await tab.evaluate(() => document.head.innerHTML.includes('sendBeacon'))).toBe(true);
  expect(errors).toEqual([]);
  await tab.goto('about:blank'); // pagehide: the beacon goes
  expect(await reader.cookies()).toEqual([]);
  await reader.close();

  // The counts reach the read API (flushed every second): the views, and the beacon's engaged time.
  await expect
    .poll(async () => {
      const res = await request.get('/api/newsroom/analytics/articles?limit=100', { headers: auth });
      const row = ((await res.json()) as { articleId: number; views: number; engaged_seconds_avg: number }[]).find(
        (a) => a.articleId === article.id,
      );
      return [row?.views ?? 0, (row?.engaged_seconds_avg ?? 0) > 0];
    })
    .toEqual([3, true]);
  const stats = (
    (await (await request.get('/api/newsroom/analytics/articles?limit=100', { headers: auth })).json()) as {
      articleId: number;
      engaged_seconds_avg: number;
      referrers: Record<string, number>;
    }[]
  ).find((a) => a.articleId === article.id);
  expect(stats?.referrers).toMatchObject({ search: 1, newsletter: 1, social: 1 });
  expect(stats?.engaged_seconds_avg).toBeGreaterThan(0);

  // The newsroom: from its menu to the statistics.
  await page.goto('/login');
  await page.getByLabel('Användarnamn').fill('admin');
  await page.getByLabel('Lösenord').fill('admin-e2e-password');
  await page.getByRole('button', { name: 'Logga in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  // the newsroom's list: views and engaged time since publication, linked to the article's statistics
  const listRow = page.locator(`tr[data-article-id="${article.id}"]`);
  await expect(listRow.locator('td.newsroom-num')).toHaveText(/^3(\d+ s|\d+ min( \d+ s)?) lästid$/);
  await expect(listRow.locator('td.newsroom-num .newsroom-num-sub')).toHaveText(/^(\d+ s|\d+ min( \d+ s)?) lästid$/);
  await page.setViewportSize({ width: 480, height: 900 });
  await expect(page.locator(`li[data-article-id="${article.id}"] .newsroom-card-stats`)).toHaveText(
    /^3 visningar · (\d+ s|\d+ min( \d+ s)?) lästid$/,
  );
  await page.screenshot({ path: `${SHOTS}/redaktionen-visningar-480.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/redaktionen-visningar.png` });
  await page.getByRole('navigation', { name: 'Redaktionens meny' }).getByRole('link', { name: 'Statistik' }).click();
  await expect(page).toHaveURL(/\/admin\/statistik$/);
  await expect(page.getByRole('heading', { name: 'Statistik', level: 1 })).toBeVisible();
  const now = page.locator('.stat-now');
  await expect(now.getByRole('link', { name: title })).toBeVisible();
  await expect(now.locator('li', { hasText: title }).locator('.stat-count')).toHaveText('3');
  expect(Number((await now.locator('.stat-number').textContent())?.replace(/\s/g, ''))).toBeGreaterThanOrEqual(3);
  const top = page.locator('section', { has: page.getByRole('heading', { name: /Mest lästa artiklarna/ }) });
  const row = top.locator('tr', { hasText: title });
  await expect(row.locator('td').first()).toHaveText('3');
  // the charts (recharts, a chunk of their own) and their tables
  await expect(page.locator('.stat-chart .recharts-wrapper')).toHaveCount(2);
  const hourly = page.locator('section', { has: page.getByRole('heading', { name: /per timme/ }) });
  await hourly.getByText('Visa som tabell').click();
  await expect(hourly.locator('tbody tr')).toHaveCount(48);
  await expect(hourly.locator('.stat-sum strong')).not.toHaveText('0');
  // CSV beside the chart, from the server
  const download = page.waitForEvent('download');
  await hourly.getByRole('button', { name: 'Ladda ner CSV' }).click();
  const file = await (await download).path();
  const csv = fs.readFileSync(file, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('t,value');
  expect(csv.trim().split('\r\n')).toHaveLength(49);
  await page.screenshot({ path: `${SHOTS}/statistik-desktop.png`, fullPage: true });
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await page.mouse.move(0, 0); // a phone has no pointer hovering over a chart (no tooltip open)
  await page.setViewportSize({ width: 412, height: 915 });
  await expect(now.getByRole('link', { name: title })).toBeVisible();
  // the charts follow the new width through a ResizeObserver: a moment after the resize
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { timeout: 10_000 })
    .toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/statistik-412.png`, fullPage: true });
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // The article's own statistics, from its edit page: its curve and where its readers came from.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/articles/edit/${article.id}`);
  await page.getByRole('link', { name: 'Artikelns statistik' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/statistik\\?artikel=${article.id}$`));
  const summary = page.locator('section', { has: page.getByRole('heading', { name: title, level: 2 }) });
  await expect(summary.locator('.stat-sum strong').first()).toHaveText('3');
  await expect(summary.locator('li', { hasText: 'Sök' }).locator('.stat-count')).toHaveText('1');
  await expect(summary.locator('li', { hasText: 'Nyhetsbrev' }).locator('.stat-count')).toHaveText('1');
  await expect(page.locator('.stat-chart .recharts-wrapper')).toHaveCount(2);
  // the other sites its readers came from (host names only)
  const domains = page.locator('section', { has: page.getByRole('heading', { name: /Andra sajter/ }) });
  await expect(domains.locator('tbody tr')).toHaveCount(2);
  await expect(domains.locator('tr', { hasText: 'google.com' }).locator('td').last()).toHaveText('1');
  await expect(domains.locator('tr', { hasText: 'facebook.com' }).locator('td').last()).toHaveText('1');
  await page.screenshot({ path: `${SHOTS}/statistik-artikel.png`, fullPage: true });
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});
