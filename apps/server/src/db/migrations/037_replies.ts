import type { Kysely, Migration } from 'kysely';
import { type Dialect, idColumn } from './util.js';

/**
 * Issue 43: requests for a right of reply (genmäle) as cases. The requester's name and address are
 * kept with the case (the paper answers to them); the case is listed by status, and a published
 * reply is found from its article both ways (by article, and by the reply's own article).
 */
export const replies = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await idColumn(db.schema.createTable('reply_requests'), dialect)
      .addColumn('case_number', 'varchar(24)', (c) => c.notNull().unique())
      .addColumn('article_id', 'integer', (c) => c.references('articles.id').onDelete('set null'))
      .addColumn('article_title', 'text', (c) => c.notNull())
      .addColumn('name', 'varchar(120)', (c) => c.notNull())
      .addColumn('email', 'varchar(254)', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('status', 'varchar(10)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('decision_text', 'text')
      .addColumn('decided_at', 'varchar(32)')
      .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('decided_by_name', 'varchar(200)')
      .addColumn('reply_article_id', 'integer', (c) => c.references('articles.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex('reply_requests_status_idx').on('reply_requests').columns(['status', 'id']).execute();
    await db.schema
      .createIndex('reply_requests_article_idx')
      .on('reply_requests')
      .columns(['article_id', 'status'])
      .execute();
    await db.schema.createIndex('reply_requests_reply_idx').on('reply_requests').column('reply_article_id').execute();
    await db.schema.createIndex('reply_requests_decided_by_idx').on('reply_requests').column('decided_by').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('reply_requests').execute();
  },
});
