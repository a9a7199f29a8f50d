import type { Kysely, Migration } from 'kysely';
import { type Dialect, idColumn } from './util.js';

/**
 * Newsletter "Morgonbrevet" and notifications by e-mail (issue 21, decision 028).
 *
 * - `newsletter_subscribers` (module newsletter): one row per address, `pending` until the
 *   confirmation link is opened (double opt-in), then `confirmed`. The confirmation token is stored
 *   only as its SHA-256 and cleared when used. Unsubscribing deletes the row.
 * - `newsletter_issues` (module newsletter): one row per Swedish day (unique `day`): the row is
 *   written before any mail is queued, so only one process ever sends a day's issue; `last_id` is the
 *   last subscriber id queued (the send pages by id and resumes there).
 * - `notification_mail_prefs` (module notifications): the kinds a person wants by e-mail (opt-in).
 * - `notification_mail_queue` (module notifications): in-app notifications waiting to be mailed,
 *   one mail per person and kind per 15 minutes; rows are deleted when mailed.
 */
export const newsletter = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await idColumn(db.schema.createTable('newsletter_subscribers'), dialect)
      /** Lower-cased address. */
      .addColumn('email', 'varchar(320)', (c) => c.notNull())
      /** The account that subscribed, when signed in (null for readers without one). */
      .addColumn('user_id', 'integer')
      /** 'pending' | 'confirmed'. */
      .addColumn('status', 'varchar(10)', (c) => c.notNull())
      /** SHA-256 (hex) of the confirmation token; null once confirmed. */
      .addColumn('confirm_hash', 'varchar(64)')
      .addColumn('confirm_sent_at', 'varchar(32)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('confirmed_at', 'varchar(32)')
      .execute();
    await db.schema
      .createIndex('newsletter_subscribers_email_idx')
      .on('newsletter_subscribers')
      .column('email')
      .unique()
      .execute();
    await db.schema
      .createIndex('newsletter_subscribers_confirm_idx')
      .on('newsletter_subscribers')
      .column('confirm_hash')
      .unique()
      .execute();
    // The daily send and the admin list page by (status, id); counts per status.
    await db.schema
      .createIndex('newsletter_subscribers_status_idx')
      .on('newsletter_subscribers')
      .columns(['status', 'id'])
      .execute();
    // Unconfirmed addresses are forgotten NEWSLETTER_CONFIRM_DAYS after the last confirmation mail.
    await db.schema
      .createIndex('newsletter_subscribers_pending_idx')
      .on('newsletter_subscribers')
      .columns(['status', 'confirm_sent_at'])
      .execute();
    await db.schema
      .createIndex('newsletter_subscribers_user_idx')
      .on('newsletter_subscribers')
      .column('user_id')
      .execute();

    await idColumn(db.schema.createTable('newsletter_issues'), dialect)
      /** The Swedish date (YYYY-MM-DD) the issue was sent on. */
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      /** 'sending' | 'sent'. */
      .addColumn('status', 'varchar(10)', (c) => c.notNull())
      .addColumn('articles', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
      /** The last subscriber id whose mail is queued. */
      .addColumn('last_id', 'integer', (c) => c.notNull().defaultTo(0))
      /** The subject and content as JSON (every batch sends the same). */
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('finished_at', 'varchar(32)')
      .execute();
    await db.schema.createIndex('newsletter_issues_day_idx').on('newsletter_issues').column('day').unique().execute();
    await db.schema
      .createIndex('newsletter_issues_status_idx')
      .on('newsletter_issues')
      .columns(['status', 'id'])
      .execute();

    await db.schema
      .createTable('notification_mail_prefs')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      /** 'comment_reply' | 'article_comment' | 'role_decision'. */
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('notification_mail_prefs_pk', ['user_id', 'kind'])
      .execute();

    await idColumn(db.schema.createTable('notification_mail_queue'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('title', 'varchar(400)', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('action_url', 'varchar(500)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    // The batching job: oldest waiting row per (person, kind); and a person's rows of one kind.
    await db.schema
      .createIndex('notification_mail_queue_due_idx')
      .on('notification_mail_queue')
      .columns(['created_at'])
      .execute();
    await db.schema
      .createIndex('notification_mail_queue_user_idx')
      .on('notification_mail_queue')
      .columns(['user_id', 'kind', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('notification_mail_queue').execute();
    await db.schema.dropTable('notification_mail_prefs').execute();
    await db.schema.dropTable('newsletter_issues').execute();
    await db.schema.dropTable('newsletter_subscribers').execute();
  },
});
