import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort, freshPgDatabase, type ServerProcess, startServer, waitUntilUp } from './processes.js';

/**
 * Issue 39 (decision 046): an after-commit effect is recorded in the same transaction as the write
 * (the outbox), so a process that dies between the commit and the effect does not lose it: the next
 * process's `event-outbox` job carries it out. Here the effect is moderation's queue following an
 * article to its new category (`ArticleChanged` → "moderation: queue items follow"): the real server
 * process kills itself right after the commit (CRASH_AFTER_COMMIT, honoured in NODE_ENV=test only),
 * and after a restart the held comment is found under the new category.
 */
const pgUrl = inject('pgUrl');
const targets: ('sqlite' | 'postgres')[] = pgUrl ? ['sqlite', 'postgres'] : ['sqlite'];

describe.each(targets)('an after-commit effect survives a crash between commit and effect on %s', (dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaggen-outbox-'));
  let dropPg: (() => Promise<void>) | undefined;
  const running: ServerProcess[] = [];
  afterAll(async () => {
    for (const p of running) await p.stop('SIGKILL');
    await dropPg?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('the queue follows the article after the restart', { timeout: 180_000 }, async () => {
    let databaseUrl = `sqlite:${path.join(dataDir, 'vaggen.db')}`;
    if (dialect === 'postgres') {
      const fresh = await freshPgDatabase(pgUrl as string);
      dropPg = fresh.drop;
      databaseUrl = fresh.url;
    }
    const start = async (extra: Record<string, string> = {}) => {
      const port = await freePort();
      const p = startServer(
        { NODE_ENV: 'test', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, OUTBOX_CLAIM_SECONDS: '1', ...extra },
        port,
      );
      running.push(p);
      await waitUntilUp(`${p.base}/healthz`, p.output);
      const login = await fetch(`${p.base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'process-admin-losen' }),
      });
      const token = ((await login.json()) as { access_token: string }).access_token;
      const call = (method: string, url: string, body?: unknown) =>
        fetch(`${p.base}${url}`, {
          method,
          headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
      return { p, call };
    };
    const queued = async (call: (m: string, u: string) => Promise<Response>, category: string) => {
      const res = await call('GET', `/api/moderation/queue?tab=pending&category=${category}`);
      expect(res.status).toBe(200);
      return ((await res.json()) as { items: { comment: { content: string } }[] }).items.map((i) => i.comment.content);
    };

    // A published article whose comments are all held: one visitor comment waits in the queue.
    const a = await start();
    const created = await a.call('POST', '/api/articles', {
      title: 'Kommunen bygger om torget',
      content: '<p>Arbetet börjar i maj.</p>',
      category: 'POLITIK',
    });
    expect(created.status).toBe(201);
    const article = (await created.json()) as { id: number };
    expect((await a.call('PUT', `/api/moderation/articles/${article.id}`, { mode: 'all', closed: false })).status).toBe(
      200,
    );
    const posted = await fetch(`${a.p.base}/api/comments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ articleId: article.id, name: 'Kalle', email: 'kalle@example.org', content: 'Äntligen!' }),
    });
    expect(posted.status).toBe(201);
    expect(await queued(a.call, 'POLITIK')).toEqual(['Äntligen!']);
    await a.p.stop('SIGTERM');

    // The move to SPORT commits; the process dies before any after-commit effect runs.
    const b = await start({ CRASH_AFTER_COMMIT: 'ArticleChanged' });
    const moved = await b
      .call('PUT', `/api/articles/${article.id}`, {
        title: 'Kommunen bygger om torget',
        content: '<p>Arbetet börjar i maj.</p>',
        category: 'SPORT',
      })
      .catch((err: unknown) => err);
    expect(moved).toBeInstanceOf(Error); // no answer: the process was killed
    await b.p.exited;
    expect(b.p.child.signalCode).toBe('SIGKILL');

    // After the restart the outbox job carries the effect out.
    const c = await start();
    const deadline = Date.now() + 60_000;
    let sport: string[] = [];
    while (Date.now() < deadline) {
      sport = await queued(c.call, 'SPORT');
      if (sport.length) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(sport).toEqual(['Äntligen!']);
    expect(await queued(c.call, 'POLITIK')).toEqual([]);
    const read = await c.call('GET', `/api/articles/${article.id}`);
    expect(((await read.json()) as { category: string }).category).toBe('SPORT');
  });
});
