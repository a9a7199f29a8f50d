import type { ArticleAccess } from '@vaggen/contract';
import {
  type Actor,
  type Article,
  type ArticleKind,
  type ArticleRevision,
  type ArticleStatus,
  type ArticleSummary,
  AUTOSAVE_NEW,
  type Category,
  contentToText,
  type FocalPoint,
  formatShortDateTime,
  isAdmin,
  MSG,
  makeExcerpt,
  NEWSROOM_CURSOR,
  NEWSROOM_TEXT,
  type NewsroomArticle,
  type NewsroomListQuery,
  normalizeTag,
  REVIEW_TEXT,
  SLUG_MAX,
  slugify,
  tagLabel,
} from '@vaggen/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import type { DomainEvents } from '../../lib/events/domain-events.js';
import { httpError } from '../../lib/http-errors.js';
import { bylineStaff } from '../users/public-profile.js';
import { dropAfterSave } from './autosave.js';
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
import { decorate, fullRows, isStoredId, publicPart, staffIdsOf, summaryRows, withContent } from './read-model.js';
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
  /** Issue 44: a live report or an article (kept when not given). */
  kind?: ArticleKind;
  /** Issue 44: when the live report ended, or null to reopen it (kept when not given). */
  liveEndedAt?: string | null;
  /** Issue 40: who names `authorIds` (a writer invites others; an admin or none names directly). */
  namedBy?: BylineNamer;
  /** Issue 41: the newsroom's fields (left out: kept; null or empty: cleared) and an edited address. */
  desk?: DeskFields;
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

/** Issue 41: the texts a newsroom writes besides the headline and the body, as the API names them. */
export const DESK_TEXTS = [
  'ingress',
  'front_headline',
  'teaser',
  'seo_title',
  'seo_description',
  'social_title',
  'social_description',
  'social_image',
] as const;
export type DeskText = (typeof DESK_TEXTS)[number];
export type DeskFields = Partial<Record<DeskText, string | null>> & {
  featured_image_focal?: FocalPoint | null;
  slug?: string;
};

/** The columns of the desk's fields for a save: written ones set, left-out ones kept (`current`). */
function deskColumns(desk: DeskFields | undefined, current: Partial<Article> | null) {
  const out: Record<DeskText, string | null> & { focal_x: number | null; focal_y: number | null } = {
    ingress: null,
    front_headline: null,
    teaser: null,
    seo_title: null,
    seo_description: null,
    social_title: null,
    social_description: null,
    social_image: null,
    focal_x: current?.featured_image_focal?.x ?? null,
    focal_y: current?.featured_image_focal?.y ?? null,
  };
  for (const k of DESK_TEXTS) out[k] = orNull(desk?.[k] !== undefined ? desk[k] : (current?.[k] ?? null));
  if (desk?.featured_image_focal !== undefined) {
    out.focal_x = desk.featured_image_focal?.x ?? null;
    out.focal_y = desk.featured_image_focal?.y ?? null;
  }
  return out;
}

/** The desk's columns and the access level as a revision keeps them. */
function deskOfRevision(
  desk: ReturnType<typeof deskColumns>,
  access: ArticleAccess,
): NonNullable<ArticleRevision['desk']> {
  const { focal_x, focal_y, ...texts } = desk;
  return {
    ...texts,
    featured_image_focal: focal_x !== null && focal_y !== null ? { x: focal_x, y: focal_y } : null,
    access,
  };
}

/** The excerpt lists and descriptions show: from the ingress when there is one (issue 41), else the body. */
const excerptOf = (ingress: string | null, content: string) => makeExcerpt(ingress ?? content);

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

/** Who restores a revision; with `expectedVersion` a stale editor gets 409, as with an update. */
export interface RestoreOptions {
  saver: Saver;
  expectedVersion?: number;
  /** The restorer may not put the article live or schedule it (as `Workflow.mayNotGoLive`). */
  mayNotGoLive?: boolean;
}

/**
 * Tags as the editor wrote them (issue 41: casing kept), one per lower-case key (the first spelling
 * wins); `tag` is the key they match and link by, `label` how they show.
 */
function cleanTags(tags: string[] | undefined): { tag: string; label: string }[] | undefined {
  if (!tags) return undefined;
  const seen = new Map<string, string>();
  for (const t of tags) {
    const key = normalizeTag(t);
    if (key && !seen.has(key)) seen.set(key, tagLabel(t));
  }
  return [...seen].map(([tag, label]) => ({ tag, label }));
}
const labelsOf = (tags: { label: string }[]) => tags.map((t) => t.label);
const orNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);
/** Whether two tag lists hold the same tags (by key, in any order). */
const sameTags = (a: string[], b: string[]) => {
  const x = a.map(normalizeTag).sort();
  const y = b.map(normalizeTag).sort();
  return x.length === y.length && x.every((t, i) => t === y[i]);
};

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
  return withContent(db, await fullRows(db).where('a.id', '=', id).executeTakeFirst());
}

/** The ArticleChanged of an article readers now see as new (created live, published). */
export const appeared = (a: Article): ArticleChange => ({
  kind: 'created',
  id: a.id,
  category: a.category,
  authorId: a.author_id,
  authorIds: staffIdsOf(a.authors),
  tags: a.tags.map(normalizeTag),
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
    const row = await fullRows(this.db).where('a.id', '=', id).executeTakeFirst();
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

  /** Issue 41: an address the editor chose: free among other articles' current and earlier ones, else 400. */
  private async chosenSlug(slug: string, ownId?: number): Promise<string> {
    if (slug.length > SLUG_MAX) throw httpError(400, NEWSROOM_TEXT.slugBad);
    const [current, old] = await Promise.all([
      this.db.selectFrom('articles').select('id').where('slug', '=', slug).executeTakeFirst(),
      this.db.selectFrom('article_slugs').select('article_id').where('slug', '=', slug).executeTakeFirst(),
    ]);
    if ((current && Number(current.id) !== ownId) || (old && Number(old.article_id) !== ownId))
      throw httpError(400, NEWSROOM_TEXT.slugTaken);
    return slug;
  }

  /** Creates an article: its row, tags, byline and first revision, the search index, and (when live) the pages. */
  async create(input: NewArticle): Promise<Article> {
    const content = cleanContent(input.content);
    const access = input.access ?? 'free';
    // Issue 42: the lead and the search index hold only what every reader may see
    const open = publicPart(content, access);
    const now = nowIso();
    const slug = input.desk?.slug ? await this.chosenSlug(input.desk.slug) : await this.uniqueSlug(input.title);
    const desk = deskColumns(input.desk, null);
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
          // the ingress is the lead (never behind the paywall); else the free part of the text
          excerpt: excerptOf(desk.ingress, open),
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
          ...desk,
          kind: input.kind ?? 'article',
          live_ended_at: input.liveEndedAt ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const articleId = Number(id);
      if (tags.length)
        await trx
          .insertInto('article_tags')
          .values(tags.map((t) => ({ article_id: articleId, ...t })))
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
        tags: labelsOf(tags),
        featuredImage: input.featuredImage,
        alt: orNull(input.featuredImageAlt),
        caption: orNull(input.featuredImageCaption),
        credit: orNull(input.featuredImageCredit),
        byline: orNull(input.byline),
        note: when.status === 'review' ? REVIEW_TEXT.noteSubmitted(input.authorName) : null,
        desk: deskOfRevision(desk, access),
      });
      await dropAfterSave(trx, input.authorId, AUTOSAVE_NEW);
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
    const chosen = changes.desk?.slug;
    if (chosen && chosen !== current.slug) slug = await this.chosenSlug(chosen, id);
    else if (!chosen && title !== current.title && slugify(title) !== slugify(current.title))
      slug = await this.uniqueSlug(title, id);
    const desk = deskColumns(changes.desk, current);
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
          // the ingress is the lead (never behind the paywall); else the free part of the text
          excerpt: excerptOf(desk.ingress, open),
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
          ...desk,
          kind: keep(changes.kind, current.kind),
          live_ended_at: keep(changes.liveEndedAt, current.live_ended_at),
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
        tags: tags ? labelsOf(tags) : current.tags,
        featuredImage: changes.featuredImage,
        alt,
        caption,
        credit,
        byline,
        note: opts.note ?? approvedInEditor?.note ?? submittedNote,
        desk: deskOfRevision(desk, access),
      });
      if (opts.saver) await dropAfterSave(trx, opts.saver.id, id);
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
            tags: tags ? tags.map((t) => t.tag) : current.tags.map(normalizeTag),
            ...(tags && !sameTags(labelsOf(tags), current.tags)
              ? { previousTags: current.tags.map(normalizeTag) }
              : {}),
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

  /**
   * Issue 44: ends a live report (or reopens it with null) without a full save: the reporter's
   * "Avsluta" button. Readers' pages of it re-render (ArticleChanged).
   */
  async setLiveEnded(id: number, endedAt: string | null): Promise<Article> {
    const current = await this.getAnyById(id);
    if (!current) throw httpError(404, MSG.articleNotFound);
    await this.events.transaction(async (trx) => {
      await trx.updateTable('articles').set({ live_ended_at: endedAt }).where('id', '=', id).execute();
      if (current.status === 'published')
        await this.events.emit(
          trx,
          ArticleChanged({
            kind: 'updated',
            id,
            category: current.category,
            authorId: current.author_id,
            authorIds: staffIdsOf(current.authors),
            tags: current.tags,
          }),
        );
    });
    return { ...current, live_ended_at: endedAt };
  }

  private async storedByline(id: number): Promise<string | null> {
    const row = await this.db.selectFrom('articles').select('byline').where('id', '=', id).executeTakeFirst();
    return row?.byline ?? null;
  }

  /**
   * Puts a revision's text, category, tags, images and (issue 41) desk fields and access level back
   * as a new save (status unchanged); a revision from before the desk fields were kept leaves them.
   */
  async restoreRevision(articleId: number, revisionId: number, opts: RestoreOptions): Promise<Article> {
    const { saver, expectedVersion, mayNotGoLive } = opts;
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
        ...(r.desk
          ? {
              desk: {
                ingress: r.desk.ingress,
                front_headline: r.desk.front_headline,
                teaser: r.desk.teaser,
                seo_title: r.desk.seo_title,
                seo_description: r.desk.seo_description,
                social_title: r.desk.social_title,
                social_description: r.desk.social_description,
                social_image: r.desk.social_image,
                featured_image_focal: r.desk.featured_image_focal,
              },
              access: r.desk.access,
            }
          : {}),
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
            tags: current.tags.map(normalizeTag),
          }),
        );
    });
  }

  /**
   * The newsroom list: a writer's own articles, or all for admins; every status, or one; newest
   * first. Issue 41: filtered by headline words, writer and category, and paged by a cursor (the
   * last row's date and id) so that page 500 of 100 000 articles costs what page 1 does.
   */
  async listForNewsroom(actor: Actor, opts: NewsroomListQuery): Promise<ArticleSummary[]> {
    let q = summaryRows(this.db);
    if (!isAdmin(actor)) q = q.where('a.author_id', '=', actor.id);
    else if (opts.author) q = q.where('a.author_id', '=', opts.author);
    if (opts.status) q = q.where('a.status', '=', opts.status);
    if (opts.category) q = q.where('a.category', '=', opts.category);
    const words = (opts.q ?? '').toLocaleLowerCase('sv-SE').split(/\s+/).filter(Boolean).slice(0, 5);
    // a % or _ typed is a character, not a wildcard
    for (const w of words)
      q = q.where(sql<boolean>`lower(a.title) like ${`%${w.replace(/[%_\\]/g, (c) => `\\${c}`)}%`} escape '\\'`);
    const cursor = opts.before ? NEWSROOM_CURSOR.exec(opts.before) : null;
    if (cursor) {
      const [, date, id] = cursor as unknown as [string, string, string];
      q = q.where((eb) =>
        eb.or([
          eb('a.published_at', '<', date),
          eb.and([eb('a.published_at', '=', date), eb('a.id', '<', Number(id))]),
        ]),
      );
    }
    const rows = await q
      .orderBy('a.published_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(opts.limit)
      .$if(!cursor, (qb) => qb.offset(opts.offset))
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
    // issue 41: as written (one spelling per key)
    let q = this.db
      .selectFrom('article_tags as t')
      .select(['t.tag', sql<string>`min(coalesce(t.label, t.tag))`.as('label')])
      .groupBy('t.tag');
    if (p) q = q.where('t.tag', '>=', p).where('t.tag', '<', `${p}\uffff`);
    if (!isAdmin(actor)) {
      q = q
        .innerJoin('articles as a', 'a.id', 't.article_id')
        .where((eb) => eb.or([eb('a.status', '=', 'published'), eb('a.author_id', '=', actor.id)]));
    }
    const rows = await q.orderBy('t.tag').limit(limit).execute();
    return rows.map((r) => r.label);
  }
}

async function replaceTags(trx: Db, articleId: number, tags: { tag: string; label: string }[]): Promise<void> {
  await trx.deleteFrom('article_tags').where('article_id', '=', articleId).execute();
  if (tags.length)
    await trx
      .insertInto('article_tags')
      .values(tags.map((t) => ({ article_id: articleId, ...t })))
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
