import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from './util.js';

/**
 * Issue 46 (decision 051): deploys that never cold-start the paper. A stored page is now kept per
 * page key *and build* (a new build's render no longer has to overwrite the row an older build's
 * process may still serve during a rolling deploy, nor the reverse), builds are registered in the
 * order they first started (`page_builds`), and the hashed client assets of the last few builds are
 * kept in the database that every node shares (`build_assets`), so an older page's scripts load
 * from any node. The pages already stored keep their rows; their build is registered as the oldest
 * known, so the first deploy with this change already serves them while it re-renders.
 */
export const previousBuilds = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    if (dialect === 'postgres') {
      await sql`ALTER TABLE page_store DROP CONSTRAINT page_store_pkey`.execute(db);
      await sql`ALTER TABLE page_store ADD PRIMARY KEY (key, build)`.execute(db);
    } else {
      // SQLite cannot change a primary key: the table is made anew and the rows moved over.
      await db.schema
        .createTable('page_store_new')
        .addColumn('key', 'varchar(600)', (c) => c.notNull())
        .addColumn('build', 'varchar(64)', (c) => c.notNull())
        .addColumn('rendered_at', 'double precision', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('headers', 'text', (c) => c.notNull())
        .addColumn('etag', 'varchar(100)', (c) => c.notNull())
        .addColumn('tags', 'text', (c) => c.notNull())
        .addColumn('body_br', 'blob', (c) => c.notNull())
        .addPrimaryKeyConstraint('page_store_pk', ['key', 'build'])
        .execute();
      await sql`INSERT INTO page_store_new (key, build, rendered_at, status, headers, etag, tags, body_br)
        SELECT key, build, rendered_at, status, headers, etag, tags, body_br FROM page_store`.execute(db);
      await db.schema.dropTable('page_store').execute();
      await sql`ALTER TABLE page_store_new RENAME TO page_store`.execute(db);
      await db.schema.createIndex('page_store_build_idx').on('page_store').column('build').execute();
    }
    await db.schema
      .createTable('page_builds')
      .addColumn('build', 'varchar(64)', (c) => c.primaryKey())
      // when a process of this build first started (ms since 1970): the builds' order
      .addColumn('registered_at', 'double precision', (c) => c.notNull())
      // the page tags' format its pages carry (PAGE_TAGS_FORMAT): pages of another format are not
      // served by this one, as its changes would not reach them
      .addColumn('tags_format', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .createIndex('page_builds_order_idx')
      .on('page_builds')
      .columns(['registered_at', 'build'])
      .execute();
    // The builds whose pages are stored already, oldest first by their oldest page.
    await sql`INSERT INTO page_builds (build, registered_at)
      SELECT build, min(rendered_at) FROM page_store GROUP BY build`.execute(db);
    await db.schema
      .createTable('build_assets')
      // the path under the client build, e.g. /assets/entry.client-Bx1y2z.js (its name has its hash)
      .addColumn('path', 'varchar(300)', (c) => c.primaryKey())
      .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
      .addColumn('body', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
      .addColumn('body_br', dialect === 'postgres' ? 'bytea' : 'blob')
      .addColumn('body_gz', dialect === 'postgres' ? 'bytea' : 'blob')
      // registered_at of the newest build that has it: kept while that build is among the kept ones
      .addColumn('build_at', 'double precision', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('build_assets_build_at_idx').on('build_assets').column('build_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('build_assets').execute();
    await db.schema.dropTable('page_builds').execute();
  },
});
