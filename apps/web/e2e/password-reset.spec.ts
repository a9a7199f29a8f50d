import { expect, type Page, test } from '@playwright/test';
import { AUTH_MSG, MAIL_MSG, NEWSLETTER_MSG, USERS_MSG } from '@vaggen/contract';
import { startTestSmtp, type TestSmtp } from '../../server/test/smtp';
import { ADMIN, loginViaForm } from './fixtures/login';
import { E2E_SMTP_PORT } from './fixtures/smtp-port';

// Issue 21: forgot password end to end. The test server sends to the SMTP server started here
// (playwright.config.ts → E2E_SMTP_URL); the link is read from the mail that arrives.

const SHOTS = process.env.E2E_OUTPUT_DIR ?? '../../test-results';
const OLD = 'gammalt-e2e-losen-1';
const NEW = 'nytt-e2e-losen-2';

let smtp: TestSmtp;
test.beforeAll(async () => {
  smtp = await startTestSmtp({ port: E2E_SMTP_PORT });
});
test.afterAll(async () => {
  await smtp?.close();
});

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 480, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-480.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('forgot password: the mail arrives, its link sets a new password, the old one stops working', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000); // argon2 logins and six screenshots on a shared machine
  const username = `glomsk${Date.now().toString(36)}`;
  const email = `${username}@example.se`;
  const reg = await request.post('/api/register', { data: { username, password: OLD, email } });
  expect(reg.status()).toBe(201);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Glömt lösenordet?' }).click();
  await expect(page).toHaveURL(/\/glomt-losenord$/);
  await expect(page.getByRole('heading', { name: 'Glömt lösenordet?' })).toBeVisible();
  await shots(page, 'forgot-password');

  // The rules first, then the same answer the server gives every address.
  await page.getByRole('button', { name: 'Skicka länk' }).click();
  await expect(page.getByText(USERS_MSG.invalidEmail)).toBeVisible();
  await expect(page.getByLabel(/E-post/)).toBeFocused();
  await page.getByLabel(/E-post/).fill(email);
  await page.getByRole('button', { name: 'Skicka länk' }).click();
  await expect(page.getByRole('status')).toHaveText(AUTH_MSG.forgotPasswordSent);

  // The mail, within a few seconds (the sender is nudged when the mail is queued).
  const [mail] = await smtp.waitFor(1, 10_000);
  expect(mail.subject).toBe('Välj ett nytt lösenord för Väggen');
  expect(mail.to && !Array.isArray(mail.to) ? mail.to.value[0].address : '').toBe(email);
  const link = /(http:\/\/127\.0\.0\.1:\d+\/aterstall-losenord\?token=[A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
  expect(link, mail.text).toBeTruthy();
  expect(mail.html).toContain(`href="${link}"`);

  await page.goto(link as string);
  await expect(page.getByRole('heading', { name: 'Välj ett nytt lösenord' })).toBeVisible();
  await shots(page, 'reset-password');
  await page.getByLabel(/Nytt lösenord/).fill(NEW);
  await page.getByLabel(/Upprepa lösenordet/).fill('något-annat-helt');
  await page.getByRole('button', { name: 'Spara nytt lösenord' }).click();
  await expect(page.getByText(USERS_MSG.passwordsMismatch)).toBeVisible();
  await page.getByLabel(/Upprepa lösenordet/).fill(NEW);
  await page.getByRole('button', { name: 'Spara nytt lösenord' }).click();
  await expect(page.getByRole('status')).toHaveText(AUTH_MSG.passwordResetDone);
  await shots(page, 'reset-password-done');
  await page.getByRole('link', { name: 'Till inloggningen' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer works; the new one does.
  await loginViaForm(page, username, OLD, { landing: null });
  await expect(page.getByText(AUTH_MSG.badCredentials)).toBeVisible();
  await loginViaForm(page, username, NEW, { landing: null });
  await expect(page).not.toHaveURL(/\/login/, { timeout: 10_000 });

  // The link worked once.
  await page.goto(link as string);
  await page.getByLabel(/Nytt lösenord/).fill('ett-tredje-losen-3');
  await page.getByLabel(/Upprepa lösenordet/).fill('ett-tredje-losen-3');
  await page.getByRole('button', { name: 'Spara nytt lösenord' }).click();
  await expect(page.getByText(AUTH_MSG.resetLinkInvalid)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Begär en ny länk' })).toBeVisible();
});

test('admin turns on e-mail verification: a new account confirms by the mailed link before commenting', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000); // several argon2 logins on a machine shared with builds
  smtp.received.length = 0;
  const admin = await browser.newPage();
  await loginViaForm(admin, ADMIN.username, ADMIN.password, { landing: null });
  await expect(admin).not.toHaveURL(/\/login/, { timeout: 10_000 });
  await admin.getByRole('navigation', { name: 'Redaktionens meny' }).getByRole('link', { name: 'E-post' }).click();
  await expect(admin).toHaveURL(/\/admin\/mail$/);
  await expect(admin.getByText(MAIL_MSG.configured)).toBeVisible();
  const setting = admin.getByLabel(MAIL_MSG.requireVerificationLabel);
  await expect(setting).not.toBeChecked();
  await setting.check();
  await admin.getByRole('button', { name: 'Spara' }).click();
  await expect(admin.getByText(MAIL_MSG.settingsSaved)).toBeVisible();
  await shots(admin, 'admin-mail');
  try {
    const username = `ny${Date.now().toString(36)}`;
    const reg = await request.post('/api/register', {
      data: { username, password: OLD, email: `${username}@example.se` },
    });
    expect(reg.status()).toBe(201);
    const [mail] = await smtp.waitFor(1, 10_000);
    expect(mail.subject).toBe('Bekräfta din e-postadress på Väggen');
    const link = /(http:\/\/127\.0\.0\.1:\d+\/verifiera-epost\?token=[A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
    expect(link, mail.text).toBeTruthy();

    // Not yet confirmed: the comment form says why and offers to send the mail again.
    await loginViaForm(page, username, OLD, { landing: null });
    await expect(page).not.toHaveURL(/\/login/, { timeout: 10_000 });
    const list = await (await request.get('/api/articles?category=kultur&limit=1')).json();
    await page.goto(`/article/${list[0].slug}`);
    const form = page.locator('#comments').getByRole('form', { name: 'Skriv en kommentar' });
    await form.getByLabel('Kommentar').fill('Min första kommentar');
    await form.getByRole('button', { name: 'Skicka kommentar' }).click();
    await expect(form.getByRole('alert')).toHaveText(AUTH_MSG.emailNotVerified);
    await form.getByRole('button', { name: 'Skicka bekräftelsemejlet igen' }).click();
    await expect(form.getByText(AUTH_MSG.verificationSent)).toBeVisible();
    await smtp.waitFor(2, 10_000);

    await page.goto(link as string);
    await expect(page.getByText(AUTH_MSG.emailVerified)).toBeVisible();
    await shots(page, 'verify-email');
    await page.goto(`/article/${list[0].slug}`);
    await form.getByLabel('Kommentar').fill('Nu med bekräftad adress');
    await form.getByRole('button', { name: 'Skicka kommentar' }).click();
    await expect(page.locator('#comments').getByText('Nu med bekräftad adress')).toBeVisible();

    // A new address on the profile is confirmed again: the page says so, and a link goes to it.
    await page.goto('/profile');
    await page.getByRole('textbox', { name: 'E-post', exact: true }).fill(`${username}-ny@example.se`);
    await page.getByRole('button', { name: 'Spara ändringar' }).click();
    await expect(page.getByText(AUTH_MSG.newEmailToConfirm)).toBeVisible();
    // The newsletter sign-up below offers the new address, not the old one.
    await expect(
      page.getByRole('region', { name: NEWSLETTER_MSG.formHeading }).getByLabel(NEWSLETTER_MSG.emailLabel),
    ).toHaveValue(`${username}-ny@example.se`);
    await shots(page, 'profile-new-email');
    const [, , third] = await smtp.waitFor(3, 10_000);
    expect(third.to && !Array.isArray(third.to) ? third.to.text : '').toBe(`${username}-ny@example.se`);
  } finally {
    // Other journeys share this server: the setting goes back off.
    const token = (await (await request.post('/api/login', { data: ADMIN })).json()).access_token;
    const off = await request.put('/api/admin/mail/settings', {
      data: { require_email_verification: false },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(off.status()).toBe(200);
  }
});
