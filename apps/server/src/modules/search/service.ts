import { type Category, contentToText, SEARCH_MSG, type SearchResult } from '@vaggen/contract';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Dialect } from '../../db/migrations/util.js';
import { httpError } from '../../lib/http-errors.js';
import type { ArticlesService, WrittenArticle } from '../articles/service.js';
import { readerVisible } from '../articles/visibility.js';
import { deleteSearchDoc, indexedIds, writeSearchDoc } from './index-store.js';
import { COMPOUND_MIN, highlight, type ParsedQuery, parseQuery, type QueryPart, snippet, stem } from './text.js';

export interface SearchParams {
  q: string;
  category?: Category;
  /** YYYY-MM-DD, Swedish calendar days, both inclusive. */
  from?: string;
  to?: string;
  sort: 'relevance' | 'newest';
  cursor?: string;
  limit: number;
}

type Cursor = [score: number, publishedAt: string, id: number];

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

function decodeCursor(s: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(s, 'base64url').toString('utf8'));
    if (
      Array.isArray(c) &&
      c.length === 3 &&
      Number.isInteger(c[0]) &&
      c[0] >= 0 &&
      c[0] <= 100 &&
      typeof c[1] === 'string' &&
      c[1].length <= 40 &&
      !c[1].includes('\u0000') &&
      Number.isSafeInteger(c[2]) &&
      c[2] > 0 &&
      c[2] <= 2_147_483_647
    ) {
      return c as Cursor;
    }
  } catch {
    // fall through
  }
  throw httpError(400, SEARCH_MSG.badCursor);
}

/** Start of a calendar day in Stockholm, as the ISO UTC time stored in published_at. */
export function stockholmDayStart(date: string): string {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  if (!Number.isFinite(utcMidnight)) throw httpError(400, SEARCH_MSG.badDate);
  // Summer time switches at 01:00 UTC, so the offset at 00:00 UTC is the one of local midnight.
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Stockholm', hour: '2-digit', hour12: false }).format(
      new Date(utcMidnight),
    ),
  );
  return new Date(utcMidnight - (hour % 24) * 3600_000).toISOString();
}

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * Swedish full-text search over what readers may see (decision 020). Both databases answer the
 * same query with the same hits in the same order: a word matches its inflections (Snowball
 * stems) and, from COMPOUND_MIN letters, any word it is part of (trigram index); a phrase matches
 * its exact words in order; `-` excludes. Relevance = how many query parts the title answers,
 * then newest first.
 */
export class SearchService {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly articles: ArticlesService,
  ) {}

  /** Keeps the index in step with an article; runs inside the article's own transaction. */
  index(article: WrittenArticle, trx: Db): Promise<void> {
    return writeSearchDoc(trx, this.dialect, article);
  }

  remove(articleId: number, trx: Db): Promise<void> {
    return deleteSearchDoc(trx, this.dialect, articleId);
  }

  /**
   * Indexes every stored article that has no index entry yet (those stored before migration 010),
   * 500 at a time in id order; the `search-backfill` job runs it. Returns how many it indexed.
   */
  async indexMissing(batchSize = 500, signal?: AbortSignal): Promise<number> {
    let after = 0;
    let indexed = 0;
    for (;;) {
      if (signal?.aborted) return indexed;
      // Let requests in between batches: a backfill of a big paper runs beside readers.
      await new Promise((r) => setImmediate(r));
      const batch = await this.articles.textsAfter(after, batchSize);
      if (batch.length === 0) return indexed;
      const have = await indexedIds(
        this.db,
        this.dialect,
        batch.map((a) => a.id),
      );
      const missing = batch.filter((a) => !have.has(a.id));
      if (missing.length > 0) {
        // One transaction per batch (not per article): far fewer commits on a big backfill.
        await this.db.transaction().execute(async (trx) => {
          for (const a of missing) await writeSearchDoc(trx, this.dialect, a);
        });
        indexed += missing.length;
      }
      after = batch[batch.length - 1].id;
    }
  }

  async search(p: SearchParams): Promise<SearchResult> {
    const parsed = parseQuery(p.q);
    if (parsed.include.length === 0) return { total: 0, hits: [], next_cursor: null };
    const cursor = p.cursor ? decodeCursor(p.cursor) : null;
    if (p.from && p.to && p.from > p.to) throw httpError(400, SEARCH_MSG.badRange);

    const filters: RawBuilder<SqlBool>[] = [readerVisible('a')];
    if (p.category) filters.push(sql<SqlBool>`a.category = ${p.category}`);
    if (p.from) filters.push(sql<SqlBool>`a.published_at >= ${stockholmDayStart(p.from)}`);
    if (p.to) filters.push(sql<SqlBool>`a.published_at < ${stockholmDayStart(nextDay(p.to))}`);
    const score = p.sort === 'newest' ? sql`0` : this.titleScore(parsed);
    const inner =
      this.dialect === 'sqlite'
        ? sql`SELECT a.id, a.published_at, ${score} AS score
                FROM (${this.sqliteHits(parsed)}) h JOIN articles a ON a.id = h.id
               WHERE ${sql.join(filters, sql` AND `)}`
        : sql`SELECT a.id, a.published_at, ${score} AS score
                FROM search_docs d JOIN articles a ON a.id = d.article_id
               WHERE ${sql.join([...this.pgConditions(parsed), ...filters], sql` AND `)}`;
    const keyset = cursor
      ? sql`WHERE (x.score < ${cursor[0]} OR (x.score = ${cursor[0]} AND (x.published_at < ${cursor[1]}
               OR (x.published_at = ${cursor[1]} AND x.id < ${cursor[2]}))))`
      : sql``;
    const page = await sql<{ id: number; published_at: string; score: number }>`
      SELECT x.id, x.published_at, x.score FROM (${inner}) x ${keyset}
       ORDER BY x.score DESC, x.published_at DESC, x.id DESC
       LIMIT ${p.limit + 1}`.execute(this.db);
    const { rows: countRows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM (${inner}) x`.execute(
      this.db,
    );
    const rows = page.rows.slice(0, p.limit);
    const last = rows[rows.length - 1];
    const articles = await this.articles.getManyByIds(rows.map((r) => Number(r.id)));
    return {
      total: Number(countRows[0]?.n ?? 0),
      hits: articles.map(({ content, ...summary }) => ({
        article: summary,
        title: highlight(summary.title, parsed),
        snippet: snippet(contentToText(content), parsed),
      })),
      next_cursor:
        page.rows.length > p.limit && last
          ? encodeCursor([Number(last.score), last.published_at, Number(last.id)])
          : null,
    };
  }

  // --- SQLite: FTS5 (stems) and FTS5 trigram (substrings) ---------------------------------------

  /** FTS5 string literal: the text in double quotes (only letters, digits and spaces reach here). */
  private static quoted(s: string): string {
    return `"${s.replace(/"/g, '""')}"`;
  }

  /** rowids of the articles matching one part, in `column` or anywhere. */
  private sqlitePart(part: QueryPart, column?: 'title'): RawBuilder<unknown> {
    const col = column ? `${column} : ` : '';
    if (part.kind === 'phrase') {
      return sql`SELECT rowid AS id FROM search_trgm WHERE search_trgm MATCH ${`${col}${SearchService.quoted(` ${part.words.join(' ')} `)}`}`;
    }
    const stems = sql`SELECT rowid AS id FROM search_fts WHERE search_fts MATCH ${`${col}${SearchService.quoted(stem(part.word))}`}`;
    if (part.word.length < COMPOUND_MIN) return stems;
    return sql`${stems} UNION SELECT rowid AS id FROM search_trgm WHERE search_trgm MATCH ${`${col}${SearchService.quoted(part.word)}`}`;
  }

  private sqliteHits(q: ParsedQuery): RawBuilder<unknown> {
    const sets = q.include.map((part) => sql`SELECT id FROM (${this.sqlitePart(part)})`);
    let hits = sql.join(sets, sql` INTERSECT `);
    for (const part of q.exclude) hits = sql`${hits} EXCEPT SELECT id FROM (${this.sqlitePart(part)})`;
    return hits;
  }

  // --- PostgreSQL: tsvector (vaggen_swedish, title A / body B) and pg_trgm -------------------------

  private pgPart(part: QueryPart, titleOnly = false): RawBuilder<SqlBool> {
    if (part.kind === 'phrase') {
      const like = `% ${part.words.join(' ')} %`;
      return titleOnly
        ? sql<SqlBool>`d.title_norm LIKE ${like}`
        : sql<SqlBool>`(d.title_norm LIKE ${like} OR d.body_norm LIKE ${like})`;
    }
    const w = part.word;
    const ts = sql<SqlBool>`d.tsv @@ to_tsquery('vaggen_swedish', ${titleOnly ? `${w}:A` : w})`;
    if (w.length < COMPOUND_MIN) return ts;
    const like = `%${w}%`;
    return titleOnly
      ? sql<SqlBool>`(${ts} OR d.title_norm LIKE ${like})`
      : sql<SqlBool>`(${ts} OR d.title_norm LIKE ${like} OR d.body_norm LIKE ${like})`;
  }

  private pgConditions(q: ParsedQuery): RawBuilder<SqlBool>[] {
    return [...q.include.map((p) => this.pgPart(p)), ...q.exclude.map((p) => sql<SqlBool>`NOT ${this.pgPart(p)}`)];
  }

  /** How many of the query's parts the title answers (0 … parts). */
  private titleScore(q: ParsedQuery): RawBuilder<number> {
    const terms = q.include.map((part) =>
      this.dialect === 'sqlite'
        ? sql`(CASE WHEN a.id IN (${this.sqlitePart(part, 'title')}) THEN 1 ELSE 0 END)`
        : sql`(CASE WHEN ${this.pgPart(part, true)} THEN 1 ELSE 0 END)`,
    );
    return sql<number>`(${sql.join(terms, sql` + `)})`;
  }
}
