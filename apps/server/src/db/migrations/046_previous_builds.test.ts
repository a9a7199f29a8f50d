import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { dialects } from '../../../test/helpers.js';
import { openDb } from '../index.js';
import { migrations } from './index.js';

/**
 * Issue 46 (decision 051): migration 046 keys stored pages by page and build. A paper that already
 * has stored pages keeps them (SQLite rebuilds the table), and their build is registered as the
 * earliest, so the first deploy with this change already serves them while it re-renders.
 */
describe.each(dialects)('migration 046 on %s', (dialect) => {
  it('keeps the stored pages, registers their build, and allows a second row per page', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaggen-m046-'));
    let database: Parameters<typeof openDb>[0] = { kind: 'sqlite', file: path.join(dir, 'db.sqlite') };
    if (dialect === 'postgres') {
      const url = inject('pgUrl') as string;
      const schema = `m_${randomBytes(6).toString('hex')}`;
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`CREATE SCHEMA ${schema}`);
      await c.end();
      database = { kind: 'postgres', url, schema };
    }
    const dbh = openDb(database);
    try {
      const all = migrations(dbh.dialect);
      const before = Object.fromEntries(Object.entries(all).filter(([name]) => name !== '046_previous_builds'));
      const migrate = (m: typeof all) =>
        new Migrator({
          db: dbh.db,
          provider: { getMigrations: async () => m },
          allowUnorderedMigrations: true,
          ...(database.kind === 'postgres' ? { migrationTableSchema: database.schema } : {}),
        }).migrateToLatest();
      expect((await migrate(before)).error).toBeUndefined();
      const row = (key: string, at: number) => ({
        key,
        build: 'release-1',
        rendered_at: at,
        status: 200,
        headers: '{}',
        etag: `"${key}"`,
        tags: '["article:1"]',
        body_br: Buffer.from(key),
      });
      await dbh.db
        .insertInto('page_store')
        .values([row('/article/a', 5000), row('/article/b', 4000)])
        .execute();

      const result = await migrate(all);
      expect(result.error).toBeUndefined();
      expect(result.results?.map((r) => r.migrationName)).toEqual(['046_previous_builds']);
      const kept = await dbh.db.selectFrom('page_store').select(['key', 'build', 'body_br']).orderBy('key').execute();
      expect(kept.map((r) => [r.key, r.build, Buffer.from(r.body_br).toString()])).toEqual([
        ['/article/a', 'release-1', '/article/a'],
        ['/article/b', 'release-1', '/article/b'],
      ]);
      const builds = await dbh.db.selectFrom('page_builds').selectAll().execute();
      expect(builds.map((b) => [b.build, Number(b.registered_at), Number(b.tags_format)])).toEqual([
        ['release-1', 4000, 1],
      ]);
      // another build's row of the same page
      await dbh.db
        .insertInto('page_store')
        .values({ ...row('/article/a', 6000), build: 'release-2' })
        .execute();
      const a = await dbh.db.selectFrom('page_store').select('build').where('key', '=', '/article/a').execute();
      expect(a.map((r) => r.build).sort()).toEqual(['release-1', 'release-2']);
    } finally {
      await dbh.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
