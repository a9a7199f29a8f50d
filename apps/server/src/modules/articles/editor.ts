import type { ArticleAccess } from '@vaggen/contract';
import {
  type Actor,
  type Article,
  type ArticleStatus,
  type ArticleSummary,
  type Category,
  contentToText,
  formatShortDateTime,
  isAdmin,
  MSG,
  makeExcerpt,
  NEWSROOM_TEXT,
  type NewsroomArticle,
  normalizeTag,
  REVIEW_TEXT,
  slugify,
} from '@vaggen/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import type { DomainEvents } from '../../lib/events/domain-events.js';
import { httpError } from '../../lib/http-errors.js';
import { bylineStaff } from '../users/public-profile.js';
import type { BylineInvitations, BylineNamer } from './bylines.js';
import {
  type ArticleChange,
  ArticleChanged,
  ArticleDeleted,
  ArticleReviewed,
  ArticleSentForReview,
  ArticleWritten,
} from './events.js';
import { toSafeHtml } from './html.js';
import { decorate, isStoredId, publicPart, staffIdsOf, summaryRows, withContent } from './read-model.js';
import { type ArticleRevisions, conflict, keepRevision, type Saver } from './revisions.js';

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
  /**
   * Issue 41: the saver may not put the article live or schedule it (a writer while the paper
   * requires review): such a save is a 403.
   */
  mayNotGoLive?: boolean;
  /** Issue 42: who reads the whole article (a new one is free; an update without it keeps it). */
  access?: ArticleAccess;
}

/** Issue 41: a save that would publish or schedule, by someone who must send it for review instead. */
function refuseGoingLive(w: Workflow, status: ArticleStatus): void {
  if (w.mayNotGoLive && (status === 'published' || status === 'scheduled'))
    throw httpError(403, REVIEW_TEXT.publishForbidden);
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

export interface ArticleChanges extends Workflow {
  title: string;
  content: string;
  category: Category;
  featuredImage: string | null;
}

const cleanTags = (tags: string[] | undefined): string[] | undefined =>
  tags && [...new Set(tags.map(normalizeTag).filter(Boolean))];
const orNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);
const sameTags = (a: string[], b: string[]) => a.length === b.length && a.every((t, i) => t === b[i]);

/**
 * Status and times after a save (issue 14, decision 019 as amended): without a status a create or
 * an update publishes at once, as in the spec — unless a future `publish_at` alone schedules it
 * (embargoed wire copy). Staff who want to keep a draft send its status (the editor always does).
 */
export function nextStatus(
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

/**
 * Cleaned content (spec 000 §5), or 400 when nothing is left of it (e.g. only a script, or an image
 * whose address was a javascript: URL): content is required.
 */
function cleanContent(content: string): string {
  const cleaned = toSafeHtml(content);
  if (!contentToText(cleaned) && !/<img\s[^>]*src=/i.test(cleaned)) throw httpError(400, MSG.articleRequired);
  return cleaned;
}

/** An article in any status, read in `db` (a transaction's, to see its own writes). */
export async function anyArticle(db: Db, id: number): Promise<Article | null> {
  if (!isStoredId(id)) return null;
  return withContent(db, await summaryRows(db).select('a.content').where('a.id', '=', id).executeTakeFirst());
}

/** The ArticleChanged of an article readers now see as new (created live, published). */
export const appeared = (a: Article): ArticleChange => ({
  kind: 'created',
  id: a.id,
  category: a.category,
  authorId: a.author_id,
  authorIds: staffIdsOf(a.authors),
  tags: a.tags,
});

/** The newsroom's writes: create, update and delete, each one transaction with its events. */
export class ArticleEditor {
  constructor(
    private readonly db: Db,
    private readonly events: DomainEvents,
    private readonly revisions: ArticleRevisions,
    /** Issue 40: co-authors a writer names are invited (bylines.ts); without it they are named directly. */
    private readonly bylines?: BylineInvitations,
  ) {}

  /** The byline of a save (inside its transaction): invitations for a writer's co-authors (issue 40). */
  private async placeByline(trx: Db, article: { id: number; title: string }, ids: number[], namer?: BylineNamer) {
    if (this.bylines) await this.bylines.place(trx, article, ids, namer);
    else await replaceAuthors(trx, article.id, ids);
  }

  /** Any article by id, whatever its status (the newsroom; callers check mayEditArticle). */
  getAnyById(id: number): Promise<Article | null> {
    return anyArticle(this.db, id);
  }

  /** One article in any status with its stored free byline, as the editor opens it. */
  async getForEditor(id: number): Promise<NewsroomArticle | null> {
    if (!isStoredId(id)) return null;
    const row = await summaryRows(this.db).select('a.content').where('a.id', '=', id).executeTakeFirst();
    const article = await withContent(this.db, row);
    return article && row ? { ...article, byline: row.byline ?? null } : null;
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

  /** Creates an article: its row, tags, byline and first revision, the search index, and (when live) the pages. */
  async create(input: NewArticle): Promise<Article> {
    const content = cleanContent(input.content);
    const access = input.access ?? 'free';
    // Issue 42: the lead and the search index hold only what every reader may see
    const open = publicPart(content, access);
    const now = nowIso();
    const slug = await this.uniqueSlug(input.title);
    const when = nextStatus(input.status, input.publishAt, null, now);
    refuseGoingLive(input, when.status);
    if (input.publishedAt && when.status === 'published') when.published_at = input.publishedAt;
    const tags = cleanTags(input.tags) ?? [];
    const authorIds = input.authorIds ? await this.staffIds(input.authorIds) : null;
    return this.events.transaction(async (trx) => {
      const { id } = await trx
        .insertInto('articles')
        .values({
          slug,
          title: input.title.trim(),
          content,
          excerpt: makeExcerpt(open),
          access,
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
      await keepRevision(trx, {
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
        note: when.status === 'review' ? REVIEW_TEXT.noteSubmitted(input.authorName) : null,
      });
      await this.events.emit(trx, ArticleWritten({ id: articleId, title: input.title.trim(), content: open }));
      if (when.status === 'review')
        await this.events.emit(
          trx,
          ArticleSentForReview({ id: articleId, title: input.title.trim(), by: input.authorName }),
        );
      const created = await anyArticle(trx, articleId);
      if (!created) throw new Error('Article vanished after insert');
      if (created.status === 'published') await this.events.emit(trx, ArticleChanged(appeared(created)));
      return created;
    });
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

  /**
   * Updates an article (any status). The slug stays unless the title changes; then the old slug is
   * kept in article_slugs so links to it redirect. With `expectedVersion`, a save on top of someone
   * else's newer save is refused with 409 (never a silent overwrite); without it the save wins, as in
   * the spec. Every save keeps a revision.
   */
  async update(
    id: number,
    changes: ArticleChanges,
    opts: {
      expectedVersion?: number;
      saver?: Saver;
      current?: Article;
      /** Issue 41: the revision's note (a review decision), instead of the one the status implies. */
      note?: string;
      /** Issue 41: more of the same transaction after the save (a review decision's event). */
      alsoInTransaction?: (trx: Db) => Promise<void>;
    } = {},
  ): Promise<Article> {
    const current = opts.current ?? (await this.getAnyById(id));
    if (!current) throw httpError(404, MSG.articleNotFound);
    if (opts.expectedVersion !== undefined && opts.expectedVersion !== current.version) await conflict(this.db, id);
    const title = changes.title.trim();
    const content = cleanContent(changes.content);
    const access = changes.access ?? current.access;
    const open = publicPart(content, access);
    const now = nowIso();
    const when = nextStatus(changes.status, changes.publishAt, { ...current, published_at: current.date }, now);
    refuseGoingLive(changes, when.status);
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
    // Issue 41: sent for review, or (someone else, e.g. an admin in the editor) put live from review:
    // the history says so, and the writer is told as from the review queue.
    const saverName = (opts.saver ?? { name: current.author_display_name }).name;
    const submittedNote =
      when.status === 'review' && current.status !== 'review' ? REVIEW_TEXT.noteSubmitted(saverName) : null;
    const approvedInEditor =
      opts.note === undefined &&
      current.status === 'review' &&
      (when.status === 'published' || when.status === 'scheduled') &&
      opts.saver &&
      opts.saver.id !== current.author_id
        ? {
            decision: when.status === 'published' ? ('publish' as const) : ('schedule' as const),
            note:
              when.status === 'published'
                ? REVIEW_TEXT.notePublished(saverName)
                : REVIEW_TEXT.noteScheduled(saverName, formatShortDateTime(when.publish_at as string)),
          }
        : null;
    await this.events.transaction(async (trx) => {
      const res = await trx
        .updateTable('articles')
        .set({
          slug,
          title,
          content,
          excerpt: makeExcerpt(open),
          access,
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
        if (opts.expectedVersion !== undefined) await conflict(trx, id);
        throw httpError(409, NEWSROOM_TEXT.conflictPlain);
      }
      if (slug !== current.slug) {
        await trx.deleteFrom('article_slugs').where('slug', '=', slug).execute();
        await trx.insertInto('article_slugs').values({ slug: current.slug, article_id: id }).execute();
      }
      if (tags) await replaceTags(trx, id, tags);
      if (authorIds) await this.placeByline(trx, { id, title }, authorIds, changes.namedBy);
      await keepRevision(trx, {
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
        note: opts.note ?? approvedInEditor?.note ?? submittedNote,
      });
      await this.events.emit(trx, ArticleWritten({ id, title, content: open }));
      const kind = visibilityChange(current.status, when.status);
      if (kind)
        await this.events.emit(
          trx,
          ArticleChanged({
            kind,
            id,
            category: changes.category,
            ...(changes.category !== current.category ? { previousCategory: current.category } : {}),
            authorId: current.author_id,
            authorIds: staffIdsOf(current.authors),
            tags: tags ?? current.tags,
            ...(tags && !sameTags(tags, current.tags) ? { previousTags: current.tags } : {}),
          }),
        );
      if (when.status === 'review' && current.status !== 'review')
        await this.events.emit(
          trx,
          ArticleSentForReview({ id, title, by: (opts.saver ?? { name: current.author_display_name }).name }),
        );
      if (approvedInEditor)
        await this.events.emit(
          trx,
          ArticleReviewed({
            id,
            slug,
            title,
            authorId: current.author_id,
            decision: approvedInEditor.decision,
            comment: null,
            publishAt: when.publish_at,
          }),
        );
      if (opts.alsoInTransaction) await opts.alsoInTransaction(trx);
    });
    const updated = await this.getAnyById(id);
    if (!updated) throw httpError(404, MSG.articleNotFound);
    return updated;
  }

  private async storedByline(id: number): Promise<string | null> {
    const row = await this.db.selectFrom('articles').select('byline').where('id', '=', id).executeTakeFirst();
    return row?.byline ?? null;
  }

  /** Puts a revision's text, category, tags and images back as a new save (status unchanged). */
  async restoreRevision(
    articleId: number,
    revisionId: number,
    saver: Saver,
    expectedVersion?: number,
    mayNotGoLive?: boolean,
  ): Promise<Article> {
    const r = await this.revisions.get(articleId, revisionId);
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
        mayNotGoLive,
      },
      { expectedVersion, saver, current },
    );
  }

  /** Deletes the article and everything hanging on it, atomically. */
  async delete(id: number): Promise<void> {
    const current = await this.getAnyById(id);
    if (!current) throw httpError(404, MSG.articleNotFound);
    await this.events.transaction(async (trx) => {
      await this.events.emit(trx, ArticleDeleted({ id }));
      await trx.deleteFrom('article_slugs').where('article_id', '=', id).execute();
      await trx.deleteFrom('article_tags').where('article_id', '=', id).execute();
      await trx.deleteFrom('article_authors').where('article_id', '=', id).execute();
      await trx.deleteFrom('byline_invitations').where('article_id', '=', id).execute();
      await trx.deleteFrom('article_revisions').where('article_id', '=', id).execute();
      const res = await trx.deleteFrom('articles').where('id', '=', id).executeTakeFirst();
      if (Number(res.numDeletedRows) === 0) throw httpError(404, MSG.articleNotFound);
      if (current.status === 'published')
        await this.events.emit(
          trx,
          ArticleChanged({
            kind: 'deleted',
            id,
            category: current.category,
            authorId: current.author_id,
            authorIds: staffIdsOf(current.authors),
            tags: current.tags,
          }),
        );
    });
  }

  /** The newsroom list: a writer's own articles, or all for admins; every status, or one; newest first. */
  async listForNewsroom(
    actor: Actor,
    limit: number,
    offset: number,
    status?: ArticleStatus,
  ): Promise<ArticleSummary[]> {
    let q = summaryRows(this.db);
    if (!isAdmin(actor)) q = q.where('a.author_id', '=', actor.id);
    if (status) q = q.where('a.status', '=', status);
    const rows = await q
      .orderBy('a.published_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return decorate(this.db, rows);
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
}

async function replaceTags(trx: Db, articleId: number, tags: string[]): Promise<void> {
  await trx.deleteFrom('article_tags').where('article_id', '=', articleId).execute();
  if (tags.length)
    await trx
      .insertInto('article_tags')
      .values(tags.map((tag) => ({ article_id: articleId, tag })))
      .execute();
}

async function replaceAuthors(trx: Db, articleId: number, userIds: number[]): Promise<void> {
  await trx.deleteFrom('article_authors').where('article_id', '=', articleId).execute();
  if (userIds.length)
    await trx
      .insertInto('article_authors')
      .values(userIds.map((user_id, position) => ({ article_id: articleId, user_id, position })))
      .execute();
}
