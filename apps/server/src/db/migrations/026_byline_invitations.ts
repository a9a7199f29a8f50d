import type { Kysely, Migration } from 'kysely';
import { type Dialect, idColumn } from './util.js';

/**
 * Issue 40 (finding 8): a writer who names another writer or an admin as co-author invites them;
 * the invitation waits here until they accept (their place in the byline, `position`, as the writer
 * ordered it) or decline. One per article and person; listed by invitee in id order.
 */
export const bylineInvitations = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await idColumn(db.schema.createTable('byline_invitations'), dialect)
      .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('byline_invitations_article_user_idx')
      .on('byline_invitations')
      .columns(['article_id', 'user_id'])
      .unique()
      .execute();
    await db.schema
      .createIndex('byline_invitations_user_idx')
      .on('byline_invitations')
      .columns(['user_id', 'id'])
      .execute();
    await db.schema
      .createIndex('byline_invitations_invited_by_idx')
      .on('byline_invitations')
      .column('invited_by')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('byline_invitations').execute();
  },
});
