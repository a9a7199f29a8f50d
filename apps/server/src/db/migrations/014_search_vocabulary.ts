import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from './util.js';

/**
 * Search speed and compound quality (issue 15, decision 025).
 * - `search_vocab`: every distinct word (5–64 letters) of the indexed articles with the number of
 *   articles that have it, kept in the article's transaction by the search index, with a trigram
 *   index on the word (SQLite: an FTS5 trigram table kept by triggers; PostgreSQL: pg_trgm GIN).
 *   A query word is looked up there, not in whole documents, to find the compounds it is part of.
 * - The old index rows (Snowball's stems) are emptied and the `search-backfill` job is made due, so
 *   the running server rebuilds every article's entry with the stems it writes (Snowball without its
 *   step 3, computed in JavaScript for both databases), which also fills the vocabulary. Not here:
 *   on a large paper that is minutes of work, and migrations run under the start-up lock; the job
 *   runs beside the started server, in batches, and resumes after a restart.
 */
export const searchVocabulary = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    if (dialect === 'sqlite') {
      await sql`CREATE TABLE search_vocab (
                  id integer PRIMARY KEY,
                  word text NOT NULL UNIQUE,
                  docs integer NOT NULL)`.execute(db);
      await sql`CREATE VIRTUAL TABLE search_vocab_trgm USING fts5(word, tokenize = 'trigram remove_diacritics 0')`.execute(
        db,
      );
      await sql`CREATE TRIGGER search_vocab_ai AFTER INSERT ON search_vocab BEGIN
                  INSERT INTO search_vocab_trgm (rowid, word) VALUES (new.id, new.word);
                END`.execute(db);
      await sql`CREATE TRIGGER search_vocab_ad AFTER DELETE ON search_vocab BEGIN
                  DELETE FROM search_vocab_trgm WHERE rowid = old.id;
                END`.execute(db);
      await sql`DELETE FROM search_fts`.execute(db);
      await sql`DELETE FROM search_trgm`.execute(db);
    } else {
      const ext = await sql<{ schema: string }>`
        SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
         WHERE e.extname = 'pg_trgm'`.execute(db);
      const trgmOps = sql.raw(`"${(ext.rows[0]?.schema ?? 'public').replace(/"/g, '""')}".gin_trgm_ops`);
      await sql`CREATE TABLE search_vocab (word text PRIMARY KEY, docs integer NOT NULL)`.execute(db);
      await sql`CREATE INDEX search_vocab_word_trgm_idx ON search_vocab USING gin (word ${trgmOps})`.execute(db);
      await sql`DELETE FROM search_docs`.execute(db);
    }
    // The job's next run is at this start (its lease row gone: never run).
    await sql`DELETE FROM job_leases WHERE name = 'search-backfill'`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    // The rebuilt index keeps its JavaScript stems; migration 010's code reads them as before,
    // except for words Snowball's step 3 would have shortened.
    if (dialect === 'sqlite') {
      await sql`DROP TRIGGER search_vocab_ad`.execute(db);
      await sql`DROP TRIGGER search_vocab_ai`.execute(db);
      await sql`DROP TABLE search_vocab_trgm`.execute(db);
    }
    await sql`DROP TABLE search_vocab`.execute(db);
  },
});
