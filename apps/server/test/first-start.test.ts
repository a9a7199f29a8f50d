import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, type ServerProcess, startServer, waitUntilUp } from './processes.js';

/** Node processes whose parent is `pid` (Linux /proc); tsx's esbuild service is not one. */
function nodeChildrenOf(pid: number): number[] {
  const kids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid …": comm may hold spaces, so read after the last ')'.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid && /main\.(ts|js)/.test(fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8')))
        kids.push(Number(entry));
    } catch {}
  }
  return kids;
}

/**
 * Issue 13 (memory right after start): the first start draws the demo paper's pictures in a
 * short-lived child process, so the serving process never holds libvips' memory — and it is one
 * process once it listens.
 */
describe.skipIf(process.platform !== 'linux')('first start on an empty database', () => {
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it('seeds the demo paper in a child process that has exited when the server listens', async () => {
    server = startServer({ SEED_DEMO: 'true', LOG_LEVEL: 'info' }, await freePort());
    await waitUntilUp(`${server.base}/api/health`, server.output, 120_000);
    const pid = server.child.pid as number;
    expect(nodeChildrenOf(pid)).toEqual([]);

    const seededBy = /"pid":(\d+)[^\n]*seeded demo newspaper: (\d+) articles/.exec(server.output());
    expect(seededBy, server.output()).not.toBeNull();
    expect(Number(seededBy?.[1])).not.toBe(pid);
    const articles = (await (await fetch(`${server.base}/api/articles?limit=50`)).json()) as { title: string }[];
    expect(articles.length).toBe(Math.min(50, Number(seededBy?.[2])));
    expect(articles.length).toBeGreaterThan(20);
    const admin = await fetch(`${server.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'process-admin-losen' }),
    });
    expect(admin.status).toBe(200);
  }, 150_000);
});
