import fs from 'node:fs';
import { expect as baseExpect, test } from '@playwright/test';
import { loginViaForm } from './fixtures/login';

// Browser journey of issue 21, readers' own data: register, comment, download one's data (the JSON
// checked), delete the account with the password keeping the comments → logged out, the comment
// shows "Raderad användare", the login fails. Screenshots of the profile section at 1280 and 480 px.

const expect = baseExpect.configure({ timeout: 15_000 });
const SHOTS = process.env.E2E_OUTPUT_DIR ?? '../../test-results';
const run = Date.now().toString(36);
const PASSWORD = 'e2e-integritet-123';

test.describe('readers’ own data', () => {
  test('register → comment → download my data → delete my account keeping the comments', async ({ page, request }) => {
    test.setTimeout(120_000); // argon2 logins and a production build on a shared machine
    const username = `e2e_gdpr_${run}`;
    const fullName = 'Ingrid Integritet';
    const email = `${username}@example.se`;
    const text = `Min kommentar som ska finnas kvar ${run}`;

    // the privacy policy describes what the profile offers (spec 001's 11 sections and date kept)
    await page.goto('/integritetspolicy');
    await expect(page.locator('.privacy-sections > section')).toHaveCount(11);
    await expect(page.getByText('Senast uppdaterad: 15 mars 2025')).toBeVisible();
    const rights = page.getByRole('region', { name: '9. Dina rättigheter' });
    await expect(rights.getByRole('heading', { name: 'Ladda ner dina uppgifter' })).toBeVisible();
    await expect(rights).toContainText('”Ladda ner mina uppgifter”');
    await expect(rights).toContainText('visas som ”Raderad användare”');
    await expect(rights).toContainText('Kommentaren har raderats.');

    // register through the form
    await page.goto('/register');
    await page.getByLabel('Användarnamn').fill(username);
    await page.getByLabel('Namn', { exact: true }).fill(fullName);
    await page.getByLabel('E-post').fill(email);
    await page.getByLabel(/^Lösenord/).fill(PASSWORD);
    await page.getByLabel('Bekräfta lösenord').fill(PASSWORD);
    await page.getByRole('button', { name: 'Skapa konto' }).click();
    await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
    await loginViaForm(page, username, PASSWORD, { landing: null });
    await expect(page).not.toHaveURL(/\/login$/);

    // comment on an article, logged in
    const list = await (await request.get('/api/articles?category=kultur&limit=1')).json();
    const article = list[0] as { id: number; slug: string; title: string };
    await page.goto(`/article/${article.slug}`);
    const section = page.locator('#comments');
    await expect(section.getByText('Laddar kommentarer...')).toHaveCount(0);
    const form = section.getByRole('form', { name: 'Skriv en kommentar' });
    await form.getByLabel('Kommentar').fill(text);
    await form.getByRole('button', { name: 'Skicka kommentar' }).click();
    const mine = section.locator('.comment-item').filter({ has: page.getByText(text, { exact: true }) });
    await expect(mine.locator('.comment-author').first()).toHaveText(fullName);

    // the profile's new section, below the spec's ones
    await page.goto('/profile');
    const data = page.getByRole('region', { name: 'Dina uppgifter' });
    await expect(data).toBeVisible();
    await expect(data.getByRole('heading', { name: 'Ladda ner mina uppgifter' })).toBeVisible();
    await expect(data.getByRole('heading', { name: 'Radera mitt konto' })).toBeVisible();
    await data.scrollIntoViewIfNeeded();
    await data.screenshot({ path: `${SHOTS}/privacy-profile-1280.png` });
    await page.setViewportSize({ width: 480, height: 900 });
    await data.scrollIntoViewIfNeeded();
    await data.screenshot({ path: `${SHOTS}/privacy-profile-480.png` });
    await page.setViewportSize({ width: 1280, height: 800 });

    // download: a dated JSON file with the account and the comment, and no secret
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      data.getByRole('button', { name: 'Ladda ner mina uppgifter' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^vaggen-mina-uppgifter-\d{4}-\d{2}-\d{2}\.json$/);
    const file = await download.path();
    const json = fs.readFileSync(file, 'utf8');
    const exported = JSON.parse(json);
    expect(exported.account).toMatchObject({ username, full_name: fullName, email, account_type: 'user' });
    expect(exported.comments).toEqual([
      expect.objectContaining({ content: text, article: { id: article.id, title: article.title, slug: article.slug } }),
    ]);
    expect(exported.sessions.some((s: { current: boolean }) => s.current)).toBe(true);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(json).not.toContain(token);
    expect(json).not.toContain('argon2');
    await expect(data.getByRole('status')).toHaveText('Filen är nedladdad.');

    // delete: a wrong password first (Swedish message), then the right one, keeping the comments
    const del = data.getByRole('button', { name: 'Radera mitt konto' });
    await del.click();
    await expect(data.getByRole('alert')).toHaveText('Skriv ditt lösenord för att radera kontot.');
    await expect(data.getByLabel(/Bekräfta med ditt lösenord/)).toBeFocused();
    await data.getByLabel(/Bekräfta med ditt lösenord/).fill('inte-mitt-losenord');
    await del.click();
    await expect(data.getByRole('alert')).toHaveText('Lösenordet är fel. Kontot har inte raderats.');
    await expect(data.getByRole('radio', { name: /Behåll dem/ })).toBeChecked();
    await data.getByLabel(/Bekräfta med ditt lösenord/).fill(PASSWORD);
    await del.click();
    await expect(page.getByRole('status').filter({ hasText: 'Ditt konto är raderat.' })).toBeVisible();
    // logged out: home, with the header's login link and no stored token
    await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
    await expect(page.locator('.site-header').getByRole('link', { name: 'Logga in' }).first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // the comment stays, as "Raderad användare"
    await page.goto(`/article/${article.slug}`);
    await expect(section.getByText('Laddar kommentarer...')).toHaveCount(0);
    const kept = section.locator('.comment-item').filter({ has: page.getByText(text, { exact: true }) });
    await expect(kept.locator('.comment-author').first()).toHaveText('Raderad användare');
    await expect(section).not.toContainText(fullName);

    // the account is gone: the login fails
    await loginViaForm(page, username, PASSWORD, { landing: null });
    await expect(page.getByRole('alert')).toHaveText('Fel användarnamn eller lösenord');
    await expect(page).toHaveURL(/\/login$/);
  });
});
