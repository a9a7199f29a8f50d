import type { Kysely, Migration } from 'kysely';

/** The counters every analytics row carries (added on conflict, never read back per reader). */
export const ANALYTICS_COUNTERS = [
  'views',
  'ref_search',
  'ref_social',
  'ref_newsletter',
  'ref_push',
  'ref_direct',
  'ref_internal',
  'ref_other',
  'dev_mobile',
  'dev_tablet',
  'dev_desktop',
  'engaged_seconds',
  'engaged_events',
  'scroll_25',
  'scroll_50',
  'scroll_75',
  'scroll_100',
  'conv_newsletter',
  'conv_registration',
  'conv_subscription',
] as const;

/**
 * Issue 45 (decision 050): newsroom analytics. Counts only — no address, user agent or identifier —
 * in three grains written together by each process's flush: per minute (kept 48 h), per hour (90
 * days) and per Swedish day (forever). A row is one page in one bucket: an article (`article_id`,
 * `page` '') or another reader page (`article_id` 0, `page` its path). `analytics_articles` is the
 * module's copy of what the dashboard groups by (title, author, section), refreshed on each flush
 * for the articles read; `analytics_searches` counts the words of searches that found nothing.
 */
export const analytics = (): Migration => ({
  async up(db: Kysely<unknown>) {
    for (const [table, bucketLen] of [
      ['analytics_minutes', 20],
      ['analytics_hours', 20],
      ['analytics_days', 10],
    ] as const) {
      let t = db.schema
        .createTable(table)
        .addColumn('bucket', `varchar(${bucketLen})`, (c) => c.notNull())
        .addColumn('article_id', 'integer', (c) => c.notNull())
        .addColumn('page', 'varchar(200)', (c) => c.notNull());
      for (const col of ANALYTICS_COUNTERS) t = t.addColumn(col, 'integer', (c) => c.notNull().defaultTo(0));
      await t.addPrimaryKeyConstraint(`${table}_pk`, ['bucket', 'article_id', 'page']).execute();
      // one article's curve (the edit page, ?articleId=)
      await db.schema.createIndex(`${table}_article_idx`).on(table).columns(['article_id', 'bucket']).execute();
    }
    await db.schema
      .createTable('analytics_articles')
      .addColumn('article_id', 'integer', (c) => c.primaryKey())
      .addColumn('title', 'varchar(300)', (c) => c.notNull())
      .addColumn('author_id', 'integer')
      .addColumn('category', 'varchar(60)', (c) => c.notNull())
      .addColumn('published_at', 'varchar(32)')
      .execute();
    await db.schema
      .createIndex('analytics_articles_author_idx')
      .on('analytics_articles')
      .columns(['author_id', 'article_id'])
      .execute();
    await db.schema
      .createIndex('analytics_articles_category_idx')
      .on('analytics_articles')
      .columns(['category', 'article_id'])
      .execute();
    await db.schema
      .createTable('analytics_searches')
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('words', 'varchar(100)', (c) => c.notNull())
      .addColumn('searches', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('analytics_searches_pk', ['day', 'words'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const t of [
      'analytics_searches',
      'analytics_articles',
      'analytics_days',
      'analytics_hours',
      'analytics_minutes',
    ])
      await db.schema.dropTable(t).execute();
  },
});
