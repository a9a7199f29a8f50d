import type { Kysely, Migration } from 'kysely';

/**
 * Issues 41–44: the paper's own settings (`GET`/`PUT /api/newsroom/settings`), one row per key
 * with its value as JSON, so a new setting needs no migration. A key not stored has its default
 * (NEWSROOM_SETTINGS_DEFAULTS in the contract).
 */
export const newsroomSettings = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('newsroom_settings')
      .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_by', 'integer')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('newsroom_settings').execute();
  },
});
