import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect as baseExpect, test } from '@playwright/test';
import { ADMIN, apiLogin, loginViaForm } from './fixtures/login';

// The shared test machine is slow at times: give each look a little longer than the default 5 s.
const expect = baseExpect.configure({ timeout: 30_000 });

// Issue 40, finding 8: a co-byline needs the named person's consent. A writer names a colleague;
// the colleague sees the invitation on the newsroom dashboard and accepts (or declines) it there;
// only then does the public byline name them. The e2e server seeds `admin` / `admin-e2e-password`.

const run = Date.now().toString(36);
const PASSWORD = 'e2e-password-123';
const SHOTS = process.env.E2E_OUTPUT_DIR ?? '../../test-results';

async function createWriter(request: APIRequestContext, username: string, fullName: string) {
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
  return { id: id as number, name: `${fullName} ${run}`, token: await apiLogin(request, username, PASSWORD) };
}

test('a colleague named in a byline accepts one invitation and declines another on the dashboard', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const author = await createWriter(request, `bjuder_${run}`, 'Bodil Bjuder');
  const colleague = await createWriter(request, `kollega_${run}`, 'Kalle Kollega');
  const write = async (title: string) => {
    const res = await request.post('/api/articles', {
      headers: { Authorization: `Bearer ${author.token}` },
      data: { title, content: '<p>Skrivet tillsammans.</p>', category: 'NYHETER', author_ids: [colleague.id] },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: number; slug: string };
  };
  const yes = await write(`Tillsammans ${run}`);
  const no = await write(`Ensam ${run}`);

  // Before any answer the public byline names the author alone.
  await page.goto(`/article/${yes.slug}`);
  await expect(page.locator('.byline')).toContainText(author.name);
  await expect(page.locator('.byline')).not.toContainText(colleague.name);

  await loginViaForm(page, `kollega_${run}`, PASSWORD);
  const panel = page.getByRole('region', { name: 'Inbjudningar till byline' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText(`Tillsammans ${run}`)).toBeVisible();
  await expect(panel.getByText(`Ensam ${run}`)).toBeVisible();
  await expect(panel.getByText(`Inbjuden av ${author.name}`).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/byline-invitations.png`, fullPage: false });
  const a11y = await new AxeBuilder({ page }).include('.byline-invitations').analyze();
  expect(a11y.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await panel.getByRole('button', { name: `Tacka ja: Tillsammans ${run}` }).click();
  await expect(
    panel.getByRole('status').filter({ hasText: `Du står nu i bylinen för ”Tillsammans ${run}”.` }),
  ).toBeVisible();
  await expect(panel.getByText(`Tillsammans ${run}`, { exact: true })).toHaveCount(0);
  await panel.getByRole('button', { name: `Tacka nej: Ensam ${run}` }).click();
  await expect(
    panel.getByRole('status').filter({ hasText: `Du har tackat nej till bylinen för ”Ensam ${run}”.` }),
  ).toBeVisible();

  // Now the byline names both on the article accepted, and the author alone on the other.
  await page.goto(`/article/${yes.slug}`);
  await expect(page.locator('.byline')).toContainText(colleague.name);
  await expect(page.locator('.byline')).toContainText(author.name);
  await page.goto(`/article/${no.slug}`);
  await expect(page.locator('.byline')).not.toContainText(colleague.name);
});
