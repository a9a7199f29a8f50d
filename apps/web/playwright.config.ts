import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3199);
/**
 * Issue 21: the server sends mail to this SMTP address; specs that read mail (newsletter.spec.ts)
 * start a real SMTP server there (`smtp-server`). Nobody listening costs the others nothing: mail
 * waits in the queue and is retried.
 */
const SMTP_URL = process.env.E2E_SMTP_URL ?? `smtp://127.0.0.1:${PORT + 1}`;

/** Browser journeys against the production build, on Debian's Chromium, with a fresh demo database. */
export default defineConfig({
  testDir: './e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? '../../test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
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
    env: { PORT: String(PORT), SMTP_URL },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
