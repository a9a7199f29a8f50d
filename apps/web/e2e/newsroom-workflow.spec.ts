import { type APIRequestContext, type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import { ADMIN, apiLogin, loginViaForm } from './fixtures/login';
import { makePng } from './fixtures/png';

// The shared test machine is slow at times: give each look a little longer than the default 5 s.
const expect = baseExpect.configure({ timeout: 30_000 });

// Browser journeys of issue 14: draft → preview → schedule → live; revisions; edit conflicts;
// the alt-text warning; inline images with alt text, caption and credit; screenshots of the editor,
// the dashboard and the article page (desktop and 480 px).
// The e2e server seeds the admin `admin` / `admin-e2e-password` (scripts/e2e-server.sh).

const run = Date.now().toString(36);
const PASSWORD = 'e2e-password-123';
const SHOTS = process.env.E2E_OUTPUT_DIR ?? '../../test-results';

async function createWriter(request: APIRequestContext, username: string, fullName: string) {
  // The run in the name: a retry (a new run) must not meet the staff name its first try reserved.
  const reg = await request.post('/api/register', {
    data: { username, password: PASSWORD, full_name: `${fullName} ${run}` },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const { id } = await reg.json();
  const adminToken = await apiLogin(request, ADMIN.username, ADMIN.password);
  const role = await request.put(`/api/users/${id}/role`, {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { account_type: 'writer' },
  });
  expect(role.status(), await role.text()).toBe(200);
  return { id: id as number, token: await apiLogin(request, username, PASSWORD) };
}

async function typeContent(page: Page, text: string) {
  const editor = page.getByRole('textbox', { name: 'Innehåll' });
  await editor.click();
  await page.keyboard.type(text);
}

/** "2026-06-01T08:30" in Stockholm, `minutes` from now (what a datetime-local input takes). */
function stockholmLocal(minutes: number): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Stockholm',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(Date.now() + minutes * 60_000))
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

async function newPage(browser: Browser, width: number) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  return { ctx, page: await ctx.newPage() };
}

test.describe('the newsroom workflow', () => {
  test('draft → preview → schedule → goes live; restore a revision; screenshots', async ({ page, request }) => {
    test.setTimeout(240_000);
    const username = `e2e_flow_${run}`;
    const writer = await createWriter(request, username, 'Wilma Workflow');
    const title = `Utkast om älgjakten ${run}`;
    await loginViaForm(page, username, PASSWORD);

    await page.goto('/admin/articles/new');
    await page.getByLabel('Rubrik', { exact: true }).fill(title);
    await page.getByLabel('Kategori', { exact: true }).selectOption('SVERIGE');
    await page.getByLabel('Taggar (skilj med komma)').fill('Jakt, Norrland');
    await typeContent(page, 'Jakten börjar i september.');
    await page.getByRole('button', { name: 'Spara utkast' }).click();
    await expect(page).toHaveURL(/\/admin\/articles\/edit\/\d+$/);
    await expect(page.getByRole('status').filter({ hasText: 'Utkastet har sparats.' })).toBeVisible();
    const id = Number(page.url().split('/').pop());
    await expect(page.locator('.article-form-view .status-badge')).toHaveText('Utkast');

    // Readers cannot see it; the staff preview shows it as readers will
    const stored = await (
      await request.get(`/api/newsroom/articles/${id}`, { headers: { Authorization: `Bearer ${writer.token}` } })
    ).json();
    expect(stored).toMatchObject({ status: 'draft', tags: ['Jakt', 'Norrland'] }); // issue 41: as written
    expect((await request.get(`/api/articles/${id}`)).status()).toBe(404);
    expect((await request.get(`/article/${stored.slug}`)).status()).toBe(404);
    await page.goto(`/admin/articles/preview/${id}`);
    await expect(page.getByRole('note')).toContainText('Förhandsgranskning');
    await expect(page.getByRole('note')).toContainText('läsarna ser inte artikeln ännu');
    await expect(page.locator('h1.article-title')).toHaveText(title);
    await expect(page.locator('.tags')).toContainText('#Jakt');

    // Schedule it ten minutes ahead (Stockholm time)
    await page.goto(`/admin/articles/edit/${id}`);
    await page.getByLabel('Publiceringstid (svensk tid) för Schemalägg').fill(stockholmLocal(10));
    await page.getByRole('button', { name: 'Schemalägg' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Artikeln är schemalagd.' })).toBeVisible();
    await expect(page.locator('.article-form-view .status-badge')).toHaveText('Schemalagd');
    for (const width of [1280, 480]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/newsroom-editor-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin');
    const row = page.locator(`.newsroom-table tr[data-article-id="${id}"]`);
    await expect(row.locator('.status-badge')).toContainText('Schemalagd');
    await page.getByLabel('Status', { exact: true }).selectOption('scheduled');
    await expect(page.locator('.newsroom-table tbody tr')).toHaveCount(1);
    await page.getByLabel('Status', { exact: true }).selectOption('');
    for (const width of [1280, 480]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.locator(width === 480 ? '.newsroom-cards' : '.newsroom-table')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/newsroom-dashboard-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Bring the time forward to a few seconds from now: the scheduler (every 30 s) puts it live
    const soon = new Date(Date.now() + 2000).toISOString();
    const moved = await request.put(`/api/articles/${id}`, {
      headers: { Authorization: `Bearer ${writer.token}` },
      data: { title, content: stored.content, category: 'SVERIGE', status: 'scheduled', publish_at: soon },
    });
    expect(moved.status(), await moved.text()).toBe(200);
    expect((await moved.json()).status).toBe('scheduled');
    await expect
      .poll(async () => (await request.get(`/api/articles/${id}`)).status(), { timeout: 60_000, intervals: [2000] })
      .toBe(200);
    await page.goto(`/article/${stored.slug}`);
    await expect(page.locator('h1.article-title')).toHaveText(title);
    await expect(page.locator('.byline')).toContainText('Wilma Workflow');

    // Edit, then restore the first version (a new save)
    await page.goto(`/admin/articles/edit/${id}`);
    await expect(page.locator('.article-form-view .status-badge')).toHaveText('Publicerad');
    await page.getByLabel('Rubrik', { exact: true }).fill(`${title} (ändrad)`);
    await page.getByRole('button', { name: 'Spara ändringar' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Artikeln har uppdaterats.' })).toBeVisible();
    await page.getByText('Versioner', { exact: true }).click();
    await expect(page.locator('.revisions-list li')).toHaveCount(5); // draft, scheduled, put live by the scheduler, edited;
    await page.getByRole('button', { name: 'Visa version 1' }).click();
    await expect(page.locator('.revision-view h3')).toHaveText(`Version 1: ${title}`);
    await page.getByRole('button', { name: 'Återställ version 1' }).click();
    await expect(page.getByLabel('Rubrik', { exact: true })).toHaveValue(title);
    const restored = await (await request.get(`/api/articles/${id}`)).json();
    expect(restored).toMatchObject({ title, version: 6, status: 'published' });
  });

  test('two editors on one article: the second save gets the conflict message', async ({ browser, request }) => {
    test.setTimeout(300_000);
    const username = `e2e_conf_${run}`;
    const writer = await createWriter(request, username, 'Kim Konflikt');
    const created = await request.post('/api/articles', {
      headers: { Authorization: `Bearer ${writer.token}` },
      data: { title: `Konflikt ${run}`, content: '<p>Start.</p>', category: 'NYHETER' },
    });
    const { id } = await created.json();
    const a = await newPage(browser, 1280);
    const b = await newPage(browser, 1280);
    try {
      for (const p of [a.page, b.page]) {
        await loginViaForm(p, username, PASSWORD);
        await p.goto(`/admin/articles/edit/${id}`);
        await expect(p.getByLabel('Rubrik', { exact: true })).toHaveValue(`Konflikt ${run}`);
      }
      await a.page.getByLabel('Rubrik', { exact: true }).fill(`Först sparad ${run}`);
      await a.page.getByRole('button', { name: 'Spara ändringar' }).click();
      await expect(a.page.getByRole('status').filter({ hasText: 'Artikeln har uppdaterats.' })).toBeVisible();

      await b.page.getByLabel('Rubrik', { exact: true }).fill(`Sen version ${run}`);
      await b.page.getByRole('button', { name: 'Spara ändringar' }).click();
      const conflict = b.page.locator('.edit-conflict');
      await expect(conflict).toContainText('Artikeln har ändrats av Kim Konflikt');
      await expect(conflict).toContainText('Ladda deras version eller skriv över medvetet.');
      await b.page.screenshot({ path: `${SHOTS}/newsroom-conflict-1280.png` });
      expect((await (await request.get(`/api/articles/${id}`)).json()).title).toBe(`Först sparad ${run}`);
      await b.page.getByRole('button', { name: 'Ladda deras version' }).click();
      await expect(b.page.getByLabel('Rubrik', { exact: true })).toHaveValue(`Först sparad ${run}`);
      // and knowingly overwriting works too
      await a.page.getByLabel('Rubrik', { exact: true }).fill(`A igen ${run}`);
      await a.page.getByRole('button', { name: 'Spara ändringar' }).click();
      await expect(a.page.getByRole('status').filter({ hasText: 'Artikeln har uppdaterats.' })).toBeVisible();
      await b.page.getByLabel('Rubrik', { exact: true }).fill(`B vinner ${run}`);
      await b.page.getByRole('button', { name: 'Spara ändringar' }).click();
      await b.page.getByRole('button', { name: 'Skriv över med min version' }).click();
      await expect(b.page.getByRole('status').filter({ hasText: 'Artikeln har uppdaterats.' })).toBeVisible();
      expect((await (await request.get(`/api/articles/${id}`)).json()).title).toBe(`B vinner ${run}`);
    } finally {
      await a.ctx.close();
      await b.ctx.close();
    }
  });

  test('the editor opens a wire article with its free byline, and one whose first author left without it', async ({
    browser,
    request,
  }) => {
    const stays = await createWriter(request, `stannar_${run}`, 'Stina Stannar');
    const leaves = await createWriter(request, `lamnar_${run}`, 'Love Lämnar');
    const create = async (data: object, by = stays) => {
      const res = await request.post('/api/articles', { headers: { Authorization: `Bearer ${by.token}` }, data });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()).id as number;
    };
    const wire = await create({
      title: `Telegram ${run}`,
      content: '<p>Från TT.</p>',
      category: 'NYHETER',
      byline: 'TT',
    });
    // written by the one who leaves, with a co-author: the name keeps its place (decision 027)
    const shared = await create(
      {
        title: `Delad byline ${run}`,
        content: '<p>Två skribenter.</p>',
        category: 'NYHETER',
        author_ids: [leaves.id, stays.id],
      },
      leaves,
    );
    // issue 40: the colleague named is invited, and stands in the byline once they accept
    const invited = await request.get('/api/newsroom/byline-invitations', {
      headers: { Authorization: `Bearer ${stays.token}` },
    });
    const invitation = (await invited.json()).invitations.find(
      (i: { article: { id: number } }) => i.article.id === shared,
    );
    const accepted = await request.post(`/api/newsroom/byline-invitations/${invitation.id}/accept`, {
      headers: { Authorization: `Bearer ${stays.token}` },
    });
    expect(accepted.status(), await accepted.text()).toBe(200);
    const gone = await request.delete('/api/profile', {
      headers: { Authorization: `Bearer ${leaves.token}` },
      data: { password: PASSWORD, comments: 'keep' },
    });
    expect(gone.status(), await gone.text()).toBe(200);
    const before = (await (await request.get(`/api/articles/${shared}`)).json()).authors;
    expect(before).toHaveLength(2);
    expect(before[0].id).toBeNull();

    const { ctx, page } = await newPage(browser, 1280);
    try {
      await loginViaForm(page, ADMIN.username, ADMIN.password);
      const byline = page.getByLabel('Fri byline (t.ex. TT; tomt = skribenten)');
      await page.goto(`/admin/articles/edit/${wire}`);
      await expect(byline).toHaveValue('TT');
      await page.goto(`/admin/articles/edit/${shared}`);
      await expect(page.getByLabel('Rubrik', { exact: true })).toHaveValue(`Delad byline ${run}`);
      await expect(byline).toHaveValue('');
      await page.getByRole('button', { name: 'Spara ändringar' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Artikeln har uppdaterats.' })).toBeVisible();
      // saved from the editor, the byline is still the former co-author's name and the writer
      expect((await (await request.get(`/api/articles/${shared}`)).json()).authors).toEqual(before);
    } finally {
      await ctx.close();
    }
  });

  test('the editor asks for alt text and warns before publishing without it', async ({ page, request }) => {
    test.setTimeout(300_000);
    const username = `e2e_alt_${run}`;
    await createWriter(request, username, 'Alva Alt');
    await loginViaForm(page, username, PASSWORD);
    await page.goto('/admin/articles/new');
    await page.getByLabel('Rubrik', { exact: true }).fill(`Bild utan text ${run}`);
    await page.getByLabel('Kategori', { exact: true }).selectOption('KULTUR');
    await typeContent(page, 'En bild säger mer.');
    await page.getByLabel('Bildadress (URL)').fill('https://example.se/bild.jpg');
    const altField = page.getByLabel('Alternativtext (beskriv bilden)');
    await expect(altField).toHaveAccessibleDescription(
      'Bilden saknar alternativtext. Beskriv bilden för den som inte kan se den.',
    );
    await expect(page.locator('.alt-warning')).toBeVisible();
    await page.getByRole('button', { name: 'Spara utkast' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Utkastet har sparats.' })).toBeVisible();

    let asked = '';
    page.once('dialog', (d) => {
      asked = d.message();
      void d.dismiss();
    });
    await page.getByRole('button', { name: 'Publicera', exact: true }).click();
    await expect.poll(() => asked).toBe('En eller flera bilder saknar alternativtext. Vill du publicera ändå?');
    await expect(page.locator('.article-form-view .status-badge')).toHaveText('Utkast');

    await altField.fill('Ett rött hus vid en sjö');
    await page.getByLabel('Bildtext').fill('Sommar i Dalarna');
    await page.getByLabel('Fotograf (visas som ”Foto: …”)').fill('Alva Alt');
    await expect(page.locator('.alt-warning')).toHaveCount(0);
    await page.getByRole('button', { name: 'Publicera', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Publicera artikeln?' })
      .getByRole('button', { name: 'Publicera nu' })
      .click();
    await expect(page.getByRole('status').filter({ hasText: 'Artikeln har publicerats.' })).toBeVisible();
    await expect(page.locator('.article-form-view .status-badge')).toHaveText('Publicerad');
    const id = Number(page.url().split('/').pop());
    const art = await (await request.get(`/api/articles/${id}`)).json();
    await page.goto(`/article/${art.slug}`);
    await expect(page.locator('.article-figure img')).toHaveAttribute('alt', 'Ett rött hus vid en sjö');
    await expect(page.locator('.article-caption')).toHaveText('Sommar i Dalarna Foto: Alva Alt');
  });

  test('an inline image gets alt text, caption and credit, editable later; "Spara ändringar" keeps a draft', async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const username = `e2e_fig_${run}`;
    const writer = await createWriter(request, username, 'Fia Figur');
    await loginViaForm(page, username, PASSWORD);
    const title = `Bron över älven ${run}`;
    await page.goto('/admin/articles/new');
    await page.getByLabel('Rubrik', { exact: true }).fill(title);
    await page.getByLabel('Kategori', { exact: true }).selectOption('SVERIGE');
    await typeContent(page, 'Bron öppnade i dag.');
    await page.keyboard.press('Enter');

    // Inserting an image asks at once for its texts, alt text first, warning while it is missing
    await page.getByRole('button', { name: 'Bild', exact: true }).click();
    await page
      .getByLabel('Ladda upp bild till texten')
      .setInputFiles({ name: 'bron.png', mimeType: 'image/png', buffer: makePng(640, 360) });
    const editor = page.getByRole('textbox', { name: 'Innehåll' });
    await expect(editor.locator('figure img[src^="/uploads/"]')).toHaveCount(1);
    const texts = page.getByRole('group', { name: 'Bildens texter' });
    const alt = texts.getByLabel('Alternativtext (beskriv bilden)');
    await expect(alt).toBeFocused();
    await expect(alt).toHaveAccessibleDescription(
      'Bilden saknar alternativtext. Beskriv bilden för den som inte kan se den.',
    );
    await expect(page.locator('.alt-warning')).toBeVisible();
    await alt.fill('En ny bro i kvällsljus');
    await texts.getByLabel('Bildtext').fill('Bron över älven');
    await texts.getByLabel('Fotograf (visas som ”Foto: …”)').fill('Anna Berg');
    await expect(alt).not.toHaveAttribute('aria-describedby');
    await texts.getByRole('button', { name: 'Spara bildtexter' }).click();
    await expect(texts).toHaveCount(0);
    await expect(editor.locator('figure img')).toHaveAttribute('alt', 'En ny bro i kvällsljus');
    await expect(editor.locator('figure figcaption')).toHaveText('Bron över älven Foto: Anna Berg');
    await expect(page.locator('.alt-warning')).toHaveCount(0);
    // closing the panel gives the text back its focus; typing before that would lose keystrokes
    await expect(editor).toBeFocused();
    await page.keyboard.type('Trafiken rullar.');
    await page.getByRole('button', { name: 'Spara utkast' }).click();
    await expect(page).toHaveURL(/\/admin\/articles\/edit\/\d+$/);
    await expect(page.getByRole('status').filter({ hasText: 'Utkastet har sparats.' })).toBeVisible();
    const id = Number(page.url().split('/').pop());

    // Editable afterwards: clicking the image (after a reload, read back from the stored HTML)
    await page.reload();
    await expect(editor.locator('figure figcaption')).toHaveText('Bron över älven Foto: Anna Berg');
    await editor.locator('figure img').click();
    await expect(texts.getByLabel('Alternativtext (beskriv bilden)')).toHaveValue('En ny bro i kvällsljus');
    await expect(texts.getByLabel('Fotograf (visas som ”Foto: …”)')).toHaveValue('Anna Berg');
    await texts.getByLabel('Bildtext').fill('Nya bron över älven');
    await texts.getByLabel('Bildtext').press('Enter');
    await expect(editor.locator('figure figcaption')).toHaveText('Nya bron över älven Foto: Anna Berg');
    for (const width of [1280, 480]) {
      await page.setViewportSize({ width, height: 900 });
      // right after a resize the click may land while the page still reflows: click until it opens
      await expect(async () => {
        await editor.locator('figure img').click();
        await expect(texts).toBeVisible({ timeout: 2000 });
      }).toPass({ timeout: 30_000 });
      // what the writer sees: the toolbar and the texts panel stay in view above the text
      await page.screenshot({ path: `${SHOTS}/newsroom-inline-image-editor-${width}.png` });
      await texts.getByRole('button', { name: 'Stäng' }).click();
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // "Spara ändringar" on a draft says so (a save without a status would publish it)
    const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/api/articles/${id}`));
    await page.getByRole('button', { name: 'Spara ändringar' }).click();
    expect((await put).postDataJSON()).toMatchObject({ status: 'draft' });
    await expect(page.getByRole('status').filter({ hasText: 'Artikeln har uppdaterats.' })).toBeVisible();
    await expect(page.locator('.article-form-view .status-badge')).toHaveText('Utkast');
    expect((await request.get(`/api/articles/${id}`)).status()).toBe(404);

    // Publish (no alt-text question: every image has one) and read it as a reader
    let asked = '';
    page.on('dialog', (d) => {
      asked = d.message();
      void d.dismiss();
    });
    await page.getByRole('button', { name: 'Publicera', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Publicera artikeln?' })
      .getByRole('button', { name: 'Publicera nu' })
      .click();
    await expect(page.getByRole('status').filter({ hasText: 'Artikeln har publicerats.' })).toBeVisible();
    expect(asked).toBe('');
    const art = await (await request.get(`/api/articles/${id}`)).json();
    expect(art.content).toMatch(
      /<figure><img src="\/uploads\/[0-9a-f]{24}\.webp" alt="En ny bro i kvällsljus"[^>]*\/><figcaption>Nya bron över älven <span class="credit">Foto: Anna Berg<\/span><\/figcaption><\/figure>/,
    );
    expect(art.excerpt).toBe('Bron öppnade i dag. Trafiken rullar.');
    await page.goto(`/article/${art.slug}`);
    const figure = page.locator('.article-content figure');
    await expect(figure.locator('img')).toHaveAttribute('alt', 'En ny bro i kvällsljus');
    await expect(figure.locator('figcaption')).toHaveText('Nya bron över älven Foto: Anna Berg');
    await expect(figure.locator('figcaption .credit')).toHaveText('Foto: Anna Berg');
    for (const width of [1280, 480]) {
      await page.setViewportSize({ width, height: 900 });
      await figure.scrollIntoViewIfNeeded();
      // the image fits the column; nothing runs off the side
      const box = await figure.locator('img').boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan(width === 480 ? 400 : 600);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${SHOTS}/article-inline-image-${width}.png`, fullPage: true });
    }

    // The dashboard with every status, filtered to one (screenshots at both widths)
    const auth = { Authorization: `Bearer ${writer.token}` };
    for (const [t, status] of [
      ['Ett utkast om färjan', 'draft'],
      ['En avpublicerad notis', 'unpublished'],
    ] as const) {
      const res = await request.post('/api/articles', {
        headers: auth,
        data: { title: `${t} ${run}`, content: '<p>Text.</p>', category: 'SVERIGE', status },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin');
    await expect(page.locator('.newsroom-table tbody tr')).toHaveCount(3);
    await expect(page.locator('.newsroom-table .status-badge')).toHaveText(['Avpublicerad', 'Utkast', 'Publicerad']);
    for (const width of [1280, 480]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByLabel('Status', { exact: true }).selectOption('');
      await expect(page.locator(width === 480 ? '.newsroom-cards li' : '.newsroom-table tbody tr')).toHaveCount(3);
      await page.screenshot({ path: `${SHOTS}/newsroom-dashboard-statuses-${width}.png`, fullPage: true });
      await page.getByLabel('Status', { exact: true }).selectOption('draft');
      await expect(page.locator(width === 480 ? '.newsroom-cards li' : '.newsroom-table tbody tr')).toHaveCount(1);
      await page.screenshot({ path: `${SHOTS}/newsroom-dashboard-drafts-${width}.png`, fullPage: true });
    }
  });
});
