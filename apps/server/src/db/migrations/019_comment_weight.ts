import { type Kysely, type Migration, sql } from 'kysely';

/**
 * "Most read" also weighs comments (issue 15): the published comments an article got per Swedish
 * day, counted in memory like its views and flushed into the same row. Only a number per article
 * and day, nothing about who commented.
 */
export const commentWeight = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('article_views')
      .addColumn('comments', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await sql`ALTER TABLE article_views DROP COLUMN comments`.execute(db);
  },
});
