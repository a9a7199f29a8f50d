import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshPgDatabase, postArticle, type ServerProcess, startTwoNodes } from '../../../test/processes.js';

const pgUrl = inject('pgUrl');
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/**
 * Issue 45: counting on two nodes — two OS processes started from the real entry point (main.ts) on
 * one PostgreSQL. Each counts in its own memory and writes its own counts (every 300 ms here): the
 * database holds every reading once, and flushing again adds nothing.
 */
describe.skipIf(!pgUrl)('analytics on two processes (PostgreSQL)', () => {
  const cleanup: (() => unknown)[] = [];
  const nodes: ServerProcess[] = [];
  let token: string;
  let article: { id: number; slug: string };

  beforeAll(async () => {
    const db = await freshPgDatabase(pgUrl as string);
    cleanup.push(() => db.drop());
    const env = {
      DATABASE_URL: db.url,
      APP_SECRET: 'analytics-cluster-test-secret-0123456789',
      ANALYTICS_FLUSH_MS: '300',
      ANALYTICS_FLOOD_PER_MINUTE: '10000',
    };
    // A first (it migrates and creates the admin), then B on the same database.
    const started = await startTwoNodes(env, nodes);
    const a = started.a;
    token = started.token;
    article = await postArticle(a.base, token, {
      title: 'Läst på två noder',
      content: '<p>Text.</p>',
      category: 'NYHETER',
    });
  }, 180_000);

  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.stop()));
    for (const c of cleanup.reverse()) await c();
  });

  const engaged = (base: string, seconds: number) =>
    fetch(`${base}/api/analytics/events`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER },
      body: JSON.stringify({ type: 'engaged', path: `/article/${article.slug}`, seconds }),
    });
  const engagedSeconds = async () => {
    const res = await fetch(
      `${nodes[0]?.base}/api/newsroom/analytics/timeseries?metric=engaged_seconds&bucket=day&articleId=${article.id}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as { value: number }[]).reduce((n, p) => n + p.value, 0);
  };

  it('each process writes what it counted, once: the sum of both, and no more after further flushes', async () => {
    const [a, b] = nodes as [ServerProcess, ServerProcess];
    const sent = [
      ...Array.from({ length: 15 }, () => engaged(a.base, 10)),
      ...Array.from({ length: 12 }, () => engaged(b.base, 5)),
    ];
    for (const res of await Promise.all(sent)) expect(res.status).toBe(204);
    const want = 15 * 10 + 12 * 5;
    await expect.poll(engagedSeconds, { timeout: 15_000, interval: 200 }).toBe(want);
    // several more flushes on both: nothing is written twice
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await engagedSeconds()).toBe(want);
    // and B's own reading of the same figures agrees (one database)
    const onB = await fetch(
      `${b.base}/api/newsroom/analytics/timeseries?metric=engaged_seconds&bucket=day&articleId=${article.id}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(((await onB.json()) as { value: number }[]).reduce((n, p) => n + p.value, 0)).toBe(want);
  });
});
