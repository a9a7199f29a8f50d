import { expect, test } from '@playwright/test';

const shots = (name: string) => `${process.env.E2E_OUTPUT_DIR ?? 'test-results'}/search-${name}.png`;

test.describe('search', () => {
  test.setTimeout(120_000);
  test('from the header on desktop: results with highlights, filters, paging and the empty state', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const box = page.locator('#search-desktop');
    await box.fill('regeringen');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/sok\?q=regeringen$/);
    await expect(page.locator('h1.page-title')).toHaveText('Sök');
    await expect(page.locator('.search-count')).toContainText('för ”regeringen”');
    const hits = page.locator('.search-hit');
    expect(await hits.count()).toBeGreaterThan(0);
    await expect(page.locator('.search-hit mark').first()).toBeVisible();
    const marked = (await page.locator('.search-hit mark').allTextContents()).map((t) => t.toLocaleLowerCase('sv-SE'));
    expect(marked.some((m) => m.startsWith('regering'))).toBe(true);
    await page.screenshot({ path: shots('desktop-results'), fullPage: true });

    // Filters: newest first within one category.
    await page.locator('select[name="category"]').selectOption('politik');
    await page.locator('select[name="sort"]').selectOption('newest');
    await page.getByRole('button', { name: 'Sök', exact: true }).click();
    await expect(page).toHaveURL(/category=politik/);
    for (const b of await page.locator('.search-hit .badge').allTextContents()) expect(b).toBe('Politik');

    // The empty state with a hint.
    await page.goto('/sok?q=xylofonorkesterfrukost');
    await expect(page.locator('.search-empty')).toContainText('Inga träffar för ”xylofonorkesterfrukost”.');
    await expect(page.locator('.search-empty')).toContainText('Kontrollera stavningen');
    await page.screenshot({ path: shots('desktop-empty'), fullPage: true });

    // A hit leads to its article.
    await page.goto('/sok?q=regeringen');
    const title = (await page.locator('.search-hit-title a').first().textContent()) ?? '';
    await page.locator('.search-hit-title a').first().click();
    await expect(page.locator('h1.article-title')).toHaveText(title, { timeout: 30_000 });
  });

  test('from the mobile search at 480 px', async ({ page }) => {
    await page.setViewportSize({ width: 480, height: 900 });
    await page.goto('/');
    // the button opens the box once React has the page (a click before hydration does nothing)
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
    await page.getByRole('button', { name: 'Sök' }).click();
    const box = page.locator('#search-mobile');
    await box.fill('val');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/sok\?q=val$/);
    await expect(page.locator('.search-count')).toBeVisible();
    await page.screenshot({ path: shots('mobile-results'), fullPage: true });
  });

  test('works without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('#search-desktop').fill('regeringen');
    await page.locator('#search-desktop').press('Enter');
    await expect(page).toHaveURL(/\/sok\?q=regeringen$/);
    await expect(page.locator('.search-hit').first()).toBeVisible();
    await context.close();
  });
});
