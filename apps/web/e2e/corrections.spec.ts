import { expect as baseExpect, test } from '@playwright/test';
import { ADMIN, apiLogin, loginViaForm } from './fixtures/login';

const expect = baseExpect.configure({ timeout: 30_000 });

// Issue 43: a writer corrects a published article in the newsroom (keyboard only), readers see the
// "Rättelse" box at the top of the article and the correction on /rattelser; an amendment keeps the
// earlier wording. Screenshots at desktop and 480 px.
// The e2e server seeds the admin `admin` / `admin-e2e-password` (scripts/e2e-server.sh).

const run = Date.now().toString(36);
const PASSWORD = 'e2e-password-123';
const SHOTS = process.env.E2E_OUTPUT_DIR ?? '../../test-results';

test('a writer corrects a published article; readers see the box and the list of corrections', async ({
  page,
  request,
}) => {
  const username = `rattare_${run}`;
  const reg = await request.post('/api/register', {
    data: { username, password: PASSWORD, full_name: `Rut Rättare ${run}` },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const adminToken = await apiLogin(request, ADMIN.username, ADMIN.password);
  const role = await request.put(`/api/users/${(await reg.json()).id}/role`, {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { account_type: 'writer' },
  });
  expect(role.status()).toBe(200);
  const token = await apiLogin(request, username, PASSWORD);
  const title = `Bron invigs ${run}`;
  const created = await request.post('/api/articles', {
    headers: { Authorization: `Bearer ${token}` },
    data: { title, content: '<p>Bron invigs den 5 maj.</p>', category: 'SVERIGE' },
  });
  expect(created.status()).toBe(201);
  const article = await created.json();

  await loginViaForm(page, username, PASSWORD);
  await page.goto(`/admin/articles/${article.id}/rattelser`);
  await expect(page.getByRole('heading', { name: `Rättelser: ${title}` })).toBeVisible();
  await expect(page.getByText('Artikeln har inga rättelser.')).toBeVisible();
  // An empty correction is refused with the reason, by keyboard.
  await page.getByLabel('Rättelse (visas överst i artikeln)').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Skriv rättelsen')).toBeVisible();
  await page.getByLabel('Rättelse (visas överst i artikeln)').fill('Bron invigs den 15 maj, inte den 5 maj.');
  await page.getByLabel('Vad var fel? (valfritt)').fill('Fel datum');
  await page.getByLabel('Vad var fel? (valfritt)').press('Enter');
  await expect(page.getByText('Rättelsen är publicerad')).toBeVisible();
  await expect(page.getByText('Bron invigs den 15 maj, inte den 5 maj.')).toBeVisible();
  for (const width of [1280, 480]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/corrections-desk-${width}.png`, fullPage: true });
  }

  // Amend it: the earlier wording stays under "Tidigare lydelser".
  await page.getByRole('button', { name: 'Ändra rättelsen' }).click();
  const amend = page.locator('form.correction-form').last();
  await amend
    .getByLabel('Rättelse (visas överst i artikeln)')
    .fill('Bron invigs den 15 maj klockan 10, inte den 5 maj.');
  await amend.getByRole('button', { name: 'Spara ändringen' }).click();
  await expect(page.getByText('Rättelsen är ändrad. Den tidigare lydelsen finns kvar i historiken.')).toBeVisible();
  await page.getByText('Tidigare lydelser (1)').click();
  await expect(page.getByText(/Bron invigs den 15 maj, inte den 5 maj\. Fel: Fel datum — ersatt/)).toBeVisible();

  // Readers: the box at the top of the article, and the list of all corrections.
  await page.goto(`/article/${article.slug}`);
  const box = page.getByRole('complementary', { name: 'Rättelse' });
  await expect(box).toContainText('Bron invigs den 15 maj klockan 10, inte den 5 maj.');
  await expect(box).toContainText('Fel: Fel datum');
  for (const width of [1280, 480]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/corrections-article-${width}.png` });
  }
  await box.getByRole('link', { name: 'Alla rättelser' }).click();
  await expect(page).toHaveURL(/\/rattelser$/);
  await expect(page.getByRole('heading', { name: 'Rättelser', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  for (const width of [1280, 480]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/corrections-list-${width}.png` });
  }
});

test('changing more than a typo in a published article asks whether it is a correction', async ({ page, request }) => {
  const username = `andrare_${run}`;
  const reg = await request.post('/api/register', {
    data: { username, password: PASSWORD, full_name: `Ann Ändrare ${run}` },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const adminToken = await apiLogin(request, ADMIN.username, ADMIN.password);
  await request.put(`/api/users/${(await reg.json()).id}/role`, {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { account_type: 'writer' },
  });
  const token = await apiLogin(request, username, PASSWORD);
  const title = `Beslutet om skolan ${run}`;
  const article = await (
    await request.post('/api/articles', {
      headers: { Authorization: `Bearer ${token}` },
      data: { title, content: '<p>Beslutet fattades av kommunstyrelsen i torsdags.</p>', category: 'NYHETER' },
    })
  ).json();
  await loginViaForm(page, username, PASSWORD);
  await page.goto(`/admin/articles/edit/${article.id}`);
  const heading = page.getByRole('textbox', { name: 'Rubrik', exact: true });
  await expect(heading).toHaveValue(title);

  // A typo: saved at once, no question.
  await heading.fill(`Beslutet om skolan ${run}.`);
  await page.getByRole('button', { name: 'Spara ändringar' }).click();
  await expect(page.getByText('Artikeln har uppdaterats')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Är ändringen en rättelse?' })).toHaveCount(0);

  // A rewritten headline: the question, and "yes" leads to the corrections page after the save.
  await heading.fill(`Byggnadsnämnden, inte kommunstyrelsen, fattade beslutet om skolan ${run}`);
  await page.getByRole('button', { name: 'Spara ändringar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Är ändringen en rättelse?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Avbryt' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Ja, spara och skriv en rättelse' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/articles/${article.id}/rattelser$`));
  await expect(page.getByRole('heading', { name: /^Rättelser: Byggnadsnämnden, inte kommunstyrelsen/ })).toBeVisible();
});
