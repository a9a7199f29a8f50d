import http from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect as baseExpect, type Page, test } from '@playwright/test';
import { E2E_STRIPE_PORT } from './fixtures/stripe-port';

const expect = baseExpect.configure({ timeout: 30_000 });

// Issue 42: the paywall box on a locked article, the subscribe journey up to the hand-over to Stripe
// Checkout (a local server speaking Stripe's API) and back, and the meter's count.
const ADMIN = { username: 'admin', password: 'admin-e2e-password' };
const READER = { username: 'betalande', password: 'betalande-losen-123' };
const SHOTS = process.env.E2E_OUTPUT_DIR ?? '../../test-results';

let stripe: http.Server;
let slug = '';
let lockedText = '';

async function token(request: APIRequestContext, who: { username: string; password: string }) {
  const res = await request.post('/api/login', { data: who });
  return (await res.json()).access_token as string;
}

async function login(page: Page, who: { username: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Användarnamn').fill(who.username);
  await page.getByLabel('Lösenord', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Logga in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

test.beforeAll(async ({ request }) => {
  stripe = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
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
  await request.post('/api/newsroom/plans', {
    headers: auth,
    data: {
      name: 'Väggen Plus',
      benefits: ['Alla artiklar'],
      price_month_sek: 119,
      price_year_sek: 1190,
      trial_days: 0,
    },
  });
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
  await login(page, READER);
  await page.goto(`/article/${slug}`);
  await expect(page.locator('.article-content').first()).toBeVisible();
  await expect(page.getByText(lockedText)).toBeVisible();
  await expect(page.locator('[data-paywall-box]')).toHaveCount(0);
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
