import type { Kysely, Migration } from 'kysely';

/**
 * Issue 46 (decision 051, amended 2026-11-30): the pages readers were reading, as each process's
 * memory tier last saw them (its most recently served kept pages). A process that starts — a new
 * build above all — reads these pages from the store into memory before it answers its first
 * reader, so the paper's hot pages never wait for a store read in its first second.
 */
export const pageHotKeys = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('page_hot_keys')
      .addColumn('key', 'varchar(600)', (c) => c.primaryKey())
      // higher is hotter: the process's count of kept pages minus the page's place, most recent first
      .addColumn('score', 'integer', (c) => c.notNull())
      .addColumn('saved_at', 'double precision', (c) => c.notNull())
      .execute();
    // the preload's order; the save deletes by age with it too
    await db.schema.createIndex('page_hot_keys_saved_idx').on('page_hot_keys').columns(['saved_at', 'score']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('page_hot_keys').execute();
  },
});
