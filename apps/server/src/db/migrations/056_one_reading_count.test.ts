import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseBefore, dialects } from '../../../test/helpers.js';
import { migrations } from './index.js';

/**
 * Issue 45 (decision 050, amended 2026-11-30): migration 056 gives every analytics grain a
 * `comments` counter, moves the comments readership counted per article and day into
 * `analytics_days` (added to a day analytics already has, or a row of its own), and drops
 * `article_views`; going back brings the table back from the days.
 */
describe.each(dialects)('migration 056 on %s', (dialect) => {
  it('moves the counted comments into the analytics days and drops article_views', async () => {
    const m = await databaseBefore(dialect, '056_one_reading_count');
    const db = m.dbh.db;
    try {
      const article = (slug: string) =>
        db
          .insertInto('articles')
          .values({
            slug,
            title: slug,
            content: '<p>Text.</p>',
            excerpt: 'Text.',
            category: 'NYHETER',
            author_id: null,
            author_name: 'Redaktionen',
            featured_image: null,
            published_at: '2026-11-20T00:00:00.000Z',
            updated_at: '2026-11-20T00:00:00.000Z',
            publish_at: null,
            byline: null,
            featured_image_alt: null,
            featured_image_caption: null,
            featured_image_credit: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      const { id: a } = await article('las');
      const { id: b } = await article('kommentera');
      // before 056: readership's table, and a day analytics counted for a
      await sql`INSERT INTO article_views (article_id, day, views, comments) VALUES
        (${a}, '2026-11-28', 40, 2), (${b}, '2026-11-28', 3, 0), (${b}, '2026-11-29', 0, 4)`.execute(db);
      await sql`INSERT INTO analytics_days (bucket, article_id, page, views) VALUES ('2026-11-28', ${a}, '', 37)`.execute(
        db,
      );

      expect(await m.migrateRest()).toEqual(['056_one_reading_count']);
      const days = await db
        .selectFrom('analytics_days')
        .select(['bucket', 'article_id', 'views', 'comments'])
        .orderBy('article_id')
        .orderBy('bucket')
        .execute();
      expect(days.map((d) => [d.bucket, Number(d.article_id), Number(d.views), Number(d.comments)])).toEqual([
        // analytics' own views stay; readership's are not added to them
        ['2026-11-28', a, 37, 2],
        ['2026-11-29', b, 0, 4],
      ]);
      for (const table of ['analytics_minutes', 'analytics_hours', 'analytics_weeks'] as const) {
        await db.insertInto(table).values({ bucket: 'x', article_id: a, page: '' }).execute();
        const row = await db.selectFrom(table).select('comments').executeTakeFirstOrThrow();
        expect(Number(row.comments), table).toBe(0);
      }
      await expect(sql`SELECT * FROM article_views`.execute(db)).rejects.toThrow();

      await migrations(m.dbh.dialect)['056_one_reading_count']?.down?.(db as never);
      const back = await sql<{ article_id: number; day: string; views: number; comments: number }>`
        SELECT article_id, day, views, comments FROM article_views ORDER BY article_id, day`.execute(db);
      expect(back.rows.map((r) => [Number(r.article_id), r.day, Number(r.views), Number(r.comments)])).toEqual([
        [a, '2026-11-28', 37, 2],
        [b, '2026-11-29', 0, 4],
      ]);
      const left = await sql`SELECT * FROM analytics_days`.execute(db);
      expect(Object.keys(left.rows[0] ?? {})).not.toContain('comments');
    } finally {
      await m.close();
    }
  });
});
