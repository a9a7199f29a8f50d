import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort, freshPgDatabase, reachable, redisServerInstalled, startRedis } from '../../../test/processes.js';
import { openSse, type SseClient } from '../../../test/sse.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openDb } from '../../db/index.js';

const pgUrl = inject('pgUrl');

/**
 * Issue 44: two nodes on one PostgreSQL and Redis. An entry posted on A reaches a stream open on
 * B within a second (the cluster bus); while Redis is away B's readers get the entries posted on A
 * from the database, and when it is back nothing is lost or sent twice.
 */
describe.skipIf(!pgUrl || !redisServerInstalled)('live reports on two nodes (PostgreSQL + Redis)', () => {
  const cleanup: (() => unknown)[] = [];
  const nodes: { app: FastifyInstance; base: string }[] = [];
  let redis: ReturnType<typeof startRedis>;
  let redisPort: number;
  let token: string;
  let reportId: number;

  const startNode = async (dbUrl: string, prefix: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaggen-live-'));
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      SR_NEWS_URL: 'http://127.0.0.1:9/never',
      WEB_BUILD_DIR: '',
      DATABASE_URL: dbUrl,
      REDIS_URL: redis.url,
      REDIS_PREFIX: prefix,
      APP_SECRET: 'live-cluster-test-secret',
      LIVE_CATCH_UP_SECONDS: '1',
    });
    const app = await buildApp(config);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    const node = { app, base: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}` };
    nodes.push(node);
    return node;
  };
  const postOn = async (base: string, content: string) => {
    const res = await fetch(`${base}/api/articles/${reportId}/live-entries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ content }),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: number };
  };

  beforeAll(async () => {
    redisPort = await freePort();
    redis = startRedis(redisPort);
    for (let i = 0; i < 50 && !(await reachable('127.0.0.1', redisPort)); i++)
      await new Promise((r) => setTimeout(r, 100));
    const db = await freshPgDatabase(pgUrl as string);
    cleanup.push(() => db.drop());
    const dbh = openDb({ kind: 'postgres', url: db.url });
    await dbh.migrate();
    await dbh.close();
    const prefix = `live-${Date.now()}:`;
    const a = await startNode(db.url, prefix);
    await startNode(db.url, prefix);
    await a.app.services.users.create({ username: 'reporter', password: 'reporter-losen-123', account_type: 'writer' });
    const login = await fetch(`${a.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'reporter', password: 'reporter-losen-123' }),
    });
    token = ((await login.json()) as { access_token: string }).access_token;
    const created = await fetch(`${a.base}/api/articles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        title: 'Valnatten',
        content: '<p>Följ valnatten.</p>',
        category: 'NYHETER',
        kind: 'live',
      }),
    });
    reportId = ((await created.json()) as { id: number }).id;
  }, 60_000);

  afterAll(async () => {
    for (const n of nodes) await n.app.close();
    await redis?.stop();
    for (const c of cleanup.reverse()) await c();
  });

  it('an entry posted on A reaches a stream on B within a second, and survives a Redis restart', async () => {
    const [a, b] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    const stream: SseClient = await openSse(`${b.base}/api/articles/${reportId}/live-stream`);
    await new Promise((r) => setTimeout(r, 200));
    const started = Date.now();
    const first = await postOn(a.base, '<p>Vallokalerna har stängt.</p>');
    const [got] = await stream.waitFor(1, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(got).toMatchObject({ event: 'entry', id: '1' });
    expect(JSON.parse(got?.data as string).id).toBe(first.id);

    // Redis goes away: B hears nothing through the bus, but finds A's entries in the database
    await redis.stop();
    const during = [await postOn(a.base, '<p>Första prognosen.</p>'), await postOn(a.base, '<p>Andra prognosen.</p>')];
    const caughtUp = await stream.waitFor(3, 8000);
    expect(caughtUp.slice(1).map((e) => JSON.parse(e.data).id)).toEqual(during.map((e) => e.id));

    // Redis is back: live again through the bus, in order, nothing twice
    redis = startRedis(redisPort);
    for (let i = 0; i < 50 && !(await reachable('127.0.0.1', redisPort)); i++)
      await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 2500)); // both nodes reconnect (ioredis retries)
    const after = await postOn(a.base, '<p>Rösträkningen klar.</p>');
    const all = await stream.waitFor(4, 3000);
    expect(all.map((e) => e.id)).toEqual(['1', '2', '3', '4']);
    expect(JSON.parse(all[3]?.data as string).id).toBe(after.id);
    await new Promise((r) => setTimeout(r, 1500));
    expect(stream.events).toHaveLength(4);
    stream.close();
  }, 60_000);
});
