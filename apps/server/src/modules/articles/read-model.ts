import type { Article, ArticleAccess, ArticleAuthor, ArticleStatus, ArticleSummary, Category } from '@vaggen/contract';
import { displayName, paywallSplit } from '@vaggen/contract';
import { type Expression, sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { publicProfiles } from '../users/public-profile.js';

/**
 * The articles module's own read model (issue 39): the one select of an article's summary columns,
 * and how rows become the contract's `ArticleSummary` with tags and bylines. Reader queries, the
 * editor and the scheduler all read through it.
 */

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

/** Ids are 32-bit integer columns: anything else cannot exist (and PostgreSQL would refuse it). */
export const isStoredId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;
/** Slugs are short and made by slugify(); a NUL byte (which PostgreSQL refuses) cannot be one. */
export const isPossibleSlug = (slug: string) => slug.length > 0 && slug.length <= 300 && !slug.includes('\u0000');

export type SummaryRow = {
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
  front_headline: string | null;
  teaser: string | null;
  focal_x: number | null;
  focal_y: number | null;
  kind: string;
  live_ended_at: string | null;
  access: string;
  username: string | null;
  full_name: string | null;
  profile_picture: string | null;
};

/** Articles with their author's public columns: the base of every summary read. */
export function summaryRows(db: Db) {
  return db
    .selectFrom('articles as a')
    .leftJoin(publicProfiles(db).as('u'), 'u.id', 'a.author_id')
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
      'a.front_headline',
      'a.teaser',
      'a.focal_x',
      'a.focal_y',
      'a.kind',
      'a.live_ended_at',
      'a.access',
      'u.username',
      'u.full_name',
      'u.profile_picture',
    ]);
}

/** Readers' view of the base query. */
export const visibleSummaryRows = (db: Db) => whereVisibleToReaders(summaryRows(db), 'a');

export function toSummary(r: SummaryRow): ArticleSummary {
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
    front_headline: r.front_headline,
    teaser: r.teaser,
    featured_image_focal:
      r.focal_x === null || r.focal_y === null ? null : { x: Number(r.focal_x), y: Number(r.focal_y) },
    kind: r.kind === 'live' ? 'live' : 'article',
    live_ended_at: r.live_ended_at,
    access: (r.access ?? 'free') as ArticleAccess,
    locked: false,
  };
}

/** Rows → summaries with their tags and bylines (three bounded queries for the whole page). */
export async function decorate(db: Db, rows: SummaryRow[]): Promise<ArticleSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => Number(r.id));
  const [tags, authors, former] = await Promise.all([
    db
      .selectFrom('article_tags')
      .select(['article_id', 'tag', 'label'])
      .where('article_id', 'in', ids)
      .orderBy('article_id')
      .orderBy('tag')
      .execute(),
    db
      .selectFrom('article_authors as aa')
      .innerJoin(publicProfiles(db).as('u'), 'u.id', 'aa.user_id')
      .select(['aa.article_id', 'aa.user_id', 'aa.position', 'u.username', 'u.full_name'])
      .where('aa.article_id', 'in', ids)
      .orderBy('aa.article_id')
      .orderBy('aa.position')
      .execute(),
    // a deleted account keeps its place in the byline as text (decision 027)
    db
      .selectFrom('article_former_authors')
      .select(['article_id', 'position', 'name'])
      .where('article_id', 'in', ids)
      .execute(),
  ]);
  const tagsOf = new Map<number, string[]>();
  // Issue 41: as the editor wrote them (matched by the lower-case key)
  for (const t of tags)
    tagsOf.set(Number(t.article_id), [...(tagsOf.get(Number(t.article_id)) ?? []), t.label ?? t.tag]);
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
    const s = toSummary(r);
    s.tags = tagsOf.get(s.id) ?? [];
    if (r.byline) s.authors = [{ id: null, name: r.byline, username: null }];
    else if (authorsOf.has(s.id)) s.authors = authorsOf.get(s.id) ?? [];
    return s;
  });
}

/** Issue 41: what one article's answer adds to its summary besides the body. */
export const FULL_COLUMNS = [
  'a.content',
  'a.ingress',
  'a.seo_title',
  'a.seo_description',
  'a.social_title',
  'a.social_description',
  'a.social_image',
] as const;
export type FullRow = SummaryRow & {
  content: string;
  ingress: string | null;
  seo_title: string | null;
  seo_description: string | null;
  social_title: string | null;
  social_description: string | null;
  social_image: string | null;
};

/** The body and the newsroom's texts of a full row, on top of its summary. */
export const fullOf = (r: FullRow) => ({
  content: r.content,
  ingress: r.ingress,
  seo_title: r.seo_title,
  seo_description: r.seo_description,
  social_title: r.social_title,
  social_description: r.social_description,
  social_image: r.social_image,
});

/** Articles with their author's public columns, the body and the newsroom's texts. */
export const fullRows = (db: Db) => summaryRows(db).select(FULL_COLUMNS);

/** One row with its body → the full article (decorated), or null. */
export async function withContent(db: Db, row: FullRow | undefined): Promise<Article | null> {
  if (!row) return null;
  const [s] = await decorate(db, [row]);
  return s ? { ...s, ...fullOf(row) } : null;
}

/** The staff authors of a byline (for the page cache's byline tags). */
export const staffIdsOf = (authors: ArticleAuthor[]): number[] => authors.flatMap((a) => (a.id === null ? [] : [a.id]));

/**
 * Issue 42: the part of a body every reader may see — all of a free article, the part before the
 * paywall of any other. The lead (`excerpt`) and the search index are made of it.
 */
export function publicPart(content: string, access: ArticleAccess): string {
  return access === 'free' ? content : paywallSplit(content).teaser;
}

/**
 * Issue 42: an article as a reader without access gets it: the part before the paywall, `locked`.
 * A free article is returned as it is. Every reader query answers this; the whole text only
 * through `ArticleReaderQueries.unlocked`, for a reader the revenue module says may read it.
 */
export function lockedView<A extends Article>(a: A): A {
  if (a.access === 'free') return { ...a, locked: false };
  return { ...a, content: paywallSplit(a.content).teaser, locked: true };
}
