import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from './util.js';

/**
 * Full-text search (issue 15, decision 020). SQLite: an FTS5 table of Snowball-stemmed words
 * (stemmed in JavaScript) and an FTS5 trigram table of the normalized text (words inside
 * compounds, exact phrases); neither folds diacritics, so å/ä/ö stay letters of their own.
 * PostgreSQL: a weighted tsvector (title A, body B) through `vaggen_swedish` — the built-in
 * Swedish Snowball stemmer without its stop-word list ("för" is a stop word there, and must be
 * searchable) — with a GIN index, and pg_trgm GIN indexes on the normalized text.
 * Existing articles are indexed here, in batches.
 */
export const search = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    if (dialect === 'sqlite') {
      await sql`CREATE VIRTUAL TABLE search_fts USING fts5(title, body, tokenize = 'unicode61 remove_diacritics 0')`.execute(
        db,
      );
      await sql`CREATE VIRTUAL TABLE search_trgm USING fts5(title, body, tokenize = 'trigram remove_diacritics 0')`.execute(
        db,
      );
    } else {
      // Parallel migrations (one schema per test file) must not race to create the extension.
      await sql`SELECT pg_advisory_xact_lock(hashtext('vaggen_pg_trgm'))`.execute(db);
      await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public`.execute(db);
      const ext = await sql<{ schema: string }>`
        SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
         WHERE e.extname = 'pg_trgm'`.execute(db);
      const trgmOps = sql.raw(`${quoteIdent(ext.rows[0]?.schema ?? 'public')}.gin_trgm_ops`);
      await sql`CREATE TEXT SEARCH DICTIONARY vaggen_swedish_stem (TEMPLATE = snowball, LANGUAGE = swedish)`.execute(
        db,
      );
      await sql`CREATE TEXT SEARCH CONFIGURATION vaggen_swedish (COPY = pg_catalog.swedish)`.execute(db);
      await sql`ALTER TEXT SEARCH CONFIGURATION vaggen_swedish ALTER MAPPING REPLACE swedish_stem WITH vaggen_swedish_stem`.execute(
        db,
      );
      await sql`
        CREATE TABLE search_docs (
          article_id integer PRIMARY KEY REFERENCES articles(id) ON DELETE CASCADE,
          tsv tsvector NOT NULL,
          title_norm text NOT NULL,
          body_norm text NOT NULL
        )`.execute(db);
      await sql`CREATE INDEX search_docs_tsv_idx ON search_docs USING gin (tsv)`.execute(db);
      await sql`CREATE INDEX search_docs_title_trgm_idx ON search_docs USING gin (title_norm ${trgmOps})`.execute(db);
      await sql`CREATE INDEX search_docs_body_trgm_idx ON search_docs USING gin (body_norm ${trgmOps})`.execute(db);
    }
    // "Most read": views per article and Swedish day, added up in memory and flushed by a job.
    await db.schema
      .createTable('article_views')
      .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('views', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('article_views_pk', ['article_id', 'day'])
      .execute();
    await db.schema
      .createIndex('article_views_day_idx')
      .on('article_views')
      .columns(['day', 'article_id', 'views'])
      .execute();
    // The author page lists a writer's articles newest first.
    await db.schema
      .createIndex('articles_author_published_idx')
      .on('articles')
      .columns(['author_id', 'published_at', 'id'])
      .execute();

    // Articles stored before this migration are indexed by the `search-backfill` job (jobs/index.ts).
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('articles_author_published_idx').execute();
    await db.schema.dropTable('article_views').execute();
    if (dialect === 'sqlite') {
      await sql`DROP TABLE search_trgm`.execute(db);
      await sql`DROP TABLE search_fts`.execute(db);
    } else {
      await sql`DROP TABLE search_docs`.execute(db);
      await sql`DROP TEXT SEARCH CONFIGURATION vaggen_swedish`.execute(db);
      await sql`DROP TEXT SEARCH DICTIONARY vaggen_swedish_stem`.execute(db);
    }
  },
});

const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;
