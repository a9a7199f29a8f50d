import type { Kysely, Migration } from 'kysely';

/**
 * Issue 45 (decision 050): the top lists sum views per article over a range of buckets. An index of
 * (bucket, article_id, views) answers that from narrow index entries instead of the wide rows.
 */
export const analyticsTopIndex = (): Migration => ({
  async up(db: Kysely<unknown>) {
    for (const table of ['analytics_hours', 'analytics_days'])
      await db.schema.createIndex(`${table}_top_idx`).on(table).columns(['bucket', 'article_id', 'views']).execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['analytics_hours', 'analytics_days']) await db.schema.dropIndex(`${table}_top_idx`).execute();
  },
});
