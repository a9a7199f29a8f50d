import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from './util.js';

/**
 * PostgreSQL search without a join or a large value per hit (issue 15, decision 030). A search
 * used to look every hit up in `articles` (visibility, date, category) and read each hit's whole
 * `tsv` back for the title score: ~90 ms for a query with 5 000 hits at 100 000 articles.
 * `search_docs` now carries what search filters and sorts on:
 * - `status`, `published_at`, `category`: copies of the article's, kept in step by triggers in
 *   the same transaction as whatever changes them (an edit, the scheduler's UPDATE, a direct
 *   write), so no code path can leave them behind;
 * - `title_tsv`: the title's lexemes only (`ts_filter(tsv, '{a}')`, generated), small enough to
 *   stay in the row.
 * SQLite is unchanged: its FTS5 tables answer in time already (p99 26 ms).
 */
export const searchFilters = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    if (dialect === 'sqlite') return;
    await sql`
      ALTER TABLE search_docs
        ADD COLUMN status varchar(16),
        ADD COLUMN published_at varchar(32),
        ADD COLUMN category varchar(16),
        ADD COLUMN title_tsv tsvector GENERATED ALWAYS AS (ts_filter(tsv, '{a}')) STORED`.execute(db);
    await sql`
      UPDATE search_docs d SET status = a.status, published_at = a.published_at, category = a.category
        FROM articles a WHERE a.id = d.article_id`.execute(db);
    await sql`
      ALTER TABLE search_docs
        ALTER COLUMN status SET NOT NULL,
        ALTER COLUMN published_at SET NOT NULL,
        ALTER COLUMN category SET NOT NULL`.execute(db);
    // A new or rewritten index entry takes the article's current values …
    await sql`
      CREATE FUNCTION search_docs_fill() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        SELECT a.status, a.published_at, a.category INTO NEW.status, NEW.published_at, NEW.category
          FROM articles a WHERE a.id = NEW.article_id;
        RETURN NEW;
      END $$`.execute(db);
    await sql`
      CREATE TRIGGER search_docs_fill BEFORE INSERT OR UPDATE OF tsv ON search_docs
        FOR EACH ROW EXECUTE FUNCTION search_docs_fill()`.execute(db);
    // … and follows every later change of them.
    await sql`
      CREATE FUNCTION search_docs_follow() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE search_docs SET status = NEW.status, published_at = NEW.published_at, category = NEW.category
         WHERE article_id = NEW.id;
        RETURN NULL;
      END $$`.execute(db);
    await sql`
      CREATE TRIGGER articles_search_follow AFTER UPDATE OF status, published_at, category ON articles
        FOR EACH ROW
        WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.published_at IS DISTINCT FROM NEW.published_at
              OR OLD.category IS DISTINCT FROM NEW.category)
        EXECUTE FUNCTION search_docs_follow()`.execute(db);
    await sql`ANALYZE search_docs`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    if (dialect === 'sqlite') return;
    await sql`DROP TRIGGER articles_search_follow ON articles`.execute(db);
    await sql`DROP FUNCTION search_docs_follow()`.execute(db);
    await sql`DROP TRIGGER search_docs_fill ON search_docs`.execute(db);
    await sql`DROP FUNCTION search_docs_fill()`.execute(db);
    await sql`
      ALTER TABLE search_docs
        DROP COLUMN title_tsv, DROP COLUMN category, DROP COLUMN published_at, DROP COLUMN status`.execute(db);
  },
});
