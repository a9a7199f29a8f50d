import fs from 'node:fs';
import { type APIRequestContext, expect as baseExpect, test } from '@playwright/test';
import { ADMIN, apiLogin, loginViaForm } from './fixtures/login';

const expect = baseExpect.configure({ timeout: 30_000 });

// Issue 41: review before publishing. With the paper's setting on, a writer sends an article for
// review instead of publishing; an admin publishes it from the queue; the writer is told.
// The e2e server seeds the admin `admin` / `admin-e2e-password` (scripts/e2e-server.sh).

const run = Date.now().toString(36);
const PASSWORD = 'e2e-password-123';
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-desk';

async function setReview(request: APIRequestContext, on: boolean) {
  const token = await apiLogin(request, ADMIN.username, ADMIN.password);
  const res = await request.put('/api/newsroom/settings', {
    headers: { Authorization: `Bearer ${token}` },
    data: { review_required: on },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test.describe('review before publishing (issue 41)', () => {
  test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));
  test.afterAll(async ({ request }) => setReview(request, false));

  test('writer sends for review, admin publishes from the queue, the writer is told', async ({ browser, request }) => {
    test.setTimeout(240_000);
    await setReview(request, true);
    const username = `e2e_review_${run}`;
    const reg = await request.post('/api/register', {
      data: { username, password: PASSWORD, full_name: `Greta Granskad ${run}` },
    });
    expect(reg.status(), await reg.text()).toBe(201);
    const adminToken = await apiLogin(request, ADMIN.username, ADMIN.password);
    const role = await request.put(`/api/users/${(await reg.json()).id}/role`, {
      headers: { Authorization: `Bearer ${adminToken}` },
      data: { account_type: 'writer' },
    });
    expect(role.status()).toBe(200);

    // The writer: "Spara utkast" is the primary action; no publish, but "Skicka för granskning"
    const writerCtx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const writer = await writerCtx.newPage();
    await loginViaForm(writer, username, PASSWORD);
    await writer.goto('/admin/articles/new');
    const title = `Granskad nyhet ${run}`;
    await writer.getByLabel('Rubrik', { exact: true }).fill(title);
    await writer.getByLabel('Kategori', { exact: true }).selectOption('NYHETER');
    await writer.getByRole('textbox', { name: 'Innehåll' }).click();
    await writer.keyboard.type('Kommunen fattade beslutet i går.');
    const actions = writer.locator('.article-form-actions');
    await expect(actions.locator('button').first()).toHaveText('Spara utkast');
    await expect(writer.getByRole('button', { name: 'Publicera artikel' })).toHaveCount(0);
    for (const width of [1280, 480]) {
      await writer.setViewportSize({ width, height: 900 });
      await actions.screenshot({ path: `${SHOTS}/review-editor-actions-${width}.png` });
    }
    await writer.setViewportSize({ width: 1280, height: 900 });
    await writer.getByRole('button', { name: 'Skicka för granskning' }).click();
    await expect(writer).toHaveURL(/\/admin\/articles\/edit\/\d+$/);
    await expect(writer.getByRole('status').filter({ hasText: 'Artikeln är skickad för granskning' })).toBeVisible();
    await expect(writer.locator('.article-form-view .status-badge')).toHaveText('Väntar på granskning');
    const id = Number(writer.url().split('/').pop());
    expect((await request.get(`/api/articles/${id}`)).status()).toBe(404);
    await writer.screenshot({ path: `${SHOTS}/review-writer-1280.png`, fullPage: true });

    // The admin: the queue, "Publicera" asks first, then it is live
    const adminCtx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await adminCtx.newPage();
    await loginViaForm(admin, ADMIN.username, ADMIN.password);
    await admin.getByRole('link', { name: 'Granskning' }).click();
    await expect(admin).toHaveURL(/\/admin\/granskning$/);
    const item = admin.locator('.review-item', { hasText: title });
    await expect(item).toBeVisible();
    // the paper's setting is shown (and changeable) here
    await expect(admin.getByLabel('Skribenters artiklar granskas före publicering')).toBeChecked();
    for (const width of [1280, 480]) {
      await admin.setViewportSize({ width, height: 900 });
      await admin.screenshot({ path: `${SHOTS}/review-queue-${width}.png`, fullPage: true });
    }
    await admin.setViewportSize({ width: 1280, height: 900 });
    await item.getByRole('button', { name: 'Publicera' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Publicera artikeln?' });
    await expect(dialog).toBeVisible();
    await admin.screenshot({ path: `${SHOTS}/review-publish-dialog-1280.png` });
    await dialog.getByRole('button', { name: 'Publicera nu' }).click();
    await expect(admin.getByRole('status').filter({ hasText: `”${title}” är publicerad.` })).toBeVisible();
    await expect(item).toHaveCount(0);
    expect((await request.get(`/api/articles/${id}`)).status()).toBe(200);

    // The writer hears of it, and the history names who approved it
    const writerToken = await apiLogin(request, username, PASSWORD);
    const bell = await (
      await request.get('/api/notifications', { headers: { Authorization: `Bearer ${writerToken}` } })
    ).json();
    expect(bell[0]).toMatchObject({ type: 'article_reviewed', title: 'Din artikel har godkänts' });
    await writer.goto(`/admin/articles/edit/${id}`);
    await writer.getByText('Versioner').click();
    await expect(writer.locator('.revision-note').first()).toHaveText(/^Godkänd och publicerad av /);
    await writerCtx.close();
    await adminCtx.close();
  });
});
