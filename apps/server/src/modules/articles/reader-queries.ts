import type { Article, ArticleLookup, ArticleSummary, Category } from '@vaggen/contract';
import type { Db } from '../../db/index.js';
import type { WrittenArticle } from './events.js';
import {
  decorate,
  fullOf,
  fullRows,
  isPossibleSlug,
  isStoredId,
  lockedView,
  publicPart,
  summaryRows,
  toSummary,
  visibleSummaryRows,
  whereVisibleToReaders,
  withContent,
} from './read-model.js';
import { readerVisible } from './visibility.js';

export interface ListOptions {
  category?: Category;
  /** Only articles with this (normalised) tag. */
  tag?: string;
  limit: number;
  offset: number;
  excludeIds?: number[];
  /** Only articles published at or after this ISO time. */
  since?: string;
}

/** The fields of an article that commenting, its screening and its notifications use. */
export type CommentTarget = Pick<Article, 'id' | 'slug' | 'title' | 'author_id' | 'category' | 'date'>;

/** A list of summaries, newest first, one page of it. */
const newestFirst = <Q extends ReturnType<typeof summaryRows>>(q: Q, page: { limit: number; offset: number }) =>
  q.orderBy('a.published_at', 'desc').orderBy('a.id', 'desc').limit(page.limit).offset(page.offset);

/** What readers (and modules serving them) read of articles: published ones only, bounded. */
export class ArticleReaderQueries {
  constructor(private readonly db: Db) {}

  /** Published articles (readers), newest first. */
  async list(opts: ListOptions): Promise<ArticleSummary[]> {
    // A tag is short and has no NUL byte (which PostgreSQL refuses): anything else lists nothing.
    if (opts.tag !== undefined && (opts.tag.length > 200 || opts.tag.includes('\u0000'))) return [];
    let q = visibleSummaryRows(this.db);
    if (opts.category) q = q.where('a.category', '=', opts.category);
    if (opts.tag !== undefined) {
      const tag = opts.tag;
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('article_tags as t')
            .select('t.article_id')
            .whereRef('t.article_id', '=', 'a.id')
            .where('t.tag', '=', tag),
        ),
      );
    }
    if (opts.since) q = q.where('a.published_at', '>=', opts.since);
    if (opts.excludeIds?.length) q = q.where('a.id', 'not in', opts.excludeIds);
    return decorate(this.db, await newestFirst(q, opts).execute());
  }

  /** Issue 44: live reports readers see that are still live (the Google News sitemap), newest first. */
  async openLiveReports(limit: number): Promise<ArticleSummary[]> {
    const rows = await summaryRows(this.db)
      .where(readerVisible('a'))
      .where('a.kind', '=', 'live')
      .where('a.live_ended_at', 'is', null)
      .orderBy('a.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toSummary);
  }

  /** What readers may see (readerVisible), newest first: feeds, sitemaps, the author page. */
  async listVisible(opts: ListOptions & { authorId?: number }): Promise<ArticleSummary[]> {
    let q = summaryRows(this.db).where(readerVisible('a'));
    if (opts.category) q = q.where('a.category', '=', opts.category);
    if (opts.since) q = q.where('a.published_at', '>=', opts.since);
    if (opts.authorId !== undefined) q = q.where('a.author_id', '=', opts.authorId);
    return (await newestFirst(q, opts).execute()).map(toSummary);
  }

  /** Lists with the body included (the public API's article shape). */
  async listFull(opts: ListOptions): Promise<Article[]> {
    const summaries = await this.list(opts);
    if (summaries.length === 0) return [];
    const bodies = await this.db
      .selectFrom('articles')
      .select(['id', 'content'])
      .where(
        'id',
        'in',
        summaries.map((s) => s.id),
      )
      .execute();
    const byId = new Map(bodies.map((b) => [Number(b.id), b.content]));
    // issue 42: lists are the same for every reader: a locked article's teaser only
    return summaries.map((s) => lockedView({ ...s, content: byId.get(s.id) ?? '' }));
  }

  /**
   * Issue 41 (fronts): summaries of several articles by id, in the order asked; `visibleOnly` leaves
   * out those readers do not see (a front's pinned slot closes without a gap). Bounded by the ids.
   */
  async summariesByIds(ids: number[], visibleOnly: boolean): Promise<ArticleSummary[]> {
    const valid = [...new Set(ids.filter(isStoredId))].slice(0, 100);
    if (valid.length === 0) return [];
    const base = visibleOnly ? visibleSummaryRows(this.db) : summaryRows(this.db);
    const rows = await base.where('a.id', 'in', valid).execute();
    const list = await decorate(this.db, rows);
    const byId = new Map(list.map((a) => [a.id, a]));
    return valid.flatMap((id) => byId.get(id) ?? []);
  }

  /** Several articles by id, in the order asked (missing ones left out). */
  async getManyByIds(ids: number[]): Promise<Article[]> {
    const valid = ids.filter(isStoredId);
    if (valid.length === 0) return [];
    const rows = await fullRows(this.db).where('a.id', 'in', valid).execute();
    const byId = new Map(rows.map((r) => [Number(r.id), lockedView({ ...toSummary(r), ...fullOf(r) })]));
    return valid.flatMap((id) => byId.get(id) ?? []);
  }

  /** Id, title and stored text of the articles after `afterId`, in id order (for rebuilding derived data, e.g. the search index). */
  async textsAfter(afterId: number, limit: number): Promise<WrittenArticle[]> {
    const rows = await this.db
      .selectFrom('articles')
      .select(['id', 'title', 'content', 'access'])
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
    // issue 42: the index holds only what every reader may see (no snippet shows locked text)
    return rows.map((r) => ({
      id: Number(r.id),
      title: r.title,
      content: publicPart(r.content, r.access as Article['access']),
    }));
  }

  /**
   * A published article by id (readers); null for drafts, scheduled and unpublished ones. Issue 42:
   * a locked article's teaser only (`locked: true`); `unlocked` gives the whole text to a reader with access.
   */
  async getById(id: number): Promise<Article | null> {
    const a = await this.getWholeById(id);
    return a && lockedView(a);
  }

  private async getWholeById(id: number): Promise<Article | null> {
    if (!isStoredId(id)) return null;
    return withContent(
      this.db,
      await whereVisibleToReaders(fullRows(this.db), 'a').where('a.id', '=', id).executeTakeFirst(),
    );
  }

  /** Issue 42: the whole text of a published article, for a reader the revenue module let in. */
  async unlocked(id: number): Promise<Article | null> {
    return this.getWholeById(id);
  }

  /**
   * What a new comment needs of its article — visible to readers, or null — in one query: no body,
   * tags or byline lists (issue 13: a post waited for four round trips here under read load).
   */
  async commentTarget(id: number): Promise<CommentTarget | null> {
    if (!isStoredId(id)) return null;
    const row = await whereVisibleToReaders(
      this.db
        .selectFrom('articles as a')
        .select(['a.id', 'a.slug', 'a.title', 'a.author_id', 'a.category', 'a.published_at'])
        .where('a.id', '=', id),
      'a',
    ).executeTakeFirst();
    return row
      ? {
          id: Number(row.id),
          slug: row.slug,
          title: row.title,
          author_id: row.author_id === null ? null : Number(row.author_id),
          category: row.category as Article['category'],
          date: row.published_at,
        }
      : null;
  }

  /**
   * Issue 13 (decision 040): readers' articles newest first, `limit` after `after` (keyset on the
   * `articles_status_published_idx` index), as the page backfill walks them: slug and position only.
   */
  async publishedSlugs(
    after: { published_at: string; id: number } | null,
    limit: number,
  ): Promise<{ id: number; slug: string; published_at: string }[]> {
    let q = whereVisibleToReaders(
      this.db.selectFrom('articles as a').select(['a.id', 'a.slug', 'a.published_at']),
      'a',
    );
    if (after) {
      q = q.where((eb) =>
        eb.or([
          eb('a.published_at', '<', after.published_at),
          eb.and([eb('a.published_at', '=', after.published_at), eb('a.id', '<', after.id)]),
        ]),
      );
    }
    const rows = await q.orderBy('a.published_at', 'desc').orderBy('a.id', 'desc').limit(limit).execute();
    return rows.map((r) => ({ id: Number(r.id), slug: r.slug, published_at: r.published_at }));
  }

  /** By current slug, or a redirect when the slug is an earlier one of a renamed article (published only). */
  async getBySlug(slug: string): Promise<ArticleLookup> {
    if (!isPossibleSlug(slug)) return null;
    const article = await withContent(
      this.db,
      await whereVisibleToReaders(fullRows(this.db), 'a').where('a.slug', '=', slug).executeTakeFirst(),
    );
    if (article) return { article: lockedView(article) };
    const old = await whereVisibleToReaders(
      this.db
        .selectFrom('article_slugs as s')
        .innerJoin('articles as a', 'a.id', 's.article_id')
        .select(['a.slug', 'a.id']),
      'a',
    )
      .where('s.slug', '=', slug)
      .executeTakeFirst();
    return old ? { redirectTo: old.slug, articleId: Number(old.id) } : null;
  }

  /** Other articles of the same category, newest first. */
  related(article: Pick<Article, 'id' | 'category'>, limit: number): Promise<ArticleSummary[]> {
    return this.list({ category: article.category, limit, offset: 0, excludeIds: [article.id] });
  }

  async count(): Promise<number> {
    const r = await this.db
      .selectFrom('articles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** Title and slug of articles, whatever their status (a person's download names what they commented on). */
  async refsFor(ids: number[]): Promise<Map<number, { id: number; title: string; slug: string }>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('articles').select(['id', 'title', 'slug']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [Number(r.id), { id: Number(r.id), title: r.title, slug: r.slug }]));
  }
}
