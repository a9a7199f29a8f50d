import {
  COMMENT_FIRST_REPLIES,
  COMMENT_MAX_DEPTH,
  COMMENT_REPLIES_PAGE,
  COMMENT_REPLIES_PAGE_MAX,
  COMMENTS_MSG,
  COMMENTS_PAGE,
  COMMENTS_PAGE_MAX,
  type Comment,
  type CommentInput,
  type CommentOrder,
  type CommentPage,
  type CommentRepliesPage,
  displayName,
  EMAIL_PATTERN,
  isAdmin,
  isAdminOrOwner,
  MSG,
  USERS_MSG,
  type User,
} from '@vaggen/contract';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import type { CommentsTable } from '../../db/schema.js';
import { httpError, tooManyRequests } from '../../lib/http-errors.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { ArticlesService } from '../articles/service.js';
import type { NotificationsService } from '../notifications/service.js';
import { type PublicProfile, publicProfiles } from '../users/public-profile.js';

/** A comment row with its author's picture (from the users read model). */
type Row = Selectable<CommentsTable> & Pick<PublicProfile, 'profile_picture' | 'account_type'>;

export interface PageOptions {
  order?: CommentOrder;
  cursor?: string;
  limit?: number;
}

/** Where a reply to `parent` is stored: bounded depth, so nothing ever recurses without bound (decision 015). */
export function placeReply(parent: { id: number; parent_id: number | null; root_id: number | null; depth: number }): {
  parent_id: number;
  root_id: number;
  depth: number;
  reply_to_id: number | null;
} {
  const id = Number(parent.id);
  const depth = Number(parent.depth);
  const root = parent.root_id === null ? id : Number(parent.root_id);
  // A reply to a comment at the deepest level hangs under that comment's parent (the ancestor at
  // depth COMMENT_MAX_DEPTH - 1) and remembers whom it answered.
  if (depth >= COMMENT_MAX_DEPTH && parent.parent_id !== null) {
    return { parent_id: Number(parent.parent_id), root_id: root, depth: COMMENT_MAX_DEPTH, reply_to_id: id };
  }
  return { parent_id: id, root_id: root, depth: depth + 1, reply_to_id: null };
}

const CURSOR_MAX = Number.MAX_SAFE_INTEGER;

/** Comments and their threads. */
export class CommentsService {
  constructor(
    private readonly db: Db,
    private readonly articles: ArticlesService,
    private readonly notifications: NotificationsService,
    private readonly limiter: RateLimiter,
    private readonly perMinute: number,
    /** Whether a name belongs to a writer or an admin (users module): visitors may not use one. */
    private readonly isStaffName: (name: string) => Promise<boolean> = async () => false,
  ) {}

  /** Removes an article's comments with it (called inside the article's delete transaction). */
  async deleteForArticle(articleId: number, trx: Db): Promise<void> {
    await trx.deleteFrom('comments').where('article_id', '=', articleId).execute();
    await trx.deleteFrom('comment_totals').where('article_id', '=', articleId).execute();
  }

  /**
   * Comments with the author's current picture. A deleted comment is only shown while it has
   * replies (the delete rules keep that true; the check guards data written by other means).
   */
  private select() {
    return this.db
      .selectFrom('comments as c')
      .leftJoin(publicProfiles(this.db).as('u'), 'u.id', 'c.author_id')
      .select([
        'c.id',
        'c.article_id',
        'c.parent_id',
        'c.author_id',
        'c.name',
        'c.email',
        'c.content',
        'c.is_deleted',
        'c.created_at',
        'c.root_id',
        'c.depth',
        'c.reply_to_id',
        'u.profile_picture',
        'u.account_type',
      ]);
  }

  /**
   * Drops deleted comments without replies. The delete rules never leave one, so this guards data
   * written by other means; one indexed query for the deleted rows of a page, never a table-wide
   * subplan (PostgreSQL would hash every parent_id for an `OR EXISTS`).
   */
  private async withoutLonelyDeleted(lists: Row[][]): Promise<Row[][]> {
    const deleted = lists.flat().filter((r) => Number(r.is_deleted) === 1);
    if (deleted.length === 0) return lists;
    const parents = await this.db
      .selectFrom('comments')
      .select('parent_id')
      .distinct()
      .where(
        'parent_id',
        'in',
        deleted.map((r) => Number(r.id)),
      )
      .execute();
    const kept = new Set(parents.map((p) => Number(p.parent_id)));
    return lists.map((l) => l.filter((r) => Number(r.is_deleted) !== 1 || kept.has(Number(r.id))));
  }

  /** A deleted comment keeps its place without name, e-mail or text. E-mail goes to admins only. */
  private toComment(r: Row, showEmail: boolean): Comment {
    const deleted = Number(r.is_deleted) === 1;
    return {
      id: Number(r.id),
      articleId: Number(r.article_id),
      parentId: r.parent_id === null ? null : Number(r.parent_id),
      name: deleted ? '' : r.name,
      email: showEmail && !deleted ? r.email : null,
      content: deleted ? '' : r.content,
      createdAt: r.created_at,
      author_id: deleted || r.author_id === null ? null : Number(r.author_id),
      author_profile_picture: deleted ? null : r.profile_picture,
      author_role: !deleted && (r.account_type === 'writer' || r.account_type === 'admin') ? r.account_type : null,
      isDeleted: deleted,
      replies: [],
      depth: Number(r.depth),
      root_id: r.root_id === null ? null : Number(r.root_id),
      reply_to_id: r.reply_to_id === null ? null : Number(r.reply_to_id),
    };
  }

  /** A thread's replies after `after`, in id order (a parent is always older than its replies). */
  private threadRows(rootId: number, after: number, limit: number): Promise<Row[]> {
    return this.select()
      .where('c.root_id', '=', rootId)
      .where('c.id', '>', after)
      .orderBy('c.id')
      .limit(limit)
      .execute() as Promise<Row[]>;
  }

  /**
   * Nests `rows` (id order) under the comments of `known` or under each other; a reply whose
   * parent is in neither (it came on an earlier page) is returned at the top of the list.
   */
  private nest(rows: Row[], known: Map<number, Comment>, showEmail: boolean): Comment[] {
    const loose: Comment[] = [];
    for (const r of rows) {
      const c = this.toComment(r, showEmail);
      known.set(c.id, c);
      const parent = c.parentId === null ? undefined : known.get(c.parentId);
      if (parent) parent.replies.push(c);
      else loose.push(c);
    }
    return loose;
  }

  private async replyCounts(rootIds: number[]): Promise<Map<number, number>> {
    if (rootIds.length === 0) return new Map();
    const counts = await this.db
      .selectFrom('comments')
      .select((eb) => ['root_id', eb.fn.countAll<number | string>().as('n')])
      .where('root_id', 'in', rootIds)
      .groupBy('root_id')
      .execute();
    return new Map(counts.map((c) => [Number(c.root_id), Number(c.n)]));
  }

  /** Comments of the article that still show their text (one row, kept on every post and delete). */
  async total(articleId: number): Promise<number> {
    const row = await this.db
      .selectFrom('comment_totals')
      .select('visible')
      .where('article_id', '=', articleId)
      .executeTakeFirst();
    return row ? Number(row.visible) : 0;
  }

  /**
   * Counts the article's total afresh from its comments: for comments written straight into the
   * table (imports, the scale bench), which the running count has not seen.
   */
  async recountTotal(articleId: number): Promise<void> {
    const { n } = await this.db
      .selectFrom('comments')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('article_id', '=', articleId)
      .where('is_deleted', '=', 0)
      .executeTakeFirstOrThrow();
    await this.db
      .insertInto('comment_totals')
      .values({ article_id: articleId, visible: Number(n) })
      .onConflict((oc) => oc.column('article_id').doUpdateSet({ visible: Number(n) }))
      .execute();
  }

  private async addToTotal(articleId: number, by: 1 | -1, trx: Db): Promise<void> {
    await trx
      .insertInto('comment_totals')
      .values({ article_id: articleId, visible: Math.max(0, by) })
      .onConflict((oc) => oc.column('article_id').doUpdateSet({ visible: sql`comment_totals.visible + ${by}` }))
      .execute();
  }

  /**
   * One page of the article's top-level comments (keyset on id: new comments never shift a page),
   * each with its first COMMENT_FIRST_REPLIES replies nested and its thread's `reply_count`.
   */
  async page(articleId: number, viewer: User | null, opts: PageOptions = {}): Promise<CommentPage> {
    const order = opts.order ?? 'oldest';
    const limit = Math.min(opts.limit ?? COMMENTS_PAGE, COMMENTS_PAGE_MAX);
    const cursor = opts.cursor === undefined ? undefined : Number(opts.cursor);
    if (cursor !== undefined && !(Number.isSafeInteger(cursor) && cursor > 0 && cursor <= CURSOR_MAX)) {
      throw httpError(400, COMMENTS_MSG.commentCursor);
    }
    const showEmail = isAdmin(viewer);
    const [top, total] = await Promise.all([
      this.select()
        .where('c.article_id', '=', articleId)
        .where('c.parent_id', 'is', null)
        .$if(cursor !== undefined, (q) => q.where('c.id', order === 'newest' ? '<' : '>', cursor as number))
        .orderBy('c.id', order === 'newest' ? 'desc' : 'asc')
        .limit(limit + 1)
        .execute() as Promise<Row[]>,
      this.total(articleId),
    ]);
    const more = top.length > limit;
    const page = more ? top.slice(0, limit) : top;
    const last = page.length ? Number(page[page.length - 1]?.id) : null;
    const [rows = []] = await this.withoutLonelyDeleted([page]);
    const ids = rows.map((r) => Number(r.id));
    const [counts, fetched] = await Promise.all([
      this.replyCounts(ids),
      Promise.all(ids.map((id) => this.threadRows(id, 0, COMMENT_FIRST_REPLIES))),
    ]);
    const replies = await this.withoutLonelyDeleted(fetched);
    const known = new Map<number, Comment>();
    const comments = rows.map((r) => {
      const c = this.toComment(r, showEmail);
      c.reply_count = counts.get(c.id) ?? 0;
      known.set(c.id, c);
      return c;
    });
    for (const [i, list] of replies.entries()) {
      // a parent is always among the earlier rows of its thread; the fallback keeps a reply visible
      for (const loose of this.nest(list, known, showEmail)) comments[i]?.replies.push(loose);
    }
    return { comments, total, order, next_cursor: more ? String(last) : null };
  }

  /**
   * The replies of thread `rootId` (a top-level comment) after `cursor`, oldest first, nested among
   * themselves; a reply whose parent came earlier is at the top of `replies` with its `parentId`.
   */
  async replies(
    rootId: number,
    viewer: User | null,
    opts: { cursor?: string; limit?: number } = {},
  ): Promise<CommentRepliesPage> {
    const root = await this.db
      .selectFrom('comments')
      .select(['id', 'parent_id'])
      .where('id', '=', rootId)
      .executeTakeFirst();
    if (!root) throw httpError(404, COMMENTS_MSG.commentNotFound);
    if (root.parent_id !== null) throw httpError(400, COMMENTS_MSG.commentNotThread);
    const after = opts.cursor === undefined ? 0 : Number(opts.cursor);
    if (!(Number.isSafeInteger(after) && after >= 0)) throw httpError(400, COMMENTS_MSG.commentCursor);
    const limit = Math.min(opts.limit ?? COMMENT_REPLIES_PAGE, COMMENT_REPLIES_PAGE_MAX);
    const [rows, counts] = await Promise.all([this.threadRows(rootId, after, limit + 1), this.replyCounts([rootId])]);
    const more = rows.length > limit;
    const page = more ? rows.slice(0, limit) : rows;
    const [shown = []] = await this.withoutLonelyDeleted([page]);
    const replies = this.nest(shown, new Map(), isAdmin(viewer));
    return {
      replies,
      reply_count: counts.get(rootId) ?? 0,
      next_cursor: more ? String(page[page.length - 1]?.id) : null,
    };
  }

  /** One comment as readers see it, built from its own row. */
  private async one(id: number, viewer: User | null): Promise<Comment> {
    const row = (await this.select().where('c.id', '=', id).executeTakeFirst()) as Row | undefined;
    if (!row) throw httpError(404, COMMENTS_MSG.commentNotFound);
    const c = this.toComment(row, isAdmin(viewer));
    if (c.parentId === null) c.reply_count = 0;
    return c;
  }

  async create(input: CommentInput, author: User | null, ip: string): Promise<Comment> {
    const article = await this.articles.getById(input.articleId);
    if (!article) throw httpError(404, MSG.articleNotFound);
    let name: string;
    let email: string | null;
    if (author) {
      name = displayName(author);
      email = author.email;
    } else {
      name = input.name?.trim() ?? '';
      email = input.email?.trim() ?? '';
      if (!name || !email) throw httpError(400, MSG.commentFields);
      if (!EMAIL_PATTERN.test(email)) throw httpError(400, MSG.commentEmail);
      if (await this.isStaffName(name)) throw httpError(400, USERS_MSG.reservedName);
    }
    let parent:
      | { id: number; author_id: number | null; parent_id: number | null; root_id: number | null; depth: number }
      | undefined;
    if (input.parentId) {
      parent = await this.db
        .selectFrom('comments')
        .select(['id', 'author_id', 'parent_id', 'root_id', 'depth'])
        .where('id', '=', input.parentId)
        .where('article_id', '=', input.articleId)
        .executeTakeFirst();
      if (!parent) throw httpError(400, COMMENTS_MSG.commentParent);
    }
    if ((await this.limiter.hit(ip)) > this.perMinute)
      throw tooManyRequests(COMMENTS_MSG.commentRate, await this.limiter.ttl(ip), this.perMinute);

    const created = await this.db
      .transaction()
      .execute(async (trx) => {
        const { id } = await trx
          .insertInto('comments')
          .values({
            article_id: input.articleId,
            ...(parent ? placeReply(parent) : { parent_id: null, root_id: null, depth: 0, reply_to_id: null }),
            author_id: author?.id ?? null,
            name,
            email,
            content: input.content.trim(),
            is_deleted: 0,
            created_at: nowIso(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await this.addToTotal(input.articleId, 1, trx);
        const actionUrl = `/article/${article.slug}#comment-${id}`;
        const preview = input.content.trim().slice(0, 140);
        if (article.author_id !== null && article.author_id !== author?.id) {
          await this.notifications.notify(
            [article.author_id],
            {
              type: 'new_comment',
              title: `Ny kommentar på "${article.title}"`,
              message: `${name}: ${preview}`,
              actionUrl,
              data: { comment_id: Number(id), article_id: article.id },
              articleId: article.id,
            },
            trx,
          );
        }
        const parentAuthor =
          parent?.author_id === null || parent?.author_id === undefined ? null : Number(parent.author_id);
        if (parentAuthor !== null && parentAuthor !== author?.id && parentAuthor !== article.author_id) {
          await this.notifications.notify(
            [parentAuthor],
            {
              type: 'new_comment',
              title: `${name} svarade på din kommentar`,
              message: preview,
              actionUrl,
              data: { comment_id: Number(id), article_id: article.id },
              articleId: article.id,
            },
            trx,
          );
        }
        return Number(id);
      })
      .catch((err: unknown) => {
        // the parent was deleted in the meantime (foreign key)
        const code = (err as { code?: string }).code;
        if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') {
          throw httpError(400, COMMENTS_MSG.commentParent);
        }
        throw err;
      });
    return this.one(created, author);
  }

  /**
   * Its author or an admin may delete. With replies, the comment stays as a "deleted" placeholder
   * (text, name and e-mail erased); without, it is removed, and so are deleted ancestors left empty.
   */
  async delete(id: number, actor: User): Promise<{ placeholder: boolean; removed: number[] }> {
    const c = await this.db
      .selectFrom('comments')
      .select(['id', 'article_id', 'author_id', 'parent_id', 'is_deleted'])
      .where('id', '=', id)
      .executeTakeFirst();
    // a placeholder is already deleted
    if (!c || Number(c.is_deleted) === 1) throw httpError(404, COMMENTS_MSG.commentNotFound);
    const articleId = Number(c.article_id);
    const authorId = c.author_id === null ? null : Number(c.author_id);
    if (!isAdminOrOwner(actor, authorId)) throw httpError(403, COMMENTS_MSG.commentDeleteForbidden);
    return this.db.transaction().execute(async (trx) => {
      const hasReplies = async (cid: number) =>
        (await trx.selectFrom('comments').select('id').where('parent_id', '=', cid).limit(1).executeTakeFirst()) !==
        undefined;
      await this.addToTotal(articleId, -1, trx);
      if (await hasReplies(id)) {
        await trx
          .updateTable('comments')
          .set({ is_deleted: 1, content: '', email: null, name: '' })
          .where('id', '=', id)
          .execute();
        // the notifications about it quote its text: they go with it
        await this.notifications.deleteForComments(articleId, [id], trx);
        return { placeholder: true, removed: [] };
      }
      await trx.deleteFrom('comments').where('id', '=', id).execute();
      const removed = [id];
      // at most COMMENT_MAX_DEPTH ancestors: nesting is bounded
      let parentId = c.parent_id === null ? null : Number(c.parent_id);
      while (parentId !== null) {
        const p = await trx
          .selectFrom('comments')
          .select(['id', 'parent_id', 'is_deleted'])
          .where('id', '=', parentId)
          .executeTakeFirst();
        if (!p || Number(p.is_deleted) !== 1 || (await hasReplies(parentId))) break;
        await trx.deleteFrom('comments').where('id', '=', parentId).execute();
        removed.push(parentId);
        parentId = p.parent_id === null ? null : Number(p.parent_id);
      }
      await this.notifications.deleteForComments(articleId, [id], trx);
      return { placeholder: false, removed };
    });
  }
}
