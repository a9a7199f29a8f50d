import {
  type Actor,
  type Article,
  type ArticleLookup,
  type ArticleSummary,
  type Category,
  contentToText,
  isAdmin,
  MSG,
  makeExcerpt,
  slugify,
} from '@vaggen/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { httpError } from '../../lib/http-errors.js';
import { publicProfiles } from '../users/public-profile.js';
import { cleanArticleHtml, toSafeHtml } from './html.js';
import { readerVisible } from './visibility.js';

export { cleanArticleHtml };

export interface ListOptions {
  category?: Category;
  limit: number;
  offset: number;
  excludeIds?: number[];
  /** Only articles published at or after this ISO time. */
  since?: string;
}

export interface NewArticle {
  title: string;
  content: string;
  category: Category;
  authorId: number | null;
  authorName: string;
  featuredImage: string | null;
  publishedAt?: string;
}

/** What write hooks get: the article's id and its text as stored. */
export interface WrittenArticle {
  id: number;
  title: string;
  content: string;
}

export type SlugLookup = { article: Article } | { redirectTo: string } | null;

/** Ids are 32-bit integer columns: anything else cannot exist (and PostgreSQL would refuse it). */
const isStoredId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;
/** Slugs are short and made by slugify(); a NUL byte (which PostgreSQL refuses) cannot be one. */
const isPossibleSlug = (slug: string) => slug.length > 0 && slug.length <= 300 && !slug.includes('\u0000');

export interface ArticleChanges {
  title: string;
  content: string;
  category: Category;
  featuredImage: string | null;
}

/**
 * What changed, for those who react (the page cache drops exactly the pages that show it).
 * `category` is the article's category after the change (before it, for a delete);
 * `previousCategory` is set when an update moved the article to another category.
 */
export interface ArticleChange {
  kind: 'created' | 'updated' | 'deleted';
  id: number;
  category: Category;
  previousCategory?: Category;
  authorId: number | null;
}

/**
 * Cleaned content (spec 000 §5), or 400 when nothing is left of it (e.g. only a script, or an image
 * whose address was a javascript: URL): content is required.
 */
function cleanContent(content: string): string {
  const cleaned = toSafeHtml(content);
  if (!contentToText(cleaned) && !/<img\s[^>]*src=/i.test(cleaned)) throw httpError(400, MSG.articleRequired);
  return cleaned;
}

/** Articles: rules and queries. Other modules call this, never the tables. */
export class ArticlesService {
  private readonly deleteHooks: ((articleId: number, trx: Db) => Promise<void>)[] = [];
  private readonly changeListeners: ((change: ArticleChange) => void)[] = [];
  private readonly writeHooks: ((article: WrittenArticle, trx: Db) => Promise<void>)[] = [];

  constructor(private readonly db: Db) {}

  /** Modules whose rows hang on an article (comments, notifications) remove them in the same transaction. */
  onDelete(hook: (articleId: number, trx: Db) => Promise<void>): void {
    this.deleteHooks.push(hook);
  }

  /** Modules derived from an article's text (the search index) follow it in the same transaction (create, update). */
  onWrite(hook: (article: WrittenArticle, trx: Db) => Promise<void>): void {
    this.writeHooks.push(hook);
  }

  private async written(article: WrittenArticle, trx: Db): Promise<void> {
    for (const hook of this.writeHooks) await hook(article, trx);
  }

  /** Called after every create, update and delete, with what changed (the page cache listens). */
  onChange(listener: (change: ArticleChange) => void): void {
    this.changeListeners.push(listener);
  }

  private changed(change: ArticleChange): void {
    for (const l of this.changeListeners) l(change);
  }

  private base() {
    return this.db
      .selectFrom('articles as a')
      .leftJoin(publicProfiles(this.db).as('u'), 'u.id', 'a.author_id')
      .select([
        'a.id',
        'a.slug',
        'a.title',
        'a.excerpt',
        'a.category',
        'a.published_at',
        'a.updated_at',
        'a.author_id',
        'a.author_name',
        'a.featured_image',
        'u.username',
        'u.full_name',
        'u.profile_picture',
      ]);
  }

  private static toSummary(r: SummaryRow): ArticleSummary {
    return {
      id: Number(r.id),
      slug: r.slug,
      title: r.title,
      excerpt: r.excerpt,
      category: r.category as Category,
      date: r.published_at,
      updated_at: r.updated_at,
      author: r.username ?? r.author_name,
      author_id: r.author_id === null ? null : Number(r.author_id),
      author_display_name: r.full_name || r.author_name || r.username || '',
      author_profile_picture: r.profile_picture ?? null,
      featured_image: r.featured_image,
    };
  }

  async list(opts: ListOptions): Promise<ArticleSummary[]> {
    let q = this.base();
    if (opts.category) q = q.where('a.category', '=', opts.category);
    if (opts.since) q = q.where('a.published_at', '>=', opts.since);
    if (opts.excludeIds?.length) q = q.where('a.id', 'not in', opts.excludeIds);
    const rows = await q
      .orderBy('a.published_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(opts.limit)
      .offset(opts.offset)
      .execute();
    return rows.map(ArticlesService.toSummary);
  }

  /** What readers may see (readerVisible), newest first: feeds, sitemaps, the author page. */
  async listVisible(opts: ListOptions & { authorId?: number }): Promise<ArticleSummary[]> {
    let q = this.base().where(readerVisible('a'));
    if (opts.category) q = q.where('a.category', '=', opts.category);
    if (opts.since) q = q.where('a.published_at', '>=', opts.since);
    if (opts.authorId !== undefined) q = q.where('a.author_id', '=', opts.authorId);
    const rows = await q
      .orderBy('a.published_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(opts.limit)
      .offset(opts.offset)
      .execute();
    return rows.map(ArticlesService.toSummary);
  }

  /** Sitemap chunks: articles by id range [(k-1)·size+1, k·size], with each chunk's newest change. */
  async sitemapChunks(size: number): Promise<{ chunk: number; lastmod: string }[]> {
    const rows = await this.db
      .selectFrom('articles as a')
      .where(readerVisible('a'))
      .select((eb) => [
        sql<number>`(${eb.ref('a.id')} - 1) / ${sql.lit(size)}`.as('chunk'),
        eb.fn.max('a.updated_at').as('lastmod'),
      ])
      .groupBy(sql`(a.id - 1) / ${sql.lit(size)}`)
      .orderBy('chunk')
      .execute();
    return rows.map((r) => ({ chunk: Number(r.chunk) + 1, lastmod: String(r.lastmod) }));
  }

  /** One sitemap chunk's articles (keyset by id: no chunk grows past `size`). */
  async sitemapChunk(chunk: number, size: number): Promise<{ slug: string; updated_at: string }[]> {
    return this.db
      .selectFrom('articles as a')
      .where(readerVisible('a'))
      .where('a.id', '>', (chunk - 1) * size)
      .where('a.id', '<=', chunk * size)
      .select(['a.slug', 'a.updated_at'])
      .orderBy('a.id')
      .execute();
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
    return summaries.map((s) => ({ ...s, content: byId.get(s.id) ?? '' }));
  }

  /** Several articles by id, in the order asked (missing ones left out). */
  async getManyByIds(ids: number[]): Promise<Article[]> {
    const valid = ids.filter(isStoredId);
    if (valid.length === 0) return [];
    const rows = await this.base().select('a.content').where('a.id', 'in', valid).execute();
    const byId = new Map(rows.map((r) => [Number(r.id), { ...ArticlesService.toSummary(r), content: r.content }]));
    return valid.flatMap((id) => byId.get(id) ?? []);
  }

  /** Id, title and stored text of the articles after `afterId`, in id order (for rebuilding derived data, e.g. the search index). */
  async textsAfter(afterId: number, limit: number): Promise<WrittenArticle[]> {
    const rows = await this.db
      .selectFrom('articles')
      .select(['id', 'title', 'content'])
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: Number(r.id), title: r.title, content: r.content }));
  }

  async getById(id: number): Promise<Article | null> {
    if (!isStoredId(id)) return null;
    const row = await this.base().select('a.content').where('a.id', '=', id).executeTakeFirst();
    return row ? { ...ArticlesService.toSummary(row), content: row.content } : null;
  }

  /** By current slug, or a redirect when the slug is an earlier one of a renamed article. */
  async getBySlug(slug: string): Promise<ArticleLookup> {
    if (!isPossibleSlug(slug)) return null;
    const row = await this.base().select('a.content').where('a.slug', '=', slug).executeTakeFirst();
    if (row) return { article: { ...ArticlesService.toSummary(row), content: row.content } };
    const old = await this.db
      .selectFrom('article_slugs as s')
      .innerJoin('articles as a', 'a.id', 's.article_id')
      .select(['a.slug', 'a.id'])
      .where('s.slug', '=', slug)
      .executeTakeFirst();
    return old ? { redirectTo: old.slug, articleId: Number(old.id) } : null;
  }

  /** Other articles of the same category, newest first. */
  related(article: Pick<Article, 'id' | 'category'>, limit: number): Promise<ArticleSummary[]> {
    return this.list({ category: article.category, limit, offset: 0, excludeIds: [article.id] });
  }

  /**
   * "Hottest last week": the articles of the last `days` days not already shown, oldest first among
   * them so that the block differs from the "latest" lists. Comment counts join this ranking once
   * comments exist.
   */
  async hottest(days: number, limit: number, excludeIds: number[]): Promise<ArticleSummary[]> {
    const since = new Date(Date.now() - days * 86_400_000).toISOString();
    const recent = await this.list({ limit, offset: 0, since, excludeIds });
    if (recent.length >= limit) return recent;
    const more = await this.list({
      limit: limit - recent.length,
      offset: 0,
      excludeIds: [...excludeIds, ...recent.map((a) => a.id)],
    });
    return [...recent, ...more];
  }

  /** A slug unique among current and earlier slugs: "titel", "titel-2", "titel-3" … */
  private async uniqueSlug(title: string, ownId?: number): Promise<string> {
    const base = slugify(title);
    const taken = new Set<string>();
    const current = await this.db
      .selectFrom('articles')
      .select(['slug', 'id'])
      .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
      .execute();
    for (const r of current) if (Number(r.id) !== ownId) taken.add(r.slug);
    const old = await this.db
      .selectFrom('article_slugs')
      .select(['slug', 'article_id'])
      .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
      .execute();
    for (const r of old) if (Number(r.article_id) !== ownId) taken.add(r.slug);
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  async create(input: NewArticle): Promise<Article> {
    const content = cleanContent(input.content);
    const now = nowIso();
    const slug = await this.uniqueSlug(input.title);
    const title = input.title.trim();
    const id = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('articles')
        .values({
          slug,
          title,
          content,
          excerpt: makeExcerpt(content),
          category: input.category,
          author_id: input.authorId,
          author_name: input.authorName,
          featured_image: input.featuredImage,
          published_at: input.publishedAt ?? now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.written({ id: Number(row.id), title, content }, trx);
      return row.id;
    });
    const created = await this.getById(Number(id));
    if (!created) throw new Error('Article vanished after insert');
    this.changed({ kind: 'created', id: created.id, category: created.category, authorId: created.author_id });
    return created;
  }

  /**
   * Updates an article. The slug stays unless the title changes; then the old slug is kept in
   * article_slugs so links to it redirect.
   */
  async update(id: number, changes: ArticleChanges): Promise<Article> {
    const current = await this.getById(id);
    if (!current) throw httpError(404, MSG.articleNotFound);
    const title = changes.title.trim();
    const content = cleanContent(changes.content);
    let slug = current.slug;
    if (title !== current.title && slugify(title) !== slugify(current.title)) slug = await this.uniqueSlug(title, id);
    await this.db.transaction().execute(async (trx) => {
      if (slug !== current.slug) {
        await trx.deleteFrom('article_slugs').where('slug', '=', slug).execute();
        await trx.insertInto('article_slugs').values({ slug: current.slug, article_id: id }).execute();
      }
      await trx
        .updateTable('articles')
        .set({
          slug,
          title,
          content,
          excerpt: makeExcerpt(content),
          category: changes.category,
          featured_image: changes.featuredImage,
          updated_at: nowIso(),
        })
        .where('id', '=', id)
        .execute();
      await this.written({ id, title, content }, trx);
    });
    this.changed({
      kind: 'updated',
      id,
      category: changes.category,
      ...(changes.category !== current.category ? { previousCategory: current.category } : {}),
      authorId: current.author_id,
    });
    const updated = await this.getById(id);
    if (!updated) throw httpError(404, MSG.articleNotFound);
    return updated;
  }

  /** Deletes the article and everything hanging on it, atomically. */
  async delete(id: number): Promise<void> {
    const current = await this.getById(id);
    if (!current) throw httpError(404, MSG.articleNotFound);
    await this.db.transaction().execute(async (trx) => {
      for (const hook of this.deleteHooks) await hook(id, trx);
      await trx.deleteFrom('article_slugs').where('article_id', '=', id).execute();
      const res = await trx.deleteFrom('articles').where('id', '=', id).executeTakeFirst();
      if (Number(res.numDeletedRows) === 0) throw httpError(404, MSG.articleNotFound);
    });
    this.changed({ kind: 'deleted', id, category: current.category, authorId: current.author_id });
  }

  /** The newsroom list: a writer's own articles, or all for admins; newest first. */
  async listForNewsroom(actor: Actor, limit: number, offset: number): Promise<ArticleSummary[]> {
    let q = this.base();
    if (!isAdmin(actor)) q = q.where('a.author_id', '=', actor.id);
    const rows = await q
      .orderBy('a.published_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map(ArticlesService.toSummary);
  }

  async count(): Promise<number> {
    const r = await this.db
      .selectFrom('articles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }
}

type SummaryRow = {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  published_at: string;
  updated_at: string;
  author_id: number | null;
  author_name: string;
  featured_image: string | null;
  username: string | null;
  full_name: string | null;
  profile_picture: string | null;
};
