import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDb } from './db/index.js';
import { ensureAdmin, seedDemo } from './seed/index.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const dbh = openDb(config.database);
  await dbh.withStartupLock(() => dbh.migrate());
  const app = await buildApp(config, { dbh });
  const seedOnly = process.env.VAGGEN_SEED_ONLY === '1';
  // Drawing the demo paper's pictures leaves ~100 MB of libvips' native memory with the process that
  // did it (issue 13: memory right after start). A first start therefore seeds in a short-lived child
  // process of this same program and serves from a process that never held it.
  if (config.seedDemo && !seedOnly && (await app.services.articles.count()) === 0) await seedInChildProcess();
  // Processes started together on an empty database: one creates the admin and the demo paper,
  // the others wait for the lock and then find them there (also what the child left).
  await dbh.withStartupLock(async () => {
    await ensureAdmin(app.services, config.admin, (line) => console.log(line));
    if (config.seedDemo) await seedDemo(app.services, (line) => app.log.info(line));
  });
  if (seedOnly) {
    await app.close();
    await dbh.close();
    return;
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing in-flight requests`);
    app.readiness.draining = true; // /readyz answers 503 from now on
    if (config.drainDelayMs > 0) await new Promise((r) => setTimeout(r, config.drainDelayMs));
    // From now on every response closes its connection: a keep-alive client (every browser) would
    // otherwise hold the close up until the force-exit below (idle ones the app's close closes). A
    // raw 'request' listener added only now costs nothing while serving (an onSend hook cost ~20 %
    // of req/s on cached API answers).
    app.server.on('request', (_req, res) => {
      if (!res.headersSent) res.setHeader('connection', 'close');
    });
    const force = setTimeout(() => {
      app.log.error('shutdown took over 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests
      await dbh.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Issue 46 (decision 051): the hot pages are in memory (preloaded when ready) and the request path
  // is warm before the first reader comes.
  await app.ready();
  const warm = await app.warmUp();
  if (warm.requests > 0) app.log.info(warm, 'warmed up on the hot pages');
  await app.listen({ port: config.port, host: config.host });
}

/** Runs this program with VAGGEN_SEED_ONLY=1 (seed, then exit); a failure leaves seeding to this process. */
async function seedInChildProcess(): Promise<void> {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    env: { ...process.env, VAGGEN_SEED_ONLY: '1' },
    stdio: 'inherit',
  });
  const code = await new Promise<number | null>((resolve) => {
    child.once('exit', resolve);
    child.once('error', () => resolve(null));
  });
  if (code !== 0) console.error(`seeding in a child process failed (exit ${code}); seeding here instead`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  if (err instanceof Error && err.cause) console.error(err.cause);
  process.exit(1);
});
