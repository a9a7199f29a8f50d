import type { Kysely, Migration } from 'kysely';
import { type Dialect, idColumn } from './util.js';

export const initial = (dialect: Dialect): Migration => ({ up: (db) => up(db, dialect), down });

async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('users'), dialect)
    .addColumn('username', 'varchar(64)', (c) => c.notNull())
    .addColumn('username_lower', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('email', 'varchar(254)')
    .addColumn('email_lower', 'varchar(254)', (c) => c.unique())
    .addColumn('full_name', 'varchar(120)')
    .addColumn('profile_picture', 'text')
    .addColumn('account_type', 'varchar(16)', (c) => c.notNull().defaultTo('user'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_login', 'varchar(32)')
    .execute();

  await idColumn(db.schema.createTable('articles'), dialect)
    .addColumn('slug', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'varchar(400)', (c) => c.notNull())
    .addColumn('category', 'varchar(16)', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_name', 'varchar(120)', (c) => c.notNull())
    .addColumn('featured_image', 'text')
    .addColumn('published_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // Lists are "newest first", optionally by category: both served straight from an index.
  await db.schema.createIndex('articles_published_idx').on('articles').columns(['published_at', 'id']).execute();
  await db.schema
    .createIndex('articles_category_published_idx')
    .on('articles')
    .columns(['category', 'published_at', 'id'])
    .execute();
  await db.schema.createIndex('articles_author_idx').on('articles').column('author_id').execute();

  await db.schema
    .createTable('article_slugs')
    .addColumn('slug', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('article_slugs_article_idx').on('article_slugs').column('article_id').execute();

  await idColumn(db.schema.createTable('ads'), dialect)
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('company', 'varchar(200)', (c) => c.notNull())
    .addColumn('link_url', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ads_type_active_idx').on('ads').columns(['type', 'active']).execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['ads', 'article_slugs', 'articles', 'users']) await db.schema.dropTable(t).execute();
}
