import { describe, expect, it } from 'vitest';
import { databaseBefore, dialects } from '../../../test/helpers.js';

/**
 * Issue 46 (decision 051): migration 046 keys stored pages by page and build. A paper that already
 * has stored pages keeps them (SQLite rebuilds the table), and their build is registered as the
 * earliest, so the first deploy with this change already serves them while it re-renders.
 */
describe.each(dialects)('migration 046 on %s', (dialect) => {
  it('keeps the stored pages, registers their build, and allows a second row per page', async () => {
    const m = await databaseBefore(dialect, '046_previous_builds');
    const dbh = m.dbh;
    try {
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

      expect(await m.migrateRest()).toEqual(['046_previous_builds']);
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
      await m.close();
    }
  });
});
