import fs from 'node:fs';
import { type APIRequestContext, expect as baseExpect, type Page, test } from '@playwright/test';
import { ADMIN, apiLogin, loginViaForm } from './fixtures/login';

const expect = baseExpect.configure({ timeout: 30_000 });

// Issue 41: an editor arranges the home front on the board — pins a story as the lead with the
// keyboard, reorders by mouse — and readers see it first on the home page (desktop and 480 px).
// The e2e server seeds the admin `admin` / `admin-e2e-password` (scripts/e2e-server.sh).

const run = Date.now().toString(36);
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-desk';

async function publish(request: APIRequestContext, token: string, title: string) {
  const res = await request.post('/api/articles', {
    headers: { Authorization: `Bearer ${token}` },
    data: { title, content: `<p>${title}: brödtext för förstasidan.</p>`, category: 'NYHETER' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; title: string };
}

/** Searches the board for `word` and pins the hit titled `title` last, from the keyboard. */
async function pinLast(page: Page, word: string, title: string) {
  const search = page.getByPlaceholder('Sök publicerade artiklar');
  await search.fill(word);
  await search.press('Enter');
  const pin = page.getByRole('button', { name: `Fäst ”${title}” sist` });
  await pin.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.front-slot', { hasText: title })).toBeVisible();
}

const slotTitles = (page: Page) => page.locator('.front-slot .front-slot-title').allTextContents();

test.describe('front pages (issue 41)', () => {
  test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));

  test('pin a story as lead by keyboard, reorder by mouse, see it first on the home page', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const token = await apiLogin(request);
    const word = `frontprov${run}`;
    const a = await publish(request, token, `Kvällens ${word} om hamnen`);
    const b = await publish(request, token, `Morgonens ${word} om bron`);
    // the demo paper's curated front (seed) cleared first: this journey builds its own
    const demo = await (await request.get('/api/fronts/hem')).json();
    const cleared = await request.put('/api/newsroom/fronts/hem', {
      headers: { Authorization: `Bearer ${token}` },
      data: { version: demo.version, slots: [] },
    });
    expect(cleared.status(), await cleared.text()).toBe(200);
    // the newest article is B: without a front it would open the home page
    await loginViaForm(page, ADMIN.username, ADMIN.password);

    await page.goto('/admin/forstasidan');
    await expect(page.getByRole('heading', { name: 'Förstasidan', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Startsidan', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/forstasidan\/hem$/);
    await expect(page.getByRole('heading', { name: 'Förstasidan: Startsidan' })).toBeVisible();

    await pinLast(page, word, b.title);
    await page.getByRole('button', { name: 'Spara förstasidan' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Förstasidan är sparad' })).toBeVisible();
    await pinLast(page, word, a.title);
    expect(await slotTitles(page)).toEqual([b.title, a.title]);

    // Keyboard drag: focus A's handle, lift with space, one step up, drop with space
    const handleA = page.getByRole('button', { name: `Dra ”${a.title}”` });
    await handleA.focus();
    // (dnd-kit measures between steps: a person's pace, not a script's)
    await page.keyboard.press('Space');
    await page.waitForTimeout(300);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(400);
    await page.keyboard.press('Space');
    await expect.poll(() => slotTitles(page)).toEqual([a.title, b.title]);
    await expect(page.locator('.front-slot').first().locator('.front-slot-place')).toHaveText('Toppnyhet');
    // the preview follows the board before it is saved
    await expect(page.locator('.front-preview-desktop .preview-lead .preview-title')).toHaveText(a.title);

    // Mouse drag: B's handle above A, then back with the "Flytta upp" button
    const handleB = page.getByRole('button', { name: `Dra ”${b.title}”` });
    const from = await handleB.boundingBox();
    const to = await handleA.boundingBox();
    if (!from || !to) throw new Error('no handles');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 8 });
    await page.mouse.move(to.x + to.width / 2, to.y + 2, { steps: 12 });
    await page.mouse.up();
    await expect.poll(() => slotTitles(page)).toEqual([b.title, a.title]);
    await page.getByRole('button', { name: `Flytta upp ”${a.title}”` }).click();
    await expect.poll(() => slotTitles(page)).toEqual([a.title, b.title]);

    await page.getByRole('button', { name: 'Spara förstasidan' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Förstasidan är sparad' })).toBeVisible();
    const front = await (await request.get('/api/fronts/hem')).json();
    expect(front.slots.map((s: { article: { id: number } }) => s.article.id)).toEqual([a.id, b.id]);

    for (const width of [1280, 480]) {
      await page.setViewportSize({ width, height: 1000 });
      await page.screenshot({ path: `${SHOTS}/fronts-board-${width}.png`, fullPage: true });
    }

    // Readers: the lead opens the home page, larger; B follows; neither repeats in the flow
    await page.setViewportSize({ width: 1280, height: 1000 });
    await page.goto('/');
    const cards = page.locator('[data-testid="article-list"] .card');
    await expect(cards.first()).toHaveAttribute('data-article-id', String(a.id));
    await expect(cards.first()).toHaveClass(/card-lead/);
    await expect(cards.nth(1)).toHaveAttribute('data-article-id', String(b.id));
    await expect(page.locator(`[data-testid="article-list"] .card[data-article-id="${a.id}"]`)).toHaveCount(1);
    // SENASTE NYTT beside the list does not repeat the pinned stories
    await expect(page.locator('.reader-sidebar')).toContainText('SENASTE NYTT');
    await expect(page.locator('.reader-sidebar')).not.toContainText(a.title);
    await expect(page.locator('.reader-sidebar')).not.toContainText(b.title);
    await page.screenshot({ path: `${SHOTS}/fronts-home-1280.png` });
    await page.setViewportSize({ width: 480, height: 1000 });
    await page.reload();
    await expect(page.locator('.article-group[data-group="1"] .card').first()).toHaveAttribute(
      'data-article-id',
      String(a.id),
    );
    await page.screenshot({ path: `${SHOTS}/fronts-home-480.png` });

    // Undo: back to the front before this save (B alone)
    await page.setViewportSize({ width: 1280, height: 1000 });
    await page.goto('/admin/forstasidan/hem');
    await page.getByRole('button', { name: /Ångra senaste sparningen/ }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Den tidigare versionen är återställd' })).toBeVisible();
    const undone = await (await request.get('/api/fronts/hem')).json();
    expect(undone.slots.map((s: { article: { id: number } }) => s.article.id)).toEqual([b.id]);
  });
});
