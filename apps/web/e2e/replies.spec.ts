import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { ADMIN, apiLogin } from './fixtures/login';

const expect = baseExpect.configure({ timeout: 30_000 });

// Issue 43: a person an article concerns asks for a right of reply from the article (keyboard);
// an admin grants it and publishes the reply; the two articles link to each other. axe and
// screenshots at desktop and 480 px. The e2e server seeds `admin` / `admin-e2e-password`.

const run = Date.now().toString(36);
const SHOTS = process.env.E2E_OUTPUT_DIR ?? '../../test-results';

async function shots(page: Page, name: string) {
  for (const width of [1280, 480]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a request for a reply becomes a published reply that both articles link to', async ({ page, request }) => {
  const token = await apiLogin(request);
  const auth = { Authorization: `Bearer ${token}` };
  const original = await (
    await request.post('/api/articles', {
      headers: auth,
      data: { title: `Kommunalrådet och bygglovet ${run}`, content: '<p>Text.</p>', category: 'SVERIGE' },
    })
  ).json();

  await page.goto(`/article/${original.slug}`);
  const ask = page.getByRole('link', { name: 'Begär genmäle' });
  await ask.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/genmale\\?artikel=${original.id}$`));
  await expect(page.getByRole('link', { name: original.title })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.getByRole('button', { name: 'Skicka begäran' }).click();
  await expect(page.getByText('Skriv ditt namn')).toBeVisible();
  await page.getByLabel('Ditt namn').fill('Bo Berg');
  await page.getByLabel('Din e-post (vi svarar dit)').fill('bo.berg@example.se');
  await page.getByLabel('Ditt genmäle').fill('Det var byggnadsnämnden som beviljade bygglovet, inte jag.');
  await shots(page, 'reply-request');
  await page.getByRole('button', { name: 'Skicka begäran' }).click();
  const receipt = page.getByText(/Din begäran om genmäle har tagits emot med ärendenummer GEN-\d{4}-[0-9A-F]{8}\./);
  await expect(receipt).toBeVisible();
  const caseNumber = /GEN-\d{4}-[0-9A-F]{8}/.exec((await receipt.textContent()) ?? '')?.[0] as string;

  // The reply is written as an article of its own; the admin grants, then publishes the case.
  const reply = await (
    await request.post('/api/articles', {
      headers: auth,
      data: { title: `Genmäle: Byggnadsnämnden beslutade ${run}`, content: '<p>Genmälet.</p>', category: 'OPINION' },
    })
  ).json();
  await page.goto('/login');
  await page.getByLabel('Användarnamn').fill(ADMIN.username);
  await page.getByLabel('Lösenord').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Logga in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('navigation', { name: 'Redaktionens meny' }).getByRole('link', { name: 'Genmälen' }).click();
  const item = page.locator('.dsa-list > li', { hasText: caseNumber });
  await expect(item).toContainText('Det var byggnadsnämnden som beviljade bygglovet, inte jag.');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await shots(page, 'reply-desk');
  await item.getByRole('radio', { name: 'Beviljad' }).check();
  await item.getByRole('button', { name: 'Spara beslutet' }).click();
  await expect(page.getByText(`Ärende ${caseNumber}: beviljad.`, { exact: false })).toBeVisible();
  await page.getByRole('tab', { name: 'Beviljad' }).click();
  const granted = page.locator('.dsa-list > li', { hasText: caseNumber });
  await granted.getByRole('radio', { name: 'Publicerad' }).check();
  await granted.getByLabel('Genmälets artikel (id, publicerad)').fill(String(reply.id));
  await granted.getByRole('button', { name: 'Spara beslutet' }).click();
  await expect(page.getByText(`Ärende ${caseNumber}: publicerad.`, { exact: false })).toBeVisible();

  // Both articles link to each other.
  await page.goto(`/article/${original.slug}`);
  await expect(
    page.getByRole('complementary', { name: 'Genmälen' }).getByRole('link', { name: reply.title }),
  ).toBeVisible();
  await shots(page, 'reply-article');
  await page.goto(`/article/${reply.slug}`);
  await expect(page.getByText('Genmäle till artikeln')).toBeVisible();
  await expect(page.getByRole('link', { name: original.title }).first()).toBeVisible();
});
