import type { Kysely, Migration } from 'kysely';
import { type Dialect, idColumn } from './util.js';

/**
 * Issue 43: the Digital Services Act for comments. Notices of illegal content (Art. 16) with the
 * moderator's decision; statements of reasons (Art. 17) for every removal or restriction of a
 * comment, each with its appeal (Art. 20). Legal records: no foreign keys to comments, which an
 * author may erase; the case numbers are what people quote.
 */
export const dsa = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await idColumn(db.schema.createTable('dsa_notices'), dialect)
      .addColumn('case_number', 'varchar(24)', (c) => c.notNull().unique())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('explanation', 'text', (c) => c.notNull())
      .addColumn('name', 'varchar(120)')
      .addColumn('email', 'varchar(254)')
      .addColumn('comment_id', 'integer')
      .addColumn('article_id', 'integer')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('status', 'varchar(10)', (c) => c.notNull())
      .addColumn('action', 'varchar(12)')
      .addColumn('ground', 'varchar(10)')
      .addColumn('decision_text', 'text')
      .addColumn('decided_at', 'varchar(32)')
      .addColumn('decide_seconds', 'integer')
      .addColumn('decided_by', 'integer')
      .addColumn('decided_by_name', 'varchar(200)')
      .addColumn('statement_id', 'integer')
      .execute();
    await db.schema.createIndex('dsa_notices_status_idx').on('dsa_notices').columns(['status', 'id']).execute();
    await db.schema.createIndex('dsa_notices_created_idx').on('dsa_notices').column('created_at').execute();
    await db.schema.createIndex('dsa_notices_decided_idx').on('dsa_notices').column('decided_at').execute();
    await db.schema.createIndex('dsa_notices_comment_idx').on('dsa_notices').columns(['comment_id', 'id']).execute();

    await idColumn(db.schema.createTable('dsa_statements'), dialect)
      .addColumn('case_number', 'varchar(24)', (c) => c.notNull().unique())
      .addColumn('comment_id', 'integer', (c) => c.notNull())
      .addColumn('notice_id', 'integer')
      .addColumn('action', 'varchar(10)', (c) => c.notNull())
      .addColumn('ground', 'varchar(10)', (c) => c.notNull())
      .addColumn('facts', 'text', (c) => c.notNull())
      .addColumn('automated', 'integer', (c) => c.notNull())
      .addColumn('comment_excerpt', 'text', (c) => c.notNull())
      .addColumn('recipient_user_id', 'integer')
      .addColumn('recipient_email', 'varchar(254)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('appeal_until', 'varchar(32)', (c) => c.notNull())
      .addColumn('decided_by', 'integer')
      .addColumn('decided_by_name', 'varchar(200)')
      .addColumn('appeal_text', 'text')
      .addColumn('appealed_at', 'varchar(32)')
      .addColumn('appeal_status', 'varchar(10)')
      .addColumn('appeal_outcome', 'varchar(10)')
      .addColumn('appeal_outcome_text', 'text')
      .addColumn('appeal_decided_at', 'varchar(32)')
      .addColumn('appeal_decided_by', 'integer')
      .addColumn('appeal_decided_by_name', 'varchar(200)')
      .execute();
    await db.schema
      .createIndex('dsa_statements_comment_idx')
      .on('dsa_statements')
      .columns(['comment_id', 'id'])
      .execute();
    await db.schema
      .createIndex('dsa_statements_appeal_idx')
      .on('dsa_statements')
      .columns(['appeal_status', 'id'])
      .execute();
    await db.schema.createIndex('dsa_statements_created_idx').on('dsa_statements').column('created_at').execute();
    await db.schema.createIndex('dsa_statements_appealed_idx').on('dsa_statements').column('appealed_at').execute();
    await db.schema
      .createIndex('dsa_statements_recipient_idx')
      .on('dsa_statements')
      .column('recipient_user_id')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('dsa_statements').execute();
    await db.schema.dropTable('dsa_notices').execute();
  },
});
