import {
  COMMENT_FIRST_REPLIES,
  COMMENT_REPLIES_PAGE,
  COMMENT_REPLIES_PAGE_MAX,
  COMMENTS_MSG,
  COMMENTS_PAGE,
  COMMENTS_PAGE_MAX,
  type Comment,
  type CommentOrder,
  type CommentPage,
  type CommentRepliesPage,
  isAdmin,
  type ModerationStatus,
  type User,
} from '@vaggen/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { CommentsTable } from '../../db/schema.js';
import { httpError } from '../../lib/http-errors.js';
import { type PublicProfile, publicProfiles } from '../users/public-profile.js';

/** A comment row with its author's picture and role (users read model; none for a visitor). */
export type Row = Selectable<CommentsTable> & {
  profile_picture: PublicProfile['profile_picture'] | null;
  account_type: PublicProfile['account_type'] | null;
};

export interface PageOptions {
  order?: CommentOrder;
  cursor?: string;
  limit?: number;
}

/**
 * Who reads, beyond their role: the key of a visitor's browser (from its X-Commenter-Token), so an
 * author sees their own held comments (issue 16). A logged-in viewer is recognised by their id.
 */
export interface Viewer {
  user: User | null;
  /** From `verifyCommenterToken`; null when the browser sent none (or a forged one). */
  key?: string | null;
}

/** A comment as the moderation queue shows it: the reader's shape with e-mail, plus its owner. */
export interface ModeratedComment {
  comment: Comment;
  status: ModerationStatus;
  authorId: number | null;
  email: string | null;
  name: string;
  articleId: number;
  parentId: number | null;
}

const HELD = ['pending', 'hidden'] as const;

const CURSOR_MAX = Number.MAX_SAFE_INTEGER;

/** The old signature passed a User (or null); moderation passes a Viewer with the browser's key. */
export function toViewer(who: User | Viewer | null): Viewer {
  if (who === null) return { user: null };
  if ('user' in who && !('account_type' in who)) return who as Viewer;
  return { user: who as User };
}

/**
 * What readers see of an article's comments (decision 015): pages of top-level comments by id,
 * their first replies nested, a thread's replies after a cursor, and the totals — every read
 * bounded, whatever the size of the thread.
 */
export class CommentThread {
  constructor(private readonly db: Db) {}

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
        'c.status',
        'c.author_key',
        'u.profile_picture',
        'u.account_type',
      ]);
  }

  /** Whether the viewer wrote this held comment (their account, or their browser's key). */
  private isOwnHeld(r: Row, viewer: Viewer): boolean {
    if (!(HELD as readonly string[]).includes(r.status)) return false;
    if (viewer.user && r.author_id !== null && Number(r.author_id) === viewer.user.id) return true;
    return !!viewer.key && r.author_key === viewer.key;
  }

  /**
   * What readers may see of `lists`: visible comments, the viewer's own held ones, and — only while
   * they have visible replies — deleted comments and comments hidden or rejected by moderation (as
   * placeholders). The delete rules never leave a lonely deleted one, so that check guards data
   * written by other means; one indexed query for the page's candidates, never a table-wide subplan
   * (PostgreSQL would hash every parent_id for an `OR EXISTS`).
   */
  private async shownOnly(lists: Row[][], viewer: Viewer): Promise<Row[][]> {
    const needsReplies = (r: Row) =>
      Number(r.is_deleted) === 1 || (r.status !== 'visible' && !this.isOwnHeld(r, viewer));
    const candidates = lists.flat().filter(needsReplies);
    if (candidates.length === 0) return lists;
    const parents = await this.db
      .selectFrom('comments')
      .select('parent_id')
      .distinct()
      .where(
        'parent_id',
        'in',
        candidates.map((r) => Number(r.id)),
      )
      .where('status', '=', 'visible')
      .execute();
    const kept = new Set(parents.map((p) => Number(p.parent_id)));
    return lists.map((l) => l.filter((r) => !needsReplies(r) || kept.has(Number(r.id))));
  }

  /**
   * A deleted comment keeps its place without name, e-mail or text; so does one hidden or rejected
   * by moderation (for everyone but its author while it is held). E-mail goes to admins only.
   */
  toComment(r: Row, showEmail: boolean, viewer: Viewer = { user: null }): Comment {
    const deleted = Number(r.is_deleted) === 1;
    const blank = deleted || (r.status !== 'visible' && !this.isOwnHeld(r, viewer) && !showEmail);
    return {
      id: Number(r.id),
      articleId: Number(r.article_id),
      parentId: r.parent_id === null ? null : Number(r.parent_id),
      name: blank ? '' : r.name,
      email: showEmail && !deleted ? r.email : null,
      content: blank ? '' : r.content,
      createdAt: r.created_at,
      author_id: blank || r.author_id === null ? null : Number(r.author_id),
      author_profile_picture: blank ? null : r.profile_picture,
      author_role: !blank && (r.account_type === 'writer' || r.account_type === 'admin') ? r.account_type : null,
      isDeleted: deleted,
      replies: [],
      depth: Number(r.depth),
      root_id: r.root_id === null ? null : Number(r.root_id),
      reply_to_id: r.reply_to_id === null ? null : Number(r.reply_to_id),
      moderation_status: r.status as ModerationStatus,
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
  private nest(rows: Row[], known: Map<number, Comment>, showEmail: boolean, viewer: Viewer): Comment[] {
    const loose: Comment[] = [];
    for (const r of rows) {
      const c = this.toComment(r, showEmail, viewer);
      known.set(c.id, c);
      const parent = c.parentId === null ? undefined : known.get(c.parentId);
      if (parent) parent.replies.push(c);
      else loose.push(c);
    }
    return loose;
  }

  /** Replies per thread that readers see (visible ones, placeholders of deleted comments included). */
  private async replyCounts(rootIds: number[]): Promise<Map<number, number>> {
    if (rootIds.length === 0) return new Map();
    const counts = await this.db
      .selectFrom('comments')
      .select((eb) => ['root_id', eb.fn.countAll<number | string>().as('n')])
      .where('root_id', 'in', rootIds)
      .where('status', '=', 'visible')
      .groupBy('root_id')
      .execute();
    return new Map(counts.map((c) => [Number(c.root_id), Number(c.n)]));
  }

  /** Visible comments of the article that still show their text (one row, kept on every change). */
  async total(articleId: number): Promise<number> {
    const row = await this.db
      .selectFrom('comment_totals')
      .select('visible')
      .where('article_id', '=', articleId)
      .executeTakeFirst();
    return row ? Number(row.visible) : 0;
  }

  /** The viewer's own held top-level comments of an article (a handful: read by its partial indexes). */
  private async ownHeldTop(articleId: number, viewer: Viewer): Promise<Row[]> {
    const userId = viewer.user?.id ?? null;
    const key = viewer.key ?? null;
    if (userId === null && key === null) return [];
    const q = (by: 'author_id' | 'author_key', value: number | string) =>
      this.select()
        .where(`c.${by}`, '=', value)
        .where('c.article_id', '=', articleId)
        .where('c.status', 'in', [...HELD])
        .where('c.parent_id', 'is', null)
        .orderBy('c.id')
        .limit(COMMENTS_PAGE_MAX)
        .execute() as Promise<Row[]>;
    const [a, b] = await Promise.all([
      userId === null ? [] : q('author_id', userId),
      key === null ? [] : q('author_key', key),
    ]);
    const byId = new Map([...a, ...b].map((r) => [Number(r.id), r]));
    return [...byId.values()];
  }

  /**
   * One page of the article's top-level comments (keyset on id: new comments never shift a page),
   * each with its first COMMENT_FIRST_REPLIES replies nested and its thread's `reply_count`.
   * Readers get visible comments only; the viewer's own held ones join the page where their id falls.
   */
  async page(articleId: number, who: User | Viewer | null, opts: PageOptions = {}): Promise<CommentPage> {
    const viewer = toViewer(who);
    const order = opts.order ?? 'oldest';
    const limit = Math.min(opts.limit ?? COMMENTS_PAGE, COMMENTS_PAGE_MAX);
    const cursor = opts.cursor === undefined ? undefined : Number(opts.cursor);
    if (cursor !== undefined && !(Number.isSafeInteger(cursor) && cursor > 0 && cursor <= CURSOR_MAX)) {
      throw httpError(400, COMMENTS_MSG.commentCursor);
    }
    const showEmail = isAdmin(viewer.user);
    const [top, total, held] = await Promise.all([
      this.select()
        .where('c.article_id', '=', articleId)
        .where('c.parent_id', 'is', null)
        .where('c.listed', '=', 1)
        .$if(cursor !== undefined, (q) => q.where('c.id', order === 'newest' ? '<' : '>', cursor as number))
        .orderBy('c.id', order === 'newest' ? 'desc' : 'asc')
        .limit(limit + 1)
        .execute() as Promise<Row[]>,
      this.total(articleId),
      this.ownHeldTop(articleId, viewer),
    ]);
    const more = top.length > limit;
    let page = more ? top.slice(0, limit) : top;
    const last = page.length ? Number(page[page.length - 1]?.id) : null;
    if (held.length) {
      // the page covers ids from the cursor to its last row (to the end when it is the last page)
      const inWindow = (id: number) =>
        order === 'newest'
          ? (cursor === undefined || id < cursor) && (!more || last === null || id > last)
          : (cursor === undefined || id > cursor) && (!more || last === null || id < last);
      const onPage = new Set(page.map((r) => Number(r.id)));
      const mine = held.filter((r) => inWindow(Number(r.id)) && !onPage.has(Number(r.id)));
      page = [...page, ...mine].sort((a, b) =>
        order === 'newest' ? Number(b.id) - Number(a.id) : Number(a.id) - Number(b.id),
      );
    }
    const [rows = []] = await this.shownOnly([page], viewer);
    const ids = rows.map((r) => Number(r.id));
    const [counts, fetched] = await Promise.all([
      this.replyCounts(ids),
      Promise.all(ids.map((id) => this.threadRows(id, 0, COMMENT_FIRST_REPLIES))),
    ]);
    const replies = await this.shownOnly(fetched, viewer);
    const known = new Map<number, Comment>();
    const comments = rows.map((r) => {
      const c = this.toComment(r, showEmail, viewer);
      c.reply_count = counts.get(c.id) ?? 0;
      known.set(c.id, c);
      return c;
    });
    for (const [i, list] of replies.entries()) {
      // a parent is always among the earlier rows of its thread; the fallback keeps a reply visible
      for (const loose of this.nest(list, known, showEmail, viewer)) comments[i]?.replies.push(loose);
    }
    return { comments, total, order, next_cursor: more ? String(last) : null };
  }

  /**
   * The replies of thread `rootId` (a top-level comment) after `cursor`, oldest first, nested among
   * themselves; a reply whose parent came earlier is at the top of `replies` with its `parentId`.
   */
  async replies(
    rootId: number,
    who: User | Viewer | null,
    opts: { cursor?: string; limit?: number } = {},
  ): Promise<CommentRepliesPage> {
    return (await this.repliesOf(rootId, who, opts)).page;
  }

  /** `replies` with the article the thread belongs to (the page cache tags the answer with it). */
  async repliesOf(
    rootId: number,
    who: User | Viewer | null,
    opts: { cursor?: string; limit?: number } = {},
  ): Promise<{ page: CommentRepliesPage; articleId: number }> {
    const viewer = toViewer(who);
    const root = (await this.select().where('c.id', '=', rootId).executeTakeFirst()) as Row | undefined;
    if (!root) throw httpError(404, COMMENTS_MSG.commentNotFound);
    if (root.parent_id !== null) throw httpError(400, COMMENTS_MSG.commentNotThread);
    const [shownRoot = []] = await this.shownOnly([[root]], viewer);
    if (shownRoot.length === 0) throw httpError(404, COMMENTS_MSG.commentNotFound);
    const after = opts.cursor === undefined ? 0 : Number(opts.cursor);
    if (!(Number.isSafeInteger(after) && after >= 0)) throw httpError(400, COMMENTS_MSG.commentCursor);
    const limit = Math.min(opts.limit ?? COMMENT_REPLIES_PAGE, COMMENT_REPLIES_PAGE_MAX);
    const [rows, counts] = await Promise.all([this.threadRows(rootId, after, limit + 1), this.replyCounts([rootId])]);
    const more = rows.length > limit;
    const page = more ? rows.slice(0, limit) : rows;
    const [shown = []] = await this.shownOnly([page], viewer);
    const replies = this.nest(shown, new Map(), isAdmin(viewer.user), viewer);
    return {
      page: {
        replies,
        reply_count: counts.get(rootId) ?? 0,
        next_cursor: more ? String(page[page.length - 1]?.id) : null,
      },
      articleId: Number(root.article_id),
    };
  }

  /** One comment as its author sees it, built from its own row. */
  async one(id: number, viewer: Viewer): Promise<Comment> {
    const row = (await this.select().where('c.id', '=', id).executeTakeFirst()) as Row | undefined;
    if (!row) throw httpError(404, COMMENTS_MSG.commentNotFound);
    const c = this.toComment(row, isAdmin(viewer.user), viewer);
    if (c.parentId === null) c.reply_count = 0;
    return c;
  }

  /** Comments for the moderation queue, with e-mail and status (missing ones left out). */
  async getForModeration(ids: number[]): Promise<Map<number, ModeratedComment>> {
    const valid = ids.filter((i) => Number.isSafeInteger(i) && i > 0);
    if (valid.length === 0) return new Map();
    const rows = (await this.select().where('c.id', 'in', valid).execute()) as Row[];
    const moderator: Viewer = { user: null };
    return new Map(
      rows.map((r) => {
        const comment = this.toComment(r, true, moderator);
        // moderators read the text of held, hidden and rejected comments
        if (Number(r.is_deleted) !== 1) {
          comment.name = r.name;
          comment.content = r.content;
          comment.author_id = r.author_id === null ? null : Number(r.author_id);
          comment.author_profile_picture = r.profile_picture;
        }
        return [
          Number(r.id),
          {
            comment,
            status: r.status as ModerationStatus,
            authorId: r.author_id === null ? null : Number(r.author_id),
            email: r.email,
            name: r.name,
            articleId: Number(r.article_id),
            parentId: r.parent_id === null ? null : Number(r.parent_id),
          },
        ];
      }),
    );
  }

  /** Where a comment stands (reports and moderation check it first); null when it does not exist. */
  async statusOf(id: number): Promise<{
    id: number;
    articleId: number;
    authorId: number | null;
    status: ModerationStatus;
    isDeleted: boolean;
  } | null> {
    const r = await this.db
      .selectFrom('comments')
      .select(['id', 'article_id', 'author_id', 'status', 'is_deleted'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!r) return null;
    return {
      id: Number(r.id),
      articleId: Number(r.article_id),
      authorId: r.author_id === null ? null : Number(r.author_id),
      status: r.status as ModerationStatus,
      isDeleted: Number(r.is_deleted) === 1,
    };
  }
}
