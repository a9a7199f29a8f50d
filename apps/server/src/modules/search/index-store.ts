import { contentToText } from '@vaggen/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../../db/migrations/util.js';
import type { Database } from '../../db/schema.js';
import { COMPOUND_MIN, indexText, isCompoundOf, stem, vocabularyWords } from './text.js';

/** What the index needs of an article. */
export interface SearchSource {
  id: number;
  title: string;
  content: string;
}

/** At most this many vocabulary words (most frequent first) stand in for one query word's compounds. */
export const COMPOUND_EXPANSION_MAX = 64;
/** Vocabulary words containing the query word that are looked at (most frequent first) to find them. */
const COMPOUND_CANDIDATES_MAX = 1000;
/** Rows per multi-row statement (well under both databases' parameter limits). */
const CHUNK = 200;
/** Articles per multi-row statement of the index. */
const DOC_CHUNK = 100;

/**
 * PostgreSQL tsvector literal of the JavaScript stems: each distinct stem once, weight A at
 * position 1 for the title, weight B at position 2 for the body. No PostgreSQL stemming or parsing
 * is involved, so both databases index exactly the same stems (decision 025).
 */
export function tsvectorLiteral(titleStems: string, bodyStems: string): string {
  const weights = new Map<string, string>();
  for (const s of titleStems.split(' ')) if (s) weights.set(s, '1A');
  for (const s of bodyStems.split(' ')) {
    if (!s) continue;
    const w = weights.get(s);
    if (w === undefined) weights.set(s, '2B');
    else if (w === '1A') weights.set(s, '1A,2B');
  }
  return [...weights].map(([s, w]) => `'${s.replace(/['\\]/g, (c) => c + c)}':${w}`).join(' ');
}

/** (Re)indexes one article; call inside the transaction that wrote it. */
export function writeSearchDoc(db: Kysely<Database>, dialect: Dialect, a: SearchSource): Promise<void> {
  return writeSearchDocs(db, dialect, [a]);
}

/**
 * (Re)indexes several articles in one go (the migration's rebuild, the benchmark): the same rows
 * as one writeSearchDoc each, with the vocabulary's counts changed once per word for the lot.
 */
export async function writeSearchDocs(db: Kysely<Database>, dialect: Dialect, list: SearchSource[]): Promise<void> {
  const delta = new Map<string, number>();
  for (let i = 0; i < list.length; i += DOC_CHUNK) {
    const docs = list
      .slice(i, i + DOC_CHUNK)
      .map((a) => ({ id: a.id, t: indexText(a.title, contentToText(a.content)) }));
    const ids = sql.join(docs.map((d) => sql`${d.id}`));
    for (const words of (await storedWords(db, dialect, ids)).values()) {
      for (const w of words) delta.set(w, (delta.get(w) ?? 0) - 1);
    }
    if (dialect === 'sqlite') {
      await sql`DELETE FROM search_fts WHERE rowid IN (${ids})`.execute(db);
      await sql`DELETE FROM search_trgm WHERE rowid IN (${ids})`.execute(db);
      const stems = sql.join(docs.map(({ id, t }) => sql`(${id}, ${t.titleStems}, ${t.bodyStems})`));
      await sql`INSERT INTO search_fts (rowid, title, body) VALUES ${stems}`.execute(db);
      const norms = sql.join(docs.map(({ id, t }) => sql`(${id}, ${t.titleNorm}, ${t.bodyNorm})`));
      await sql`INSERT INTO search_trgm (rowid, title, body) VALUES ${norms}`.execute(db);
    } else {
      const rows = sql.join(
        docs.map(
          ({ id, t }) =>
            sql`(${id}, ${tsvectorLiteral(t.titleStems, t.bodyStems)}::tsvector, ${t.titleNorm}, ${t.bodyNorm})`,
        ),
      );
      await sql`
        INSERT INTO search_docs (article_id, tsv, title_norm, body_norm) VALUES ${rows}
        ON CONFLICT (article_id) DO UPDATE
          SET tsv = EXCLUDED.tsv, title_norm = EXCLUDED.title_norm, body_norm = EXCLUDED.body_norm`.execute(db);
    }
    for (const { t } of docs) {
      for (const w of vocabularyWords(`${t.titleNorm}${t.bodyNorm}`)) delta.set(w, (delta.get(w) ?? 0) + 1);
    }
  }
  await vocabularyChange(db, delta);
}

export async function deleteSearchDoc(db: Kysely<Database>, dialect: Dialect, id: number): Promise<void> {
  const before = (await storedWords(db, dialect, sql`${id}`)).get(id) ?? [];
  if (dialect === 'sqlite') {
    await sql`DELETE FROM search_fts WHERE rowid = ${id}`.execute(db);
    await sql`DELETE FROM search_trgm WHERE rowid = ${id}`.execute(db);
  } else {
    await sql`DELETE FROM search_docs WHERE article_id = ${id}`.execute(db);
  }
  await vocabularyChange(db, new Map(before.map((w) => [w, -1])));
}

/** The vocabulary words of the current index entries of `ids` (articles without one are left out). */
async function storedWords(db: Kysely<Database>, dialect: Dialect, ids: RawBuilder<unknown>) {
  const { rows } =
    dialect === 'sqlite'
      ? await sql<{
          id: number;
          t: string;
          b: string;
        }>`SELECT rowid AS id, title AS t, body AS b FROM search_trgm WHERE rowid IN (${ids})`.execute(db)
      : await sql<{
          id: number;
          t: string;
          b: string;
        }>`SELECT article_id AS id, title_norm AS t, body_norm AS b FROM search_docs WHERE article_id IN (${ids})`.execute(
          db,
        );
  return new Map(rows.map((r) => [Number(r.id), vocabularyWords(`${r.t}${r.b}`)]));
}

/**
 * Keeps `search_vocab` (word → number of indexed articles that have it) in step: adds each word's
 * change of count (+ for articles that gained it, − for those that lost it); a word no article has
 * any more is deleted (SQLite's triggers keep the vocabulary's trigram table in step). Words go in
 * sorted order, so concurrent writers lock rows in the same order and do not deadlock.
 */
async function vocabularyChange(db: Kysely<Database>, delta: Map<string, number>): Promise<void> {
  const changed = [...delta].filter(([, d]) => d !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (let i = 0; i < changed.length; i += CHUNK) {
    const part = changed.slice(i, i + CHUNK);
    const values = sql.join(part.map(([w, d]) => sql`(${w}, ${d})`));
    await sql`INSERT INTO search_vocab (word, docs) VALUES ${values}
              ON CONFLICT (word) DO UPDATE SET docs = search_vocab.docs + excluded.docs`.execute(db);
    const gone = part.filter(([, d]) => d < 0).map(([w]) => sql`${w}`);
    if (gone.length) await sql`DELETE FROM search_vocab WHERE word IN (${sql.join(gone)}) AND docs <= 0`.execute(db);
  }
}

/**
 * The stems that stand for the query word `word` in the full-text index: its own stem, and those
 * of the vocabulary words that are compounds with that stem as a part (isCompoundOf), at most
 * COMPOUND_EXPANSION_MAX, the most frequent first (ties by word, byte order). Found through the
 * trigram index of the vocabulary, never by scanning articles.
 */
export async function wordStems(db: Kysely<Database>, dialect: Dialect, word: string): Promise<string[]> {
  const own = stem(word);
  const stems = new Set([own]);
  if (own.length < COMPOUND_MIN) return [...stems];
  // Normalized words are letters and digits only: no FTS5 or LIKE syntax can reach here.
  const { rows } =
    dialect === 'sqlite'
      ? await sql<{ word: string }>`
          SELECT v.word FROM search_vocab_trgm t JOIN search_vocab v ON v.id = t.rowid
           WHERE search_vocab_trgm MATCH ${`"${own}"`}
           ORDER BY v.docs DESC, v.word LIMIT ${COMPOUND_CANDIDATES_MAX}`.execute(db)
      : await sql<{ word: string }>`
          SELECT word FROM search_vocab WHERE word LIKE ${`%${own}%`}
           ORDER BY docs DESC, word COLLATE "C" LIMIT ${COMPOUND_CANDIDATES_MAX}`.execute(db);
  let n = 0;
  for (const r of rows) {
    if (n >= COMPOUND_EXPANSION_MAX) break;
    if (!isCompoundOf(r.word, own)) continue;
    n++;
    stems.add(stem(r.word));
  }
  return [...stems];
}

/** Which of `ids` already have an index entry. */
export async function indexedIds(db: Kysely<Database>, dialect: Dialect, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const list = sql.join(ids.map((id) => sql`${id}`));
  const { rows } =
    dialect === 'sqlite'
      ? await sql<{ id: number }>`SELECT rowid AS id FROM search_trgm WHERE rowid IN (${list})`.execute(db)
      : await sql<{ id: number }>`SELECT article_id AS id FROM search_docs WHERE article_id IN (${list})`.execute(db);
  return new Set(rows.map((r) => Number(r.id)));
}
