import type { Kysely, Migration } from 'kysely';
import { type Dialect, idColumn } from './util.js';

/**
 * Issue 41: front pages (Förstasidan). One row per front that editors have saved (`hem` or a
 * category's lower-case name) with its pinned slots as JSON and a version for optimistic
 * concurrency; every saved version is kept (undo); scheduled changes wait until their time. No
 * foreign key to articles: a deleted article's slot is skipped when read (and dropped on delete).
 */
export const fronts = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('fronts')
      .addColumn('front', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('slots', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_by', 'integer') // a user's id; their name is read at display (gone with the account)
      .execute();
    await idColumn(db.schema.createTable('front_versions'), dialect)
      .addColumn('front', 'varchar(40)', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('slots', 'text', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('created_by', 'integer')
      .execute();
    // one row per front and version; also the history's order (newest first, paged by version)
    await db.schema
      .createIndex('front_versions_front_version_idx')
      .on('front_versions')
      .columns(['front', 'version'])
      .unique()
      .execute();
    await idColumn(db.schema.createTable('front_schedules'), dialect)
      .addColumn('front', 'varchar(40)', (c) => c.notNull())
      .addColumn('slots', 'text', (c) => c.notNull())
      .addColumn('apply_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('created_by', 'integer')
      .execute();
    // the job's query (due ones, oldest first) and the board's (a front's waiting ones)
    await db.schema
      .createIndex('front_schedules_apply_at_idx')
      .on('front_schedules')
      .columns(['apply_at', 'id'])
      .execute();
    await db.schema
      .createIndex('front_schedules_front_idx')
      .on('front_schedules')
      .columns(['front', 'apply_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('front_schedules').execute();
    await db.schema.dropTable('front_versions').execute();
    await db.schema.dropTable('fronts').execute();
  },
});
