import { type APIRequestContext, expect as baseExpect, type Page, test } from '@playwright/test';

const expect = baseExpect.configure({ timeout: 15_000 });

// Issue 13: a thread longer than one page. "Visa fler kommentarer", "Visa fler svar", a reply
// deep in a thread shown at once in its place, newest or oldest first; desktop and 480 px.
// The e2e server allows 1000 comments a minute per address (scripts/e2e-server.sh).

const run = Date.now().toString(36);
const SHOTS = process.env.COMMENT_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
};

async function articleWithLongThread(request: APIRequestContext) {
  const login = await request.post('/api/login', { data: { username: 'admin', password: 'admin-e2e-password' } });
  expect(login.status()).toBe(200);
  const token = ((await login.json()) as { access_token: string }).access_token;
  const created = await request.post('/api/articles', {
    headers: { Authorization: `Bearer ${token}` },
    data: { title: `Lång tråd ${run}`, content: '<p>Många har åsikter.</p>', category: 'NYHETER' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const article = (await created.json()) as { id: number; slug: string };
  const post = async (name: string, content: string, parentId: number | null = null) => {
    const res = await request.post('/api/comments', {
      data: { articleId: article.id, name, email: 'lasare@example.se', content, parentId },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  // a chain nine long (levels 0–6; the last two answer a comment at depth 6), then 13 more comments
  const chain: number[] = [];
  for (let i = 0; i < 9; i++) chain.push(await post(`Kedja${i}`, `Länk ${i} i kedjan ${run}`, chain[i - 1] ?? null));
  const tops = [chain[0] as number];
  for (let i = 1; i < 14; i++) tops.push(await post(`Läsare${i}`, `Kommentar ${i} ${run}`));
  return { article, chain, tops };
}

test.describe('comment threads that page', () => {
  // 22 comments through the API and a software-rendered browser on a shared machine
  test.describe.configure({ timeout: 240_000 });

  test('more than one page: Visa fler kommentarer, Visa fler svar, a reply deep in the thread', async ({
    page,
    request,
  }) => {
    const { article, chain, tops } = await articleWithLongThread(request);
    const gets: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'GET' && /\/api\/comments/.test(r.url())) gets.push(r.url());
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/article/${article.slug}`);
    const section = page.locator('#comments');
    const top = section.locator('.comment-list > .comment-item');
    const item = (id: number) => section.locator(`#comment-${id}`);

    // the first page: 10 top-level comments, the total of all 22, the chain's first 5 replies
    await expect(section.getByRole('heading', { name: 'Kommentarer (22)' })).toBeVisible();
    await expect(top).toHaveCount(10);
    await expect(item(chain[5] as number)).toHaveAttribute('data-depth', '5');
    await expect(item(chain[6] as number)).toHaveCount(0);
    const moreReplies = item(chain[0] as number).getByRole('button', { name: /^Visa fler svar \(3\)/ });
    await expect(moreReplies).toBeVisible();
    const moreComments = section.getByRole('button', { name: 'Visa fler kommentarer' });
    await expect(moreComments).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'comments-first-page-desktop');

    // the next page goes below; the reader stays where they were and the focus moves to the first new one
    await moreComments.scrollIntoViewIfNeeded();
    const y = await page.evaluate(() => window.scrollY);
    await moreComments.click();
    await expect(top).toHaveCount(14);
    await expect(moreComments).toHaveCount(0);
    await expect(item(tops[10] as number)).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(y - 5);
    await expect(top.last().locator('.comment-content')).toHaveText(`Kommentar 13 ${run}`);

    // the rest of the chain: levels stop at 6; a reply to a comment at depth 6 stands beside it and says whom it answers
    await moreReplies.click();
    await expect(item(chain[8] as number)).toBeVisible();
    await expect(moreReplies).toHaveCount(0);
    for (const i of [6, 7, 8]) await expect(item(chain[i] as number)).toHaveAttribute('data-depth', '6');
    await expect(item(chain[8] as number).locator('.comment-replyto')).toHaveText('svar till Kedja7');
    await expect(item(chain[5] as number).locator(':scope > .comment-replies > .comment-item')).toHaveCount(3);

    // a reply deep in the thread appears at once in its place, without fetching the thread again
    const before = gets.length;
    await item(chain[8] as number)
      .getByRole('button', { name: /^Svara/ })
      .first()
      .click();
    const form = section.getByRole('form', { name: 'Svara Kedja8' });
    await form.getByLabel('Namn').fill('Djupläsare');
    await form.getByLabel('E-post').fill('djup@example.se');
    await form.getByLabel('Ditt svar').fill(`Svar längst ner ${run}`);
    await form.getByRole('button', { name: 'Skicka svar' }).click();
    await expect(section.getByRole('status').filter({ hasText: 'publicerats' })).toHaveText(
      'Ditt svar har publicerats.',
    );
    // the innermost item holding the text (its ancestors hold it too)
    const mine = section
      .locator('.comment-item')
      .filter({ has: page.getByText(`Svar längst ner ${run}`, { exact: true }) })
      .last();
    await expect(mine).toHaveAttribute('data-depth', '6');
    await expect(mine.locator('.comment-replyto')).toHaveText('svar till Kedja8');
    await expect(mine).toBeFocused();
    await expect(section.getByRole('heading', { name: 'Kommentarer (23)' })).toBeVisible();
    expect(gets.length).toBe(before);
    await mine.scrollIntoViewIfNeeded();
    await shot(page, 'comments-deep-reply-desktop');

    // newest first: the last comment opens the list
    await section.getByLabel('Visa').selectOption('newest');
    await expect(top.first().locator('.comment-content').first()).toHaveText(`Kommentar 13 ${run}`);
    await expect(top).toHaveCount(10);

    // stored: a fresh load in the oldest-first order finds the reply through the pages
    await page.reload();
    await item(chain[0] as number)
      .getByRole('button', { name: /^Visa fler svar/ })
      .click();
    await expect(section.getByText(`Svar längst ner ${run}`, { exact: true })).toBeVisible();
  });

  test('480 px: the buttons fit and the thread keeps its width', async ({ browser, request }) => {
    const { article, chain } = await articleWithLongThread(request);
    const context = await browser.newContext({ viewport: { width: 480, height: 900 } });
    const page = await context.newPage();
    await page.goto(`/article/${article.slug}`);
    const section = page.locator('#comments');
    await expect(section.getByRole('heading', { name: 'Kommentarer (22)' })).toBeVisible();
    await section
      .locator(`#comment-${chain[0]}`)
      .getByRole('button', { name: /^Visa fler svar/ })
      .click();
    await expect(section.locator(`#comment-${chain[8]}`)).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(480);
    await section.locator(`#comment-${chain[6]}`).scrollIntoViewIfNeeded();
    await shot(page, 'comments-deep-480');
    await section.getByRole('button', { name: 'Visa fler kommentarer' }).scrollIntoViewIfNeeded();
    await shot(page, 'comments-more-480');
    await context.close();
  });
});
