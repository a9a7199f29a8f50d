import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect as baseExpect, type Page, test } from '@playwright/test';
import { ADMIN, apiLogin, loginViaForm } from './fixtures/login';

const expect = baseExpect.configure({ timeout: 30_000 });

// Issue 43: a reader reports a comment as illegal from the comment itself, by keyboard, and gets a
// case number; an admin removes it on the DSA desk; the commenter reads the statement of reasons and
// appeals; a second admin reverses it; the transparency report counts it. axe on the new pages;
// screenshots at desktop and 480 px. The e2e server seeds `admin` / `admin-e2e-password`.

const run = Date.now().toString(36);
const PASSWORD = 'e2e-password-123';
const SHOTS = process.env.E2E_OUTPUT_DIR ?? '../../test-results';

async function account(request: APIRequestContext, username: string, role: 'user' | 'writer' | 'admin') {
  const reg = await request.post('/api/register', {
    data: { username, password: PASSWORD, full_name: `${username} ${run}` },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  if (role !== 'user') {
    const adminToken = await apiLogin(request, ADMIN.username, ADMIN.password);
    const res = await request.put(`/api/users/${(await reg.json()).id}/role`, {
      headers: { Authorization: `Bearer ${adminToken}` },
      data: { account_type: role },
    });
    expect(res.status()).toBe(200);
  }
  return apiLogin(request, username, PASSWORD);
}

async function logout(page: Page) {
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
}

async function shots(page: Page, name: string) {
  for (const width of [1280, 480]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('notice → removal → statement of reasons → appeal decided by another admin → transparency', async ({
  page,
  request,
}) => {
  const writerToken = await account(request, `dsa_skr_${run}`, 'writer');
  const commenter = `dsa_kom_${run}`;
  const commenterToken = await account(request, commenter, 'user');
  const secondAdmin = `dsa_adm_${run}`;
  await account(request, secondAdmin, 'admin');
  const article = await (
    await request.post('/api/articles', {
      headers: { Authorization: `Bearer ${writerToken}` },
      data: { title: `Debatt om hamnen ${run}`, content: '<p>Text.</p>', category: 'NYHETER' },
    })
  ).json();
  const comment = await (
    await request.post('/api/comments', {
      headers: { Authorization: `Bearer ${commenterToken}` },
      data: { articleId: article.id, content: `Jag vet var du bor ${run}`, parentId: null },
    })
  ).json();

  // A visitor reports the comment from the comment itself, by keyboard.
  await page.goto(`/article/${article.slug}`);
  const link = page.getByRole('link', { name: `Anmäl olagligt innehåll i kommentaren från ${commenter} ${run}` });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/anmal-olagligt-innehall\?url=/);
  await expect(page.getByLabel('Adress till innehållet')).toHaveValue(`/articles/${article.id}#comment-${comment.id}`);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await shots(page, 'dsa-notice');
  // Sending without the good-faith statement says what is missing.
  await page.getByLabel('Vad är olagligt?').selectOption('hot');
  await page.getByLabel('Förklara varför innehållet är olagligt').fill('Kommentaren hotar skribenten.');
  await page.getByLabel('Förklara varför innehållet är olagligt').press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Du måste intyga att uppgifterna är riktiga och lämnas i god tro')).toBeVisible();
  await page.getByLabel(/Jag intygar att uppgifterna/).check();
  await page.getByRole('button', { name: 'Skicka anmälan' }).click();
  const receipt = page.getByText(/Tack! Din anmälan har tagits emot med ärendenummer DSA-\d{4}-[0-9A-F]{10}\./);
  await expect(receipt).toBeVisible();
  const caseNumber = /DSA-\d{4}-[0-9A-F]{10}/.exec((await receipt.textContent()) ?? '')?.[0] as string;

  // The first admin removes it on the DSA desk.
  await loginViaForm(page, ADMIN.username, ADMIN.password, { landing: /\/admin$/ });
  await page.goto('/admin/dsa');
  const item = page.locator('.dsa-list > li', { hasText: caseNumber });
  await expect(item).toContainText(`Jag vet var du bor ${run}`);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await shots(page, 'dsa-desk');
  await item.getByLabel('Innehållet togs bort').check();
  await item.getByLabel('Grund').selectOption('illegal');
  await item.getByLabel('Motivering (skickas till de berörda)').fill('Olaga hot enligt brottsbalken 4 kap. 5 §.');
  await item.getByRole('button', { name: 'Fatta beslut' }).click();
  await expect(page.getByText(`Beslut fattat i ärende ${caseNumber}.`)).toBeVisible();

  // The commenter finds the statement in their notifications and appeals.
  await logout(page);
  await loginViaForm(page, commenter, PASSWORD, { landing: /\/$/ });
  await page.goto('/notifications');
  await page.getByText('Din kommentar har tagits bort').first().click();
  await expect(page).toHaveURL(/\/overklaga\?arende=BES-/);
  await expect(page.getByText('Olaga hot enligt brottsbalken 4 kap. 5 §.')).toBeVisible();
  await expect(page.getByText('Nej: en moderator fattade beslutet')).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.getByLabel('Varför ska beslutet ändras?').fill('Det var ett citat ur en film.');
  await page.getByRole('button', { name: 'Skicka överklagan' }).click();
  await expect(
    page.getByText('Din överklagan har tagits emot. En annan moderator än den som fattade beslutet prövar den.'),
  ).toBeVisible();
  await shots(page, 'dsa-appeal');

  // A second admin reverses it: the comment is back.
  await logout(page);
  await loginViaForm(page, secondAdmin, PASSWORD, { landing: /\/admin$/ });
  await page.goto('/admin/dsa');
  const appeal = page.locator('.dsa-list > li', { hasText: 'Det var ett citat ur en film.' });
  await appeal.getByLabel('Beslutet ändras: kommentaren visas igen').check();
  await appeal.getByLabel('Motivering (skickas till de berörda)').fill('Sammanhanget visar att det är ett citat.');
  await appeal.getByRole('button', { name: 'Avgör överklagan' }).click();
  await expect(page.getByText(/Överklagan i ärende BES-.* är avgjord\./)).toBeVisible();
  await page.goto(`/article/${article.slug}`);
  await expect(page.getByText(`Jag vet var du bor ${run}`)).toBeVisible();

  // The transparency report counts it, without JavaScript too.
  await page.goto('/transparensrapport');
  await expect(page.getByRole('heading', { name: 'Transparensrapport', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: /Olaga hot \d+/ })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await shots(page, 'dsa-transparency');
});
