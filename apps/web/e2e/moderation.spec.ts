import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import { ADMIN, apiLogin } from './fixtures/login';

// The shared test machine is slow at times: give each look a little longer than the default 5 s.
const expect = baseExpect.configure({ timeout: 20_000 });

// Browser journeys of issue 16 (comment moderation): an anonymous comment held, seen by its author
// as waiting, approved in the queue, then public; a report hides a comment; bulk approve and the
// keyboard shortcuts; a refused comment and closed comments; screenshots of the queue (1280, 480).
// Site-wide settings are changed only where a journey needs it, and put back afterwards: the
// other specs share this server. Everything else goes through per-article overrides.

const run = Date.now().toString(36);
const SHOTS = process.env.E2E_OUTPUT_DIR ?? '../../test-results';
/** Optional: the path of axe-core's axe.min.js; when set, the moderation pieces are checked with it. */
const AXE = process.env.AXE_SCRIPT;

/** No axe violations inside `selector` (skipped unless AXE_SCRIPT is set: axe is not a dependency). */
async function expectAxeClean(page: Page, selector: string) {
  if (!AXE) return;
  // through the debugging protocol, so the page's Content-Security-Policy does not refuse it
  await page.evaluate(readFileSync(AXE, 'utf8'));
  const violations = await page.evaluate(async (sel) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown) => Promise<{ violations: unknown[] }> } }).axe;
    const res = await axe.run({ include: [sel] });
    return (res.violations as { id: string; nodes: { target: string[] }[] }[]).map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
    );
  }, selector);
  expect(violations, `axe on ${selector}`).toEqual([]);
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function createArticle(request: APIRequestContext, token: string, title: string) {
  const res = await request.post('/api/articles', {
    headers: auth(token),
    data: { title, content: '<p>Något att tycka till om.</p>', category: 'NYHETER' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; slug: string; title: string };
}

/** Per-article moderation (issue 16): the mode override and closing. */
async function setArticleModeration(
  request: APIRequestContext,
  token: string,
  articleId: number,
  body: Record<string, unknown>,
) {
  const res = await request.put(`/api/moderation/articles/${articleId}`, { headers: auth(token), data: body });
  expect(res.status(), await res.text()).toBe(200);
}

async function getSettings(request: APIRequestContext, token: string) {
  const res = await request.get('/api/moderation/settings', { headers: auth(token) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

async function putSettings(request: APIRequestContext, token: string, settings: Record<string, unknown>) {
  const res = await request.put('/api/moderation/settings', { headers: auth(token), data: settings });
  expect(res.status(), await res.text()).toBe(200);
}

/** Runs `body` with some site-wide settings changed, and puts the old ones back whatever happens. */
async function withSettings(
  request: APIRequestContext,
  token: string,
  change: Record<string, unknown>,
  body: () => Promise<void>,
) {
  const before = await getSettings(request, token);
  await putSettings(request, token, { ...before, ...change });
  try {
    await body();
  } finally {
    await putSettings(request, token, before);
  }
}

async function postComment(request: APIRequestContext, articleId: number, name: string, content: string) {
  const res = await request.post('/api/comments', {
    data: { articleId, name, email: `${name.toLowerCase()}@example.se`, content, parentId: null },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

async function adminPage(browser: Browser, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Användarnamn').fill(ADMIN.username);
  await page.getByLabel('Lösenord').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Logga in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

async function readerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

const commentItem = (page: Page, text: string) =>
  page.locator('#comments .comment-item').filter({ has: page.getByText(text, { exact: true }) });

test.describe('comment moderation (issue 16)', () => {
  // several browsers, each page rendered by software, on a shared machine that may be busy
  test.describe.configure({ timeout: 420_000 });

  // The site-wide settings as they were: put back after the journeys even when one timed out
  // (its own request context is closed by then, so its `finally` cannot).
  let original: Record<string, unknown> | null = null;
  test.beforeAll(async ({ playwright, baseURL }) => {
    const ctx = await playwright.request.newContext({ baseURL });
    original = await getSettings(ctx, await apiLogin(ctx));
    await ctx.dispose();
  });
  test.afterAll(async ({ playwright, baseURL }) => {
    if (!original) return;
    const ctx = await playwright.request.newContext({ baseURL });
    await putSettings(ctx, await apiLogin(ctx), original);
    await ctx.dispose();
  });

  test('an anonymous comment is held, its author sees it waiting, a moderator approves it, then everyone sees it', async ({
    browser,
    request,
  }) => {
    const token = await apiLogin(request);
    const article = await createArticle(request, token, `Granskas först ${run}`);
    await setArticleModeration(request, token, article.id, { mode: 'all', closed: false });
    const text = `Min första tanke ${run}`;

    // the author writes it in the form, and sees it at once, marked as waiting
    const author = await readerPage(browser);
    await author.goto(`/article/${article.slug}`);
    const form = author.getByRole('form', { name: 'Skriv en kommentar' });
    await form.getByLabel('Namn').fill('Väntande Läsare');
    await form.getByLabel('E-post').fill('vantande@example.se');
    await form.getByLabel('Kommentar').fill(text);
    await form.getByRole('button', { name: 'Skicka kommentar' }).click();
    await expect(author.locator('#comments').getByRole('status').filter({ hasText: 'granskats' })).toHaveText(
      'Tack! Din kommentar visas när den har granskats.',
    );
    await expect(commentItem(author, text).getByText('Väntar på granskning')).toBeVisible();
    await expectAxeClean(author, '#comments');

    // still so after a reload in the same browser
    await author.reload();
    await expect(commentItem(author, text).getByText('Väntar på granskning')).toBeVisible();

    // nobody else sees it
    const other = await readerPage(browser);
    await other.goto(`/article/${article.slug}`);
    await expect(other.locator('#comments').getByRole('heading', { name: /^Kommentarer/ })).toBeVisible();
    await expect(other.locator('#comments .comments-state, #comments .comment-list').first()).toBeVisible();
    await expect(other.getByText(text, { exact: true })).toHaveCount(0);

    // the moderator finds it in Väntande, with why it is there, and approves it
    const mod = await adminPage(browser);
    await mod.goto(`/admin/moderation?artikel=${article.id}`);
    await expect(mod.getByRole('tab', { name: /Väntande/ })).toHaveAttribute('aria-selected', 'true');
    const item = mod.locator('.mod-item').filter({ hasText: text });
    await expect(item).toBeVisible();
    await expect(item.getByRole('link', { name: article.title })).toBeVisible();
    await expect(item.locator('.mod-history')).toHaveText('Tidigare: 0 godkända · 0 avvisade');
    await expect(item.locator('.mod-reasons')).toContainText('Alla kommentarer granskas');
    await expectAxeClean(mod, '.mod-page');
    // the queue's size beside "Admin" in the header and "Moderering" in the newsroom menu, as the
    // API counts it (other journeys may hold comments meanwhile: compared with the count of the moment)
    const queueSize = async () => {
      const res = await request.get('/api/moderation/queue/count', { headers: auth(token) });
      const c = (await res.json()) as { pending: number; reported: number };
      return c.pending + c.reported;
    };
    const badges = mod.locator('[data-testid="moderation-badge"]');
    await expect(badges).toHaveCount(2);
    const badgeMatchesQueue = async () => {
      const n = await queueSize();
      const titles = await badges.evaluateAll((els) => els.map((el) => el.getAttribute('title')));
      return titles.every((t) => t === (n === 1 ? '1 kommentar att granska' : `${n} kommentarer att granska`));
    };
    await expect.poll(badgeMatchesQueue, { timeout: 20_000 }).toBe(true);
    const before = await queueSize();
    await item.getByRole('button', { name: 'Godkänn kommentaren från Väntande Läsare' }).click();
    await expect(mod.getByRole('status').filter({ hasText: 'godkändes' })).toHaveText('Kommentaren godkändes.');
    await expect(item).toHaveCount(0);
    // at once after the action, not at the next minute's poll
    expect(await queueSize()).toBeLessThan(before);
    await expect.poll(badgeMatchesQueue, { timeout: 15_000 }).toBe(true);
    await expect(mod.getByText('Inga kommentarer väntar på granskning.')).toBeVisible();

    // now public, without the mark, for the other reader and the author
    await other.reload();
    await expect(commentItem(other, text)).toBeVisible();
    await expect(commentItem(other, text).getByText('Väntar på granskning')).toHaveCount(0);
    await author.reload();
    await expect(commentItem(author, text).getByText('Väntar på granskning')).toHaveCount(0);
  });

  test('a report hides a comment once the threshold is reached; it waits in Anmälda', async ({ browser, request }) => {
    const token = await apiLogin(request);
    const article = await createArticle(request, token, `Anmäls ${run}`);
    const text = `Något som anmäls ${run}`;
    await postComment(request, article.id, 'Bråkstake', text);

    await withSettings(request, token, { report_threshold: 1 }, async () => {
      const reader = await readerPage(browser);
      await reader.goto(`/article/${article.slug}`);
      const report = commentItem(reader, text).getByRole('button', { name: 'Anmäl kommentaren från Bråkstake' });
      await report.click();
      const dialog = reader.getByRole('dialog', { name: 'Anmäl kommentar' });
      await expect(dialog).toBeVisible();
      // a reason is needed
      await dialog.getByRole('button', { name: 'Skicka anmälan' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Välj en anledning till anmälan.');
      await expect(dialog.getByRole('radio', { name: 'Spam' })).toBeFocused();
      await expectAxeClean(reader, '.report-dialog');
      await dialog.getByRole('radio', { name: 'Hat eller hot' }).check();
      await dialog.getByLabel('Kommentar till redaktionen (frivilligt)').fill('Hotfullt mot en namngiven person.');
      await dialog.getByRole('button', { name: 'Skicka anmälan' }).click();
      await expect(dialog.getByRole('status')).toHaveText('Tack! Kommentaren är anmäld och granskas av redaktionen.');
      await dialog.getByRole('button', { name: 'Stäng' }).click();
      await expect(dialog).toBeHidden();
      // the focus is back where it was, and the button says it is done
      await expect(commentItem(reader, text).getByRole('button', { name: /^Anmäld/ })).toBeFocused();

      // hidden for readers
      const other = await readerPage(browser);
      await other.goto(`/article/${article.slug}`);
      await expect(other.locator('#comments').getByRole('heading', { name: /^Kommentarer/ })).toBeVisible();
      await expect(other.getByText(text, { exact: true })).toHaveCount(0);

      // waiting in Anmälda with the reason and the note
      const mod = await adminPage(browser);
      await mod.goto(`/admin/moderation?flik=anmalda&artikel=${article.id}`);
      const item = mod.locator('.mod-item').filter({ hasText: text });
      await expect(item).toBeVisible();
      await expect(item.locator('.mod-reasons')).toContainText('1 anmälan: Hat eller hot 1');
      await expect(item.locator('.mod-reasons')).toContainText('Hat eller hot: ”Hotfullt mot en namngiven person.”');
    });
  });

  test('bulk approve, the keyboard shortcuts, reject with a reason; screenshots at 1280 and 480 px', async ({
    browser,
    request,
  }) => {
    const token = await apiLogin(request);
    const article = await createArticle(request, token, `Många i kön ${run}`);
    await setArticleModeration(request, token, article.id, { mode: 'all', closed: false });
    for (let i = 1; i <= 5; i++) await postComment(request, article.id, `Läsare${i}`, `Kommentar ${i} i kön ${run}`);

    const mod = await adminPage(browser);
    await mod.goto(`/admin/moderation?artikel=${article.id}&ordning=aldst`);
    const items = mod.locator('.mod-item');
    await expect(items).toHaveCount(5);
    await expect(mod.getByText('j nästa · k föregående · a godkänn · r avvisa · x markera')).toBeVisible();
    await mod.screenshot({ path: `${SHOTS}/moderation-queue-1280.png`, fullPage: true });
    await mod.setViewportSize({ width: 480, height: 900 });
    await mod.screenshot({ path: `${SHOTS}/moderation-queue-480.png`, fullPage: true });
    const overflow = await mod.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await mod.setViewportSize({ width: 1280, height: 900 });

    // j moves to the first, x selects it; j x again; the bar counts them
    await mod.keyboard.press('j');
    await expect(items.nth(0)).toBeFocused();
    await mod.keyboard.press('x');
    await mod.keyboard.press('j');
    await mod.keyboard.press('x');
    await expect(items.nth(1)).toBeFocused();
    await expect(mod.locator('.mod-selected')).toHaveText('2 markerade');
    await mod.getByRole('button', { name: 'Godkänn markerade' }).click();
    await expect(mod.getByRole('status').filter({ hasText: 'godkändes' })).toHaveText('2 kommentarer godkändes.');
    await expect(items).toHaveCount(3);

    // a approves the current one; the cursor moves on to the next
    await expect(items.nth(0)).toBeFocused();
    await expect(items.nth(0)).toContainText(`Kommentar 3 i kön ${run}`);
    await mod.keyboard.press('a');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText(`Kommentar 4 i kön ${run}`);

    // r asks for a reason; typing in the dialog does not trigger shortcuts
    await expect(items.nth(0)).toBeFocused();
    await mod.keyboard.press('r');
    const dialog = mod.getByRole('dialog', { name: 'Avvisa kommentaren' });
    await expect(dialog).toBeVisible();
    await expectAxeClean(mod, '.mod-reject-dialog');
    // an empty reason is refused on the field; a quick choice fills it, and typing replaces it
    const reason = dialog.getByLabel(/Anledning/);
    await dialog.getByRole('button', { name: 'Avvisa', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Ange en anledning till att kommentaren avvisas.');
    await expect(reason).toHaveAttribute('aria-invalid', 'true');
    await expect(reason).toBeFocused();
    await dialog.getByRole('button', { name: 'Spam' }).click();
    await expect(reason).toHaveValue('Spam');
    await expect(dialog.getByRole('button', { name: 'Spam' })).toHaveAttribute('aria-pressed', 'true');
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await reason.fill('');
    await reason.pressSequentially('ja, a och x');
    await expect(items).toHaveCount(2);
    await dialog.getByRole('button', { name: 'Avvisa', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(mod.getByRole('status').filter({ hasText: 'avvisades' })).toHaveText('Kommentaren avvisades.');
    await expect(items).toHaveCount(1);

    // "Markera alla" and bulk approve the rest
    await mod.getByRole('checkbox', { name: 'Markera alla' }).check();
    await mod.getByRole('button', { name: 'Godkänn markerade' }).click();
    await expect(items).toHaveCount(0);
    await expect(mod.getByText('Inga kommentarer väntar på granskning.')).toBeVisible();

    // the rejected one is under Avvisade with its reason
    await mod.getByRole('tab', { name: /Avvisade/ }).click();
    const rejected = mod.locator('.mod-item').filter({ hasText: `Kommentar 4 i kön ${run}` });
    await expect(rejected).toBeVisible();
    await expect(rejected).toContainText('ja, a och x');

    // readers see the four approved ones, not the rejected one
    const reader = await readerPage(browser);
    await reader.goto(`/article/${article.slug}`);
    await expect(reader.locator('#comments').getByRole('heading', { name: 'Kommentarer (4)' })).toBeVisible();
    await expect(reader.getByText(`Kommentar 4 i kön ${run}`, { exact: true })).toHaveCount(0);
  });

  test('closed comments show a notice instead of the form', async ({ browser, request }) => {
    const token = await apiLogin(request);
    const article = await createArticle(request, token, `Stängd ${run}`);
    await setArticleModeration(request, token, article.id, { mode: null, closed: true });
    const reader = await readerPage(browser);
    await reader.goto(`/article/${article.slug}`);
    await expect(reader.locator('#comments .comments-closed')).toBeVisible();
    await expect(reader.getByRole('form', { name: 'Skriv en kommentar' })).toHaveCount(0);
  });

  // FIXME (own issue): on a quiet machine this journey never finishes and Chromium's GPU process
  // runs at ~85 % CPU after the settings step — a render loop on /admin/moderation/settings is the
  // suspect. The server side (settings, refused comments, bans, log) is covered by moderation.test.ts.
  test('settings, a refused comment, a ban and the log (admins); screenshots', async ({ browser, request }) => {
    const token = await apiLogin(request);
    const article = await createArticle(request, token, `Ordlistor ${run}`);
    const before = await getSettings(request, token);
    const mod = await adminPage(browser);
    try {
      // a banned word, written with a star: it catches the word's inflections too
      await mod.goto('/admin/moderation/settings');
      const banned = mod.getByLabel('Förbjudna ord');
      await expect(banned).toBeVisible();
      await expectAxeClean(mod, '.mod-page');
      await banned.fill(`knäppskall${run.slice(-3)}*`);
      await mod.getByRole('button', { name: 'Spara inställningar' }).click();
      await expect(mod.getByRole('status').filter({ hasText: 'sparats' })).toHaveText('Inställningarna har sparats.');
      await mod.screenshot({ path: `${SHOTS}/moderation-settings-1280.png`, fullPage: true });

      // a bad line is named before anything is sent
      await banned.fill('bra\nid*ot');
      await mod.getByRole('button', { name: 'Spara inställningar' }).click();
      await expect(mod.getByRole('alert')).toHaveText('Förbjudna ord: Rad 2: stjärnan får bara stå sist ("id*ot").');
      await expect(banned).toBeFocused();
      await expect(banned).toHaveAttribute('aria-invalid', 'true');

      // the reader's comment with an inflected form is refused with the server's message, in the form
      const reader = await readerPage(browser);
      await reader.goto(`/article/${article.slug}`);
      const form = reader.getByRole('form', { name: 'Skriv en kommentar' });
      await form.getByLabel('Namn').fill('Arg Läsare');
      await form.getByLabel('E-post').fill(`arg-${run}@example.se`);
      await form.getByLabel('Kommentar').fill(`Du är en knäppskall${run.slice(-3)}arna!`);
      await form.getByRole('button', { name: 'Skicka kommentar' }).click();
      await expect(form.getByRole('alert')).toContainText('inte är tillåtet här');

      // ban an e-mail address for 7 days; it shows in the list, and can be lifted
      const email = `troll-${run}@example.se`;
      await mod.goto('/admin/moderation/bans');
      await mod.getByRole('radio', { name: /En e-postadress/ }).check();
      await mod.getByRole('textbox', { name: 'E-postadress', exact: true }).fill(email);
      await mod.getByLabel('Anledning').fill('Hot i flera trådar');
      await mod.getByRole('button', { name: 'Stäng av', exact: true }).click();
      await expect(mod.getByRole('status').filter({ hasText: 'avstängd' })).toHaveText('Kommentatorn är avstängd.');
      const row = mod.getByRole('row').filter({ hasText: email });
      await expect(row).toContainText('Hot i flera trådar');
      await expectAxeClean(mod, '.mod-page');
      await mod.screenshot({ path: `${SHOTS}/moderation-bans-1280.png`, fullPage: true });
      await mod.setViewportSize({ width: 480, height: 900 });
      await mod.screenshot({ path: `${SHOTS}/moderation-bans-480.png`, fullPage: true });
      await mod.setViewportSize({ width: 1280, height: 900 });

      // the banned address is told so
      await form.getByLabel('E-post').fill(email);
      await form.getByLabel('Kommentar').fill(`Ett försök ${run}`);
      await form.getByRole('button', { name: 'Skicka kommentar' }).click();
      await expect(form.getByRole('alert')).toContainText('avstängd');

      await row.getByRole('button', { name: `Häv för ${email}` }).click();
      const confirm = mod.getByRole('dialog', { name: 'Häva avstängningen?' });
      await confirm.getByRole('button', { name: 'Häv', exact: true }).click();
      await expect(row).toHaveCount(0);

      // the log has who did what
      await mod.goto('/admin/moderation/log');
      const log = mod.locator('.mod-table');
      await expect(log).toContainText('Stängde av');
      await expect(log).toContainText('Hävde avstängning');
      await expect(log).toContainText('Ändrade inställningar');
      await expectAxeClean(mod, '.mod-page');
      await mod.screenshot({ path: `${SHOTS}/moderation-log-1280.png`, fullPage: true });
    } finally {
      await putSettings(request, token, before);
    }
  });
});
