import { contentToText } from '@vaggen/contract';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/migrations/util.js';
import type { Database } from '../../db/schema.js';
import { indexText } from './text.js';

/** What the index needs of an article. */
export interface SearchSource {
  id: number;
  title: string;
  content: string;
}

/** (Re)indexes one article; call inside the transaction that wrote it. */
export async function writeSearchDoc(db: Kysely<Database>, dialect: Dialect, a: SearchSource): Promise<void> {
  const t = indexText(a.title, contentToText(a.content));
  if (dialect === 'sqlite') {
    await deleteSearchDoc(db, dialect, a.id);
    await sql`INSERT INTO search_fts (rowid, title, body) VALUES (${a.id}, ${t.titleStems}, ${t.bodyStems})`.execute(
      db,
    );
    await sql`INSERT INTO search_trgm (rowid, title, body) VALUES (${a.id}, ${t.titleNorm}, ${t.bodyNorm})`.execute(db);
  } else {
    await sql`
      INSERT INTO search_docs (article_id, tsv, title_norm, body_norm)
      VALUES (${a.id},
              setweight(to_tsvector('vaggen_swedish', ${t.titleNorm}), 'A') ||
              setweight(to_tsvector('vaggen_swedish', ${t.bodyNorm}), 'B'),
              ${t.titleNorm}, ${t.bodyNorm})
      ON CONFLICT (article_id) DO UPDATE
        SET tsv = EXCLUDED.tsv, title_norm = EXCLUDED.title_norm, body_norm = EXCLUDED.body_norm`.execute(db);
  }
}

export async function deleteSearchDoc(db: Kysely<Database>, dialect: Dialect, id: number): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`DELETE FROM search_fts WHERE rowid = ${id}`.execute(db);
    await sql`DELETE FROM search_trgm WHERE rowid = ${id}`.execute(db);
  } else {
    await sql`DELETE FROM search_docs WHERE article_id = ${id}`.execute(db);
  }
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
