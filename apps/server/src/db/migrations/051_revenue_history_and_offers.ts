import type { Kysely, Migration } from 'kysely';
import { type Dialect, idColumn } from './util.js';

/**
 * Issue 42: the revenue figures over time and offers. One snapshot row per Swedish day (MRR and the
 * counts by status, written once by the daily `revenue-snapshot` job: the day is the key, so a rerun
 * inserts nothing), and offers — a code (kept lower-case, unique) giving a plan's first month or year
 * at a percentage off, until a date, optionally a bounded number of times.
 */
export const revenueHistoryAndOffers = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('revenue_snapshots')
      .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
      .addColumn('mrr_sek', 'real', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull())
      .addColumn('trialing', 'integer', (c) => c.notNull())
      .addColumn('past_due', 'integer', (c) => c.notNull())
      .addColumn('canceled', 'integer', (c) => c.notNull())
      .addColumn('taken_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await idColumn(db.schema.createTable('offers'), dialect)
      .addColumn('plan_id', 'integer', (c) => c.notNull().references('plans.id').onDelete('cascade'))
      .addColumn('code', 'varchar(40)', (c) => c.notNull().unique())
      .addColumn('interval', 'varchar(8)', (c) => c.notNull())
      .addColumn('percent_off', 'integer', (c) => c.notNull())
      .addColumn('valid_until', 'varchar(32)', (c) => c.notNull())
      .addColumn('max_redemptions', 'integer')
      .addColumn('redemptions', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('stripe_coupon_id', 'varchar(100)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('offers_plan_idx').on('offers').column('plan_id').execute();
    // which offer a subscription was bought with (its redemption is counted once, on completion)
    await db.schema.alterTable('subscriptions').addColumn('offer_id', 'integer').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('subscriptions').dropColumn('offer_id').execute();
    await db.schema.dropTable('offers').execute();
    await db.schema.dropTable('revenue_snapshots').execute();
  },
});
