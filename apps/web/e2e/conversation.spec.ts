import { type APIRequestContext, type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import { ADMIN, loginViaForm as loginThroughForm } from './fixtures/login';

// The bell and the menu badge load lazily after the session: allow for a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });

// Browser journeys of issue 5: comments, notifications and role requests.
// The e2e server seeds the admin `admin` / `admin-e2e-password` (scripts/e2e-server.sh).
// Comments are rate-limited per address (5 a minute, and every test here comes from 127.0.0.1), so
// the journeys post 4 in all; other notifications come from role requests, which have no such limit.
// Journeys start on pages without ads: the 3D atom ad keeps a software-rendered browser busy.

const run = Date.now().toString(36);
const PASSWORD = 'e2e-password-123';

async function registerViaApi(request: APIRequestContext, username: string, fullName?: string) {
  const res = await request.post('/api/register', {
    data: { username, password: PASSWORD, ...(fullName ? { full_name: fullName } : {}) },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; username: string };
}

async function tokenFor(request: APIRequestContext, username: string, password: string) {
  const res = await request.post('/api/login', { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A writer with an article of their own, made through the API. */
async function writerWithArticle(request: APIRequestContext) {
  const username = `e2e_skribent_${run}`;
  const writer = await registerViaApi(request, username, 'Siri Skribent');
  const adminToken = await tokenFor(request, ADMIN.username, ADMIN.password);
  const role = await request.put(`/api/users/${writer.id}/role`, {
    headers: auth(adminToken),
    data: { account_type: 'writer' },
  });
  expect(role.status(), await role.text()).toBe(200);
  const token = await tokenFor(request, username, PASSWORD);
  const created = await request.post('/api/articles', {
    headers: auth(token),
    data: { title: `Kommentarsartikel ${run}`, content: '<p>Vad tycker du?</p>', category: 'NYHETER' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const article = (await created.json()) as { id: number; slug: string; title: string };
  return { username, token, adminToken, article };
}

/** An admin request from `token`, rejected by the admin: one `admin_rejected` notification for its sender. */
async function rejectedAdminRequest(request: APIRequestContext, token: string, adminToken: string) {
  const sent = await request.post('/api/admin/request', { headers: auth(token), data: { message: 'Får jag?' } });
  expect(sent.status(), await sent.text()).toBe(201);
  const { id } = (await sent.json()) as { id: number };
  const rejected = await request.post(`/api/admin/request/${id}/reject`, {
    headers: auth(adminToken),
    data: { reason: 'Inte nu' },
  });
  expect(rejected.status(), await rejected.text()).toBe(200);
}

async function commentViaApi(request: APIRequestContext, articleId: number, name: string, content: string) {
  const res = await request.post('/api/comments', {
    data: { articleId, name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.se`, content },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

async function loginViaForm(page: Page, username: string, password: string) {
  await loginThroughForm(page, username, password, { landing: 'away' });
  await expect.poll(() => page.evaluate(() => localStorage.getItem('isLoggedIn'))).toBe('true');
}

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return context.newPage();
}

const bell = (page: Page) => page.locator('.site-header .header-top .bell-button');
const badge = (page: Page) => page.locator('.site-header .header-top [data-testid="bell-badge"]');

test.describe('comments, notifications and role requests', () => {
  // Several argon2 logins per test, on a machine shared with builds.
  test.describe.configure({ timeout: 120_000 });

  test('an anonymous reader comments and replies', async ({ page, request }) => {
    const list = await (await request.get('/api/articles?category=kultur&limit=1')).json();
    const article = list[0] as { id: number; slug: string };
    const name = `Läsare ${run}`;
    const email = `lasare.${run}@example.se`;
    const text = `Första kommentaren ${run}`;
    const replyText = `Ett svar ${run}`;

    await page.goto(`/article/${article.slug}`);
    const section = page.locator('#comments');
    await expect(section.getByRole('heading', { name: /^Kommentarer/ })).toBeVisible();
    await expect(section.getByText('Laddar kommentarer...')).toHaveCount(0);
    const form = section.getByRole('form', { name: 'Skriv en kommentar' });

    // spec 000 §5 messages, checked in the browser
    await form.getByRole('button', { name: 'Skicka kommentar' }).click();
    await expect(form.getByRole('alert')).toHaveText('Please fill in all fields');
    await expect(form.getByLabel('Namn')).toBeFocused();
    await form.getByLabel('Namn').fill(name);
    await form.getByLabel('E-post').fill('inte-en-adress');
    await form.getByLabel('Kommentar').fill(text);
    await form.getByRole('button', { name: 'Skicka kommentar' }).click();
    await expect(form.getByRole('alert')).toHaveText('Please enter a valid email address');
    await expect(form.getByLabel('E-post')).toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel('E-post').fill(email);
    await form.getByRole('button', { name: 'Skicka kommentar' }).click();

    await expect(section.getByRole('status').filter({ hasText: 'publicerats' })).toHaveText(
      'Din kommentar har publicerats.',
    );
    const mine = section.locator('.comment-item').filter({ has: page.getByText(text, { exact: true }) });
    await expect(mine).toHaveCount(1);
    await expect(mine.locator('.comment-author').first()).toHaveText(name);
    await expect(mine.locator('.comment-avatar').first()).toHaveAttribute('width', '42');
    await expect(mine).toBeFocused(); // the focus moves to the new comment
    await expect(form.getByLabel('Kommentar')).toHaveValue('');
    // a visitor cannot delete, and nobody's e-mail is shown to readers
    await expect(mine.getByRole('button', { name: /^Ta bort/ })).toHaveCount(0);
    await expect(section).not.toContainText(email);

    // reply mode: opens under the comment with the focus in it, cancel closes it
    const replyButton = mine.getByRole('button', { name: /^Svara/ }).first();
    await replyButton.click();
    await expect(replyButton).toHaveAttribute('aria-expanded', 'true');
    const replyForm = mine.getByRole('form', { name: `Svara ${name}` });
    await expect(replyForm.getByLabel('Ditt svar')).toBeFocused();
    await expect(replyForm.getByLabel('Namn')).toHaveValue(name); // remembered from the first form
    await expect(replyForm.getByLabel('E-post')).toHaveValue(email);
    await replyForm.getByRole('button', { name: 'Avbryt' }).click();
    await expect(replyForm).toHaveCount(0);
    await expect(replyButton).toBeFocused();

    await replyButton.click();
    await replyForm.getByRole('button', { name: 'Skicka svar' }).click();
    await expect(replyForm.getByRole('alert')).toHaveText('Please fill in all fields');
    await replyForm.getByLabel('Ditt svar').fill(replyText);
    await replyForm.getByRole('button', { name: 'Skicka svar' }).click();
    await expect(replyForm).toHaveCount(0); // reply mode ends with a successful submit
    await expect(section.getByRole('status').filter({ hasText: 'publicerats' })).toHaveText(
      'Ditt svar har publicerats.',
    );
    const reply = mine.locator('.comment-replies > .comment-item');
    await expect(reply).toHaveCount(1);
    await expect(reply.locator('.comment-content')).toHaveText(replyText);
    await expect(reply).toHaveAttribute('data-depth', '1');

    // stored on the server: a fresh load shows the same thread
    await page.reload();
    const again = page.locator('#comments .comment-item').filter({ has: page.getByText(text, { exact: true }) });
    await expect(again.locator('.comment-replies .comment-content')).toHaveText(replyText);
    await expect(page.locator('#comments')).not.toContainText(email);
  });

  test('an admin deletes comments (the thread stays); deep replies are flagged; failures show the spec texts', async ({
    page,
    request,
  }) => {
    const list = await (await request.get('/api/articles?category=ekonomi&limit=1')).json();
    const article = list[0] as { id: number; slug: string };
    // a thread six deep, and a lonely comment
    const names = ['Ada', 'Bo', 'Cilla', 'Dan', 'Elin', 'Frans'].map((n) => `${n} ${run}`);
    const ids: number[] = [];
    for (const [depth, name] of names.entries()) {
      const res = await request.post('/api/comments', {
        data: {
          articleId: article.id,
          name,
          email: `djup${depth}.${run}@example.se`,
          content: `Nivå ${depth} ${run}`,
          parentId: ids[depth - 1] ?? null,
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      ids.push(((await res.json()) as { id: number }).id);
    }
    const lonely = await commentViaApi(request, article.id, `Ensam ${run}`, `Ensam kommentar ${run}`);

    await loginViaForm(page, ADMIN.username, ADMIN.password);
    await page.goto(`/article/${article.slug}`);
    const section = page.locator('#comments');
    const item = (id: number) => section.locator(`#comment-${id}`);
    await expect(item(ids[0]!).locator('.comment-content').first()).toHaveText(`Nivå 0 ${run}`);
    // only an admin sees the commenters' e-mail addresses
    await expect(item(ids[0]!).locator('.comment-email').first()).toHaveText(`djup0.${run}@example.se`);
    // spec 000 §9: nesting is flagged from depth 5
    await expect(item(ids[4]!)).toHaveAttribute('data-depth', '4');
    await expect(item(ids[4]!)).not.toHaveClass(/comment-deep/);
    await expect(item(ids[5]!)).toHaveAttribute('data-depth', '5');
    await expect(item(ids[5]!)).toHaveClass(/comment-deep/);
    await expect(item(ids[5]!).locator('.comment-replyto')).toHaveText(`svar till ${names[4]}`);

    // a logged-in comment needs text; a failed post shows the spec text
    const form = section.getByRole('form', { name: 'Skriv en kommentar' });
    await form.getByRole('button', { name: 'Skicka kommentar' }).click();
    await expect(form.getByRole('alert')).toHaveText('Please enter a comment');
    await page.route('**/api/comments', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, body: 'boom' }) : route.fallback(),
    );
    await form.getByLabel('Kommentar').fill('Det här når aldrig fram');
    await form.getByRole('button', { name: 'Skicka kommentar' }).click();
    await expect(form.getByRole('alert')).toHaveText('Failed to submit comment. Please try again.');
    await page.unroute('**/api/comments');

    // a failed delete shows the spec text, and nothing is removed
    const dialog = page.getByRole('dialog', { name: 'Ta bort kommentaren?' });
    await page.route('**/api/comments/*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, body: 'boom' }) : route.fallback(),
    );
    await item(lonely.id)
      .getByRole('button', { name: /^Ta bort/ })
      .click();
    await dialog.getByRole('button', { name: 'Ta bort', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Failed to delete comment. Please try again.');
    await dialog.getByRole('button', { name: 'Avbryt' }).click();
    await expect(dialog).toBeHidden();
    await page.unroute('**/api/comments/*');
    await expect(item(lonely.id)).toBeVisible();

    // a comment with replies leaves a placeholder; one without replies disappears
    await item(ids[0]!)
      .getByRole('button', { name: `Ta bort kommentaren från ${names[0]}` })
      .click();
    await expect(dialog).toContainText('Kommentaren tas bort. Svaren på den finns kvar.');
    await dialog.getByRole('button', { name: 'Ta bort', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(item(ids[0]!).locator('.comment-deleted').first()).toHaveText('Kommentaren har raderats.');
    await expect(item(ids[0]!)).not.toContainText(`Nivå 0 ${run}`);
    await expect(item(ids[1]!).locator('.comment-content').first()).toHaveText(`Nivå 1 ${run}`);
    await item(lonely.id)
      .getByRole('button', { name: /^Ta bort/ })
      .click();
    await expect(dialog).toContainText('Kommentaren tas bort för alla läsare.');
    await dialog.getByRole('button', { name: 'Ta bort', exact: true }).click();
    await expect(item(lonely.id)).toHaveCount(0);
    const stored = (await (await request.get(`/api/comments?articleId=${article.id}`)).json()) as {
      id: number;
      isDeleted: boolean;
    }[];
    expect(stored.find((c) => c.id === ids[0])?.isDeleted).toBe(true);
    expect(stored.some((c) => c.id === lonely.id)).toBe(false);

    // a failed load shows the spec text
    await page.route('**/api/comments?*', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await page.reload();
    await expect(section.getByRole('alert')).toHaveText('Det gick inte att ladda kommentarer.');
  });

  test('the author sees the bell badge rise and follows the notification to the article', async ({ page, request }) => {
    const { username, token, adminToken, article } = await writerWithArticle(request);
    await page.clock.install();
    await loginViaForm(page, username, PASSWORD);
    await page.goto('/profile');
    await expect(bell(page)).toHaveAccessibleName('Notifikationer');
    await expect(badge(page)).toHaveCount(0);

    // a reader comments; the next 30-second refresh shows it
    const first = await commentViaApi(request, article.id, 'Rut Reader', `Intressant ${run}`);
    await page.clock.fastForward(31_000);
    await expect(badge(page)).toHaveText('1');
    await expect(bell(page)).toHaveAccessibleName('Notifikationer, 1 oläst notifikation');

    // nine answers to requests and one more comment: the badge says 9+, the dropdown shows the latest 10
    for (let i = 0; i < 9; i++) await rejectedAdminRequest(request, token, adminToken);
    const newest = await commentViaApi(request, article.id, 'Sam Svar', `Kommentar igen ${run}`);
    await page.clock.fastForward(31_000);
    await expect(badge(page)).toHaveText('9+');
    await expect(bell(page)).toHaveAccessibleName('Notifikationer, 11 olästa notifikationer');

    await bell(page).click();
    const dropdown = page.locator('.notif-dropdown');
    await expect(dropdown.getByRole('heading', { name: 'Notifikationer' })).toBeFocused();
    await expect(dropdown.locator('.notif-compact > li')).toHaveCount(10);
    await expect(dropdown.locator('.notif-compact > li.notif-unread')).toHaveCount(10);
    await expect(dropdown.locator('.notif-compact-title').first()).toContainText(`Ny kommentar på "${article.title}"`);
    // (the page's clock runs ahead here, so the exact relative label is checked in the next test)
    await expect(dropdown.locator('.notif-time').first()).toHaveText(/^(Just nu|1 minut sedan)$/);
    // keyboard: arrows move through the items, Escape closes and returns to the bell
    await page.keyboard.press('ArrowDown');
    await expect(dropdown.locator('[data-notif-item]').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dropdown).toHaveCount(0);
    await expect(bell(page)).toBeFocused();

    // clicking the newest marks it read, goes to the comment and closes the dropdown
    await bell(page).click();
    await dropdown.locator('[data-notif-item]').first().click();
    await expect(page).toHaveURL(new RegExp(`/article/${article.slug}#comment-${newest.id}$`));
    await expect(dropdown).toHaveCount(0);
    const target = page.locator(`#comment-${newest.id}`);
    await expect(target).toHaveClass(/comment-target/);
    await expect(target).toBeFocused();
    await expect(target).toBeInViewport();
    await expect(target.locator('.comment-content').first()).toHaveText(`Kommentar igen ${run}`);
    await expect(badge(page)).toHaveText('9+'); // 10 left unread

    // only its author or an admin may delete a comment: not the article's writer
    await expect(target.getByRole('button', { name: /^Ta bort/ })).toHaveCount(0);

    // the notifications page: tabs, search, mark all as read
    await page.goto('/notifications');
    await expect(page.getByRole('heading', { name: 'Notifikationer', level: 1 })).toBeVisible();
    const cards = page.locator('.notif-cards > li');
    await expect(cards).toHaveCount(11);
    await expect(page.locator('.notif-cards > li.is-unread')).toHaveCount(10);
    await expect(cards.first().locator('.notif-dot')).toHaveCount(0); // the one we opened is read
    await expect(page.locator('.notifications-head')).toContainText('10 olästa notifikationer');
    await page.getByRole('tab', { name: 'Olästa' }).click();
    await expect(page.getByRole('tab', { name: 'Olästa' })).toHaveAttribute('aria-selected', 'true');
    await expect(cards).toHaveCount(10);
    await page.getByRole('tab', { name: 'Alla' }).click();
    await page.getByLabel('Sök bland notifikationer').fill(`Intressant ${run}`);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Rut Reader');
    await expect(cards.first().locator('.notif-card-main')).toHaveAttribute(
      'href',
      `/article/${article.slug}#comment-${first.id}`,
    );
    await page.getByLabel('Sök bland notifikationer').fill('');
    const markAll = page.getByRole('button', { name: 'Markera alla som lästa' });
    await markAll.click();
    await expect(markAll).toBeDisabled(); // nothing unread any more
    await expect(page.locator('.notif-cards > li.is-unread')).toHaveCount(0);
    await expect(badge(page)).toHaveCount(0);
    await page.getByRole('tab', { name: 'Olästa' }).click();
    await expect(page.getByText('Inga notifikationer att visa')).toBeVisible();
  });

  test('a user asks to become writer, is rejected with a reason, asks again, is approved and reaches /admin', async ({
    browser,
    request,
  }) => {
    const username = `e2e_blivande_${run}`;
    await registerViaApi(request, username, 'Bo Blivande');
    const reason = `Skicka in fler provtexter först ${run}`;

    const user = await newPage(browser);
    await loginViaForm(user, username, PASSWORD);
    await user.goto('/profile');
    const writerBlock = user.locator('.request-writer');
    await expect(user.getByRole('heading', { name: 'Utökade rättigheter' })).toBeVisible();
    await expect(
      user.locator('.request-admin').getByRole('button', { name: 'Administratörsrättigheter' }),
    ).toBeVisible();
    await writerBlock.getByRole('button', { name: 'Bli skribent' }).click();
    await expect(writerBlock.getByLabel('Motivering')).toBeFocused();
    await writerBlock.getByRole('button', { name: 'Skicka förfrågan' }).click();
    await expect(writerBlock.getByRole('alert')).toHaveText('Vänligen ange en motivering till din förfrågan');
    await writerBlock.getByLabel('Motivering').fill('Jag skriver gärna om lokal idrott.');
    await writerBlock.getByRole('button', { name: 'Skicka förfrågan' }).click();
    await expect(writerBlock.getByRole('status')).toContainText('Din förfrågan har skickats');
    await expect(writerBlock.getByLabel('Motivering')).toHaveCount(0); // the message replaces the form

    // the admin rejects it on the notifications page, with a reason
    const admin = await newPage(browser);
    await loginViaForm(admin, ADMIN.username, ADMIN.password);
    await admin.goto('/notifications');
    const item = admin.locator('.notif-card').filter({ hasText: `${username}) vill bli skribent` });
    await expect(item).toHaveCount(1);
    await expect(item.locator('.status-chip')).toHaveText('Väntar på beslut');
    await expect(item.locator('.notif-time')).toHaveText('Just nu');
    await expect(item.locator('.notif-dot')).toHaveCount(1);
    await item.getByRole('button', { name: 'Avslå' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Ange anledning till avslag' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Anledning')).toBeFocused();
    await dialog.getByLabel('Anledning').fill(reason);
    // hold the answer back a moment to see the pending state
    await admin.route('**/api/user/request-writer/*/reject', async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Avslå förfrågan' }).click();
    await expect(dialog.getByRole('button', { name: 'Skickar...' })).toBeDisabled();
    await expect(dialog).toBeHidden();
    await expect(item.locator('.status-chip')).toHaveText('Avslagen');
    await expect(item.locator('.notif-reason')).toHaveText(`Anledning: ${reason}`);
    await expect(item.getByRole('button', { name: 'Godkänn' })).toHaveCount(0);

    // the user sees the rejection and asks again
    await user.reload();
    await expect(badge(user)).toHaveText('1');
    await expect(writerBlock.locator('.request-rejected')).toContainText('Din tidigare förfrågan avslogs');
    await expect(writerBlock.locator('.request-rejected')).toContainText(`Anledning: ${reason}`);
    await writerBlock.getByRole('button', { name: 'Skicka ny förfrågan' }).click();
    await writerBlock.getByLabel('Motivering').fill('Jag har nu skrivit tre provtexter.');
    await writerBlock.getByRole('button', { name: 'Skicka förfrågan' }).click();
    await expect(writerBlock.getByRole('status')).toContainText('Din förfrågan har skickats');
    await bell(user).click();
    await expect(user.locator('.notif-dropdown .notif-compact-title').first()).toContainText(
      'Din förfrågan om att bli skribent avslogs',
    );
    await user.keyboard.press('Escape');

    // the admin approves it in the dashboard panel; it leaves the list at once
    // (spec 000 §7: the panel asks for the latest 20 notifications)
    const panelFetch = admin.waitForRequest((r) => /\/api\/notifications\?unread=false&limit=20$/.test(r.url()));
    await admin.goto('/admin');
    await panelFetch;
    const panel = admin.getByRole('region', { name: /Behörighetsförfrågningar/ });
    const request2 = panel.locator('.permission-item').filter({ hasText: `${username}) vill bli skribent` });
    await expect(request2).toHaveCount(1);
    await expect(request2).toContainText('Jag har nu skrivit tre provtexter.');
    await request2.getByRole('button', { name: /^Godkänn/ }).click();
    await expect(request2).toHaveCount(0);
    await expect(panel.getByText('Inga väntande förfrågningar.')).toBeVisible();

    // the approval revoked the user's sessions: after logging in again they reach /admin
    await user.goto('/profile');
    await expect(user).toHaveURL(/\/login$/);
    await user.getByLabel('Användarnamn').fill(username);
    await user.getByLabel('Lösenord').fill(PASSWORD);
    await user.getByRole('button', { name: 'Logga in' }).click();
    await expect(user).toHaveURL(/\/profile$/);
    await expect(user.locator('.profile-card .role-badge')).toHaveText('Skribent');
    await expect(user.locator('.request-writer')).toHaveCount(0); // writers cannot ask for writer rights
    await user.locator('.site-header .header-top').getByRole('link', { name: 'Admin', exact: true }).click();
    await expect(user).toHaveURL(/\/admin$/);
    await expect(user.getByRole('heading', { name: 'Redaktionen' })).toBeVisible();
    await expect(user.getByRole('region', { name: /Behörighetsförfrågningar/ })).toHaveCount(0); // admins only
  });

  test('empty reject reasons fall back to the spec texts', async ({ page, request }) => {
    const a = `e2e_fraga_a_${run}`;
    const b = `e2e_fraga_b_${run}`;
    await registerViaApi(request, a);
    await registerViaApi(request, b);
    const tokenA = await tokenFor(request, a, PASSWORD);
    const tokenB = await tokenFor(request, b, PASSWORD);
    for (const [token, path] of [
      [tokenA, '/api/admin/request'],
      [tokenB, '/api/user/request-writer'],
    ]) {
      const res = await request.post(path, { headers: auth(token), data: { message: 'Snälla' } });
      expect(res.status(), await res.text()).toBe(201);
    }

    await loginViaForm(page, ADMIN.username, ADMIN.password);
    // dashboard panel: "Request rejected by administrator"
    await page.goto('/admin');
    const panel = page.getByRole('region', { name: /Behörighetsförfrågningar/ });
    const itemA = panel.locator('.permission-item').filter({ hasText: `${a} vill bli administratör` });
    await itemA.getByRole('button', { name: /^Avslå/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Ange anledning till avslag' });
    await dialog.getByRole('button', { name: 'Avbryt' }).click();
    await expect(dialog).toBeHidden();
    await expect(itemA).toHaveCount(1); // cancelling changes nothing
    await itemA.getByRole('button', { name: /^Avslå/ }).click();
    await dialog.getByRole('button', { name: 'Avslå förfrågan' }).click();
    await expect(itemA).toHaveCount(0);

    // notifications page: "Request rejected"
    await page.goto('/notifications');
    const itemB = page.locator('.notif-card').filter({ hasText: `${b} vill bli skribent` });
    await itemB.getByRole('button', { name: 'Avslå' }).click();
    await dialog.getByRole('button', { name: 'Avslå förfrågan' }).click();
    await expect(itemB.locator('.notif-reason')).toHaveText('Anledning: Request rejected');

    const mine = async (token: string) =>
      (await (await request.get('/api/role-requests/mine', { headers: auth(token) })).json()) as {
        status: string;
        reason: string;
      }[];
    expect((await mine(tokenA))[0]).toMatchObject({ status: 'rejected', reason: 'Request rejected by administrator' });
    expect((await mine(tokenB))[0]).toMatchObject({ status: 'rejected', reason: 'Request rejected' });
  });

  test('the unread count polls every 30 s with 3 retries 1 s apart; the admin panel refetches every 60 s', async ({
    page,
  }) => {
    await page.clock.install();
    // Counted when the answer has come, not when the request leaves: React Query starts the next
    // 30 s (or a retry's 1 s) when it has handled an answer. Advancing the clock before that spent
    // the 30 s on a timer not set yet, and the call came only after 30 s of real time (a flake in
    // 1 run of 2 on this machine).
    const calls = { count: [] as number[], panel: [] as number[] };
    page.on('requestfinished', (r) => {
      const url = r.url();
      if (url.endsWith('/api/notifications/unread-count')) calls.count.push(Date.now());
      if (/\/api\/notifications\?unread=false&limit=20$/.test(url)) calls.panel.push(Date.now());
    });
    /** After an answer: the page's handling of it (and the timer it sets) is done. The clock is
     *  paused by then, so the wait moves no page time. */
    const handled = () => page.waitForTimeout(500);
    await loginViaForm(page, ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('region', { name: /Behörighetsförfrågningar/ })).toBeVisible();
    await expect.poll(() => calls.count.length).toBeGreaterThan(0);
    await expect.poll(() => calls.panel.length).toBeGreaterThan(0);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await handled();
    const count0 = calls.count.length;
    const panel0 = calls.panel.length;

    await page.clock.runFor(30_000);
    await expect.poll(() => calls.count.length).toBe(count0 + 1);
    expect(calls.panel.length).toBe(panel0);
    await handled();
    await page.clock.runFor(30_000);
    await expect.poll(() => calls.count.length).toBe(count0 + 2);
    await expect.poll(() => calls.panel.length).toBe(panel0 + 1);
    await handled();

    // a failing count is retried 3 times, 1 second apart, then waits for the next poll
    await page.route('**/api/notifications/unread-count', (route) =>
      route.fulfill({ status: 503, json: { msg: 'Tillfälligt fel' } }),
    );
    const before = calls.count.length;
    await page.clock.runFor(30_000);
    await expect.poll(() => calls.count.length).toBe(before + 1);
    for (let retry = 1; retry <= 3; retry++) {
      await handled();
      await page.clock.runFor(1_000);
      await expect.poll(() => calls.count.length).toBe(before + 1 + retry);
    }
    await handled();
    await page.clock.runFor(5_000);
    expect(calls.count.length).toBe(before + 4);
    // spec 000 §8: a failed count shows as 0, so no badge
    await expect(badge(page)).toHaveCount(0);
  });

  test('the mobile menu lists the notifications', async ({ browser, request }) => {
    const username = `e2e_mobil_${run}`;
    await registerViaApi(request, username);
    const token = await tokenFor(request, username, PASSWORD);
    const res = await request.post('/api/admin/request', { headers: auth(token), data: { message: 'Mobil' } });
    expect(res.status()).toBe(201);

    const context = await browser.newContext({ viewport: { width: 480, height: 900 } });
    const page = await context.newPage();
    await loginViaForm(page, ADMIN.username, ADMIN.password);
    await page.goto('/profile');
    await expect(page.getByTestId('menu-badge')).toBeVisible();
    await page.getByRole('button', { name: 'Öppna menyn' }).click();
    const list = page.locator('.mobile-menu .notif-mobile');
    await expect(list.getByRole('heading', { name: /Notifikationer/ })).toBeVisible();
    const item = list.locator('[data-notif-item]').filter({ hasText: `${username} vill bli administratör` });
    await expect(item).toHaveCount(1);
    await item.click(); // a request points at /notifications
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.locator('.mobile-menu')).toHaveCount(0);
    await expect(page.locator('.notif-card').filter({ hasText: `${username} vill bli administratör` })).toBeVisible();
    await context.close();
  });
});
