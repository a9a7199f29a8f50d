import { defineConfig, devices } from '@playwright/test';
import { E2E_DATA_DIR_NOTE } from './e2e/fixtures/server-db';
import { E2E_SMTP_PORT } from './e2e/fixtures/smtp-port';
import { E2E_STRIPE_PORT } from './e2e/fixtures/stripe-port';

const PORT = Number(process.env.E2E_PORT ?? 3199);

/** Browser journeys against the production build, on Debian's Chromium, with a fresh demo database. */
export default defineConfig({
  testDir: './e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? '../../test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // A loaded machine (CI shares its cores) makes a login redirect take more than the default 5 s.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    // A locator that finds nothing fails in a minute instead of waiting out the whole test.
    actionTimeout: 60_000,
    navigationTimeout: 60_000,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'bash ../../scripts/e2e-server.sh',
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    // Issue 21: mail goes to the SMTP server the password-reset journey starts on this port
    // (in other journeys nothing listens there: their few mails wait in the queue, harmlessly).
    env: {
      PORT: String(PORT),
      E2E_SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      // issue 42: Stripe's API is the local server the revenue journey starts
      E2E_STRIPE_URL: `http://127.0.0.1:${E2E_STRIPE_PORT}`,
      // issue 42: where the server's data directory is written down (e2e/fixtures/server-db.ts)
      E2E_DATA_DIR_NOTE: E2E_DATA_DIR_NOTE,
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
