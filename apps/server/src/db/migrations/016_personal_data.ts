import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Issue 21, readers' own data (decision 027). A deleted account's place in a co-authored byline
 * keeps its name as text (`article_former_authors`), and every lookup the export and the deletion
 * make by person has an index: a person's comments, notifications, revisions, decided requests,
 * reports and fingerprints, and who else uses a stored picture.
 */
export const personalData = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('article_former_authors')
      .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('article_former_authors_article_idx')
      .on('article_former_authors')
      .columns(['article_id', 'position'])
      .execute();
    const indexes: [string, string, string[]][] = [
      ['comments_author_idx', 'comments', ['author_id', 'id']],
      ['notifications_user_id_idx', 'notifications', ['user_id', 'id']],
      ['article_revisions_user_idx', 'article_revisions', ['user_id']],
      ['role_requests_decided_by_idx', 'role_requests', ['decided_by']],
      ['moderation_reports_by_idx', 'moderation_reports', ['reporter', 'id']],
      ['moderation_fingerprints_commenter_idx', 'moderation_fingerprints', ['commenter']],
      ['moderation_audit_ban_idx', 'moderation_audit', ['ban_id']],
    ];
    for (const [name, table, columns] of indexes) {
      await db.schema.createIndex(name).on(table).columns(columns).execute();
    }
    // Who else shows a stored picture: on a prefix, so a long URL never outgrows a B-tree entry.
    await sql`CREATE INDEX users_picture_prefix_idx ON users (substr(profile_picture, 1, 100))`.execute(db);
    await sql`CREATE INDEX articles_image_prefix_idx ON articles (substr(featured_image, 1, 100))`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    for (const name of [
      'comments_author_idx',
      'notifications_user_id_idx',
      'article_revisions_user_idx',
      'role_requests_decided_by_idx',
      'moderation_reports_by_idx',
      'moderation_fingerprints_commenter_idx',
      'moderation_audit_ban_idx',
      'users_picture_prefix_idx',
      'articles_image_prefix_idx',
    ]) {
      await db.schema.dropIndex(name).execute();
    }
    await db.schema.dropTable('article_former_authors').execute();
  },
});
