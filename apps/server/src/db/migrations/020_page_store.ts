import type { Kysely, Migration } from 'kysely';
import type { Dialect } from './util.js';

/**
 * Issue 13 (decision 040): pages rendered ahead, shared by every process and kept over restarts.
 * `page_store` holds one anonymous page per cache key, brotli-compressed, with the build that made
 * it, when its render began and the tags of what it shows. `page_tag_changes` records when each tag
 * was last evicted or staled; a stored page is good while none of its tags changed after its render
 * began (no sweep over the pages on a change: a publish stales the sidebar of every page).
 */
export const pageStore = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('page_store')
      .addColumn('key', 'varchar(600)', (c) => c.primaryKey())
      .addColumn('build', 'varchar(64)', (c) => c.notNull())
      .addColumn('rendered_at', 'double precision', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('headers', 'text', (c) => c.notNull())
      .addColumn('etag', 'varchar(100)', (c) => c.notNull())
      .addColumn('tags', 'text', (c) => c.notNull())
      .addColumn('body_br', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
      .execute();
    // The backfill removes an earlier deploy's pages: found by build, not by a scan of the bodies.
    await db.schema.createIndex('page_store_build_idx').on('page_store').column('build').execute();
    await db.schema
      .createTable('page_tag_changes')
      .addColumn('tag', 'varchar(300)', (c) => c.primaryKey())
      .addColumn('evicted_at', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('staled_at', 'double precision', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('page_tag_changes').execute();
    await db.schema.dropTable('page_store').execute();
  },
});
