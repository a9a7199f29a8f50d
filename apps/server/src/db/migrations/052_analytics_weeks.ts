import { type Kysely, type Migration, sql } from 'kysely';
import { ANALYTICS_COUNTERS } from './040_analytics.js';
import type { Dialect } from './util.js';

/**
 * Issue 45 (decision 050, amended 2026-11-29):
 * - `analytics_weeks`: the daily grain added up per week (Monday's Swedish date), written by the same
 *   flush, so a top list over 90 days reads ~13 weeks and at most 12 edge days instead of 90 days;
 * - `analytics_totals`: each article's lifetime views and engaged seconds (one row per article), for
 *   the newsroom's article list;
 * - `analytics_referrers`: views per Swedish day, article (or the whole site, −1) and referring
 *   domain (another site's host name; no address or path), kept 90 days.
 * Weeks and totals are filled from the days already counted.
 */
export const analyticsWeeks = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    let t = db.schema
      .createTable('analytics_weeks')
      .addColumn('bucket', 'varchar(10)', (c) => c.notNull())
      .addColumn('article_id', 'integer', (c) => c.notNull())
      .addColumn('page', 'varchar(200)', (c) => c.notNull());
    for (const col of ANALYTICS_COUNTERS) t = t.addColumn(col, 'integer', (c) => c.notNull().defaultTo(0));
    await t.addPrimaryKeyConstraint('analytics_weeks_pk', ['bucket', 'article_id', 'page']).execute();
    await db.schema
      .createIndex('analytics_weeks_article_idx')
      .on('analytics_weeks')
      .columns(['article_id', 'bucket'])
      .execute();
    await db.schema
      .createIndex('analytics_weeks_top_idx')
      .on('analytics_weeks')
      .columns(['bucket', 'article_id', 'views'])
      .execute();
    await db.schema
      .createTable('analytics_totals')
      .addColumn('article_id', 'integer', (c) => c.primaryKey())
      .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('engaged_seconds', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('analytics_referrers')
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('article_id', 'integer', (c) => c.notNull())
      .addColumn('domain', 'varchar(100)', (c) => c.notNull())
      .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('analytics_referrers_pk', ['day', 'article_id', 'domain'])
      .execute();
    await db.schema
      .createIndex('analytics_referrers_article_idx')
      .on('analytics_referrers')
      .columns(['article_id', 'day'])
      .execute();

    await fillWeeksAndTotals(db, dialect);
  },
  async down(db: Kysely<unknown>) {
    for (const t of ['analytics_referrers', 'analytics_totals', 'analytics_weeks'])
      await db.schema.dropTable(t).execute();
  },
});

/** The weeks and lifetime totals of the days counted so far (also the analytics bench's fill). */
export async function fillWeeksAndTotals(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const monday =
    dialect === 'postgres'
      ? sql`to_char(date_trunc('week', bucket::date), 'YYYY-MM-DD')`
      : sql`date(bucket, 'weekday 0', '-6 days')`;
  const cols = sql.join(ANALYTICS_COUNTERS.map((c) => sql.ref(c)));
  const sums = sql.join(ANALYTICS_COUNTERS.map((c) => sql`sum(${sql.ref(c)})`));
  await sql`insert into analytics_weeks (bucket, article_id, page, ${cols})
    select ${monday} as week, article_id, page, ${sums} from analytics_days
    group by ${monday}, article_id, page`.execute(db);
  await sql`insert into analytics_totals (article_id, views, engaged_seconds)
    select article_id, sum(views), sum(engaged_seconds) from analytics_days
    where article_id > 0 group by article_id`.execute(db);
}
