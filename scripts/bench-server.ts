import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

/** The repository's root (scripts/ sits in it). */
export const root = path.resolve(import.meta.dirname, '..');

/**
 * The measured server, started as production runs it (`args`: node flags and entry point) on
 * 127.0.0.1:`port`, quiet, without the demo paper, the radio upstream or Redis; `env` adds to or
 * overrides that. Shared by `npm run bench`, its scale mode, the comment-thread bench and
 * `npm run lighthouse`.
 */
export function startMeasuredServer(
  args: string[],
  port: number,
  env: Record<string, string>,
  stdout: 'inherit' | 'ignore' = 'inherit',
): ChildProcess {
  return spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'bench-admin-password',
      SR_NEWS_URL: 'http://127.0.0.1:9/none',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', stdout, 'inherit'],
  });
}

/** Polls `url` until it answers 2xx, or throws after `ms`. */
export async function waitFor(url: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer at ${url}`);
}
