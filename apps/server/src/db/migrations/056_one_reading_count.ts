import { type Kysely, type Migration, sql } from 'kysely';

const COUNT_TABLES = ['analytics_minutes', 'analytics_hours', 'analytics_days', 'analytics_weeks'] as const;

/**
 * Issue 45 (decision 050, amended 2026-11-30): one count of reading. The site's "hottest last week"
 * and the newsletter's "most read" are ranked from the analytics tables (page views as the page
 * handler counts them, also from the cache and the page store) instead of readership's own table
 * fed by a script after hydration. Analytics counts published comments too (`comments`, every
 * grain), so "hottest" still weighs them. The comments already counted per article and day move to
 * `analytics_days`; the old views are not carried over (analytics has counted the same readings
 * since migration 040, and its totals must stay the sum of its rows). `article_views` is dropped.
 */
export const oneReadingCount = (): Migration => ({
  async up(db: Kysely<unknown>) {
    for (const table of COUNT_TABLES)
      await db.schema
        .alterTable(table)
        .addColumn('comments', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    // the top lists' covering index (migration 041) also covers "hottest": views and comments
    await db.schema.dropIndex('analytics_days_top_idx').execute();
    await db.schema
      .createIndex('analytics_days_top_idx')
      .on('analytics_days')
      .columns(['bucket', 'article_id', 'views', 'comments'])
      .execute();
    await sql`
      INSERT INTO analytics_days (bucket, article_id, page, comments)
      SELECT v.day, v.article_id, '', v.comments FROM article_views v WHERE v.comments > 0
      ON CONFLICT (bucket, article_id, page) DO UPDATE SET comments = excluded.comments`.execute(db);
    await db.schema.dropTable('article_views').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema
      .createTable('article_views')
      .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('views', 'integer', (c) => c.notNull())
      .addColumn('comments', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('article_views_pk', ['article_id', 'day'])
      .execute();
    await db.schema
      .createIndex('article_views_day_idx')
      .on('article_views')
      .columns(['day', 'article_id', 'views'])
      .execute();
    await sql`
      INSERT INTO article_views (article_id, day, views, comments)
      SELECT d.article_id, d.bucket, d.views, d.comments FROM analytics_days d
      WHERE d.page = '' AND d.article_id IN (SELECT id FROM articles)`.execute(db);
    await db.schema.dropIndex('analytics_days_top_idx').execute();
    await db.schema
      .createIndex('analytics_days_top_idx')
      .on('analytics_days')
      .columns(['bucket', 'article_id', 'views'])
      .execute();
    for (const table of COUNT_TABLES) await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN comments`.execute(db);
  },
});
