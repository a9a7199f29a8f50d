import type { Kysely, Migration } from 'kysely';
import { type Dialect, idColumn } from './util.js';

/**
 * Issue 42: gift subscriptions — a plan for a number of months, bought once through Stripe Checkout
 * for someone else and redeemed by a link. A row is written by the webhook that says the payment is
 * complete (the Checkout session's id is unique: a repeated event writes nothing). Only the sha256 of
 * the redeem token is kept; the token is derived again from the session under the server secret.
 */
export const giftSubscriptions = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await idColumn(db.schema.createTable('gift_subscriptions'), dialect)
      // null once the buyer's account is deleted (the gift is paid for and stays redeemable)
      .addColumn('buyer_id', 'integer')
      .addColumn('plan_id', 'integer')
      .addColumn('plan_name', 'varchar(80)', (c) => c.notNull())
      .addColumn('months', 'integer', (c) => c.notNull())
      .addColumn('amount_ore', 'integer', (c) => c.notNull())
      .addColumn('recipient_email', 'varchar(254)')
      .addColumn('message', 'text')
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('stripe_session_id', 'varchar(255)', (c) => c.notNull().unique())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('redeemed_by', 'integer')
      .addColumn('redeemed_at', 'varchar(32)')
      .addColumn('subscription_id', 'integer')
      .execute();
    // the buyer's list (newest first) and an account's erasure
    await db.schema
      .createIndex('gift_subscriptions_buyer_idx')
      .on('gift_subscriptions')
      .columns(['buyer_id', 'id'])
      .execute();
    await db.schema
      .createIndex('gift_subscriptions_redeemer_idx')
      .on('gift_subscriptions')
      .column('redeemed_by')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('gift_subscriptions').execute();
  },
});
