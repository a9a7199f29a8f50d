import type { Kysely, Migration } from 'kysely';
import { type Dialect, idColumn } from './util.js';

/**
 * The newsroom's day (issue 14): an article's status (draft, scheduled, published, unpublished) with
 * the time it is due, a version for optimistic concurrency, a free byline and the featured image's
 * alt text, caption and credit; every save's revision; free tags; co-authors from the staff.
 * Existing articles were all published, so they stay 'published' (the column's default).
 */
export const newsroom = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('articles')
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('published'))
      .execute();
    for (const [name, type] of [
      ['publish_at', 'varchar(32)'],
      ['byline', 'varchar(200)'],
      ['featured_image_alt', 'varchar(500)'],
      ['featured_image_caption', 'varchar(500)'],
      ['featured_image_credit', 'varchar(200)'],
    ] as const) {
      await db.schema.alterTable('articles').addColumn(name, type).execute();
    }
    await db.schema
      .alterTable('articles')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    // Reader lists: published only, newest first, optionally by category — straight from an index.
    await db.schema
      .createIndex('articles_status_published_idx')
      .on('articles')
      .columns(['status', 'published_at', 'id'])
      .execute();
    await db.schema
      .createIndex('articles_status_category_published_idx')
      .on('articles')
      .columns(['status', 'category', 'published_at', 'id'])
      .execute();
    // The scheduler: scheduled articles whose time has come.
    await db.schema
      .createIndex('articles_status_publish_at_idx')
      .on('articles')
      .columns(['status', 'publish_at'])
      .execute();

    await idColumn(db.schema.createTable('article_revisions'), dialect)
      .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('user_name', 'varchar(120)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('title', 'varchar(300)', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('category', 'varchar(16)', (c) => c.notNull())
      /** JSON array of tags. */
      .addColumn('tags', 'text', (c) => c.notNull())
      .addColumn('featured_image', 'text')
      /** JSON object: featured image alt, caption, credit; byline. */
      .addColumn('meta', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('article_revisions_article_idx')
      .on('article_revisions')
      .columns(['article_id', 'id'])
      .execute();

    await db.schema
      .createTable('article_tags')
      .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
      .addColumn('tag', 'varchar(60)', (c) => c.notNull())
      .addPrimaryKeyConstraint('article_tags_pk', ['article_id', 'tag'])
      .execute();
    await db.schema.createIndex('article_tags_tag_idx').on('article_tags').columns(['tag', 'article_id']).execute();

    await db.schema
      .createTable('article_authors')
      .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('article_authors_pk', ['article_id', 'user_id'])
      .execute();
    await db.schema.createIndex('article_authors_user_idx').on('article_authors').column('user_id').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const t of ['article_authors', 'article_tags', 'article_revisions']) await db.schema.dropTable(t).execute();
    for (const i of [
      'articles_status_published_idx',
      'articles_status_category_published_idx',
      'articles_status_publish_at_idx',
    ])
      await db.schema.dropIndex(i).execute();
    for (const c of [
      'status',
      'publish_at',
      'byline',
      'featured_image_alt',
      'featured_image_caption',
      'featured_image_credit',
      'version',
    ])
      await db.schema.alterTable('articles').dropColumn(c).execute();
  },
});
