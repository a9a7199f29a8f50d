import type { Kysely, Migration } from 'kysely';
import { type Dialect, idColumn } from './util.js';

/**
 * Issue 44: live reports. An article's `kind` (`article` or `live`) and when its live report ended;
 * the report's entries; and each report's stream position (`live_streams.seq`), raised by every
 * change of an entry and stored on the entry it changed (`seq`), so a reader resuming after event
 * N reads exactly the entries changed since (`article_id, seq > N`).
 */
export const live = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('articles')
      .addColumn('kind', 'varchar(10)', (c) => c.notNull().defaultTo('article'))
      .execute();
    await db.schema.alterTable('articles').addColumn('live_ended_at', 'varchar(32)').execute();
    // the Google News sitemap lists the reports still live
    await db.schema.createIndex('articles_kind_idx').on('articles').columns(['kind', 'live_ended_at']).execute();
    await db.schema
      .createTable('live_streams')
      .addColumn('article_id', 'integer', (c) => c.primaryKey().references('articles.id').onDelete('cascade'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .execute();
    await idColumn(db.schema.createTable('live_entries'), dialect)
      .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('author_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('edited_at', 'varchar(32)')
      .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
      /** The stream event that created it, and the latest that changed it. */
      .addColumn('created_seq', 'integer', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .execute();
    // readers' pages (newest first, by id) and the pinned summary
    await db.schema
      .createIndex('live_entries_article_idx')
      .on('live_entries')
      .columns(['article_id', 'removed', 'id'])
      .execute();
    await db.schema
      .createIndex('live_entries_pinned_idx')
      .on('live_entries')
      .columns(['article_id', 'pinned', 'removed', 'id'])
      .execute();
    // a stream's catch-up
    await db.schema.createIndex('live_entries_seq_idx').on('live_entries').columns(['article_id', 'seq']).execute();
    await db.schema.createIndex('live_entries_author_idx').on('live_entries').column('author_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('live_entries').execute();
    await db.schema.dropTable('live_streams').execute();
    await db.schema.dropIndex('articles_kind_idx').execute();
    await db.schema.alterTable('articles').dropColumn('live_ended_at').execute();
    await db.schema.alterTable('articles').dropColumn('kind').execute();
  },
});
