import { createHmac } from 'node:crypto';
import http from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect as baseExpect, test } from '@playwright/test';
import { ADMIN, loginViaForm } from './fixtures/login';
import { E2E_STRIPE_PORT } from './fixtures/stripe-port';

const expect = baseExpect.configure({ timeout: 30_000 });

// Issue 42: a gift subscription — bought up to the hand-over to Stripe Checkout (a local server
// speaking Stripe's API), written by Stripe's signed webhook (sent by the test), and redeemed by its
// link in a browser of its own by another reader, who then reads a locked article whole.
const GIVER = { username: 'presentgivare', password: 'presentgivare-losen-123' };
const TAKER = { username: 'presenttagare', password: 'presenttagare-losen-123' };
/** scripts/e2e-server.sh: STRIPE_WEBHOOK_SECRET. */
const WEBHOOK_SECRET = 'whsec_e2e';
const SHOTS = process.env.E2E_OUTPUT_DIR ?? '../../test-results';
const PLAN = 'Väggen Present';

let stripe: http.Server;
const stripeCalls: { path: string; body: URLSearchParams }[] = [];
let slug = '';
let lockedText = '';

async function token(request: APIRequestContext, who: { username: string; password: string }) {
  const res = await request.post('/api/login', { data: who });
  return (await res.json()).access_token as string;
}

/** A Stripe event signed as Stripe signs it (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.payload")`). */
function signedEvent(type: string, object: Record<string, unknown>) {
  const t = Math.floor(Date.now() / 1000);
  const payload = JSON.stringify({ id: `evt_gift_${Date.now()}`, object: 'event', type, created: t, data: { object } });
  const v1 = createHmac('sha256', WEBHOOK_SECRET).update(`${t}.${payload}`).digest('hex');
  return { payload, header: `t=${t},v1=${v1}` };
}

test.beforeAll(async ({ request }) => {
  stripe = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      stripeCalls.push({ path: req.url ?? '', body: new URLSearchParams(body) });
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        res.setHeader('content-type', 'application/json');
        return res.end(
          JSON.stringify({
            id: 'cs_gift_e2e',
            object: 'checkout.session',
            url: `http://127.0.0.1:${E2E_STRIPE_PORT}/pay/cs_gift_e2e`,
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
    data: { name: PLAN, benefits: ['Alla artiklar', 'Morgonbrevet'], price_month_sek: 99, price_year_sek: 990 },
  });
  expect(plan.status(), await plan.text()).toBe(201);
  lockedText = `Bara för prenumeranter ${Date.now().toString(36)}`;
  const created = await request.post('/api/articles', {
    headers: auth,
    data: {
      title: `Presentens reportage ${Date.now().toString(36)}`,
      content: `<p>Första stycket är fritt.</p><p>${lockedText}.</p>`,
      category: 'SVERIGE',
      status: 'published',
      access: 'subscribers',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  slug = (await created.json()).slug;
  for (const [who, name, email] of [
    [GIVER, 'Greta Givare', 'greta@example.se'],
    [TAKER, 'Tore Tagare', 'tore@example.se'],
  ] as const) {
    await request.post('/api/register', {
      data: { ...who, confirmPassword: who.password, full_name: name, email },
    });
  }
});

test.afterAll(() => {
  stripe?.close();
});

test('a reader buys a gift up to Stripe; the webhook writes it; another reader redeems the link in a browser of their own', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  await loginViaForm(page, GIVER.username, GIVER.password, { landing: 'away' });
  // from Mitt abonnemang to the gift page
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Ge bort en prenumeration' }).click();
  await expect(page).toHaveURL(/\/prenumerera\/ge-bort$/);
  await expect(page.getByRole('heading', { name: 'Ge bort en prenumeration', level: 1 })).toBeVisible();
  await expect(page.getByText('Du har inte köpt några presentprenumerationer.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ångerrätt' })).toBeVisible();

  await page.getByRole('radio', { name: new RegExp(PLAN) }).check();
  await page.getByRole('radio', { name: '3 månader: 297 kr' }).check();
  await expect(page.getByRole('radio', { name: '12 månader: 990 kr' })).toBeVisible();
  await page.getByLabel('Mottagarens e-postadress (valfritt)').fill('tore@example.se');
  await page.getByLabel('Hälsning (valfritt)').fill('Grattis, Tore! Nu kan du läsa allt.');
  await expect(page.getByText('Att betala: 297 kr')).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  for (const width of [1280, 480]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/gift-buy-${width}.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  // keyboard: from the greeting to the button
  await page.getByLabel('Hälsning (valfritt)').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Till betalning' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`127\\.0\\.0\\.1:${E2E_STRIPE_PORT}/pay/cs_gift_e2e`));
  const session = stripeCalls.find((c) => c.path === '/v1/checkout/sessions');
  expect(session?.body.get('mode')).toBe('payment');
  expect(session?.body.get('line_items[0][price_data][unit_amount]')).toBe('29700');
  const metadata: Record<string, string> = {};
  for (const [k, v] of session?.body ?? []) {
    const m = /^metadata\[(.+)\]$/.exec(k);
    if (m?.[1]) metadata[m[1]] = v;
  }
  expect(metadata).toMatchObject({ kind: 'gift', months: '3', recipientEmail: 'tore@example.se' });

  // back from Stripe before its event: nothing yet
  await page.goto('/prenumerera/ge-bort?klart=1');
  await expect(page.getByRole('heading', { name: 'Tack för ditt köp!' })).toBeVisible();
  // Stripe's event, signed; a forged one is refused
  const object = {
    id: 'cs_gift_e2e',
    object: 'checkout.session',
    mode: 'payment',
    payment_status: 'paid',
    amount_total: 29700,
    client_reference_id: metadata.userId,
    metadata,
  };
  const forged = await request.post('/api/stripe/webhook', {
    headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    data: JSON.stringify({ id: 'evt_forged', type: 'checkout.session.completed', created: 1, data: { object } }),
  });
  expect(forged.status()).toBe(400);
  const event = signedEvent('checkout.session.completed', object);
  for (let i = 0; i < 2; i++) {
    const hook = await request.post('/api/stripe/webhook', {
      headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
      data: event.payload,
    });
    expect(hook.status(), await hook.text()).toBe(200);
  }
  const gift = page.locator('.gift-item');
  await expect(gift).toHaveCount(1);
  await expect(gift).toContainText(`${PLAN}, 3 månader`);
  await expect(gift).toContainText('Inte inlöst');
  await expect(gift).toContainText('skickat till tore@example.se');
  const url = await gift.getByLabel(/Länk till presentkortet/).inputValue();
  expect(url).toMatch(/\/prenumerera\/gava\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  for (const width of [1280, 480]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/gift-bought-${width}.png`, fullPage: true });
  }

  // the recipient, in a browser that has never been here: the gift, then log in and come back
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  const path = new URL(url).pathname;
  await other.goto(path);
  await expect(other.getByRole('heading', { name: `${PLAN} i 3 månader` })).toBeVisible();
  await expect(other.getByText('Grattis, Tore! Nu kan du läsa allt.')).toBeVisible();
  expect(await other.content()).not.toContain('Greta');
  await other.getByRole('link', { name: 'Logga in för att lösa in' }).click();
  await loginViaForm(other, TAKER.username, TAKER.password, { open: false, landing: /\/prenumerera\/gava\// });
  const redeem = other.getByRole('button', { name: 'Lös in presentkortet' });
  await expect(redeem).toBeVisible();
  expect((await new AxeBuilder({ page: other }).analyze()).violations).toEqual([]);
  for (const width of [1280, 480]) {
    await other.setViewportSize({ width, height: 900 });
    await other.waitForTimeout(300);
    await other.screenshot({ path: `${SHOTS}/gift-redeem-${width}.png`, fullPage: true });
    expect(await other.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
  await other.setViewportSize({ width: 1280, height: 900 });
  await redeem.click();
  await expect(other.getByText(/Klart! Du har nu tillgång till allt på Väggen till och med/)).toBeVisible();
  await other.screenshot({ path: `${SHOTS}/gift-redeemed-1280.png`, fullPage: true });
  // the paywall follows it: the locked article whole
  await other.goto(`/article/${slug}`);
  await expect(other.getByText(lockedText)).toBeVisible();
  await expect(other.locator('[data-paywall-box]')).toHaveCount(0);
  // the same link again: used
  await other.goto(path);
  await expect(other.getByText('Presentkortet har redan lösts in.')).toBeVisible();
  await expect(other.getByRole('button', { name: 'Lös in presentkortet' })).toHaveCount(0);
  await fresh.close();

  // the buyer sees it redeemed; the newsroom lists it
  await page.goto('/prenumerera/ge-bort');
  await expect(page.locator('.gift-item')).toContainText('Inlöst');
  const admin = await (await browser.newContext()).newPage();
  await loginViaForm(admin, ADMIN.username, ADMIN.password);
  await admin.goto('/admin/prenumerationer');
  const list = admin.locator('.gifts-admin');
  await expect(list.getByRole('heading', { name: 'Presentprenumerationer' })).toBeVisible();
  const row = list.locator('tbody tr').first();
  await expect(row).toContainText(`${PLAN}, 3 månader`);
  await expect(row).toContainText(GIVER.username);
  await expect(row).toContainText(TAKER.username);
  await expect(row).toContainText('Inlöst');
  expect((await new AxeBuilder({ page: admin }).include('.gifts-admin').analyze()).violations).toEqual([]);
  await list.scrollIntoViewIfNeeded();
  await admin.screenshot({ path: `${SHOTS}/gift-admin-1280.png` });
});

test('an unknown gift link says so in Swedish; its page is kept by no cache', async ({ page, request }) => {
  const res = await request.get('/prenumerera/gava/finns-inte.inte');
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('no-store');
  expect(res.headers()['referrer-policy']).toBe('no-referrer');
  await page.goto('/prenumerera/gava/finns-inte');
  await expect(page.getByText('Presentkortet finns inte. Kontrollera att du har kopierat hela länken.')).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});
