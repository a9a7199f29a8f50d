import type { Kysely, Migration } from 'kysely';
import { type Dialect, idColumn } from './util.js';

/**
 * Issue 41: admins invite staff by e-mail with a preset role. The link's token is kept only as its
 * hash; an invitation is used once, or expires.
 */
export const staffInvitations = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await idColumn(db.schema.createTable('staff_invitations'), dialect)
      .addColumn('email', 'varchar(254)', (c) => c.notNull())
      .addColumn('role', 'varchar(10)', (c) => c.notNull())
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('invited_by_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('accepted_at', 'varchar(32)')
      .addColumn('accepted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema
      .createIndex('staff_invitations_open_idx')
      .on('staff_invitations')
      .columns(['accepted_at', 'expires_at', 'id'])
      .execute();
    await db.schema.createIndex('staff_invitations_email_idx').on('staff_invitations').column('email').execute();
    await db.schema
      .createIndex('staff_invitations_by_idx')
      .on('staff_invitations')
      .columns(['invited_by', 'created_at'])
      .execute();
    await db.schema
      .createIndex('staff_invitations_accepted_by_idx')
      .on('staff_invitations')
      .column('accepted_by')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('staff_invitations').execute();
  },
});
