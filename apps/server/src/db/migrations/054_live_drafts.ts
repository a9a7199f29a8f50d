import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Issue 44: draft live entries, prepared in the desk and published later (decision 055). A draft
 * is a row of `live_entries` with `draft = 1`: no stream position (`seq`, `created_seq` 0, so a
 * stream's catch-up `seq > N` never reaches it) and never in readers' queries. The readers' indexes
 * get `draft` before `removed`, so the readers' page (`article_id, draft = 0, removed = 0` newest
 * first), the pinned summary and the desk's drafts (`draft = 1`) are each one index range.
 */
export const liveDrafts = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('live_entries')
      .addColumn('draft', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.dropIndex('live_entries_article_idx').execute();
    await db.schema.dropIndex('live_entries_pinned_idx').execute();
    await db.schema
      .createIndex('live_entries_article_idx')
      .on('live_entries')
      .columns(['article_id', 'draft', 'removed', 'id'])
      .execute();
    await db.schema
      .createIndex('live_entries_pinned_idx')
      .on('live_entries')
      .columns(['article_id', 'pinned', 'draft', 'removed', 'id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    // drafts were never published: without the column they would show as posted entries
    await sql`DELETE FROM live_entries WHERE draft = 1`.execute(db);
    await db.schema.dropIndex('live_entries_article_idx').execute();
    await db.schema.dropIndex('live_entries_pinned_idx').execute();
    await db.schema.alterTable('live_entries').dropColumn('draft').execute();
    await db.schema
      .createIndex('live_entries_article_idx')
      .on('live_entries')
      .columns(['article_id', 'removed', 'id'])
      .execute();
    await db.schema
      .createIndex('live_entries_pinned_idx')
      .on('live_entries')
      .columns(['article_id', 'pinned', 'removed', 'id'])
      .execute();
  },
});
