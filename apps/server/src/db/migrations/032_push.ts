import type { Kysely, Migration } from 'kysely';
import { type Dialect, idColumn } from './util.js';

/**
 * Issue 44: breaking-news push. Readers' push subscriptions (anonymous: an endpoint and its keys),
 * and the newsroom's sends, delivered by the `push-send` job in batches (`cursor`: the last
 * subscription reached, so a send interrupted by a restart continues where it stopped).
 */
export const push = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await idColumn(db.schema.createTable('push_subscriptions'), dialect)
      .addColumn('endpoint', 'varchar(1000)', (c) => c.notNull().unique())
      .addColumn('p256dh', 'varchar(200)', (c) => c.notNull())
      .addColumn('auth', 'varchar(100)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await idColumn(db.schema.createTable('push_sends'), dialect)
      .addColumn('article_id', 'integer', (c) => c.references('articles.id').onDelete('set null'))
      .addColumn('entry_id', 'integer')
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('body', 'varchar(400)', (c) => c.notNull())
      .addColumn('url', 'varchar(1000)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('cursor', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('done_at', 'varchar(32)')
      .addColumn('sent', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('gone', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('push_sends_due_idx').on('push_sends').columns(['done_at', 'id']).execute();
    await db.schema.createIndex('push_sends_created_idx').on('push_sends').column('created_at').execute();
    await db.schema.createIndex('push_sends_article_idx').on('push_sends').column('article_id').execute();
    await db.schema.createIndex('push_sends_created_by_idx').on('push_sends').column('created_by').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('push_sends').execute();
    await db.schema.dropTable('push_subscriptions').execute();
  },
});
