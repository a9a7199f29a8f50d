// What the moderation checks cost a comment post (issue 16: "the checks add ≤ 1 ms to posting").
// One in-process app on a scratch SQLite database (or PostgreSQL: BENCH_DATABASE_URL = a server URL
// where a scratch database may be created). Posts the same kind of comments through the real HTTP
// layer (app.inject) with the checks off (mode publish, no lists, no link limit, no repeat check) and
// on (1 000 banned + 1 000 suspect entries, half of them word beginnings, a link limit, the repeat
// check), alternating rounds so that machine load hits both alike, and prints the median and p99
// of a post in each, and the difference.
//   node --import tsx scripts/bench-moderation.ts      (BENCH_POSTS, default 400 per side)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ModerationSettingsInput } from '@vaggen/contract';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDb } from '../apps/server/src/db/index.js';
import { freshPgDatabase } from '../apps/server/test/processes.js';

const POSTS = Number(process.env.BENCH_POSTS ?? 400);
const ROUNDS = 8;
const PG_SERVER = process.env.BENCH_DATABASE_URL;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaggen-bench-mod-'));
const scratch = PG_SERVER ? await freshPgDatabase(PG_SERVER) : null;
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dir,
  LOG_LEVEL: 'silent',
  WEB_BUILD_DIR: '',
  SEED_DEMO: 'false',
  COMMENTS_PER_MINUTE: '1000000',
  SR_NEWS_URL: 'http://127.0.0.1:9/never',
  ...(scratch ? { DATABASE_URL: scratch.url } : {}),
});
const dbh = openDb(config.database);
await dbh.migrate();
const app = await buildApp(config, { dbh });
await app.ready();
await app.jobs.settled();

try {
  const adminId = await app.services.users.create({
    username: 'bench-admin',
    password: 'bench-admin-losen',
    account_type: 'admin',
    full_name: 'Bench Admin',
  });
  const admin = await app.services.users.getById(adminId);
  if (!admin) throw new Error('no admin');
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'bench-admin', password: 'bench-admin-losen' },
  });
  const headers = { authorization: `Bearer ${login.json().access_token}` };
  const created = await app.inject({
    method: 'POST',
    url: '/api/articles',
    headers,
    payload: { title: 'Mätning av kommentarskontroller', content: '<p>Text.</p>', category: 'NYHETER' },
  });
  const articleId = created.json().id as number;

  const off: ModerationSettingsInput = {
    mode: 'publish',
    link_limit: null,
    hold_repeated: false,
    auto_close_days: null,
    report_threshold: 3,
    queue_alert_threshold: null,
    banned_words: [],
    suspect_words: [],
  };
  const words = (prefix: string) =>
    Array.from({ length: 1000 }, (_, i) => ({ word: `${prefix}ord${i.toString(36)}å`, word_beginning: i % 2 === 0 }));
  const on: ModerationSettingsInput = {
    ...off,
    link_limit: 2,
    hold_repeated: true,
    banned_words: words('förbjud'),
    suspect_words: words('misstänkt'),
  };

  // a realistic comment: ~600 characters of Swedish with one link, different every time
  const body = (n: number) =>
    `Jag läste artikeln om bostadsmarknaden i Göteborg och undrar över siffrorna (${n}). ` +
    'Det står att priserna har stigit med tolv procent, men enligt https://example.se/statistik var det ' +
    'närmare åtta. Kan ni förklara skillnaden? Jag tycker också att artikeln borde ha nämnt räntorna, ' +
    'som ju påverkar hur mycket folk vågar låna. Annars en bra genomgång, tack för den! '.repeat(2);

  let n = 0;
  const cpu = { off: 0, on: 0 };
  async function round(settings: ModerationSettingsInput, count: number, side?: 'off' | 'on'): Promise<number[]> {
    await app.services.moderation.saveSettings(settings, admin as never);
    await app.services.moderation.current(); // the word lists compile once per settings version
    const times: number[] = [];
    const c0 = process.cpuUsage();
    for (let i = 0; i < count; i++) {
      n++;
      const t0 = process.hrtime.bigint();
      const res = await app.inject({
        method: 'POST',
        url: '/api/comments',
        remoteAddress: `10.9.${(n >> 8) & 255}.${n & 255}`,
        payload: { articleId, name: `Läsare ${n}`, email: `lasare${n}@example.se`, content: body(n) },
      });
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      if (res.statusCode !== 201) throw new Error(`post ${n}: ${res.statusCode} ${res.body}`);
    }
    const c = process.cpuUsage(c0);
    if (side) cpu[side] += (c.user + c.system) / 1000;
    return times;
  }

  await round(off, 50); // warm-up: compile statements, JIT
  await round(on, 50);
  const times = { off: [] as number[], on: [] as number[] };
  for (let r = 0; r < ROUNDS; r++) {
    times.off.push(...(await round(off, POSTS / ROUNDS, 'off')));
    times.on.push(...(await round(on, POSTS / ROUNDS, 'on')));
  }
  const q = (xs: number[], p: number) =>
    [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
  const line = (name: string, xs: number[]) =>
    `${name.padEnd(12)} median ${q(xs, 0.5).toFixed(2)} ms   p90 ${q(xs, 0.9).toFixed(2)} ms   p99 ${q(xs, 0.99).toFixed(2)} ms`;
  console.log(`${dbh.dialect}, ${POSTS} posts per side, ${os.loadavg()[0].toFixed(1)} load`);
  console.log(line('checks off', times.off));
  console.log(line('checks on', times.on));
  console.log(`the checks add: median ${(q(times.on, 0.5) - q(times.off, 0.5)).toFixed(2)} ms per post (wall)`);
  // CPU time of this process per post: what the checks cost, whatever the machine's other load
  const perPost = (ms: number) => ms / POSTS;
  console.log(
    `process CPU per post: off ${perPost(cpu.off).toFixed(2)} ms, on ${perPost(cpu.on).toFixed(2)} ms, ` +
      `the checks add ${(perPost(cpu.on) - perPost(cpu.off)).toFixed(2)} ms`,
  );
} finally {
  await app.close();
  await dbh.close();
  await scratch?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
}
