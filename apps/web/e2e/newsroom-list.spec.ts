import fs from 'node:fs';
import { expect as baseExpect, test } from '@playwright/test';

const expect = baseExpect.configure({ timeout: 30_000 });
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-desk';
const run = Date.now().toString(36);

// Issue 41: the newsroom's article list searched by headline words and filtered by category,
// status and writer. The e2e server seeds the admin `admin` / `admin-e2e-password`.
test('an editor finds articles by words, section and writer', async ({ page, request }) => {
  test.setTimeout(120_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const login = await request.post('/api/login', { data: { username: 'admin', password: 'admin-e2e-password' } });
  const token = (await login.json()).access_token;
  for (const [title, category] of [
    [`Hamnen i Varberg stängd ${run}`, 'NYHETER'],
    [`Varbergs BoIS vann derbyt ${run}`, 'SPORT'],
  ]) {
    const res = await request.post('/api/articles', {
      headers: { Authorization: `Bearer ${token}` },
      data: { title, content: '<p>Text.</p>', category, status: 'draft' },
    });
    expect(res.status()).toBe(201);
  }
  await page.goto('/login');
  await page.getByLabel('Användarnamn').fill('admin');
  await page.getByLabel('Lösenord').fill('admin-e2e-password');
  await page.getByRole('button', { name: 'Logga in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const table = page.locator('.newsroom-table');
  await page.getByLabel('Sök i rubrikerna').fill(`varberg ${run}`);
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await page.getByLabel('Kategori', { exact: true }).selectOption('SPORT');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table).toContainText(`Varbergs BoIS vann derbyt ${run}`);
  await page.getByLabel('Kategori', { exact: true }).selectOption('');
  await table.getByRole('button', { name: 'Redaktionen' }).first().click();
  await expect(page.getByText('Skribent: Redaktionen')).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await page.screenshot({ path: `${SHOTS}/newsroom-list.png` });
  await page.getByLabel('Sök i rubrikerna').fill(`finns-inte-${run}`);
  await expect(page.getByText('Inga artiklar matchar sökningen.')).toBeVisible();
  await page.setViewportSize({ width: 480, height: 900 });
  await page.getByLabel('Sök i rubrikerna').fill(`varberg ${run}`);
  await expect(page.locator('.newsroom-cards').getByText(`Hamnen i Varberg stängd ${run}`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/newsroom-list-480.png` });
});
