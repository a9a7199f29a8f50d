import type { Kysely, Migration } from 'kysely';
import { type Dialect, idColumn } from './util.js';

/**
 * Issue 43: corrections of published articles. A correction is amended, never removed: each
 * amendment keeps the text it replaced in `article_correction_versions`. Read by article (its page)
 * and newest first for everyone (`/rattelser`, its feed): both by index.
 */
export const corrections = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await idColumn(db.schema.createTable('article_corrections'), dialect)
      .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('what_was_wrong', 'text')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_by_name', 'varchar(200)')
      .addColumn('amended_at', 'varchar(32)')
      .execute();
    await db.schema
      .createIndex('article_corrections_article_idx')
      .on('article_corrections')
      .columns(['article_id', 'id'])
      .execute();
    await db.schema
      .createIndex('article_corrections_created_by_idx')
      .on('article_corrections')
      .column('created_by')
      .execute();
    await idColumn(db.schema.createTable('article_correction_versions'), dialect)
      .addColumn('correction_id', 'integer', (c) =>
        c.notNull().references('article_corrections.id').onDelete('cascade'),
      )
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('what_was_wrong', 'text')
      /** When this text was replaced, and by whom. */
      .addColumn('replaced_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('replaced_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('replaced_by_name', 'varchar(200)')
      .execute();
    await db.schema
      .createIndex('article_correction_versions_correction_idx')
      .on('article_correction_versions')
      .columns(['correction_id', 'id'])
      .execute();
    await db.schema
      .createIndex('article_correction_versions_replaced_by_idx')
      .on('article_correction_versions')
      .column('replaced_by')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('article_correction_versions').execute();
    await db.schema.dropTable('article_corrections').execute();
  },
});
