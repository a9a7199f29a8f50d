import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, loginViaForm } from './fixtures/login';

/**
 * Issue 20: the JavaScript a reader downloads on the home page, a category and an article page,
 * gzipped, stays within the budget in docs/performance-budget.json. Counted: every script the page
 * loads until it has hydrated and settled (the 3D atom ad is kept out with Math.random, as its
 * three.js loads only when that ad is drawn), the comments' code too when it came by itself.
 */
const budget = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../docs/performance-budget.json'), 'utf8'),
) as {
  readerJsGzipKb: number;
  readerJsGzipKbCeiling: Record<'visitor' | 'admin', Record<'home' | 'category' | 'article', number>>;
};

async function readerJsKb(page: Page, url: string): Promise<{ kb: number; files: string[] }> {
  const scripts = new Map<string, number>();
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script' || res.status() !== 200) return;
    try {
      scripts.set(new URL(res.url()).pathname, gzipSync(await res.body()).length);
    } catch {
      // a response the page abandoned: not downloaded
    }
  });
  await page.addInitScript(() => {
    Math.random = () => 0.99;
  });
  await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 20_000 });
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
  await page.waitForTimeout(500);
  const bytes = [...scripts.values()].reduce((a, b) => a + b, 0);
  return { kb: bytes / 1024, files: [...scripts].map(([f, n]) => `${f} ${(n / 1024).toFixed(1)} KB`) };
}

/**
 * Issue 46 (decision 053): reader pages are islands — no React Router client on them — and load at
 * most `readerJsGzipKb` (100 KB) of JavaScript before interaction, for a visitor and for a logged-in
 * admin (whose header loads the bell and the queue badge). The ceilings per page and state are the
 * measured figures plus 2 KB, so that growth shows.
 */
test('a reader page loads no more JavaScript than its budget, and never React Router, logged out and logged in', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const [article] = (await (await request.get('/api/articles?limit=1')).json()) as { slug: string }[];
  const pages = [
    ['home', '/'],
    ['category', '/category/sport'],
    ['article', `/article/${article.slug}`],
  ] as const;
  const measure = async (state: 'visitor' | 'admin') => {
    for (const [name, url] of pages) {
      const { kb, files } = await readerJsKb(page, url);
      const ceiling = budget.readerJsGzipKbCeiling[state][name];
      console.log(
        `${state} ${url}: ${kb.toFixed(1)} KB gzipped JavaScript (${files.length} files; ceiling ${ceiling} KB, target ${budget.readerJsGzipKb} KB)\n  ${files.join('\n  ')}`,
      );
      expect(
        files.filter((f) => /\/assets\/(router|entry\.client)-/.test(f)),
        `${url} loads React Router`,
      ).toEqual([]);
      expect(kb, `${state} ${url} loads ${kb.toFixed(1)} KB:\n${files.join('\n')}`).toBeLessThanOrEqual(ceiling);
      expect(ceiling).toBeLessThanOrEqual(budget.readerJsGzipKb);
      expect(kb).toBeGreaterThan(10); // it did count the app's scripts
      page.removeAllListeners('response');
    }
  };
  await measure('visitor');
  await loginViaForm(page, ADMIN.username, ADMIN.password);
  await measure('admin');
  // the logged-in header did load: the bell is there
  await page.goto('/');
  await expect(page.locator('.header-bell button').first()).toBeVisible();
});
