import { type Kysely, type Migration, sql } from 'kysely';
import { type Dialect, idColumn } from './util.js';

/**
 * Comment moderation (issue 16, decision 024).
 *
 * Comments (owned by the comments module) gain `status` — 'visible' for every existing comment, so
 * nothing changes for readers — `author_key`, the hashed key of a visitor's browser that may see
 * its own held comments, and `listed` (visible, or a hidden/rejected placeholder with visible
 * replies). Readers' top-level list reads a partial index of listed comments only, so held or
 * rejected ones (even a flood of them) cost the reader nothing.
 *
 * The moderation module's own tables: one settings row (with a version the processes' word-list
 * caches follow), per-article overrides, the queue (`moderation_items`: only comments that were held,
 * reported or rejected have a row, with the tab they are in and a copy of the article's category and
 * owner so every queue filter reads one index), commenters' history, reports, bans, the audit log and
 * the fingerprints of recent texts (repeated-text check).
 */
export const moderation = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('comments')
      .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('visible'))
      .execute();
    await db.schema.alterTable('comments').addColumn('author_key', 'varchar(64)').execute();
    // 1 when readers' lists show it: visible, or hidden/rejected while it has visible replies (a placeholder).
    await db.schema
      .alterTable('comments')
      .addColumn('listed', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    // Readers' top-level comments of an article in id order: listed ones only.
    await sql`DROP INDEX comments_top_idx`.execute(db);
    await sql`CREATE INDEX comments_top_listed_idx ON comments (article_id, id)
              WHERE parent_id IS NULL AND listed = 1`.execute(db);
    // An author's own held comments on an article (account, or a visitor's browser key).
    await sql`CREATE INDEX comments_held_author_idx ON comments (author_id, article_id)
              WHERE author_id IS NOT NULL AND status IN ('pending', 'hidden')`.execute(db);
    await sql`CREATE INDEX comments_held_key_idx ON comments (author_key, article_id)
              WHERE author_key IS NOT NULL AND status IN ('pending', 'hidden')`.execute(db);

    await db.schema
      .createTable('moderation_settings')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('mode', 'varchar(12)', (c) => c.notNull().defaultTo('publish'))
      .addColumn('link_limit', 'integer')
      .addColumn('hold_repeated', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('auto_close_days', 'integer')
      .addColumn('report_threshold', 'integer', (c) => c.notNull().defaultTo(3))
      .addColumn('queue_alert_threshold', 'integer')
      /** JSON arrays of { word, word_beginning }. */
      .addColumn('banned_words', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('suspect_words', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('updated_at', 'varchar(32)')
      .addColumn('updated_by', 'integer')
      /** 1 once admins were told the queue passed its threshold; 0 again when it is back below. */
      .addColumn('alerted', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`INSERT INTO moderation_settings (id, mode, queue_alert_threshold) VALUES (1, 'publish', 50)`.execute(db);

    await db.schema
      .createTable('moderation_articles')
      .addColumn('article_id', 'integer', (c) => c.primaryKey().references('articles.id').onDelete('cascade'))
      .addColumn('mode', 'varchar(12)')
      .addColumn('closed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_by', 'integer')
      .execute();

    await db.schema
      .createTable('moderation_items')
      .addColumn('comment_id', 'integer', (c) => c.primaryKey().references('comments.id').onDelete('cascade'))
      .addColumn('article_id', 'integer', (c) => c.notNull())
      .addColumn('article_owner_id', 'integer')
      .addColumn('category', 'varchar(16)', (c) => c.notNull())
      /** 'u:<user id>' or 'e:<lower-case e-mail>'. */
      .addColumn('commenter', 'varchar(300)', (c) => c.notNull())
      .addColumn('status', 'varchar(10)', (c) => c.notNull())
      /** 'pending' | 'reported' | 'rejected', or null when in no tab (approved, reports dismissed). */
      .addColumn('tab', 'varchar(10)')
      /** JSON array of { code, detail }. */
      .addColumn('reasons', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('open_reports', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('queued_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    // Every queue read: a tab (all, by article, by category, by owner) in comment order.
    await sql`CREATE INDEX moderation_items_tab_idx ON moderation_items (tab, comment_id) WHERE tab IS NOT NULL`.execute(
      db,
    );
    await sql`CREATE INDEX moderation_items_article_idx ON moderation_items (tab, article_id, comment_id)
              WHERE tab IS NOT NULL`.execute(db);
    await sql`CREATE INDEX moderation_items_category_idx ON moderation_items (tab, category, comment_id)
              WHERE tab IS NOT NULL`.execute(db);
    await sql`CREATE INDEX moderation_items_owner_idx ON moderation_items (article_owner_id, tab, comment_id)
              WHERE tab IS NOT NULL`.execute(db);
    // A commenter's other held comments (auto-approve after the first approval).
    await db.schema
      .createIndex('moderation_items_commenter_idx')
      .on('moderation_items')
      .columns(['commenter', 'status'])
      .execute();
    // Category moves of an article reach its items.
    await db.schema
      .createIndex('moderation_items_by_article_idx')
      .on('moderation_items')
      .columns(['article_id'])
      .execute();

    await db.schema
      .createTable('moderation_commenters')
      .addColumn('commenter', 'varchar(300)', (c) => c.primaryKey())
      .addColumn('approved', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('rejected', 'integer', (c) => c.notNull().defaultTo(0))
      /** Comments published without review (any mode): the commenter is not new. */
      .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await idColumn(db.schema.createTable('moderation_reports'), dialect)
      .addColumn('comment_id', 'integer', (c) => c.notNull().references('comments.id').onDelete('cascade'))
      .addColumn('reason', 'varchar(16)', (c) => c.notNull())
      .addColumn('note', 'text')
      /** 'u:<user id>' or 'ip:<address>': one report per reporter and comment. */
      .addColumn('reporter', 'varchar(100)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('resolved', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('moderation_reports_reporter_idx')
      .on('moderation_reports')
      .columns(['comment_id', 'reporter'])
      .unique()
      .execute();

    await idColumn(db.schema.createTable('moderation_bans'), dialect)
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('email', 'varchar(254)')
      .addColumn('kind', 'varchar(12)', (c) => c.notNull())
      .addColumn('until', 'varchar(32)')
      .addColumn('reason', 'text')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('created_by', 'integer')
      .addColumn('lifted_at', 'varchar(32)')
      .addColumn('lifted_by', 'integer')
      .execute();
    await sql`CREATE INDEX moderation_bans_user_idx ON moderation_bans (user_id) WHERE user_id IS NOT NULL`.execute(db);
    await sql`CREATE INDEX moderation_bans_email_idx ON moderation_bans (email) WHERE email IS NOT NULL`.execute(db);
    await sql`CREATE INDEX moderation_bans_active_idx ON moderation_bans (id) WHERE lifted_at IS NULL`.execute(db);

    await idColumn(db.schema.createTable('moderation_audit'), dialect)
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('action', 'varchar(20)', (c) => c.notNull())
      .addColumn('actor_id', 'integer')
      .addColumn('comment_id', 'integer')
      .addColumn('article_id', 'integer')
      .addColumn('ban_id', 'integer')
      .addColumn('detail', 'text')
      .execute();
    await sql`CREATE INDEX moderation_audit_comment_idx ON moderation_audit (comment_id, id)
              WHERE comment_id IS NOT NULL`.execute(db);

    await idColumn(db.schema.createTable('moderation_fingerprints'), dialect)
      .addColumn('hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('commenter', 'varchar(300)', (c) => c.notNull())
      .addColumn('comment_id', 'integer', (c) => c.notNull())
      .addColumn('long_text', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('moderation_fingerprints_hash_idx')
      .on('moderation_fingerprints')
      .columns(['hash', 'created_at'])
      .execute();
    await db.schema
      .createIndex('moderation_fingerprints_created_idx')
      .on('moderation_fingerprints')
      .columns(['created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const t of [
      'moderation_fingerprints',
      'moderation_audit',
      'moderation_bans',
      'moderation_reports',
      'moderation_commenters',
      'moderation_items',
      'moderation_articles',
      'moderation_settings',
    ]) {
      await db.schema.dropTable(t).execute();
    }
    for (const i of ['comments_held_key_idx', 'comments_held_author_idx', 'comments_top_listed_idx']) {
      await db.schema.dropIndex(i).execute();
    }
    await sql`CREATE INDEX comments_top_idx ON comments (article_id, id) WHERE parent_id IS NULL`.execute(db);
    await db.schema.alterTable('comments').dropColumn('listed').execute();
    await db.schema.alterTable('comments').dropColumn('author_key').execute();
    await db.schema.alterTable('comments').dropColumn('status').execute();
  },
});
