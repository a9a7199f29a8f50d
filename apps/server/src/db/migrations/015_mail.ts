import { type Kysely, type Migration, sql } from 'kysely';
import { type Dialect, idColumn } from './util.js';

/**
 * E-mail (issue 21, decision 026).
 *
 * - `mail_outbox` (module mail): every outgoing mail is a row first; the sender job delivers due
 *   rows (`status = 'queued' AND next_attempt_at <= now`), claiming each with a conditional UPDATE
 *   that moves `next_attempt_at` forward (a lease), so one row is sent by one process only.
 * - `mail_settings` (module mail): one row; whether new accounts must confirm their e-mail.
 * - `account_tokens` (module auth): single-use password-reset and e-mail-verification tokens, stored
 *   only as the SHA-256 of the token.
 * - `users.email_verified` (module users): 1 for every existing account, so nothing changes for them.
 */
export const mail = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await idColumn(db.schema.createTable('mail_outbox'), dialect)
      .addColumn('to_address', 'varchar(320)', (c) => c.notNull())
      .addColumn('subject', 'varchar(300)', (c) => c.notNull())
      .addColumn('html', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      /** JSON object of extra headers (List-Unsubscribe …). */
      .addColumn('headers', 'text', (c) => c.notNull().defaultTo('{}'))
      /** What the mail is, e.g. 'password-reset', 'newsletter' (logs, admin counts). */
      .addColumn('kind', 'varchar(40)', (c) => c.notNull())
      /** 'queued' | 'sent' | 'failed'. */
      .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('queued'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('sent_at', 'varchar(32)')
      .execute();
    // The sender: due queued rows, oldest first (partial: sent and failed rows cost it nothing).
    await sql`CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at, id) WHERE status = 'queued'`.execute(
      db,
    );
    // The admin status: counts per status, the last send.
    await db.schema.createIndex('mail_outbox_status_idx').on('mail_outbox').columns(['status', 'sent_at']).execute();

    await db.schema
      .createTable('mail_settings')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('require_email_verification', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'varchar(32)')
      .addColumn('updated_by', 'integer')
      .execute();
    await sql`INSERT INTO mail_settings (id, require_email_verification) VALUES (1, 0)`.execute(db);

    await idColumn(db.schema.createTable('account_tokens'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      /** 'password-reset' | 'verify-email'. */
      .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
      /** SHA-256 (hex) of the token sent by mail; the token itself is never stored. */
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
      /** For 'verify-email': the address the token confirms (a later change makes it useless). */
      .addColumn('email', 'varchar(320)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('used_at', 'varchar(32)')
      .execute();
    await db.schema
      .createIndex('account_tokens_hash_idx')
      .on('account_tokens')
      .columns(['token_hash'])
      .unique()
      .execute();
    // Per-account limits (tokens made in the last hour) and invalidating a user's open tokens.
    await db.schema
      .createIndex('account_tokens_user_idx')
      .on('account_tokens')
      .columns(['user_id', 'purpose', 'created_at'])
      .execute();
    await db.schema.createIndex('account_tokens_expires_idx').on('account_tokens').columns(['expires_at']).execute();

    await db.schema
      .alterTable('users')
      .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('users').dropColumn('email_verified').execute();
    await db.schema.dropTable('account_tokens').execute();
    await db.schema.dropTable('mail_settings').execute();
    await db.schema.dropTable('mail_outbox').execute();
  },
});
