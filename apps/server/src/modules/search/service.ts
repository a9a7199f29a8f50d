import { type Category, contentToText, SEARCH_MSG, type SearchResult, stockholmWallToUtc } from '@vaggen/contract';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Dialect } from '../../db/migrations/util.js';
import { httpError } from '../../lib/http-errors.js';
import type { ArticlesService, WrittenArticle } from '../articles/service.js';
import { readerArticleFacts, readerVisible } from '../articles/visibility.js';
import { deleteSearchDoc, indexedIds, wordStems, writeSearchDoc, writeSearchDocs } from './index-store.js';
import { highlight, type ParsedQuery, parseQuery, type QueryPart, snippet } from './text.js';

/** Query word → the stems that stand for it in the index. */
type Expansion = Map<string, string[]>;

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
  const [y, m, d] = date.split('-').map(Number);
  return new Date(stockholmWallToUtc(y as number, m as number, d as number)).toISOString();
}

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * Swedish full-text search over what readers may see (decisions 020, 025). Both databases answer
 * the same query with the same hits in the same order: a word matches its inflections (its stem)
 * and, when its stem has COMPOUND_MIN letters, the compounds it is a part of — found in the
 * vocabulary's trigram index and looked up by their stems in the same full-text index; a phrase
 * matches its exact words in order; `-` excludes. Relevance = how many query parts the title
 * answers, then newest first.
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
        // One transaction and one vocabulary update per batch (not per article): a big backfill
        // changes each word's count once per batch instead of once per article that has it.
        await this.db.transaction().execute(async (trx) => {
          await writeSearchDocs(trx, this.dialect, missing);
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

    // SQLite filters on the articles module's read model of readers' articles (issue 39);
    // PostgreSQL on the index entry's copies of it (migration 018), so a hit needs no lookup there.
    const t = this.dialect === 'sqlite' ? 'a' : 'd';
    const filters: RawBuilder<SqlBool>[] = this.dialect === 'sqlite' ? [sql<SqlBool>`1 = 1`] : [readerVisible(t)];
    if (p.category) filters.push(sql<SqlBool>`${sql.ref(`${t}.category`)} = ${p.category}`);
    if (p.from) filters.push(sql<SqlBool>`${sql.ref(`${t}.published_at`)} >= ${stockholmDayStart(p.from)}`);
    if (p.to) filters.push(sql<SqlBool>`${sql.ref(`${t}.published_at`)} < ${stockholmDayStart(nextDay(p.to))}`);
    const x = await this.expand(parsed);
    const score = p.sort === 'newest' ? sql`0` : this.titleScore(parsed, x);
    const inner =
      this.dialect === 'sqlite'
        ? sql`SELECT a.id, a.published_at, ${score} AS score
                FROM (${this.sqliteHits(parsed, x)}) h JOIN (${readerArticleFacts(this.db)}) a ON a.id = h.id
               WHERE ${sql.join(filters, sql` AND `)}`
        : sql`SELECT d.article_id AS id, d.published_at, ${score} AS score
                FROM search_docs d
               WHERE ${sql.join([...this.pgConditions(parsed, x), ...filters], sql` AND `)}`;
    const keyset = cursor
      ? sql`WHERE (x.score < ${cursor[0]} OR (x.score = ${cursor[0]} AND (x.published_at < ${cursor[1]}
               OR (x.published_at = ${cursor[1]} AND x.id < ${cursor[2]}))))`
      : sql``;
    // One pass over the hits: the count of all of them (before the cursor's cut) rides along.
    const page = await sql<{ id: number; published_at: string; score: number; total: number | string }>`
      SELECT x.id, x.published_at, x.score, x.total
        FROM (SELECT y.*, count(*) OVER () AS total FROM (${inner}) y) x ${keyset}
       ORDER BY x.score DESC, x.published_at DESC, x.id DESC
       LIMIT ${p.limit + 1}`.execute(this.db);
    let total = Number(page.rows[0]?.total ?? 0);
    if (page.rows.length === 0 && cursor) {
      const { rows: n } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM (${inner}) x`.execute(this.db);
      total = Number(n[0]?.n ?? 0);
    }
    const rows = page.rows.slice(0, p.limit);
    const last = rows[rows.length - 1];
    const articles = await this.articles.getManyByIds(rows.map((r) => Number(r.id)));
    return {
      total,
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

  /** The stems of every word of the query (index-store wordStems), by word. */
  private async expand(q: ParsedQuery): Promise<Expansion> {
    const x: Expansion = new Map();
    for (const p of [...q.include, ...q.exclude]) {
      if (p.kind === 'word' && !x.has(p.word)) x.set(p.word, await wordStems(this.db, this.dialect, p.word));
    }
    return x;
  }

  // --- SQLite: FTS5 (stems), FTS5 trigram (phrases) ----------------------------------------------

  /** FTS5 string literal: the text in double quotes (only letters, digits and spaces reach here). */
  private static quoted(s: string): string {
    return `"${s.replace(/"/g, '""')}"`;
  }

  /** FTS5 expression of one word: any of its stems (inflections and compounds). */
  private static ftsWord(stems: string[]): string {
    return `(${stems.map(SearchService.quoted).join(' OR ')})`;
  }

  /** rowids of the articles matching a phrase, in `column` or anywhere. */
  private static sqlitePhrase(words: string[], column?: 'title'): RawBuilder<unknown> {
    const col = column ? `${column} : ` : '';
    return sql`SELECT rowid AS id FROM search_trgm WHERE search_trgm MATCH ${`${col}${SearchService.quoted(` ${words.join(' ')} `)}`}`;
  }

  /** rowids of the articles matching one part, in `column` or anywhere. */
  private sqlitePart(part: QueryPart, x: Expansion, column?: 'title'): RawBuilder<unknown> {
    if (part.kind === 'phrase') return SearchService.sqlitePhrase(part.words, column);
    const col = column ? `${column} : ` : '';
    return sql`SELECT rowid AS id FROM search_fts WHERE search_fts MATCH ${`${col}${SearchService.ftsWord(x.get(part.word) ?? [])}`}`;
  }

  /**
   * One FTS5 MATCH for all words (included ones ANDed, excluded ones NOTed), intersected with the
   * phrases' trigram matches and less the excluded phrases'.
   */
  private sqliteHits(q: ParsedQuery, x: Expansion): RawBuilder<unknown> {
    const expr = (parts: QueryPart[], op: string) =>
      parts.flatMap((p) => (p.kind === 'word' ? [SearchService.ftsWord(x.get(p.word) ?? [])] : [])).join(op);
    const incWords = expr(q.include, ' AND ');
    const excWords = expr(q.exclude, ' OR ');
    const sets: RawBuilder<unknown>[] = [];
    if (incWords) {
      const m = excWords ? `(${incWords}) NOT (${excWords})` : incWords;
      sets.push(sql`SELECT rowid AS id FROM search_fts WHERE search_fts MATCH ${m}`);
    }
    for (const p of q.include) if (p.kind === 'phrase') sets.push(SearchService.sqlitePhrase(p.words));
    let hits = sql.join(
      sets.map((s) => sql`SELECT id FROM (${s})`),
      sql` INTERSECT `,
    );
    if (!incWords && excWords)
      hits = sql`${hits} EXCEPT SELECT rowid AS id FROM search_fts WHERE search_fts MATCH ${excWords}`;
    for (const p of q.exclude) {
      if (p.kind === 'phrase') hits = sql`${hits} EXCEPT SELECT id FROM (${SearchService.sqlitePhrase(p.words)})`;
    }
    return hits;
  }

  // --- PostgreSQL: tsvector of the same stems (title A / body B), pg_trgm for phrases -------------

  /** tsquery text of one word: any of its stems. */
  private static tsWord(stems: string[]): string {
    return `(${stems.map((s) => `'${s}'`).join(' | ')})`;
  }

  private static pgPhrase(words: string[], titleOnly = false): RawBuilder<SqlBool> {
    const like = `% ${words.join(' ')} %`;
    return titleOnly
      ? sql<SqlBool>`d.title_norm LIKE ${like}`
      : sql<SqlBool>`(d.title_norm LIKE ${like} OR d.body_norm LIKE ${like})`;
  }

  private pgPart(part: QueryPart, x: Expansion, titleOnly = false): RawBuilder<SqlBool> {
    if (part.kind === 'phrase') return SearchService.pgPhrase(part.words, titleOnly);
    // the title's own small tsvector (migration 018), not the whole text's weight-A lexemes
    const tsv = titleOnly ? sql.ref('d.title_tsv') : sql.ref('d.tsv');
    return sql<SqlBool>`${tsv} @@ ${SearchService.tsWord(x.get(part.word) ?? [])}::tsquery`;
  }

  /** One tsquery for all words (included ANDed, excluded NOTed), plus the phrases' LIKEs. */
  private pgConditions(q: ParsedQuery, x: Expansion): RawBuilder<SqlBool>[] {
    const words = (parts: QueryPart[]) =>
      parts.flatMap((p) => (p.kind === 'word' ? [SearchService.tsWord(x.get(p.word) ?? [])] : []));
    const inc = words(q.include);
    const exc = words(q.exclude);
    const out: RawBuilder<SqlBool>[] = [];
    if (inc.length) {
      const tsq = [...inc, ...exc.map((e) => `!${e}`)].join(' & ');
      out.push(sql<SqlBool>`d.tsv @@ ${tsq}::tsquery`);
    } else if (exc.length) {
      out.push(sql<SqlBool>`NOT d.tsv @@ ${exc.join(' | ')}::tsquery`);
    }
    for (const p of q.include) if (p.kind === 'phrase') out.push(SearchService.pgPhrase(p.words));
    for (const p of q.exclude) if (p.kind === 'phrase') out.push(sql<SqlBool>`NOT ${SearchService.pgPhrase(p.words)}`);
    return out;
  }

  /** How many of the query's parts the title answers (0 … parts). */
  private titleScore(q: ParsedQuery, x: Expansion): RawBuilder<number> {
    const terms = q.include.map((part) =>
      this.dialect === 'sqlite'
        ? sql`(CASE WHEN a.id IN (${this.sqlitePart(part, x, 'title')}) THEN 1 ELSE 0 END)`
        : sql`(CASE WHEN ${this.pgPart(part, x, true)} THEN 1 ELSE 0 END)`,
    );
    return sql<number>`(${sql.join(terms, sql` + `)})`;
  }
}
