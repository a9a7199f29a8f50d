import fs from 'node:fs';
import { expect as baseExpect, test } from '@playwright/test';
import { loginViaForm } from './fixtures/login';

const expect = baseExpect.configure({ timeout: 30_000 });

// Issue 41: an editor that never loses work — the working copy is saved every few seconds, offered
// back after the tab was closed, and leaving with unsaved changes asks first.
// The e2e server seeds the admin `admin` / `admin-e2e-password` (scripts/e2e-server.sh).

const run = Date.now().toString(36);
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-desk';
const PASSWORD = 'e2e-password-123';

test.describe('autosave and unsaved changes (issue 41)', () => {
  test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));

  test('a closed tab loses nothing: the copy is offered back and restored', async ({ browser, request }) => {
    test.setTimeout(180_000);
    // a writer of its own, so that no other journey's unsaved copy shows up here
    const username = `e2e_autosave_${run}`;
    const reg = await request.post('/api/register', {
      data: { username, password: PASSWORD, full_name: `Ada Autosparad ${run}` },
    });
    expect(reg.status(), await reg.text()).toBe(201);
    const login = await request.post('/api/login', { data: { username: 'admin', password: 'admin-e2e-password' } });
    const adminToken = (await login.json()).access_token;
    const role = await request.put(`/api/users/${(await reg.json()).id}/role`, {
      headers: { Authorization: `Bearer ${adminToken}` },
      data: { account_type: 'writer' },
    });
    expect(role.status()).toBe(200);

    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    await loginViaForm(page, username, PASSWORD);
    await page.goto('/admin/articles/new');
    const editor = page.getByRole('textbox', { name: 'Innehåll' });
    await expect(editor).toBeVisible();
    const title = `Stormen slog ut färjetrafiken ${run}`;
    await page.getByLabel('Rubrik', { exact: true }).fill(title);
    await page.getByLabel('Kategori', { exact: true }).selectOption('NYHETER');
    await page.getByLabel('Taggar (skilj med komma)').fill('storm, Varberg');
    await editor.click();
    await page.keyboard.type('Ingen färja gick från Varberg på söndagen.');
    await expect(page.locator('[data-autosave="saved"]')).toContainText(/^Automatiskt sparat \d\d:\d\d$/, {
      timeout: 15_000,
    });
    await page.screenshot({ path: `${SHOTS}/autosave-status.png`, fullPage: true });

    // The tab closes without a save (the browser's own question is answered "leave").
    page.on('dialog', (d) => void d.accept());
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => page.isClosed()).toBe(true);

    const again = await ctx.newPage();
    await again.goto('/admin/articles/new');
    const recover = again.getByRole('region', { name: 'Osparade ändringar' });
    await expect(recover).toContainText(/Det finns ändringar från \d{4}-\d\d-\d\d \d\d:\d\d som inte sparades\./);
    await again.screenshot({ path: `${SHOTS}/autosave-recover.png`, fullPage: true });
    await again.setViewportSize({ width: 480, height: 900 });
    await again.screenshot({ path: `${SHOTS}/autosave-recover-480.png`, fullPage: true });
    await again.setViewportSize({ width: 1280, height: 900 });
    await recover.getByRole('button', { name: 'Återställ ändringarna' }).click();
    await expect(again.getByLabel('Rubrik', { exact: true })).toHaveValue(title);
    await expect(again.getByLabel('Kategori', { exact: true })).toHaveValue('NYHETER');
    await expect(again.getByLabel('Taggar (skilj med komma)')).toHaveValue('storm, Varberg');
    await expect(again.getByRole('textbox', { name: 'Innehåll' })).toContainText(
      'Ingen färja gick från Varberg på söndagen.',
    );

    // Saving it makes the copy history: a new editor opens empty, with nothing to offer back.
    await again.getByRole('button', { name: 'Spara utkast' }).click();
    await expect(again).toHaveURL(/\/admin\/articles\/edit\/\d+$/);
    await again.goto('/admin/articles/new');
    await expect(again.getByRole('textbox', { name: 'Innehåll' })).toBeVisible();
    await again.waitForTimeout(1000);
    await expect(again.getByRole('region', { name: 'Osparade ändringar' })).toHaveCount(0);
    await ctx.close();
  });

  test('leaving with unsaved changes asks first; "Stanna kvar" keeps the text', async ({ page }) => {
    test.setTimeout(120_000);
    await loginViaForm(page, 'admin', 'admin-e2e-password');
    await page.goto('/admin/articles/new');
    await expect(page.getByRole('textbox', { name: 'Innehåll' })).toBeVisible();
    // nothing typed: leaving does not ask
    await page.getByRole('navigation', { name: 'Brödsmulor' }).getByRole('link', { name: 'Redaktionen' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/admin/articles/new');
    await expect(page.getByRole('textbox', { name: 'Innehåll' })).toBeVisible();
    await page.getByLabel('Rubrik', { exact: true }).fill(`Halvskriven ${run}`);
    await page.getByRole('navigation', { name: 'Brödsmulor' }).getByRole('link', { name: 'Redaktionen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lämna sidan?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Du har ändringar som inte är sparade i artikeln.');
    await page.screenshot({ path: `${SHOTS}/autosave-leave.png` });
    await dialog.getByRole('button', { name: 'Stanna kvar' }).click();
    await expect(page).toHaveURL(/\/admin\/articles\/new$/);
    await expect(page.getByLabel('Rubrik', { exact: true })).toHaveValue(`Halvskriven ${run}`);
    await page.getByRole('navigation', { name: 'Brödsmulor' }).getByRole('link', { name: 'Redaktionen' }).click();
    await page.getByRole('dialog', { name: 'Lämna sidan?' }).getByRole('button', { name: 'Lämna sidan' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    // throw the copy away, so the admin's next new article starts clean
    await page.goto('/admin/articles/new');
    const recover = page.getByRole('region', { name: 'Osparade ändringar' });
    await recover.getByRole('button', { name: 'Släng dem' }).click();
    await expect(recover).toHaveCount(0);
  });
});
