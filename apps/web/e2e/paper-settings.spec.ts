import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test } from '@playwright/test';
import { ADMIN } from './fixtures/login';

const expect = baseExpect.configure({ timeout: 30_000 });

// Issue 43: an admin sets the paper's legal identity; the footer names the ansvarig utgivare at once
// (the cached pages are re-rendered). The e2e server seeds `admin` / `admin-e2e-password`.
const SHOTS = process.env.E2E_OUTPUT_DIR ?? '../../test-results';

test('the ansvarig utgivare set in the newsroom is named in the footer', async ({ page }) => {
  await page.goto('/');
  await page.goto('/login');
  await page.getByLabel('Användarnamn').fill(ADMIN.username);
  await page.getByLabel('Lösenord').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Logga in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('link', { name: 'Tidningens uppgifter' }).click();
  const field = page.getByLabel('Ansvarig utgivare');
  await expect(field).not.toHaveValue('');
  const before = await field.inputValue();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await field.fill('');
  await page.getByRole('button', { name: 'Spara' }).click();
  await expect(page.getByText('Ange ansvarig utgivare: en nyhetssajt ska ha en.')).toBeVisible();
  await expect(field).toBeFocused();
  await field.fill('Britt Berg');
  await page.getByRole('button', { name: 'Spara' }).click();
  await expect(page.getByText('Inställningarna är sparade')).toBeVisible();
  for (const width of [1280, 480]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/paper-settings-${width}.png`, fullPage: true });
  }
  await page.goto('/category/sport');
  await expect(page.locator('.paper-identity')).toContainText('Ansvarig utgivare: Britt Berg');
  // put the demo paper's name back for the other journeys
  await page.goto('/admin/installningar');
  await page.getByLabel('Ansvarig utgivare').fill(before);
  await page.getByRole('button', { name: 'Spara' }).click();
  await expect(page.getByText('Inställningarna är sparade')).toBeVisible();
});
