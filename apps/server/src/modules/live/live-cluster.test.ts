import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  freePort,
  freshPgDatabase,
  postArticle,
  reachable,
  redisServerInstalled,
  type ServerProcess,
  startRedis,
  startTwoNodes,
} from '../../../test/processes.js';
import { openSse, type SseClient } from '../../../test/sse.js';

const pgUrl = inject('pgUrl');

/**
 * Issue 44: two nodes — two OS processes started from the real entry point (main.ts) — on one
 * PostgreSQL and a Redis of the test's own (so that the test may kill and restart it without
 * touching the machine's shared Redis). An entry posted on A reaches a stream open on B within a
 * second (the cluster bus); while Redis is away B's readers get the entries posted on A from the
 * database, and when it is back nothing is lost or sent twice.
 */
describe.skipIf(!pgUrl || !redisServerInstalled)('live reports on two processes (PostgreSQL + Redis)', () => {
  const cleanup: (() => unknown)[] = [];
  const nodes: ServerProcess[] = [];
  let redis: ReturnType<typeof startRedis>;
  let redisPort: number;
  let token: string;
  let reportId: number;

  const redisUp = async () => {
    for (let i = 0; i < 50 && !(await reachable('127.0.0.1', redisPort)); i++)
      await new Promise((r) => setTimeout(r, 100));
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
    await redisUp();
    const db = await freshPgDatabase(pgUrl as string);
    cleanup.push(() => db.drop());
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL: redis.url,
      REDIS_PREFIX: `live-${Date.now()}:`,
      APP_SECRET: 'live-cluster-test-secret-0123456789',
      LIVE_CATCH_UP_SECONDS: '1',
    };
    // A first (it migrates and creates the admin), then B on the same database.
    const started = await startTwoNodes(env, nodes);
    const a = started.a;
    token = started.token;
    reportId = (
      await postArticle(a.base, token, {
        title: 'Valnatten',
        content: '<p>Följ valnatten.</p>',
        category: 'NYHETER',
        kind: 'live',
      })
    ).id;
  }, 180_000);

  afterAll(async () => {
    for (const n of nodes) await n.stop('SIGKILL');
    await redis?.stop();
    for (const c of cleanup.reverse()) await Promise.resolve(c()).catch(() => {});
  });

  it('an entry posted on A reaches a stream on B within a second, and survives a Redis restart', async () => {
    const [a, b] = nodes as [ServerProcess, ServerProcess];
    expect(a.child.pid).not.toBe(b.child.pid);
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
    await redisUp();
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
