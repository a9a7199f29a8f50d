import { expect, type Page, test } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { startTestSmtp, type TestSmtp } from '../../server/test/smtp';
import { ADMIN } from './fixtures/login';
import { E2E_SMTP_PORT } from './fixtures/smtp-port';

// Issue 21: Morgonbrevet end to end — subscribe on the home page, the confirmation mail (read from a
// real SMTP server the spec runs on E2E_SMTP_PORT, where playwright.config.ts points the server), the confirmed page,
// the admin page listing the subscriber, a test issue to the admin and unsubscribing from its link.
// Screenshots at 1280 and 480 px of the form, the confirmation page and the admin page.

const SHOTS = process.env.E2E_OUTPUT_DIR ?? '../../test-results';
const ADDRESS = `redaktor-${Date.now().toString(36)}@example.se`;

let smtp: TestSmtp;
test.beforeAll(async () => {
  smtp = await startTestSmtp({ port: E2E_SMTP_PORT });
});
test.afterAll(async () => {
  await smtp?.close();
});

/** The first mail to `to` whose subject matches, once it has arrived. */
async function mailTo(to: string, subject: RegExp): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      () => {
        found = smtp.received.find(
          (m) => m.to && !Array.isArray(m.to) && m.to.text === to && subject.test(m.subject ?? ''),
        );
        return Boolean(found);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found as ParsedMail;
}

async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 480, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-480.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('subscribe on the home page, confirm from the mail, see it on the admin page, unsubscribe from a mail', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // The admin's own address is the one subscribing, so the test issue carries an unsubscribe link.
  const login = await request.post('/api/login', { data: ADMIN });
  const token = (await login.json()).access_token as string;
  const put = await request.put('/api/profile', {
    data: { email: ADDRESS },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(put.status()).toBe(200);

  await page.goto('/');
  const form = page.getByRole('region', { name: 'Morgonbrevet' });
  await expect(form).toBeVisible();
  await expect(form.getByRole('button', { name: 'Prenumerera' })).toBeEnabled(); // hydrated
  await form.getByRole('textbox', { name: /E-postadress/ }).fill(ADDRESS);
  await form.scrollIntoViewIfNeeded();
  await form.screenshot({ path: `${SHOTS}/newsletter-form-1280.png` });
  await page.setViewportSize({ width: 480, height: 900 });
  await form.screenshot({ path: `${SHOTS}/newsletter-form-480.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await form.getByRole('button', { name: 'Prenumerera' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'Tack! Öppna länken i mejlet vi skickade för att bekräfta prenumerationen.',
  );

  const confirmation = await mailTo(ADDRESS, /^Bekräfta din prenumeration på Morgonbrevet$/);
  const link = String(confirmation.html).match(/href="([^"]*\/morgonbrevet\/bekrafta\?token=[^"]+)"/)?.[1];
  expect(link).toBeTruthy();
  await page.goto(String(link).replace(/&amp;/g, '&'));
  await expect(page.getByRole('heading', { name: 'Morgonbrevet', level: 1 })).toBeVisible();
  await expect(page.locator('.newsletter-page').getByRole('status')).toHaveText(
    'Klart! Du prenumererar nu på Morgonbrevet. Första brevet kommer klockan 07.00.',
  );
  await shoot(page, 'newsletter-confirmed');
  // The link works once.
  await page.reload();
  await expect(page.locator('.newsletter-page').getByRole('alert')).toHaveText(
    'Länken är ogiltig, för gammal eller redan använd.',
  );

  await page.goto('/login');
  await page.getByLabel('Användarnamn').fill(ADMIN.username);
  await page.getByLabel('Lösenord').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Logga in' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible({ timeout: 15_000 });
  // The profile: e-mail notification choices (writers' kind included for an admin) and the form.
  await page.goto('/profile');
  const prefs = page.getByRole('region', { name: 'E-post om notifikationer' });
  await expect(prefs.getByRole('checkbox', { name: 'Ny kommentar på min artikel' })).toBeVisible();
  const reply = prefs.getByRole('checkbox', { name: 'Svar på min kommentar' });
  await expect(reply).not.toBeChecked();
  await reply.check();
  await expect(prefs.getByRole('status')).toHaveText('Sparat.');
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'E-post om notifikationer' })
      .getByRole('checkbox', { name: 'Svar på min kommentar' }),
  ).toBeChecked();
  await expect(page.getByRole('region', { name: 'Morgonbrevet' }).getByRole('textbox')).toHaveValue(ADDRESS);
  await page.getByRole('region', { name: 'E-post om notifikationer' }).scrollIntoViewIfNeeded();
  await shoot(page, 'newsletter-profile');
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Morgonbrevet' }).click();
  await expect(page).toHaveURL(/\/admin\/newsletter$/);
  await expect(page.getByRole('heading', { name: 'Morgonbrevet', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: ADDRESS });
  await expect(row).toContainText('Bekräftad');
  await expect(page.getByText('Bekräftade prenumeranter')).toBeVisible();
  await shoot(page, 'newsletter-admin');

  await page.getByRole('button', { name: 'Skicka ett test till mig' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'testbrev' })).toHaveText(
    `Ett testbrev med dagens utskick är på väg till ${ADDRESS}.`,
  );
  const issue = await mailTo(ADDRESS, /^\[Test\] Morgonbrevet /);
  const unsubscribe = issue.headerLines.find((h) => h.key === 'list-unsubscribe')?.line.match(/<([^>]+)>/)?.[1];
  expect(unsubscribe).toMatch(/\/api\/unsubscribe\?token=/);
  expect(issue.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe(
    'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
  );
  await page.goto(String(unsubscribe));
  await expect(page).toHaveURL(/\/avprenumerera\?token=/);
  await expect(page.locator('.newsletter-page').getByRole('status')).toHaveText(
    'Du har avslutat prenumerationen på Morgonbrevet.',
  );

  await page.goto('/admin/newsletter');
  await expect(page.getByRole('heading', { name: 'Prenumeranter' })).toBeVisible();
  await expect(page.getByText('Laddar...')).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: ADDRESS })).toHaveCount(0);
});
