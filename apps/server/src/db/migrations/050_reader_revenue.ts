import type { Kysely, Migration } from 'kysely';
import { type Dialect, idColumn } from './util.js';

/**
 * Issue 42: reader revenue. Each article gets an access level (free, registered, subscribers);
 * plans, subscriptions (Stripe's or complimentary), Stripe's events as received (idempotent by
 * event id, processed by a job), the metering of logged-in free readers (one row per account,
 * article and month) and subscribers' gift links.
 */
export const readerRevenue = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('articles')
      .addColumn('access', 'varchar(12)', (c) => c.notNull().defaultTo('free'))
      .execute();

    await idColumn(db.schema.createTable('plans'), dialect)
      .addColumn('name', 'varchar(80)', (c) => c.notNull())
      .addColumn('benefits', 'text', (c) => c.notNull())
      .addColumn('price_month_sek', 'real')
      .addColumn('price_year_sek', 'real')
      .addColumn('trial_days', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('plans_on_sale_idx').on('plans').columns(['on_sale', 'id']).execute();

    await idColumn(db.schema.createTable('subscriptions'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('plan_id', 'integer', (c) => c.references('plans.id').onDelete('set null'))
      .addColumn('plan_name', 'varchar(80)', (c) => c.notNull())
      .addColumn('source', 'varchar(16)', (c) => c.notNull())
      .addColumn('status', 'varchar(12)', (c) => c.notNull())
      .addColumn('interval', 'varchar(8)')
      .addColumn('stripe_subscription_id', 'varchar(100)', (c) => c.unique())
      .addColumn('stripe_customer_id', 'varchar(100)')
      .addColumn('current_period_end', 'varchar(32)')
      .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('past_due_since', 'varchar(32)')
      .addColumn('ended_at', 'varchar(32)')
      .addColumn('origin_article_id', 'integer')
      /** Stripe's time of the state last applied (events older than it are ignored). */
      .addColumn('state_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('subscriptions_user_idx').on('subscriptions').columns(['user_id', 'id']).execute();
    await db.schema.createIndex('subscriptions_status_idx').on('subscriptions').columns(['status', 'id']).execute();
    await db.schema.createIndex('subscriptions_plan_idx').on('subscriptions').column('plan_id').execute();
    await db.schema
      .createIndex('subscriptions_customer_idx')
      .on('subscriptions')
      .column('stripe_customer_id')
      .execute();

    await db.schema
      .createTable('stripe_events')
      .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
      .addColumn('type', 'varchar(100)', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('received_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('processed_at', 'varchar(32)')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('stripe_events_pending_idx')
      .on('stripe_events')
      .columns(['processed_at', 'received_at'])
      .execute();

    await db.schema
      .createTable('metered_reads')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('month', 'varchar(7)', (c) => c.notNull())
      .addColumn('article_id', 'integer', (c) => c.notNull())
      .addColumn('read_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('metered_reads_pk', ['user_id', 'month', 'article_id'])
      .execute();

    await idColumn(db.schema.createTable('gift_links'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
      .addColumn('nonce', 'varchar(40)', (c) => c.notNull().unique())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('revoked_at', 'varchar(32)')
      .execute();
    await db.schema.createIndex('gift_links_user_idx').on('gift_links').columns(['user_id', 'created_at']).execute();
    await db.schema.createIndex('gift_links_article_idx').on('gift_links').column('article_id').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const t of ['gift_links', 'metered_reads', 'stripe_events', 'subscriptions', 'plans']) {
      await db.schema.dropTable(t).execute();
    }
    await db.schema.alterTable('articles').dropColumn('access').execute();
  },
});
