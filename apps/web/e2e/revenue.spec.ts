import http from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect as baseExpect, test } from '@playwright/test';
import { ADMIN, loginViaForm } from './fixtures/login';
import { serverDb } from './fixtures/server-db';
import { E2E_STRIPE_PORT } from './fixtures/stripe-port';

const expect = baseExpect.configure({ timeout: 30_000 });

// Issue 42: the paywall box on a locked article, the subscribe journey up to the hand-over to Stripe
// Checkout (a local server speaking Stripe's API) and back, and the meter's count.
const READER = { username: 'betalande', password: 'betalande-losen-123' };
const SHARER = { username: 'delande', password: 'delande-losen-123' };
const SHOTS = process.env.E2E_OUTPUT_DIR ?? '../../test-results';

let stripe: http.Server;
/** What the Stripe-speaking server was asked (form-encoded bodies). */
const stripeCalls: { path: string; body: URLSearchParams }[] = [];
let slug = '';
let lockedText = '';
let planId = 0;

async function token(request: APIRequestContext, who: { username: string; password: string }) {
  const res = await request.post('/api/login', { data: who });
  return (await res.json()).access_token as string;
}

test.beforeAll(async ({ request }) => {
  stripe = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      stripeCalls.push({ path: req.url ?? '', body: new URLSearchParams(body) });
      if (req.method === 'POST' && req.url === '/v1/coupons') {
        res.setHeader('content-type', 'application/json');
        return res.end(JSON.stringify({ id: 'co_e2e', object: 'coupon', duration: 'once' }));
      }
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        res.setHeader('content-type', 'application/json');
        return res.end(
          JSON.stringify({
            id: 'cs_e2e',
            object: 'checkout.session',
            url: `http://127.0.0.1:${E2E_STRIPE_PORT}/pay/cs_e2e`,
          }),
        );
      }
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end('<!doctype html><html lang="sv"><title>Stripe</title><h1>Stripe Checkout (test)</h1></html>');
    });
  });
  await new Promise<void>((r) => stripe.listen(E2E_STRIPE_PORT, '127.0.0.1', r));
  const auth = { authorization: `Bearer ${await token(request, ADMIN)}` };
  const plan = await request.post('/api/newsroom/plans', {
    headers: auth,
    data: {
      name: 'Väggen Plus',
      benefits: ['Alla artiklar'],
      price_month_sek: 119,
      price_year_sek: 1190,
      trial_days: 0,
    },
  });
  planId = (await plan.json()).id;
  // an article of its own (the other journeys' articles stay free): the second paragraph is behind the paywall
  lockedText = `Bakom betalväggen står det här ${Date.now().toString(36)}`;
  const created = await request.post('/api/articles', {
    headers: auth,
    data: {
      title: `Låst reportage ${Date.now().toString(36)}`,
      content: `<p>Första stycket är fritt att läsa för alla.</p><p>${lockedText}.</p><p>Mer låst text.</p>`,
      category: 'SVERIGE',
      status: 'published',
      access: 'subscribers',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  slug = (await created.json()).slug;
  await request.put('/api/newsroom/settings', { headers: auth, data: { metered_articles_per_month: 2 } });
  await request.post('/api/register', {
    data: { ...READER, confirmPassword: READER.password, full_name: 'Bea Betalande', email: 'bea@example.se' },
  });
});

test.afterAll(async ({ request }) => {
  stripe?.close();
  const auth = { authorization: `Bearer ${await token(request, ADMIN)}` };
  await request.put('/api/newsroom/settings', { headers: auth, data: { metered_articles_per_month: 0 } });
});

test('an anonymous reader gets the teaser and the paywall box, never the locked text', async ({ page }) => {
  await page.goto(`/article/${slug}`);
  const box = page.locator('[data-paywall-box]');
  await expect(box).toBeVisible();
  await expect(box.getByRole('heading', { name: 'Fortsätt läsa med Väggen Plus' })).toBeVisible();
  await expect(box.getByRole('link', { name: 'Logga in' })).toBeVisible();
  await expect(box).toContainText('119 kr/mån');
  expect(await page.content()).not.toContain(lockedText);
  expect((await new AxeBuilder({ page }).include('[data-paywall-box]').analyze()).violations).toEqual([]);
  for (const width of [1280, 480]) {
    await page.setViewportSize({ width, height: 900 });
    await box.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/revenue-paywall-${width}.png` });
  }
});

test('a logged-in reader reads a metered article and sees the count on the profile; subscribes with the keyboard up to Stripe', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await loginViaForm(page, READER.username, READER.password, { landing: 'away' });
  await page.goto(`/article/${slug}`);
  await expect(page.locator('.article-content').first()).toBeVisible();
  await expect(page.getByText(lockedText)).toBeVisible();
  await expect(page.locator('[data-paywall-box]')).toHaveCount(0);
  // the page says it is a metered read and how many are left (filled in by the server, no script)
  await expect(page.getByText('Du läser en av månadens gratisartiklar.')).toBeVisible();
  await expect(page.getByText('1 av 2 gratisartiklar kvar denna månad')).toBeVisible();
  // the meter's count, the server's for this account, under Mitt abonnemang
  await page.goto('/profile');
  await expect(page.getByText('1 av 2 gratisartiklar kvar denna månad')).toBeVisible();

  await page.goto('/prenumerera');
  await expect(page.getByRole('heading', { name: 'Prenumerera på Väggen' })).toBeVisible();
  await expect(page.getByText('Ångerrätt', { exact: true })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  for (const width of [1280, 480]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/revenue-subscribe-${width}.png`, fullPage: true });
  }
  // keyboard only: to the plan choice, the yearly price, then the button
  const monthly = page.getByRole('radio', { name: /119 kr per månad/ });
  await monthly.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: /1190 kr per år/ })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Till betalning' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`127\\.0\\.0\\.1:${E2E_STRIPE_PORT}/pay/cs_e2e`));

  // back from Stripe: the return page
  await page.goto('/prenumerera/klart?session_id=cs_e2e');
  await expect(page.getByRole('heading', { name: 'Tack för din prenumeration!' })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test('a subscriber shares the article with a gift link; a fresh browser reads it whole until it is revoked', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await request.post('/api/register', {
    data: { ...SHARER, confirmPassword: SHARER.password, full_name: 'Dan Delande', email: 'dan@example.se' },
  });
  const me = await request.get('/api/me', {
    headers: { authorization: `Bearer ${await token(request, SHARER)}` },
  });
  const auth = { authorization: `Bearer ${await token(request, ADMIN)}` };
  const until = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const granted = await request.post('/api/newsroom/subscriptions', {
    headers: auth,
    data: { userId: (await me.json()).id, planId, until },
  });
  expect(granted.status(), await granted.text()).toBeLessThan(300);

  await loginViaForm(page, SHARER.username, SHARER.password, { landing: 'away' });
  await page.goto(`/article/${slug}`);
  await expect(page.getByText(lockedText)).toBeVisible();
  const note = page.locator('[data-access-note]');
  await expect(note).toContainText('Som prenumerant kan du ge bort den här artikeln');
  await note.getByRole('link', { name: 'Dela artikeln' }).click();
  await expect(page).toHaveURL(/\/prenumerera\/dela\?artikel=\d+$/);
  await expect(page.getByRole('heading', { name: 'Dela artiklar', level: 1 })).toBeVisible();
  await expect(page.getByText('Du har inga delningslänkar som gäller just nu.')).toBeVisible();
  await page.getByRole('button', { name: 'Skapa delningslänk' }).click();
  await expect(page.getByText('Delningslänken är klar.', { exact: false })).toBeVisible();
  const url = await page.getByLabel('Delningslänken', { exact: true }).inputValue();
  expect(url).toMatch(new RegExp(`/article/${slug}\\?gava=`));
  await expect(page.locator('.gift-link')).toHaveCount(1);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  for (const width of [1280, 480]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/revenue-gift-links-${width}.png`, fullPage: true });
  }

  // a browser that has never been here: the whole article, saying it was shared
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  const link = new URL(url);
  await other.goto(link.pathname + link.search);
  await expect(other.getByText(lockedText)).toBeVisible();
  await expect(other.locator('[data-access-note]')).toContainText('Någon har delat den här artikeln med dig');
  await expect(other.locator('[data-paywall-box]')).toHaveCount(0);
  await other.screenshot({ path: `${SHOTS}/revenue-gift-read-1280.png` });

  // revoked: the same link opens only the teaser
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.locator('.gift-link').getByRole('button', { name: 'Återkalla' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Återkalla' }).click();
  await expect(page.getByText('Länken är återkallad och fungerar inte längre.')).toBeVisible();
  await expect(page.locator('.gift-link')).toHaveCount(0);
  await other.goto(link.pathname + link.search);
  await expect(other.locator('[data-paywall-box]')).toBeVisible();
  expect(await other.content()).not.toContain(lockedText);
  await fresh.close();
});

test('an admin sees the figures and the subscribers, finds one reader’s history and downloads the CSV', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginViaForm(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/prenumerationer');
  const panel = page.locator('.subscribers-panel');
  await expect(panel.getByRole('heading', { name: 'Prenumeranter och intäkter' })).toBeVisible();
  await expect(panel.getByText('Månadsintäkt (MRR)', { exact: true })).toBeVisible();
  // the list, newest first; the complimentary subscription the sharing journey got
  await panel.getByLabel('Användarnamn eller konto-id').fill(SHARER.username);
  await panel.getByRole('button', { name: 'Sök', exact: true }).click();
  const row = panel.locator('.subscribers-table tbody tr').first();
  await expect(row).toContainText('Väggen Plus');
  await expect(row).toContainText('Gratis');
  // one reader's history: every subscription of that account
  await row.getByRole('button', { name: SHARER.username }).click();
  await expect(panel.getByLabel('Användarnamn eller konto-id')).toHaveValue(/^\d+$/);
  await expect(panel.locator('.subscribers-table tbody tr')).toHaveCount(1);
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Ladda ner CSV' }).click();
  expect((await download).suggestedFilename()).toBe('prenumeranter.csv');
  expect((await new AxeBuilder({ page }).include('.subscribers-panel').analyze()).violations).toEqual([]);
  for (const width of [1280, 480]) {
    await page.setViewportSize({ width, height: 900 });
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/revenue-subscribers-${width}.png`, fullPage: true });
  }
});

test('an admin creates an offer; a reader brought by its link sees the first month’s price with it and pays that at Stripe', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await loginViaForm(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/prenumerationer');
  const offers = page.locator('.offers-admin');
  await expect(offers.getByRole('heading', { name: 'Erbjudanden' })).toBeVisible();
  await offers.getByLabel('Plan', { exact: true }).selectOption({ label: 'Väggen Plus' });
  await offers.getByLabel('Rabatten gäller').selectOption('month');
  await offers.getByLabel('Kod', { exact: true }).fill('Host25');
  await offers.getByLabel('Rabatt i procent').fill('25');
  await expect(offers.getByText('Första månaden: 89,25 kr i stället för 119 kr, inkl. moms')).toBeVisible();
  const until = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  await offers.getByLabel('Gäller till och med').fill(until);
  await offers.getByLabel(/Högst antal användningar/).fill('100');
  await offers.getByRole('button', { name: 'Skapa erbjudandet' }).click();
  await expect(offers.getByText('Erbjudandet HOST25 är skapat.')).toBeVisible();
  await expect(offers.locator('tbody tr').first()).toContainText('HOST25');
  await expect(offers.locator('tbody tr').first()).toContainText('0 av 100');
  // the same code again, in other letters: refused in Swedish
  await offers.getByLabel('Plan', { exact: true }).selectOption({ label: 'Väggen Plus' });
  await offers.getByLabel('Kod', { exact: true }).fill('host25');
  await offers.getByLabel('Rabatt i procent').fill('10');
  await offers.getByLabel('Gäller till och med').fill(until);
  await offers.getByRole('button', { name: 'Skapa erbjudandet' }).click();
  await expect(offers.getByText('Det finns redan ett erbjudande med den koden')).toBeVisible();
  expect((await new AxeBuilder({ page }).include('.offers-admin').analyze()).violations).toEqual([]);
  for (const width of [1280, 480]) {
    await page.setViewportSize({ width, height: 900 });
    await offers.scrollIntoViewIfNeeded();
    await offers.screenshot({ path: `${SHOTS}/revenue-offers-admin-${width}.png` });
  }

  // the reader, in a browser of their own
  const ctx = await browser.newContext();
  const reader = await ctx.newPage();
  await loginViaForm(reader, READER.username, READER.password, { landing: 'away' });
  await reader.goto('/prenumerera?kod=host25');
  await expect(
    reader.getByText(
      'Med koden HOST25: Väggen Plus för 89,25 kr första månaden (25 % rabatt), sedan 119 kr per månad.',
    ),
  ).toBeVisible();
  await expect(reader.getByRole('radio', { name: /89,25 kr första månaden, sedan 119 kr per månad/ })).toBeChecked();
  expect((await new AxeBuilder({ page: reader }).analyze()).violations).toEqual([]);
  for (const width of [1280, 480]) {
    await reader.setViewportSize({ width, height: 900 });
    await reader.locator('.offer-code').scrollIntoViewIfNeeded();
    await reader.screenshot({ path: `${SHOTS}/revenue-subscribe-offer-${width}.png`, fullPage: true });
    expect(await reader.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
  // a wrong code typed in: said in Swedish, the price as before
  await reader.getByRole('button', { name: 'Ta bort koden' }).click();
  await reader.getByLabel('Erbjudandekod').fill('FINNSINTE');
  await reader.getByRole('button', { name: 'Använd koden' }).click();
  await expect(reader.getByText('Erbjudandekoden finns inte')).toBeVisible();
  await expect(reader.getByRole('radio', { name: 'Väggen Plus: 119 kr per månad' }).first()).toBeVisible();
  // the right one typed in, with the keyboard to the payment
  await reader.getByLabel('Erbjudandekod').fill('HOST25');
  await reader.keyboard.press('Enter');
  await expect(reader.getByRole('radio', { name: /89,25 kr första månaden/ })).toBeChecked();
  stripeCalls.length = 0;
  await reader.getByRole('button', { name: 'Till betalning' }).click();
  await expect(reader).toHaveURL(new RegExp(`127\\.0\\.0\\.1:${E2E_STRIPE_PORT}/pay/cs_e2e`));
  const coupon = stripeCalls.find((c) => c.path === '/v1/coupons');
  expect(coupon?.body.get('duration')).toBe('once');
  expect(coupon?.body.get('percent_off')).toBe('25');
  const session = stripeCalls.find((c) => c.path === '/v1/checkout/sessions');
  expect(session?.body.get('discounts[0][coupon]')).toBe('co_e2e');
  expect(session?.body.get('line_items[0][price_data][unit_amount]')).toBe('11900');
  await ctx.close();
});

test('an admin sees MRR and the counts over time as charts, and as a table from the keyboard', async ({ page }) => {
  test.setTimeout(120_000);
  // the daily job measured today at start; the days before are seeded as it would have written them
  const db = serverDb();
  const insert = db.prepare(
    'INSERT OR IGNORE INTO revenue_snapshots (day, mrr_sek, active, trialing, past_due, canceled, taken_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  for (let i = 1; i <= 14; i++) {
    const t = Date.now() - i * 86_400_000;
    const day = new Date(t).toISOString().slice(0, 10);
    insert.run(day, 24_000 - i * 900, 200 - i * 7, 12 + (i % 4), i % 3, 5 + (i % 5), new Date(t).toISOString());
  }
  db.close();
  await loginViaForm(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/prenumerationer');
  const history = page.locator('.revenue-history');
  await expect(history.getByRole('heading', { name: 'Utveckling över tid' })).toBeVisible();
  await expect(history.locator('.revenue-chart-area .recharts-line').first()).toBeVisible();
  await expect(history.locator('.revenue-chart-area')).toHaveCount(2);
  // the table alternative, opened with the keyboard
  await history.locator('summary').focus();
  await page.keyboard.press('Enter');
  const table = history.getByRole('table');
  await expect(table).toBeVisible();
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await expect(table.getByRole('row', { name: new RegExp(yesterday) })).toContainText('23100 kr');
  await page.keyboard.press('Tab');
  await expect(history.getByRole('region', { name: 'Tabell: utveckling över tid' })).toBeFocused();
  await history.getByLabel('Period', { exact: true }).selectOption('30');
  await expect(history.locator('.revenue-chart-area')).toHaveCount(2);
  expect((await new AxeBuilder({ page }).include('.revenue-history').analyze()).violations).toEqual([]);
  for (const width of [1280, 480]) {
    await page.setViewportSize({ width, height: 900 });
    await history.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await history.screenshot({ path: `${SHOTS}/revenue-history-${width}.png` });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
});
