import {
  type Actor,
  API_TIME_FLOOR,
  type Article,
  type ArticleAuthor,
  type ArticleLookup,
  type ArticleRevision,
  type ArticleRevisionSummary,
  type ArticleStatus,
  type ArticleSummary,
  type Category,
  contentToText,
  DELETED_USER_NAME,
  displayName,
  type ExportArticle,
  formatShortDateTime,
  isAdmin,
  MSG,
  makeExcerpt,
  NEWSROOM_TEXT,
  type NewsroomArticle,
  normalizeTag,
  REVISIONS_PAGE,
  slugify,
} from '@vaggen/contract';
import { type Expression, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import type { ArticleRevisionsTable } from '../../db/schema.js';
import { keysetRows } from '../../lib/batches.js';
import { httpError } from '../../lib/http-errors.js';
import { bylineStaff, publicProfiles } from '../users/public-profile.js';
import type { BylineInvitations, BylineNamer } from './bylines.js';
import { cleanArticleHtml, toSafeHtml } from './html.js';
import { readerVisible } from './visibility.js';

export { BylineInvitations } from './bylines.js';
export { cleanArticleHtml };

/**
 * The one rule of what readers may see (issue 14): published articles only — never drafts,
 * scheduled or unpublished ones. Every reader path (pages, lists, sidebar, API, feeds, search)
 * filters with this. `table` is the articles table's name or alias in the query.
 */
export function whereVisibleToReaders<QB extends Filterable>(qb: QB, table = 'articles'): QB {
  return qb.where(sql.ref(`${table}.status`), '=', 'published') as QB;
}
/** Any Kysely query builder with a `where` (select, update, delete). */
type Filterable = { where(lhs: Expression<unknown>, op: '=', rhs: string): unknown };

/** The fields of an article that commenting, its screening and its notifications use. */
export type CommentTarget = Pick<Article, 'id' | 'slug' | 'title' | 'author_id' | 'category' | 'date'>;

/** Workflow fields of a save (issue 14); each optional, as the spec's clients send none of them. */
export interface Workflow {
  status?: ArticleStatus;
  publishAt?: string | null;
  tags?: string[];
  authorIds?: number[];
  byline?: string | null;
  featuredImageAlt?: string | null;
  featuredImageCaption?: string | null;
  featuredImageCredit?: string | null;
  /** Issue 40: who names `authorIds` (a writer invites others; an admin or none names directly). */
  namedBy?: BylineNamer;
}

interface RevisionData {
  articleId: number;
  version: number;
  saver: Saver;
  at: string;
  status: ArticleStatus;
  title: string;
  content: string;
  category: Category;
  tags: string[];
  featuredImage: string | null;
  alt: string | null;
  caption: string | null;
  credit: string | null;
  byline: string | null;
}

/** Who saves, for the revision. */
export interface Saver {
  id: number | null;
  name: string;
}

/** An article that went live by the scheduler. */
export interface WentLive {
  id: number;
  slug: string;
  title: string;
  authorId: number | null;
}

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

export interface NewArticle extends Workflow {
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

export interface ArticleChanges extends Workflow {
  title: string;
  content: string;
  category: Category;
  featuredImage: string | null;
}

const cleanTags = (tags: string[] | undefined): string[] | undefined =>
  tags && [...new Set(tags.map(normalizeTag).filter(Boolean))];
const orNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/**
 * Status and times after a save (issue 14, decision 019 as amended): without a status a create or
 * an update publishes at once, as in the spec — unless a future `publish_at` alone schedules it
 * (embargoed wire copy). Staff who want to keep a draft send its status (the editor always does).
 */
function nextStatus(
  requested: ArticleStatus | undefined,
  publishAt: string | null | undefined,
  current: { status: ArticleStatus; publish_at: string | null; published_at: string } | null,
  now: string,
): { status: ArticleStatus; publish_at: string | null; published_at: string } {
  const at = publishAt ? new Date(publishAt).toISOString() : null;
  let status = requested ?? (at && at > now ? 'scheduled' : 'published');
  if (status === 'scheduled') {
    const when = at ?? current?.publish_at ?? null;
    if (!when) throw httpError(400, NEWSROOM_TEXT.scheduleNeedsTime);
    // A live article given a time already past stays live (e.g. an editor opened while it was
    // scheduled, saved after the scheduler put it live): hiding it would only publish it again.
    if (when <= now && current?.status === 'published') status = 'published';
    else return { status, publish_at: when, published_at: current?.published_at ?? now };
  }
  // Going live now: the date is now, except for an unpublished article put back (it keeps its date).
  const published_at =
    status === 'published' && current && current.status !== 'published' && current.status !== 'unpublished'
      ? now
      : (current?.published_at ?? now);
  return { status, publish_at: null, published_at };
}

/**
 * How a save looks to readers, who see published articles only (issue 14): going live is like a new
 * article in the lists, going away (unpublished, back to draft, scheduled) like a deleted one; a save
 * of an article readers never saw changes no reader page (null).
 */
function visibilityChange(before: ArticleStatus, after: ArticleStatus): ArticleChange['kind'] | null {
  const was = before === 'published';
  const is = after === 'published';
  if (was && is) return 'updated';
  if (is) return 'created';
  if (was) return 'deleted';
  return null;
}
const staffIdsOf = (authors: ArticleAuthor[]): number[] => authors.flatMap((a) => (a.id === null ? [] : [a.id]));
const sameTags = (a: string[], b: string[]) => a.length === b.length && a.every((t, i) => t === b[i]);

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
  /** Issue 14: the byline's staff authors (all of them; `authorId` is the first). */
  authorIds?: number[];
  /** Issue 14: the article's free tags after the change, and before it when an update changed them. */
  tags?: string[];
  previousTags?: string[];
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
  private readonly liveHooks: ((live: WentLive[], trx: Db) => Promise<void>)[] = [];
  private readonly deletedListeners: ((articleId: number) => void)[] = [];

  constructor(
    private readonly db: Db,
    /** Issue 40: co-authors a writer names are invited (bylines.ts); without it they are named directly. */
    readonly bylines?: BylineInvitations,
  ) {
    if (bylines) bylines.onAccepted = (articleId) => this.bylineChanged(articleId);
  }

  /** Issue 40: an accepted invitation changed a byline: readers' pages of the article go. */
  private async bylineChanged(id: number): Promise<void> {
    const article = await this.getAnyById(id);
    if (article?.status === 'published')
      this.changed({
        kind: 'updated',
        id,
        category: article.category,
        authorId: article.author_id,
        authorIds: staffIdsOf(article.authors),
        tags: article.tags,
      });
  }

  /** The byline of a save (inside its transaction): invitations for a writer's co-authors (issue 40). */
  private async placeByline(trx: Db, article: { id: number; title: string }, ids: number[], namer?: BylineNamer) {
    if (this.bylines) await this.bylines.place(trx, article, ids, namer);
    else await this.replaceAuthors(trx, article.id, ids);
  }

  /** Modules whose rows hang on an article (comments, notifications) remove them in the same transaction. */
  onDelete(hook: (articleId: number, trx: Db) => Promise<void>): void {
    this.deleteHooks.push(hook);
  }

  /**
   * Called after the commit of every delete, whatever the article's status (`onChange` only tells
   * of articles readers saw): what hung on it is gone, e.g. its cached comment thread (issue 13).
   */
  onDeleted(listener: (articleId: number) => void): void {
    this.deletedListeners.push(listener);
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

  /** Scheduled articles went live (in the same transaction as the change): the author is told. */
  onWentLive(hook: (live: WentLive[], trx: Db) => Promise<void>): void {
    this.liveHooks.push(hook);
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
        'a.status',
        'a.publish_at',
        'a.version',
        'a.byline',
        'a.featured_image_alt',
        'a.featured_image_caption',
        'a.featured_image_credit',
        'u.username',
        'u.full_name',
        'u.profile_picture',
      ]);
  }

  /** Readers' view of the base query. */
  private visible() {
    return whereVisibleToReaders(this.base(), 'a');
  }

  /** Rows → summaries with their tags and bylines (two bounded queries for the whole page). */
  private async decorate(rows: SummaryRow[]): Promise<ArticleSummary[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => Number(r.id));
    const [tags, authors, former] = await Promise.all([
      this.db
        .selectFrom('article_tags')
        .select(['article_id', 'tag'])
        .where('article_id', 'in', ids)
        .orderBy('tag')
        .execute(),
      this.db
        .selectFrom('article_authors as aa')
        .innerJoin(publicProfiles(this.db).as('u'), 'u.id', 'aa.user_id')
        .select(['aa.article_id', 'aa.user_id', 'aa.position', 'u.username', 'u.full_name'])
        .where('aa.article_id', 'in', ids)
        .orderBy('aa.article_id')
        .orderBy('aa.position')
        .execute(),
      // a deleted account keeps its place in the byline as text (decision 027)
      this.db
        .selectFrom('article_former_authors')
        .select(['article_id', 'position', 'name'])
        .where('article_id', 'in', ids)
        .execute(),
    ]);
    const tagsOf = new Map<number, string[]>();
    for (const t of tags) tagsOf.set(Number(t.article_id), [...(tagsOf.get(Number(t.article_id)) ?? []), t.tag]);
    const placed = new Map<number, { position: number; author: ArticleAuthor }[]>();
    const place = (articleId: number, position: number, author: ArticleAuthor) =>
      placed.set(articleId, [...(placed.get(articleId) ?? []), { position, author }]);
    for (const a of authors) {
      place(Number(a.article_id), Number(a.position), {
        id: Number(a.user_id),
        name: displayName(a),
        username: a.username,
      });
    }
    for (const f of former) place(Number(f.article_id), Number(f.position), { id: null, name: f.name, username: null });
    const authorsOf = new Map<number, ArticleAuthor[]>();
    for (const [articleId, list] of placed) {
      authorsOf.set(
        articleId,
        list.sort((a, b) => a.position - b.position).map((p) => p.author),
      );
    }
    return rows.map((r) => {
      const s = ArticlesService.toSummary(r);
      s.tags = tagsOf.get(s.id) ?? [];
      if (r.byline) s.authors = [{ id: null, name: r.byline, username: null }];
      else if (authorsOf.has(s.id)) s.authors = authorsOf.get(s.id) ?? [];
      return s;
    });
  }

  private async withContent(row: (SummaryRow & { content: string }) | undefined): Promise<Article | null> {
    if (!row) return null;
    const [s] = await this.decorate([row]);
    return s ? { ...s, content: row.content } : null;
  }

  private static toSummary(r: SummaryRow): ArticleSummary {
    const display = r.full_name || r.author_name || r.username || '';
    return {
      status: r.status as ArticleStatus,
      publish_at: r.publish_at,
      version: Number(r.version),
      tags: [],
      authors: [{ id: r.author_id === null ? null : Number(r.author_id), name: display, username: r.username }],
      featured_image_alt: r.featured_image_alt,
      featured_image_caption: r.featured_image_caption,
      featured_image_credit: r.featured_image_credit,
      id: Number(r.id),
      slug: r.slug,
      title: r.title,
      excerpt: r.excerpt,
      category: r.category as Category,
      date: r.published_at,
      updated_at: r.updated_at,
      author: r.username ?? r.author_name,
      author_id: r.author_id === null ? null : Number(r.author_id),
      author_display_name: display,
      author_profile_picture: r.profile_picture ?? null,
      featured_image: r.featured_image,
    };
  }

  /** Published articles (readers), newest first. */
  async list(opts: ListOptions): Promise<ArticleSummary[]> {
    // A tag is short and has no NUL byte (which PostgreSQL refuses): anything else lists nothing.
    if (opts.tag !== undefined && (opts.tag.length > 200 || opts.tag.includes('\u0000'))) return [];
    let q = this.visible();
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
    const rows = await q
      .orderBy('a.published_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(opts.limit)
      .offset(opts.offset)
      .execute();
    return this.decorate(rows);
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

  /** A published article by id (readers); null for drafts, scheduled and unpublished ones. */
  async getById(id: number): Promise<Article | null> {
    if (!isStoredId(id)) return null;
    return this.withContent(await this.visible().select('a.content').where('a.id', '=', id).executeTakeFirst());
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

  /** Any article by id, whatever its status (the newsroom; callers check mayEditArticle). */
  async getAnyById(id: number): Promise<Article | null> {
    return this.withContent(await this.anyRow(id));
  }

  /** One article in any status with its stored free byline, as the editor opens it. */
  async getForEditor(id: number): Promise<NewsroomArticle | null> {
    const row = await this.anyRow(id);
    const article = await this.withContent(row);
    return article && row ? { ...article, byline: row.byline ?? null } : null;
  }

  private async anyRow(id: number) {
    if (!isStoredId(id)) return undefined;
    return this.base().select('a.content').where('a.id', '=', id).executeTakeFirst();
  }

  /** By current slug, or a redirect when the slug is an earlier one of a renamed article (published only). */
  async getBySlug(slug: string): Promise<ArticleLookup> {
    if (!isPossibleSlug(slug)) return null;
    const article = await this.withContent(
      await this.visible().select('a.content').where('a.slug', '=', slug).executeTakeFirst(),
    );
    if (article) return { article };
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
    const when = nextStatus(input.status, input.publishAt, null, now);
    if (input.publishedAt && when.status === 'published') when.published_at = input.publishedAt;
    const tags = cleanTags(input.tags) ?? [];
    const authorIds = input.authorIds ? await this.staffIds(input.authorIds) : null;
    const id = await this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('articles')
        .values({
          slug,
          title: input.title.trim(),
          content,
          excerpt: makeExcerpt(content),
          category: input.category,
          author_id: input.authorId,
          author_name: input.authorName,
          featured_image: input.featuredImage,
          published_at: when.published_at,
          updated_at: now,
          status: when.status,
          publish_at: when.publish_at,
          byline: orNull(input.byline),
          featured_image_alt: orNull(input.featuredImageAlt),
          featured_image_caption: orNull(input.featuredImageCaption),
          featured_image_credit: orNull(input.featuredImageCredit),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const articleId = Number(id);
      if (tags.length)
        await trx
          .insertInto('article_tags')
          .values(tags.map((tag) => ({ article_id: articleId, tag })))
          .execute();
      if (authorIds)
        await this.placeByline(trx, { id: articleId, title: input.title.trim() }, authorIds, input.namedBy);
      await this.keepRevision(trx, {
        articleId,
        version: 1,
        saver: { id: input.authorId, name: input.authorName },
        at: now,
        status: when.status,
        title: input.title.trim(),
        content,
        category: input.category,
        tags,
        featuredImage: input.featuredImage,
        alt: orNull(input.featuredImageAlt),
        caption: orNull(input.featuredImageCaption),
        credit: orNull(input.featuredImageCredit),
        byline: orNull(input.byline),
      });
      await this.written({ id: articleId, title: input.title.trim(), content }, trx);
      return articleId;
    });
    const created = await this.getAnyById(id);
    if (!created) throw new Error('Article vanished after insert');
    if (created.status === 'published')
      this.changed({
        kind: 'created',
        id: created.id,
        category: created.category,
        authorId: created.author_id,
        authorIds: staffIdsOf(created.authors),
        tags: created.tags,
      });
    return created;
  }

  /** Only writers and admins can stand in a byline; unknown ids are a 400. */
  private async staffIds(ids: number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    // an id that cannot exist is unknown too (also next to a repeated one)
    if (!unique.every(isStoredId)) throw httpError(400, NEWSROOM_TEXT.unknownAuthor);
    if (unique.length === 0) return [];
    const rows = await bylineStaff(this.db).where('id', 'in', unique).execute();
    if (rows.length !== unique.length) throw httpError(400, NEWSROOM_TEXT.unknownAuthor);
    return unique;
  }

  private async replaceTags(trx: Db, articleId: number, tags: string[]): Promise<void> {
    await trx.deleteFrom('article_tags').where('article_id', '=', articleId).execute();
    if (tags.length)
      await trx
        .insertInto('article_tags')
        .values(tags.map((tag) => ({ article_id: articleId, tag })))
        .execute();
  }

  private async replaceAuthors(trx: Db, articleId: number, userIds: number[]): Promise<void> {
    await trx.deleteFrom('article_authors').where('article_id', '=', articleId).execute();
    if (userIds.length)
      await trx
        .insertInto('article_authors')
        .values(userIds.map((user_id, position) => ({ article_id: articleId, user_id, position })))
        .execute();
  }

  /** Stores the article as saved as a revision (inside the save's transaction). */
  private async keepRevision(trx: Db, r: RevisionData): Promise<void> {
    await trx
      .insertInto('article_revisions')
      .values({
        article_id: r.articleId,
        version: r.version,
        user_id: r.saver.id,
        user_name: r.saver.name,
        created_at: r.at,
        status: r.status,
        title: r.title,
        content: r.content,
        category: r.category,
        tags: JSON.stringify(r.tags),
        featured_image: r.featuredImage,
        meta: JSON.stringify({
          featured_image_alt: r.alt,
          featured_image_caption: r.caption,
          featured_image_credit: r.credit,
          byline: r.byline,
        }),
      })
      .execute();
  }

  /**
   * Updates an article (any status). The slug stays unless the title changes; then the old slug is
   * kept in article_slugs so links to it redirect. With `expectedVersion`, a save on top of someone
   * else's newer save is refused with 409 (never a silent overwrite); without it the save wins, as in
   * the spec. Every save keeps a revision.
   */
  async update(
    id: number,
    changes: ArticleChanges,
    opts: { expectedVersion?: number; saver?: Saver; current?: Article } = {},
  ): Promise<Article> {
    const current = opts.current ?? (await this.getAnyById(id));
    if (!current) throw httpError(404, MSG.articleNotFound);
    if (opts.expectedVersion !== undefined && opts.expectedVersion !== current.version) await this.conflict(id);
    const title = changes.title.trim();
    const content = cleanContent(changes.content);
    const now = nowIso();
    const when = nextStatus(changes.status, changes.publishAt, { ...current, published_at: current.date }, now);
    const tags = cleanTags(changes.tags);
    const authorIds = changes.authorIds ? await this.staffIds(changes.authorIds) : null;
    let slug = current.slug;
    if (title !== current.title && slugify(title) !== slugify(current.title)) slug = await this.uniqueSlug(title, id);
    const keep = <T>(v: T | undefined, old: T): T => (v === undefined ? old : v);
    // Without one the stored free byline stays. Not read off `authors`: a deleted account's name
    // first in the byline (decision 027) is not a free byline.
    const byline = orNull(changes.byline !== undefined ? changes.byline : await this.storedByline(id));
    const alt = orNull(keep(changes.featuredImageAlt, current.featured_image_alt));
    const caption = orNull(keep(changes.featuredImageCaption, current.featured_image_caption));
    const credit = orNull(keep(changes.featuredImageCredit, current.featured_image_credit));
    await this.db.transaction().execute(async (trx) => {
      const res = await trx
        .updateTable('articles')
        .set({
          slug,
          title,
          content,
          excerpt: makeExcerpt(content),
          category: changes.category,
          featured_image: changes.featuredImage,
          updated_at: now,
          status: when.status,
          publish_at: when.publish_at,
          published_at: when.published_at,
          version: sql<number>`version + 1`,
          byline,
          featured_image_alt: alt,
          featured_image_caption: caption,
          featured_image_credit: credit,
        })
        .where('id', '=', id)
        .where('version', '=', current.version)
        .executeTakeFirst();
      // Someone saved between our read and this write: the same 409 as a stale editor.
      if (Number(res.numUpdatedRows) === 0) {
        if (opts.expectedVersion !== undefined) await this.conflict(id, trx);
        throw httpError(409, NEWSROOM_TEXT.conflictPlain);
      }
      if (slug !== current.slug) {
        await trx.deleteFrom('article_slugs').where('slug', '=', slug).execute();
        await trx.insertInto('article_slugs').values({ slug: current.slug, article_id: id }).execute();
      }
      if (tags) await this.replaceTags(trx, id, tags);
      if (authorIds) await this.placeByline(trx, { id, title }, authorIds, changes.namedBy);
      await this.keepRevision(trx, {
        articleId: id,
        version: current.version + 1,
        saver: opts.saver ?? { id: current.author_id, name: current.author_display_name },
        at: now,
        status: when.status,
        title,
        content,
        category: changes.category,
        tags: tags ?? current.tags,
        featuredImage: changes.featuredImage,
        alt,
        caption,
        credit,
        byline,
      });
      await this.written({ id, title, content }, trx);
    });
    const change = visibilityChange(current.status, when.status);
    if (change)
      this.changed({
        kind: change,
        id,
        category: changes.category,
        ...(changes.category !== current.category ? { previousCategory: current.category } : {}),
        authorId: current.author_id,
        authorIds: staffIdsOf(current.authors),
        tags: tags ?? current.tags,
        ...(tags && !sameTags(tags, current.tags) ? { previousTags: current.tags } : {}),
      });
    const updated = await this.getAnyById(id);
    if (!updated) throw httpError(404, MSG.articleNotFound);
    return updated;
  }

  private async storedByline(id: number): Promise<string | null> {
    const row = await this.db.selectFrom('articles').select('byline').where('id', '=', id).executeTakeFirst();
    return row?.byline ?? null;
  }

  /** 409 naming who saved last and when. */
  private async conflict(id: number, trx: Db = this.db): Promise<never> {
    const last = await trx
      .selectFrom('article_revisions')
      .select(['user_name', 'created_at'])
      .where('article_id', '=', id)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!last) throw httpError(409, NEWSROOM_TEXT.conflictPlain);
    throw httpError(409, NEWSROOM_TEXT.conflict(last.user_name, formatShortDateTime(last.created_at)));
  }

  /** The revisions of an article, newest first, a page at a time (`before` = the last id seen). */
  async listRevisions(articleId: number, before?: number): Promise<ArticleRevisionSummary[]> {
    let q = this.db
      .selectFrom('article_revisions')
      .select(['id', 'version', 'created_at', 'user_id', 'user_name', 'status', 'title'])
      .where('article_id', '=', articleId);
    if (before !== undefined) q = q.where('id', '<', before);
    const rows = await q.orderBy('id', 'desc').limit(REVISIONS_PAGE).execute();
    return rows.map(toRevisionSummary);
  }

  async getRevision(articleId: number, revisionId: number): Promise<ArticleRevision> {
    const r = isStoredId(revisionId)
      ? await this.db
          .selectFrom('article_revisions')
          .selectAll()
          .where('id', '=', revisionId)
          .where('article_id', '=', articleId)
          .executeTakeFirst()
      : undefined;
    if (!r) throw httpError(404, NEWSROOM_TEXT.revisionNotFound);
    const meta = parseJson<Record<string, string | null>>(r.meta, {});
    return {
      ...toRevisionSummary(r),
      content: r.content,
      category: r.category as Category,
      tags: parseJson<string[]>(r.tags, []),
      featured_image: r.featured_image,
      featured_image_alt: meta.featured_image_alt ?? null,
      featured_image_caption: meta.featured_image_caption ?? null,
      featured_image_credit: meta.featured_image_credit ?? null,
      byline: meta.byline ?? null,
    };
  }

  /** Puts a revision's text, category, tags and images back as a new save (status unchanged). */
  async restoreRevision(
    articleId: number,
    revisionId: number,
    saver: Saver,
    expectedVersion?: number,
  ): Promise<Article> {
    const r = await this.getRevision(articleId, revisionId);
    const current = await this.getAnyById(articleId);
    if (!current) throw httpError(404, MSG.articleNotFound);
    return this.update(
      articleId,
      {
        title: r.title,
        content: r.content,
        category: r.category,
        featuredImage: r.featured_image,
        tags: r.tags,
        byline: r.byline,
        featuredImageAlt: r.featured_image_alt,
        featuredImageCaption: r.featured_image_caption,
        featuredImageCredit: r.featured_image_credit,
        // the status stays (an update without one would publish)
        status: current.status,
      },
      { expectedVersion, saver, current },
    );
  }

  /**
   * Publishes every scheduled article due at `now`, exactly once even when several processes run
   * this at the same moment: one conditional UPDATE … WHERE status = 'scheduled' changes each row
   * for one of them only (PostgreSQL re-checks the condition after the row lock; SQLite has one
   * writer), and only the rows it returned are announced. The authors' notifications are written
   * in the same transaction.
   */
  async publishDue(now: Date): Promise<WentLive[]> {
    const at = now.toISOString();
    const live = await this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .updateTable('articles')
        .set({
          status: 'published',
          published_at: sql<string>`publish_at`,
          updated_at: sql<string>`publish_at`,
          publish_at: null,
          // a new version: an editor who still has the scheduled article open gets the 409
          version: sql<number>`version + 1`,
        })
        .where('status', '=', 'scheduled')
        // Issue 40: times are stored in one form (contract dates.ts), so text order is time order;
        // one in another form (a signed year, `+275760-…`, sorts first) is never due.
        .where('publish_at', '>=', API_TIME_FLOOR)
        .where('publish_at', '<=', at)
        .returning(['id', 'slug', 'title', 'author_id', 'version', 'published_at'])
        .execute();
      // …and its revision: the last saved one, now published, saved by the scheduler
      for (const r of rows) {
        await trx
          .insertInto('article_revisions')
          .columns([
            'article_id',
            'version',
            'user_id',
            'user_name',
            'created_at',
            'status',
            'title',
            'content',
            'category',
            'tags',
            'featured_image',
            'meta',
          ])
          .expression(
            trx
              .selectFrom('article_revisions')
              .select([
                'article_id',
                sql<number>`${Number(r.version)}`.as('version'),
                sql<null>`NULL`.as('user_id'),
                sql<string>`${NEWSROOM_TEXT.schedulerName}`.as('user_name'),
                sql<string>`${r.published_at ?? at}`.as('created_at'),
                sql<string>`'published'`.as('status'),
                'title',
                'content',
                'category',
                'tags',
                'featured_image',
                'meta',
              ])
              .where('article_id', '=', r.id)
              .orderBy('id', 'desc')
              .limit(1),
          )
          .execute();
      }
      const went = rows.map((r) => ({
        id: Number(r.id),
        slug: r.slug,
        title: r.title,
        authorId: r.author_id === null ? null : Number(r.author_id),
      }));
      if (went.length) for (const hook of this.liveHooks) await hook(went, trx);
      return went;
    });
    // Readers now see them: for the page cache each is like a new article (lists, tag pages).
    for (const a of live) {
      const article = await this.getAnyById(a.id);
      if (article)
        this.changed({
          kind: 'created',
          id: article.id,
          category: article.category,
          authorId: article.author_id,
          authorIds: staffIdsOf(article.authors),
          tags: article.tags,
        });
    }
    return live;
  }

  /**
   * Existing tags starting with `prefix` (normalised), for the editor's autocomplete: of articles
   * readers see, and of the actor's own (issue 40: a tag only on another writer's draft is not
   * named to anyone but its writer and the admins).
   */
  async suggestTags(prefix: string, actor: Actor, limit = 10): Promise<string[]> {
    const p = normalizeTag(prefix).replace(/[%_\\]/g, '');
    let q = this.db.selectFrom('article_tags as t').select('t.tag').distinct();
    if (p) q = q.where('t.tag', '>=', p).where('t.tag', '<', `${p}\uffff`);
    if (!isAdmin(actor)) {
      q = q
        .innerJoin('articles as a', 'a.id', 't.article_id')
        .where((eb) => eb.or([eb('a.status', '=', 'published'), eb('a.author_id', '=', actor.id)]));
    }
    const rows = await q.orderBy('t.tag').limit(limit).execute();
    return rows.map((r) => r.tag);
  }

  /** Deletes the article and everything hanging on it, atomically. */
  async delete(id: number): Promise<void> {
    const current = await this.getAnyById(id);
    if (!current) throw httpError(404, MSG.articleNotFound);
    await this.db.transaction().execute(async (trx) => {
      for (const hook of this.deleteHooks) await hook(id, trx);
      await trx.deleteFrom('article_slugs').where('article_id', '=', id).execute();
      await trx.deleteFrom('article_tags').where('article_id', '=', id).execute();
      await trx.deleteFrom('article_authors').where('article_id', '=', id).execute();
      await trx.deleteFrom('byline_invitations').where('article_id', '=', id).execute();
      await trx.deleteFrom('article_revisions').where('article_id', '=', id).execute();
      const res = await trx.deleteFrom('articles').where('id', '=', id).executeTakeFirst();
      if (Number(res.numDeletedRows) === 0) throw httpError(404, MSG.articleNotFound);
    });
    for (const l of this.deletedListeners) l(id);
    if (current.status === 'published')
      this.changed({
        kind: 'deleted',
        id,
        category: current.category,
        authorId: current.author_id,
        authorIds: staffIdsOf(current.authors),
        tags: current.tags,
      });
  }

  /** The newsroom list: a writer's own articles, or all for admins; every status, or one; newest first. */
  async listForNewsroom(
    actor: Actor,
    limit: number,
    offset: number,
    status?: ArticleStatus,
  ): Promise<ArticleSummary[]> {
    let q = this.base();
    if (!isAdmin(actor)) q = q.where('a.author_id', '=', actor.id);
    if (status) q = q.where('a.status', '=', status);
    const rows = await q
      .orderBy('a.published_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return this.decorate(rows);
  }

  async count(): Promise<number> {
    const r = await this.db
      .selectFrom('articles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  // ---------------------------------------------------------------- readers' own data (issue 21)

  /** Title and slug of articles, whatever their status (a person's download names what they commented on). */
  async refsFor(ids: number[]): Promise<Map<number, { id: number; title: string; slug: string }>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('articles').select(['id', 'title', 'slug']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [Number(r.id), { id: Number(r.id), title: r.title, slug: r.slug }]));
  }

  /** The download's article section: what the person wrote or co-wrote, as metadata (a page at a time). */
  async *exportForUser(userId: number): AsyncGenerator<ExportArticle> {
    const own = keysetRows(
      (after, size) =>
        this.db
          .selectFrom('articles')
          .select(['id', 'title', 'slug', 'status', 'published_at'])
          .where('author_id', '=', userId)
          .$if(after !== null, (q) => q.where('id', '>', after as number))
          .orderBy('id')
          .limit(size)
          .execute(),
      (r) => Number(r.id),
    );
    for await (const r of own) yield { ...r, id: Number(r.id), role: 'author' };
    const co = keysetRows(
      (after, size) =>
        this.db
          .selectFrom('article_authors as aa')
          .innerJoin('articles as a', 'a.id', 'aa.article_id')
          .select(['a.id', 'a.title', 'a.slug', 'a.status', 'a.published_at', 'a.author_id'])
          .where('aa.user_id', '=', userId)
          .$if(after !== null, (q) => q.where('aa.article_id', '>', after as number))
          .orderBy('aa.article_id')
          .limit(size)
          .execute(),
      (r) => Number(r.id),
    );
    for await (const { author_id, ...r } of co) {
      if (author_id !== null && Number(author_id) === userId) continue; // listed above
      yield { ...r, id: Number(r.id), role: 'coauthor' };
    }
  }

  /**
   * A deleted account's articles keep its byline as text (decision 027): each article it wrote
   * gets its display name as `author_name` and no author id; its place among co-authors becomes a
   * name-only entry; the revisions it saved no longer name it. Returns the articles touched.
   */
  async forgetAuthor(userId: number, name: string): Promise<number[]> {
    return this.db.transaction().execute(async (trx) => {
      const own = await trx.selectFrom('articles').select('id').where('author_id', '=', userId).execute();
      await trx
        .updateTable('articles')
        .set({ author_id: null, author_name: name })
        .where('author_id', '=', userId)
        .execute();
      const places = await trx
        .selectFrom('article_authors')
        .select(['article_id', 'position'])
        .where('user_id', '=', userId)
        .execute();
      if (places.length) {
        await trx
          .insertInto('article_former_authors')
          .values(places.map((p) => ({ article_id: Number(p.article_id), position: Number(p.position), name })))
          .execute();
        await trx.deleteFrom('article_authors').where('user_id', '=', userId).execute();
      }
      await trx
        .updateTable('article_revisions')
        .set({ user_id: null, user_name: DELETED_USER_NAME })
        .where('user_id', '=', userId)
        .execute();
      return [...new Set([...own, ...places.map((p) => ({ id: p.article_id }))].map((a) => Number(a.id)))];
    });
  }

  /**
   * Whether an article (or a saved revision) shows a stored image: as its featured image (by the
   * prefix index) or in its text. The text is not indexed for this: it is read only when an account
   * with an uploaded picture is deleted (rare, password-checked, rate-limited; decision 027).
   */
  async imageInUse(url: string): Promise<boolean> {
    const featured = await this.db
      .selectFrom('articles')
      .select('id')
      .where(sql`substr(featured_image, 1, 100)`, '=', url.slice(0, 100))
      .where('featured_image', '=', url)
      .limit(1)
      .executeTakeFirst();
    if (featured) return true;
    const name = url.slice(url.lastIndexOf('/') + 1).replace(/\.webp$/, '');
    const pattern = `%${name.replace(/[%_\\]/g, '')}%`;
    const inText = await this.db
      .selectFrom('articles')
      .select('id')
      .where('content', 'like', pattern)
      .limit(1)
      .executeTakeFirst();
    return inText !== undefined;
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
  status: string;
  publish_at: string | null;
  version: number;
  byline: string | null;
  featured_image_alt: string | null;
  featured_image_caption: string | null;
  featured_image_credit: string | null;
  username: string | null;
  full_name: string | null;
  profile_picture: string | null;
};

/** A stored revision as the editor lists it (the list and the single revision both start from this). */
function toRevisionSummary(
  r: Pick<
    Selectable<ArticleRevisionsTable>,
    'id' | 'version' | 'created_at' | 'user_id' | 'user_name' | 'status' | 'title'
  >,
): ArticleRevisionSummary {
  return {
    id: Number(r.id),
    version: Number(r.version),
    created_at: r.created_at,
    user_id: r.user_id === null ? null : Number(r.user_id),
    user_name: r.user_name,
    status: r.status as ArticleStatus,
    title: r.title,
  };
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
