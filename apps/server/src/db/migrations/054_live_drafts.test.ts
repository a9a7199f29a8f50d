import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseBefore, dialects } from '../../../test/helpers.js';
import { migrations } from './index.js';

/**
 * Issue 44 (decision 055): migration 054 adds `draft` to live entries. Entries posted before it stay
 * posted (draft 0); going back deletes the drafts (without the column they would read as posted)
 * and restores the readers' indexes as migration 031 made them.
 */
describe.each(dialects)('migration 054 on %s', (dialect) => {
  it('keeps posted entries posted, and down drops drafts and the column', async () => {
    const m = await databaseBefore(dialect, '054_live_drafts');
    const db = m.dbh.db;
    try {
      const [{ id: articleId }] = await db
        .insertInto('articles')
        .values({
          slug: 'direkt',
          title: 'Direkt',
          content: '<p>Text.</p>',
          excerpt: 'Text.',
          category: 'NYHETER',
          author_id: null,
          author_name: 'Redaktionen',
          featured_image: null,
          published_at: '2026-01-01T00:00:00.000Z',
          updated_at: '2026-01-01T00:00:00.000Z',
          publish_at: null,
          byline: null,
          featured_image_alt: null,
          featured_image_caption: null,
          featured_image_credit: null,
        })
        .returning('id')
        .execute();
      const entry = (content: string, seq: number) => ({
        article_id: articleId,
        content,
        author_id: null,
        author_name: 'Rut',
        created_at: '2026-01-01T00:00:00.000Z',
        edited_at: null,
        pinned: 0,
        removed: 0,
        created_seq: seq,
        seq,
      });
      // before 054 there is no draft column
      await sql`INSERT INTO live_entries (article_id, content, author_id, author_name, created_at, edited_at, pinned, removed, created_seq, seq)
        VALUES (${articleId}, '<p>Ett</p>', NULL, 'Rut', '2026-01-01T00:00:00.000Z', NULL, 0, 0, 1, 1)`.execute(db);

      expect(await m.migrateRest()).toEqual(['054_live_drafts']);
      const rows = await db.selectFrom('live_entries').select(['content', 'draft']).execute();
      expect(rows.map((r) => [r.content, Number(r.draft)])).toEqual([['<p>Ett</p>', 0]]);
      await db
        .insertInto('live_entries')
        .values({ ...entry('<p>Utkast</p>', 0), draft: 1 })
        .execute();

      await migrations(m.dbh.dialect)['054_live_drafts']?.down?.(db as never);
      const left = await sql<{ content: string }>`SELECT * FROM live_entries`.execute(db);
      expect(left.rows.map((r) => r.content)).toEqual(['<p>Ett</p>']);
      expect(Object.keys(left.rows[0] ?? {})).not.toContain('draft');
    } finally {
      await m.close();
    }
  });
});
