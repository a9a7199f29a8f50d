import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort, freshPgDatabase, reachable, type ServerProcess, startServer, waitUntilUp } from './processes.js';

const pgUrl = inject('pgUrl');
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await (async () => {
  const u = new URL(REDIS_URL);
  return reachable(u.hostname, Number(u.port || 6379));
})();
const nginxBin = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
if (pgUrl && redisUp && !nginxBin) console.log('[two-nodes] no nginx: the nodes are tested without a load balancer');

/** Debian's nginx in front of the nodes, round robin, as docs/deploy.md shows. */
function startNginx(port: number, upstreams: number[]): { base: string; stop(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaggen-nginx-'));
  const conf = `
${process.getuid?.() === 0 ? 'user root;' : ''}
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 12m;
  upstream vaggen {
    ${upstreams.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n    ')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://vaggen;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const child: ChildProcess = spawn(nginxBin as string, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    stdio: 'ignore',
  });
  return {
    base: `http://127.0.0.1:${port}`,
    stop() {
      child.kill('SIGTERM');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const json = (body: unknown, token?: string) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
});

describe.skipIf(!pgUrl || !redisUp)('two nodes on PostgreSQL, Redis and S3 behind a load balancer', () => {
  const cleanup: (() => unknown)[] = [];
  let a: ServerProcess;
  let b: ServerProcess;
  let db: { url: string; drop(): Promise<void> };
  let lb: { base: string } | null = null;

  beforeAll(async () => {
    db = await freshPgDatabase(pgUrl as string);
    cleanup.push(() => db.drop());
    const s3dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaggen-s3-'));
    const s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: s3dir,
      configureBuckets: [{ name: 'media' }],
    });
    const { port: s3port } = await s3.run();
    cleanup.push(async () => {
      await s3.close();
      fs.rmSync(s3dir, { recursive: true, force: true });
    });
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL,
      REDIS_PREFIX: `two-nodes-${Date.now()}:`,
      TRUST_PROXY: 'true',
      COMMENTS_PER_MINUTE: '5',
      APP_SECRET: 'two-nodes-secret-0123456789',
      MEDIA_S3_BUCKET: 'media',
      MEDIA_S3_ENDPOINT: `http://127.0.0.1:${s3port}`,
      MEDIA_S3_ACCESS_KEY_ID: 'S3RVER',
      MEDIA_S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
    const [pa, pb] = [await freePort(), await freePort()];
    a = startServer(env, pa);
    b = startServer(env, pb);
    cleanup.push(
      () => a.stop('SIGKILL'),
      () => b.stop('SIGKILL'),
    );
    await Promise.all([waitUntilUp(`${a.base}/readyz`, a.output), waitUntilUp(`${b.base}/readyz`, b.output)]);
    if (nginxBin) {
      const n = startNginx(await freePort(), [pa, pb]);
      cleanup.push(() => n.stop());
      await waitUntilUp(`${n.base}/healthz`, () => 'nginx did not answer');
      lb = n;
    }
  }, 180_000);

  afterAll(async () => {
    for (const fn of cleanup.reverse()) await Promise.resolve(fn()).catch(() => {});
  });

  async function login(base: string): Promise<string> {
    const res = await fetch(`${base}/api/login`, json({ username: 'admin', password: 'process-admin-losen' }));
    expect(res.status).toBe(200);
    return ((await res.json()) as { access_token: string }).access_token;
  }

  it('a session from A works on B, an article published on A is at once on B (cached list included)', async () => {
    const token = await login(a.base);
    const me = await fetch(`${b.base}/api/debug-auth`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await me.json()) as { token_valid: boolean }).token_valid).toBe(true);
    // B caches its list, then A publishes.
    const before = (await (await fetch(`${b.base}/api/articles`)).json()) as unknown[];
    await fetch(`${b.base}/api/articles`);
    const created = await fetch(
      `${a.base}/api/articles`,
      json({ title: 'Publicerad på A', content: '<p>Syns på B.</p>', category: 'sport' }, token),
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    await expect
      .poll(async () => ((await (await fetch(`${b.base}/api/articles`)).json()) as { id: number }[]).map((x) => x.id), {
        timeout: 3000,
      })
      .toContain(id);
    expect(((await (await fetch(`${b.base}/api/articles`)).json()) as unknown[]).length).toBe(before.length + 1);
    const one = await fetch(`${b.base}/api/articles/${id}`);
    expect(one.status).toBe(200);
  });

  it('a comment posted on B appears on A; rate limits are shared between the nodes', async () => {
    const token = await login(a.base);
    const created = await fetch(
      `${a.base}/api/articles`,
      json({ title: 'Kommentarer på två noder', content: '<p>Text.</p>', category: 'nyheter' }, token),
    );
    const { id: articleId } = (await created.json()) as { id: number };
    const post = (base: string, i: number) =>
      fetch(`${base}/api/comments`, json({ articleId, name: 'Läsare', email: 'l@example.se', content: `Nummer ${i}` }));
    // issue 13: A holds the empty thread in its page cache; the comments posted on B evict it there too
    const thread = `${a.base}/api/comments?articleId=${articleId}`;
    await fetch(thread);
    expect((await fetch(thread)).headers.get('x-page-cache')).toBe('HIT');
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) statuses.push((await post(i % 2 ? b.base : a.base, i)).status);
    // COMMENTS_PER_MINUTE = 5 for the whole cluster: the sixth, on A, is refused.
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    // the change travels through Redis: A drops its cached thread once B's message arrives
    await expect.poll(async () => (await fetch(thread)).text(), { timeout: 3000 }).toContain('Nummer 5');
    const onA = await (await fetch(thread)).text();
    expect(onA).toContain('Nummer 1');
  });

  it('an image uploaded through A is served by B', async () => {
    const token = await login(a.base);
    const png = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#aa3366' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'bild.png');
    const up = await fetch(`${a.base}/api/upload/image`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(up.status).toBe(200);
    const { url } = (await up.json()) as { url: string };
    const res = await fetch(`${b.base}${url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(800);
  });

  it.skipIf(!nginxBin)(
    'through nginx: A killed in the middle of writes, B keeps serving and every answered write is stored',
    async () => {
      const base = (lb as { base: string }).base;
      const token = await login(base);
      const created = await fetch(
        `${base}/api/articles`,
        json({ title: 'Skrivet under fel', content: '<p>Text.</p>', category: 'ekonomi' }, token),
      );
      const { id: articleId } = (await created.json()) as { id: number };
      const answered: string[] = [];
      const failed: number[] = [];
      let killed = false;
      // Writes through the load balancer: articles by the admin (no per-minute limit on those).
      const writer = (async () => {
        for (let i = 0; i < 60; i++) {
          if (i === 15) {
            a.child.kill('SIGKILL');
            killed = true;
          }
          const title = `Under fel ${i}`;
          try {
            const res = await fetch(`${base}/api/articles/${articleId}`, {
              ...json({ title, content: `<p>Version ${i}</p>`, category: 'ekonomi' }, token),
              method: 'PUT',
            });
            if (res.ok) answered.push(`<p>Version ${i}</p>`);
            else failed.push(res.status);
            const n = await fetch(
              `${base}/api/articles`,
              json({ title: `Ny ${i}`, content: `<p>Ny artikel ${i}</p>`, category: 'ekonomi' }, token),
            );
            if (n.ok) answered.push(`<p>Ny artikel ${i}</p>`);
            else failed.push(n.status);
          } catch {
            failed.push(0);
          }
        }
      })();
      await writer;
      expect(killed).toBe(true);
      // B carried on: the last writes were answered.
      expect(answered).toContain('<p>Ny artikel 59</p>');
      expect(answered.length).toBeGreaterThan(100);
      // Every answered write is in the database.
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      try {
        const { rows } = await c.query('SELECT content FROM articles');
        const stored = new Set(rows.map((r: { content: string }) => r.content));
        const lastUpdate = answered.filter((x) => x.startsWith('<p>Version')).at(-1);
        for (const w of answered.filter((x) => x.startsWith('<p>Ny artikel'))) expect(stored.has(w), w).toBe(true);
        expect(stored.has(lastUpdate as string)).toBe(true);
      } finally {
        await c.end();
      }
      const after = await fetch(`${base}/api/articles/${articleId}`);
      expect(after.status).toBe(200);
    },
    120_000,
  );
});
