import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';

/**
 * Query plans of moderation's reads with MODERATION_PLANS comments (e.g. 1000000) in the database:
 * run by hand (`MODERATION_PLANS=1000000 npx vitest run …/plans.test.ts`), it prints each plan and
 * its time and fails when a read scans a table instead of an index. Skipped in the normal run.
 */
const N = Number(process.env.MODERATION_PLANS ?? 0);

describe.skipIf(!N).each(dialects)('moderation query plans with %s', (dialect) => {
  let t: TestApp;
  const ARTICLES = 1000;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const db = t.dbh.db;
    const now = new Date().toISOString();
    const pg = dialect === 'postgres';
    await sql`INSERT INTO users (username, username_lower, password_hash, account_type, created_at, updated_at)
              VALUES ('planskribent', 'planskribent', 'x', 'writer', ${now}, ${now})`.execute(db);
    const gen = (n: number) =>
      pg
        ? sql.raw(`SELECT g AS i FROM generate_series(1, ${n}) g`)
        : sql.raw(`WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${n}) SELECT i FROM s`);
    await sql`INSERT INTO articles (title, slug, content, excerpt, category, author_id, author_name, published_at, updated_at)
              SELECT 'Artikel ' || i, 'artikel-' || i, 'x', 'x', CASE WHEN i % 2 = 0 THEN 'SPORT' ELSE 'NYHETER' END,
                     1, 'Plan', ${now}, ${now} FROM (${gen(ARTICLES)}) q`.execute(db);
    // N comments: 1 in 10 held, 1 in 50 rejected, 1 in 100 reported (in moderation_items)
    await sql`INSERT INTO comments (article_id, parent_id, author_id, name, email, content, is_deleted, created_at, depth, status, listed, author_key)
              SELECT (i % ${ARTICLES}) + 1, NULL, NULL, 'Namn', 'n' || (i % 5000) || '@example.se', 'Text ' || i, 0, ${now}, 0,
                     CASE WHEN i % 10 = 0 THEN 'pending' WHEN i % 50 = 1 THEN 'rejected' ELSE 'visible' END,
                     CASE WHEN i % 10 = 0 OR i % 50 = 1 THEN 0 ELSE 1 END,
                     CASE WHEN i % 10 = 0 THEN 'k' || (i % 5000) ELSE NULL END
              FROM (${gen(N)}) q`.execute(db);
    await sql`INSERT INTO moderation_items (comment_id, article_id, article_owner_id, category, commenter, status, tab, reasons, open_reports, queued_at, updated_at)
              SELECT c.id, c.article_id, 1, CASE WHEN c.article_id % 2 = 0 THEN 'SPORT' ELSE 'NYHETER' END, 'e:' || c.email, c.status,
                     CASE WHEN c.status = 'pending' THEN 'pending' WHEN c.status = 'rejected' THEN 'rejected'
                          WHEN c.id % 100 = 7 THEN 'reported' ELSE NULL END,
                     '[]', 0, ${now}, ${now}
              FROM comments c WHERE c.status <> 'visible' OR c.id % 100 = 7`.execute(db);
    if (pg) await sql`ANALYZE`.execute(db);
    else await sql`ANALYZE`.execute(db);
  }, 1_800_000);
  afterAll(() => t?.close());

  const queries: [string, string][] = [
    [
      'queue: pending, oldest first',
      `SELECT * FROM moderation_items WHERE tab = 'pending' AND comment_id > 500000 ORDER BY comment_id LIMIT 21`,
    ],
    [
      'queue: pending, newest first',
      `SELECT * FROM moderation_items WHERE tab = 'pending' ORDER BY comment_id DESC LIMIT 21`,
    ],
    [
      'queue: by article',
      `SELECT * FROM moderation_items WHERE tab = 'pending' AND article_id = 77 ORDER BY comment_id LIMIT 21`,
    ],
    [
      'queue: by category',
      `SELECT * FROM moderation_items WHERE tab = 'rejected' AND category = 'SPORT' ORDER BY comment_id DESC LIMIT 21`,
    ],
    [
      "queue: a writer's own",
      `SELECT * FROM moderation_items WHERE tab = 'reported' AND article_owner_id = 1 ORDER BY comment_id LIMIT 21`,
    ],
    [
      'queue count (badge)',
      `SELECT count(*) FROM (SELECT comment_id FROM moderation_items WHERE tab = 'pending' LIMIT 10000) q`,
    ],
    [
      'readers: top-level page',
      `SELECT id FROM comments WHERE article_id = 77 AND parent_id IS NULL AND listed = 1 ORDER BY id LIMIT 11`,
    ],
    [
      'author: own held (browser key)',
      `SELECT id FROM comments WHERE author_key = 'k70' AND article_id = 71 AND status IN ('pending', 'hidden') AND parent_id IS NULL ORDER BY id LIMIT 50`,
    ],
    [
      'first-time: commenter history',
      `SELECT approved, published FROM moderation_commenters WHERE commenter = 'e:n7@example.se'`,
    ],
    [
      'bans of a commenter',
      `SELECT id FROM moderation_bans WHERE (user_id = 5 OR email = 'n7@example.se') AND lifted_at IS NULL LIMIT 50`,
    ],
    [
      'repeated text',
      `SELECT commenter, comment_id FROM moderation_fingerprints WHERE hash = 'abc' AND created_at > '2026-01-01' ORDER BY created_at DESC LIMIT 20`,
    ],
    [
      "auto-approve: commenter's held",
      `SELECT * FROM moderation_items WHERE commenter = 'e:n10@example.se' AND status = 'pending' ORDER BY comment_id LIMIT 100`,
    ],
  ];

  it('reads every queue and check through an index', async () => {
    const db = t.dbh.db;
    const pg = dialect === 'postgres';
    const report: string[] = [];
    const scans: string[] = [];
    for (const [name, q] of queries) {
      const plan = (await sql.raw(`${pg ? 'EXPLAIN' : 'EXPLAIN QUERY PLAN'} ${q}`).execute(db)).rows as Record<
        string,
        unknown
      >[];
      const text = plan.map((r) => (pg ? String(r['QUERY PLAN']) : String(r.detail))).join('\n    ');
      const t0 = performance.now();
      for (let i = 0; i < 20; i++) await sql.raw(q).execute(db);
      const ms = (performance.now() - t0) / 20;
      report.push(`${name} — ${ms.toFixed(2)} ms\n    ${text}`);
      const scan = pg ? /Seq Scan on (comments|moderation_items)/ : /SCAN (comments|moderation_items)(?! USING)/;
      // the bounded count may read the table in order when most of it is in the tab (it stops at 10 000)
      if (scan.test(text) && !name.startsWith('queue count')) scans.push(name);
    }
    process.stdout.write(`\n=== ${dialect}, ${N} comments ===\n${report.join('\n')}\n`);
    expect(scans).toEqual([]);
  }, 600_000);
});
