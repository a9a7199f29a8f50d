import type { Kysely, Migration } from 'kysely';

/**
 * Issue 41: the editor's working copy, one per person and article (`slot`: the article's id, or
 * `new` before it has one). Not a revision: it is replaced every few seconds and dropped when the
 * article is saved; it goes with the article or the account.
 */
export const articleAutosaves = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('article_autosaves')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('slot', 'varchar(20)', (c) => c.notNull())
      .addColumn('article_id', 'integer', (c) => c.references('articles.id').onDelete('cascade'))
      .addColumn('base_version', 'integer')
      .addColumn('draft', 'text', (c) => c.notNull())
      .addColumn('saved_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('article_autosaves_pk', ['user_id', 'slot'])
      .execute();
    await db.schema.createIndex('article_autosaves_article_idx').on('article_autosaves').column('article_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('article_autosaves').execute();
  },
});
