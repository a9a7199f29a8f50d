import { expect, test } from '@playwright/test';
import { startTestSmtp, type TestSmtp } from '../../server/test/smtp';
import { loginViaForm } from './fixtures/login';
import { E2E_SMTP_PORT } from './fixtures/smtp-port';

// Issue 41: an admin invites a writer by e-mail; the invited reader opens the mail's link, logs in,
// accepts, logs in again and reaches the newsroom. The mail goes to the SMTP server started here.

const SHOTS = process.env.E2E_OUTPUT_DIR ?? '../../test-results';
const run = Date.now().toString(36);
const PASSWORD = 'e2e-password-123';

let smtp: TestSmtp;
test.beforeAll(async () => {
  smtp = await startTestSmtp({ port: E2E_SMTP_PORT });
});
test.afterAll(async () => {
  await smtp?.close();
});

test('an admin invites a writer by e-mail; the link makes the reader a writer', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const username = `e2e_inbjuden_${run}`;
  const email = `inbjuden-${run}@example.se`;
  expect((await request.post('/api/register', { data: { username, password: PASSWORD } })).status()).toBe(201);

  const adminCtx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminCtx.newPage();
  await admin.goto('/login');
  await loginViaForm(admin, 'admin', 'admin-e2e-password', { landing: null, open: false });
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.goto('/admin/user-management');
  const panel = admin.getByRole('region', { name: 'Bjud in medarbetare' });
  await panel.getByLabel('E-postadress').fill(email);
  await panel.getByLabel('Roll').selectOption('writer');
  await panel.getByRole('button', { name: 'Skicka inbjudan' }).click();
  await expect(panel.getByRole('status')).toHaveText(`Inbjudan är skickad till ${email}.`);
  await expect(panel.getByRole('listitem').filter({ hasText: email })).toContainText('som skribent');
  await panel.screenshot({ path: `${SHOTS}/staff-invite-1280.png` });

  const [mail] = await smtp.waitFor(1, 15_000);
  expect(mail.subject).toBe('Du är inbjuden till Väggens redaktion');
  const link = /(http:\/\/127\.0\.0\.1:\d+\/bli-medarbetare\?token=[A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
  expect(link, mail.text).toBeTruthy();

  const readerCtx = await browser.newContext({ viewport: { width: 480, height: 900 } });
  const reader = await readerCtx.newPage();
  await reader.goto(link as string);
  await expect(reader.getByText('har bjudit in dig som skribent på Väggen.')).toBeVisible();
  await reader.getByRole('link', { name: 'Logga in' }).last().click();
  await loginViaForm(reader, username, PASSWORD, { landing: null, open: false });
  await expect(reader).toHaveURL(/\/bli-medarbetare\?token=/);
  await reader.screenshot({ path: `${SHOTS}/staff-accept-480.png`, fullPage: true });
  await reader.getByRole('button', { name: 'Tacka ja' }).click();
  await expect(reader.getByRole('status')).toHaveText('Välkommen! Du är nu skribent.');
  await reader.getByRole('link', { name: 'Logga in till redaktionen' }).click();
  await loginViaForm(reader, username, PASSWORD, { landing: null, open: false });
  await expect(reader).toHaveURL(/\/admin$/);
  await expect(reader.getByRole('heading', { name: 'Redaktionen', exact: true })).toBeVisible();
  await adminCtx.close();
  await readerCtx.close();
});
