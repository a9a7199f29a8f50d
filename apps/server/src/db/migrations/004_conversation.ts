import type { Kysely, Migration } from 'kysely';
import { type Dialect, idColumn } from './util.js';

/** Comments, notifications and role requests. */
export const conversation = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await idColumn(db.schema.createTable('comments'), dialect)
      .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
      .addColumn('parent_id', 'integer', (c) => c.references('comments.id').onDelete('cascade'))
      .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('name', 'varchar(120)', (c) => c.notNull())
      .addColumn('email', 'varchar(254)')
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('comments_article_idx').on('comments').columns(['article_id', 'created_at']).execute();
    await db.schema.createIndex('comments_parent_idx').on('comments').column('parent_id').execute();

    await idColumn(db.schema.createTable('notifications'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('type', 'varchar(32)', (c) => c.notNull())
      .addColumn('title', 'varchar(300)', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('read', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('action_url', 'varchar(500)')
      .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('article_id', 'integer', (c) => c.references('articles.id').onDelete('cascade'))
      .addColumn('request_id', 'integer')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('notifications_user_idx')
      .on('notifications')
      .columns(['user_id', 'read', 'created_at'])
      .execute();
    await db.schema.createIndex('notifications_request_idx').on('notifications').column('request_id').execute();

    await idColumn(db.schema.createTable('role_requests'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
      .addColumn('reason', 'text')
      .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('decided_at', 'varchar(32)')
      .execute();
    await db.schema
      .createIndex('role_requests_user_idx')
      .on('role_requests')
      .columns(['user_id', 'kind', 'status'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const t of ['role_requests', 'notifications', 'comments']) await db.schema.dropTable(t).execute();
  },
});
