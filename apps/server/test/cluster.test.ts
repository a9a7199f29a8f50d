import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  freePort,
  freshPgDatabase,
  postArticle,
  reachable,
  redisServerInstalled,
  type ServerProcess,
  startRedis,
  startServer,
  waitUntilUp,
} from './processes.js';

const pgUrl = inject('pgUrl');

/** Real server processes on one PostgreSQL (and Redis): what `docs/deploy.md` describes. */
describe.skipIf(!pgUrl)('several processes on one PostgreSQL', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const fn of cleanup.reverse()) await fn().catch(() => {});
  });

  it('three processes started at once on an empty database all come up, with one admin and one demo paper', async () => {
    const db = await freshPgDatabase(pgUrl as string);
    cleanup.push(() => db.drop());
    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    const procs: ServerProcess[] = ports.map((port) =>
      startServer({ DATABASE_URL: db.url, SEED_DEMO: 'true', ADMIN_USERNAME: 'chefred' }, port),
    );
    for (const p of procs) cleanup.push(() => p.stop('SIGKILL'));
    await Promise.all(procs.map((p) => waitUntilUp(`${p.base}/readyz`, p.output, 120_000)));
    for (const p of procs) expect(p.child.exitCode, p.output()).toBeNull();

    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      const admins = await c.query(`SELECT username FROM users WHERE account_type = 'admin'`);
      expect(admins.rows).toEqual([{ username: 'chefred' }]);
      const articles = await c.query('SELECT count(*)::int AS n, count(DISTINCT slug)::int AS slugs FROM articles');
      expect(articles.rows[0]).toEqual({ n: 36, slugs: 36 });
    } finally {
      await c.end();
    }
    // Every process serves the same paper.
    const lists = await Promise.all(procs.map(async (p) => (await fetch(`${p.base}/api/articles`)).json()));
    expect(new Set(lists.map((l) => JSON.stringify(l))).size).toBe(1);
  }, 180_000);

  it.skipIf(!redisServerInstalled)(
    'keeps logins and comments working when Redis goes away, says so in /readyz, and resumes when it returns',
    async () => {
      const redisPort = await freePort();
      let redis = startRedis(redisPort);
      cleanup.push(() => redis.stop());
      for (let i = 0; i < 50 && !(await reachable('127.0.0.1', redisPort)); i++)
        await new Promise((r) => setTimeout(r, 100));
      const db = await freshPgDatabase(pgUrl as string);
      cleanup.push(() => db.drop());
      const node = startServer(
        { DATABASE_URL: db.url, REDIS_URL: redis.url, REDIS_PREFIX: `test-${Date.now()}:` },
        await freePort(),
      );
      cleanup.push(() => node.stop('SIGKILL'));
      await waitUntilUp(`${node.base}/readyz`, node.output, 120_000);
      const ready = await (await fetch(`${node.base}/readyz`)).json();
      expect(ready).toEqual({ ready: true, checks: { database: 'ok', redis: 'ok' } });

      const login = () =>
        fetch(`${node.base}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password: 'process-admin-losen' }),
        });
      const { access_token } = (await (await login()).json()) as { access_token: string };
      const article = await postArticle(node.base, access_token, {
        title: 'Avbrottet',
        content: '<p>Redis försvinner.</p>',
        category: 'sport',
      });
      const comment = (content: string) =>
        fetch(`${node.base}/api/comments`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ articleId: article.id, name: 'Läsare', email: 'lasare@example.se', content }),
        });
      expect((await login()).status).toBe(200);
      const before = await comment('Före avbrottet');
      expect(before.status, await before.clone().text()).toBe(201);

      await redis.stop();
      const started = Date.now();
      const loginDown = await login();
      expect(loginDown.status).toBe(200);
      const commentDown = await comment('Under avbrottet');
      expect(commentDown.status, await commentDown.clone().text()).toBe(201);
      expect(Date.now() - started).toBeLessThan(2000); // nothing waits for the missing Redis
      // A wrong password still counts (per process meanwhile) and answers 401, not 500.
      const bad = await fetch(`${node.base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'fel-losen-123' }),
      });
      expect(bad.status).toBe(401);
      const notReady = await fetch(`${node.base}/readyz`);
      expect(notReady.status).toBe(503);
      const body = (await notReady.json()) as { ready: boolean; checks: Record<string, string> };
      expect(body.ready).toBe(false);
      expect(body.checks.database).toBe('ok');
      expect(body.checks.redis).toMatch(/unreachable/);
      expect(node.output()).toContain('is unreachable; retrying in the background');
      expect(node.output().split('is unreachable; retrying').length - 1).toBe(1); // said once

      redis = startRedis(redisPort);
      await waitUntilUp(`${node.base}/readyz`, node.output, 30_000);
      // the log line may reach the pipe a moment after /readyz answers (seen on a loaded machine)
      await expect
        .poll(() => node.output(), { timeout: 10_000 })
        .toContain('is back: shared rate limits and cache invalidation resume');
      expect((await comment('Efter avbrottet')).status).toBe(201);
    },
    180_000,
  );

  it.skipIf(!redisServerInstalled)(
    'starts while Redis is unreachable, with a clear message, and becomes ready when it appears',
    async () => {
      const redisPort = await freePort();
      const db = await freshPgDatabase(pgUrl as string);
      cleanup.push(() => db.drop());
      const node = startServer(
        { DATABASE_URL: db.url, REDIS_URL: `redis://127.0.0.1:${redisPort}`, REDIS_PREFIX: `test-${Date.now()}:` },
        await freePort(),
      );
      cleanup.push(() => node.stop('SIGKILL'));
      await waitUntilUp(`${node.base}/healthz`, node.output, 120_000);
      expect((await fetch(`${node.base}/readyz`)).status).toBe(503);
      expect(node.output()).toContain('is unreachable; retrying in the background');
      const redis = startRedis(redisPort);
      cleanup.push(() => redis.stop());
      await waitUntilUp(`${node.base}/readyz`, node.output, 30_000);
    },
    180_000,
  );
});
