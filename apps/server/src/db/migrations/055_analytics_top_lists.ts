import type { Kysely, Migration } from 'kysely';

/**
 * Issue 45: the site's long top lists kept ready (decision 050, 2026-11-29). The dashboard's preset
 * ranges that end today — 30, 90 and 365 days — are ranked by a job every few minutes, and a request
 * for one reads the ranking (at most ANALYTICS_TOP_MAX rows) instead of summing every article read
 * in the range (~240 ms on PostgreSQL at 100 000 articles). The figures shown are still summed when
 * asked, for the ranked articles only.
 */
export const analyticsTopLists = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('analytics_top_lists')
      .addColumn('days', 'integer', (c) => c.notNull())
      .addColumn('rank', 'integer', (c) => c.notNull())
      .addColumn('article_id', 'integer', (c) => c.notNull())
      .addColumn('to_day', 'varchar(10)', (c) => c.notNull())
      .addColumn('computed_at', 'varchar(30)', (c) => c.notNull())
      .addPrimaryKeyConstraint('analytics_top_lists_pk', ['days', 'rank'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('analytics_top_lists').execute();
  },
});
