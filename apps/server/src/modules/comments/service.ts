import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type Article,
  COMMENT_FIRST_REPLIES,
  COMMENT_MAX_DEPTH,
  COMMENT_NOTICE,
  COMMENT_REPLIES_PAGE,
  COMMENT_REPLIES_PAGE_MAX,
  COMMENTS_MSG,
  COMMENTS_PAGE,
  COMMENTS_PAGE_MAX,
  type Comment,
  type CommentChoice,
  type CommentInput,
  type CommentOrder,
  type CommentPage,
  type CommentRepliesPage,
  DELETED_USER_NAME,
  displayName,
  EMAIL_PATTERN,
  type ExportComment,
  isAdmin,
  isAdminOrOwner,
  type ModerationStatus,
  MSG,
  USERS_MSG,
  type User,
} from '@vaggen/contract';
import { type Selectable, sql } from 'kysely';
import { isForeignKeyViolation } from '../../db/errors.js';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import type { CommentsTable } from '../../db/schema.js';
import { BATCH_SIZE, keysetRows } from '../../lib/batches.js';
import type { DomainEvents } from '../../lib/events/domain-events.js';
import { httpError, tooManyRequests } from '../../lib/http-errors.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import { randomToken, sha256 } from '../../lib/secret.js';
import type { ArticlesService, CommentTarget } from '../articles/service.js';
import type { NotificationsService } from '../notifications/service.js';
import { type PublicProfile, publicProfiles } from '../users/public-profile.js';
import {
  CommentPosted,
  CommentStatusChanged,
  CommentsRemoved,
  CommentThreadChanged,
  type CreatedComment,
  type Screening,
} from './events.js';

export type { CreatedComment, Screening, StatusChange } from './events.js';

/** A row of the person's own comments, as the download reads them. */
type OwnRow = Pick<
  Selectable<CommentsTable>,
  'id' | 'article_id' | 'parent_id' | 'name' | 'content' | 'status' | 'is_deleted' | 'created_at'
>;

/** A comment row with its author's picture and role (users read model; none for a visitor). */
type Row = Selectable<CommentsTable> & {
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

/** A new comment as the moderation screen sees it before it is stored. */
export interface CommentDraft {
  article: CommentTarget;
  author: User | null;
  name: string;
  email: string | null;
  content: string;
  parentId: number | null;
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

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };
/** A promise that never rejects (so reads started together leave no unhandled rejection behind). */
const settled = <T>(p: Promise<T>): Promise<Settled<T>> =>
  p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
/** The value of a settled read, or its error thrown now (in the order the caller checks them). */
function outcome<T>(s: Settled<T>): T {
  if (!s.ok) throw s.error;
  return s.value;
}

/** Comments and their threads. */
export class CommentsService {
  constructor(
    private readonly db: Db,
    private readonly events: DomainEvents,
    private readonly articles: ArticlesService,
    private readonly notifications: NotificationsService,
    private readonly limiter: RateLimiter,
    private readonly perMinute: number,
    /** Whether a name belongs to a writer or an admin (users module): visitors may not use one. */
    private readonly isStaffName: (name: string) => Promise<boolean> = async () => false,
    /** Signs visitors' commenter tokens (the server secret). */
    private readonly secret: Buffer = Buffer.alloc(32),
  ) {}

  private screen: (draft: CommentDraft) => Promise<Screening> = async () => ({ status: 'visible', reasons: [] });

  /** The moderation screen every new comment passes (wired in services.ts; default: publish at once). */
  useScreen(screen: (draft: CommentDraft) => Promise<Screening>): void {
    this.screen = screen;
  }

  private authorCheck: (author: User) => Promise<void> = async () => {};

  /** Issue 21: a check every logged-in commenter passes first (throws to refuse; wired in services.ts). */
  useAuthorCheck(check: (author: User) => Promise<void>): void {
    this.authorCheck = check;
  }

  /**
   * A visitor's commenter token: `<key>.<signature>`. The same browser keeps one (sent back on its
   * next comment), so all its held comments are shown to it. Only the hash of the key is stored.
   */
  commenterToken(existing: string | null | undefined): { token: string; key: string } {
    const key = this.verifyCommenterToken(existing);
    if (key && existing) return { token: existing, key };
    const nonce = randomToken(18);
    return { token: `${nonce}.${this.sign(nonce)}`, key: sha256(`commenter:${nonce}`).slice(0, 64) };
  }

  /** The stored key of a token this server signed; null for none or a forged one. */
  verifyCommenterToken(token: string | null | undefined): string | null {
    if (!token || token.length > 200) return null;
    const [nonce, sig] = token.split('.');
    if (!nonce || !sig) return null;
    const expected = Buffer.from(this.sign(nonce));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    return sha256(`commenter:${nonce}`).slice(0, 64);
  }

  private sign(nonce: string): string {
    return createHmac('sha256', this.secret).update(`commenter:${nonce}`).digest('base64url');
  }

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
  private toComment(r: Row, showEmail: boolean, viewer: Viewer = { user: null }): Comment {
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
      .where('status', '=', 'visible')
      .executeTakeFirstOrThrow();
    await this.events.transaction(async (trx) => {
      await trx
        .insertInto('comment_totals')
        .values({ article_id: articleId, visible: Number(n) })
        .onConflict((oc) => oc.column('article_id').doUpdateSet({ visible: Number(n) }))
        .execute();
      await this.events.emit(trx, CommentThreadChanged({ articleIds: [articleId] }));
    });
  }

  private async addToTotal(articleId: number, by: 1 | -1, trx: Db): Promise<void> {
    await trx
      .insertInto('comment_totals')
      .values({ article_id: articleId, visible: Math.max(0, by) })
      .onConflict((oc) => oc.column('article_id').doUpdateSet({ visible: sql`comment_totals.visible + ${by}` }))
      .execute();
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
  private async one(id: number, viewer: Viewer): Promise<Comment> {
    const row = (await this.select().where('c.id', '=', id).executeTakeFirst()) as Row | undefined;
    if (!row) throw httpError(404, COMMENTS_MSG.commentNotFound);
    const c = this.toComment(row, isAdmin(viewer.user), viewer);
    if (c.parentId === null) c.reply_count = 0;
    return c;
  }

  /**
   * A new comment. The moderation screen decides whether it is published at once or held (or
   * refuses it); a held one is shown to its author only. A visitor's answer carries the browser's
   * commenter token (`author_token`), the same one it sent when it had one.
   */
  async create(input: CommentInput, author: User | null, ip: string, commenterToken?: string | null): Promise<Comment> {
    // Independent reads go out together (issue 13: under read load every round trip waits behind
    // renders); their answers are judged in the order the rules have always been checked.
    const name = author ? displayName(author) : (input.name?.trim() ?? '');
    const email = author ? author.email : (input.email?.trim() ?? '');
    const visitorFields = !author && !!name && !!email && EMAIL_PATTERN.test(email);
    const [article, authorOk, staffName, parent] = await Promise.all([
      settled(this.articles.commentTarget(input.articleId)),
      settled(author ? this.authorCheck(author) : Promise.resolve()),
      settled(visitorFields ? this.isStaffName(name) : Promise.resolve(false)),
      // only a comment readers see can be answered (not one held, hidden or rejected)
      settled(
        input.parentId
          ? this.db
              .selectFrom('comments')
              .select(['id', 'author_id', 'parent_id', 'root_id', 'depth'])
              .where('id', '=', input.parentId)
              .where('article_id', '=', input.articleId)
              .where('status', '=', 'visible')
              .executeTakeFirst()
          : Promise.resolve(undefined),
      ),
    ]);
    const target = outcome(article);
    if (!target) throw httpError(404, MSG.articleNotFound);
    outcome(authorOk);
    if (!author) {
      if (!name || !email) throw httpError(400, MSG.commentFields);
      if (!EMAIL_PATTERN.test(email)) throw httpError(400, MSG.commentEmail);
      if (outcome(staffName)) throw httpError(400, USERS_MSG.reservedName);
    }
    const answered = outcome(parent);
    if (input.parentId && !answered) throw httpError(400, COMMENTS_MSG.commentParent);

    const content = input.content.trim();
    const [hits, screening] = await Promise.all([
      this.limiter.hit(ip),
      settled(
        this.screen({
          article: target,
          author,
          name,
          email,
          content,
          parentId: answered ? Number(answered.id) : null,
        }),
      ),
    ]);
    if (hits > this.perMinute)
      throw tooManyRequests(COMMENTS_MSG.commentRate, await this.limiter.ttl(ip), this.perMinute);
    const verdict = outcome(screening);
    const visitor = author ? null : this.commenterToken(commenterToken);
    const createdAt = nowIso();

    const place = answered ? placeReply(answered) : { parent_id: null, root_id: null, depth: 0, reply_to_id: null };
    const stored = {
      article_id: input.articleId,
      ...place,
      author_id: author?.id ?? null,
      name,
      email,
      content,
      is_deleted: 0,
      created_at: createdAt,
      status: verdict.status,
      listed: verdict.status === 'visible' ? 1 : 0,
      author_key: visitor?.key ?? null,
    };
    const created = await this.events
      .transaction(async (trx) => {
        const { id } = await trx.insertInto('comments').values(stored).returning('id').executeTakeFirstOrThrow();
        if (verdict.status === 'visible') await this.addToTotal(input.articleId, 1, trx);
        const record: CreatedComment = {
          id: Number(id),
          article: target,
          parentId: answered ? Number(answered.id) : null,
          parentAuthorId: answered?.author_id == null ? null : Number(answered.author_id),
          author,
          name,
          email,
          content,
          createdAt,
          screening: verdict,
        };
        await this.events.emit(trx, CommentPosted(record));
        return record;
      })
      .catch((err: unknown) => {
        // the parent was deleted in the meantime (foreign key)
        if (isForeignKeyViolation(err)) {
          throw httpError(400, COMMENTS_MSG.commentParent);
        }
        throw err;
      });
    if (!visitor) return this.one(created.id, { user: author, key: null });
    // A visitor's comment is built from the row just stored (no author picture or role to read).
    const comment = this.toComment({ id: created.id, ...stored, profile_picture: null, account_type: null }, false, {
      user: null,
      key: visitor.key,
    });
    if (comment.parentId === null) comment.reply_count = 0;
    comment.author_token = visitor.token;
    return comment;
  }

  /**
   * A comment readers can see was posted (`CommentPosted`, in its transaction): the article's author
   * and the parent's author hear of it. A held one is announced when approved (`announce`).
   */
  async notifyPosted(c: CreatedComment, trx: Db): Promise<void> {
    if (c.screening.status !== 'visible') return;
    await this.notifyNew(
      { id: c.id, name: c.name, content: c.content, authorId: c.author?.id ?? null, parentAuthorId: c.parentAuthorId },
      c.article,
      trx,
    );
  }

  /** The article's author and the parent's author hear of a comment readers can see. */
  private async notifyNew(
    c: { id: number; name: string; content: string; authorId: number | null; parentAuthorId: number | null },
    article: Pick<Article, 'id' | 'slug' | 'title' | 'author_id'>,
    trx: Db,
  ): Promise<void> {
    const actionUrl = `/article/${article.slug}#comment-${c.id}`;
    const preview = c.content.slice(0, 140);
    if (article.author_id !== null && article.author_id !== c.authorId) {
      await this.notifications.notify(
        [article.author_id],
        {
          type: 'new_comment',
          mailKind: 'article_comment',
          title: COMMENT_NOTICE.articleTitle(article.title),
          message: COMMENT_NOTICE.articleMessage(c.name, preview),
          actionUrl,
          data: { comment_id: c.id, article_id: article.id },
          articleId: article.id,
        },
        trx,
      );
    }
    const parentAuthor = c.parentAuthorId === null ? null : Number(c.parentAuthorId);
    if (parentAuthor !== null && parentAuthor !== c.authorId && parentAuthor !== article.author_id) {
      await this.notifications.notify(
        [parentAuthor],
        {
          type: 'new_comment',
          mailKind: 'comment_reply',
          title: COMMENT_NOTICE.replyTitle(c.name),
          message: preview,
          actionUrl,
          data: { comment_id: c.id, article_id: article.id },
          articleId: article.id,
        },
        trx,
      );
    }
  }

  /**
   * Moderation (issue 16) sets where a comment stands. The article's total follows (only visible,
   * undeleted comments count). Runs inside the caller's transaction. Returns the status it had, or
   * null when the comment does not exist. Tells `CommentStatusChanged` in the caller's transaction
   * (opened with `events.transaction`): readers' cached threads go, a held comment made visible is
   * announced (`announce`) after the commit.
   */
  async setStatus(id: number, status: ModerationStatus, trx: Db): Promise<ModerationStatus | null> {
    const c = await trx
      .selectFrom('comments')
      .select(['article_id', 'is_deleted', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!c) return null;
    const before = c.status as ModerationStatus;
    if (before === status) return before;
    // a comment leaving readers' view stays listed (as a placeholder) while it has visible replies
    const listed =
      status === 'visible' ||
      (await trx
        .selectFrom('comments')
        .select('id')
        .where('parent_id', '=', id)
        .where('status', '=', 'visible')
        .limit(1)
        .executeTakeFirst()) !== undefined;
    await trx
      .updateTable('comments')
      .set({ status, listed: listed ? 1 : 0 })
      .where('id', '=', id)
      .execute();
    if (Number(c.is_deleted) === 0 && (before === 'visible') !== (status === 'visible')) {
      await this.addToTotal(Number(c.article_id), status === 'visible' ? 1 : -1, trx);
    }
    await this.events.emit(
      trx,
      CommentStatusChanged({ commentId: id, articleId: Number(c.article_id), from: before, to: status }),
    );
    return before;
  }

  /** A held comment was approved: the article's and the parent's authors hear of it as of a new one. */
  async announced(change: { commentId: number; from: ModerationStatus; to: ModerationStatus }): Promise<void> {
    if (change.from === 'pending' && change.to === 'visible') await this.announce(change.commentId);
  }

  private async announce(id: number): Promise<void> {
    const c = await this.db
      .selectFrom('comments')
      .select(['id', 'article_id', 'author_id', 'parent_id', 'name', 'content', 'is_deleted', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (c?.status !== 'visible' || Number(c.is_deleted) === 1) return;
    const article = await this.articles.getAnyById(Number(c.article_id));
    if (!article) return;
    const parent =
      c.parent_id === null
        ? undefined
        : await this.db.selectFrom('comments').select('author_id').where('id', '=', c.parent_id).executeTakeFirst();
    await this.notifyNew(
      {
        id,
        name: c.name,
        content: c.content,
        authorId: c.author_id === null ? null : Number(c.author_id),
        parentAuthorId: parent?.author_id ?? null,
      },
      article,
      this.db,
    );
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

  /**
   * Its author or an admin may delete. With replies, the comment stays as a "deleted" placeholder
   * (text, name and e-mail erased); without, it is removed, and so are deleted ancestors left empty.
   */
  async delete(id: number, actor: User): Promise<{ placeholder: boolean; removed: number[] }> {
    const c = await this.db
      .selectFrom('comments')
      .select(['id', 'article_id', 'author_id', 'parent_id', 'is_deleted', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
    // a placeholder is already deleted
    if (!c || Number(c.is_deleted) === 1) throw httpError(404, COMMENTS_MSG.commentNotFound);
    const articleId = Number(c.article_id);
    const authorId = c.author_id === null ? null : Number(c.author_id);
    if (!isAdminOrOwner(actor, authorId)) throw httpError(403, COMMENTS_MSG.commentDeleteForbidden);
    return this.events.transaction(async (trx) => {
      const hasReplies = async (cid: number) =>
        (await trx.selectFrom('comments').select('id').where('parent_id', '=', cid).limit(1).executeTakeFirst()) !==
        undefined;
      // only visible comments are in the total
      if (c.status === 'visible') await this.addToTotal(articleId, -1, trx);
      await this.events.emit(trx, CommentsRemoved({ articleIds: [articleId], commentIds: [id] }));
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

  // ---------------------------------------------------------------- readers' own data (issue 21)

  /**
   * The download's comment section: every comment the person wrote (held, hidden and deleted ones
   * too, on any article), with its article's title and slug; a page of BATCH_SIZE at a time.
   */
  async *exportForUser(userId: number): AsyncGenerator<ExportComment> {
    const pages = keysetRows(
      (after, size) =>
        this.db
          .selectFrom('comments')
          .select(['id', 'article_id', 'parent_id', 'name', 'content', 'status', 'is_deleted', 'created_at'])
          .where('author_id', '=', userId)
          .$if(after !== null, (q) => q.where('id', '>', after as number))
          .orderBy('id')
          .limit(size)
          .execute(),
      (r) => Number(r.id),
    );
    let page: OwnRow[] = [];
    for await (const r of pages) {
      page.push(r);
      if (page.length >= BATCH_SIZE) {
        yield* this.withArticles(page);
        page = [];
      }
    }
    yield* this.withArticles(page);
  }

  /** One page of the download's comments, with their articles' titles and slugs (one read). */
  private async *withArticles(page: OwnRow[]): AsyncGenerator<ExportComment> {
    if (page.length === 0) return;
    const refs = await this.articles.refsFor([...new Set(page.map((r) => Number(r.article_id)))]);
    for (const r of page) {
      yield {
        id: Number(r.id),
        article: refs.get(Number(r.article_id)) ?? null,
        parent_id: r.parent_id === null ? null : Number(r.parent_id),
        name: r.name,
        content: r.content,
        status: r.status,
        deleted: Number(r.is_deleted) === 1,
        created_at: r.created_at,
      };
    }
  }

  /**
   * A deleted account's comments (decision 027), a batch per transaction so a long history never
   * holds the database's write lock for long; safe to run again after a failure.
   * - `keep`: they stay, shown as "Raderad användare" — no e-mail, no link to the account; others'
   *   notifications about them drop the name too.
   * - `delete`: each goes by the rules of deleting one's own comment — one with replies stays as
   *   the placeholder, one without goes, and so do deleted ancestors left without replies.
   */
  async eraseAuthor(userId: number, choice: CommentChoice): Promise<void> {
    for (;;) {
      const rows = await this.db
        .selectFrom('comments')
        .select(['id', 'article_id', 'parent_id', 'name', 'status', 'is_deleted'])
        .where('author_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(BATCH_SIZE)
        .execute();
      if (rows.length === 0) return;
      await this.events.transaction(async (trx) => {
        if (choice === 'keep') await this.anonymise(rows, trx);
        else await this.removeAll(rows, trx);
      });
    }
  }

  private async anonymise(rows: { id: number; article_id: number; name: string }[], trx: Db): Promise<void> {
    await trx
      .updateTable('comments')
      .set({ author_id: null, name: DELETED_USER_NAME, email: null })
      .where(
        'id',
        'in',
        rows.map((r) => Number(r.id)),
      )
      .execute();
    await this.events.emit(
      trx,
      CommentThreadChanged({ articleIds: [...new Set(rows.map((r) => Number(r.article_id)))] }),
    );
    for (const [key, ids] of groupBy(rows, (r) => `${r.article_id}\u0000${r.name}`)) {
      const [articleId, name] = key.split('\u0000');
      await this.notifications.renameCommenter(Number(articleId), ids, name ?? '', trx);
    }
  }

  private async removeAll(
    rows: { id: number; article_id: number; parent_id: number | null; status: string; is_deleted: number }[],
    trx: Db,
  ): Promise<void> {
    const ids = rows.map((r) => Number(r.id));
    const hasReplies = async (candidates: number[]) =>
      new Set(
        candidates.length === 0
          ? []
          : (
              await trx
                .selectFrom('comments')
                .select('parent_id')
                .distinct()
                .where('parent_id', 'in', candidates)
                .execute()
            ).map((r) => Number(r.parent_id)),
      );
    const replied = await hasReplies(ids);
    // only visible, undeleted comments are in the totals
    const shown = rows.filter((r) => r.status === 'visible' && Number(r.is_deleted) === 0);
    for (const [articleId, n] of countBy(shown, (r) => Number(r.article_id))) {
      await trx
        .updateTable('comment_totals')
        .set({ visible: sql`CASE WHEN visible > ${n} THEN visible - ${n} ELSE 0 END` })
        .where('article_id', '=', articleId)
        .execute();
    }
    await this.events.emit(
      trx,
      CommentsRemoved({ articleIds: [...new Set(rows.map((r) => Number(r.article_id)))], commentIds: ids }),
    );
    const placeholders = ids.filter((id) => replied.has(id));
    const gone = ids.filter((id) => !replied.has(id));
    if (placeholders.length) {
      await trx
        .updateTable('comments')
        .set({ is_deleted: 1, content: '', email: null, name: '', author_id: null })
        .where('id', 'in', placeholders)
        .execute();
    }
    if (gone.length) await trx.deleteFrom('comments').where('id', 'in', gone).execute();
    // deleted ancestors left without replies go too: at most COMMENT_MAX_DEPTH levels
    let parents = [
      ...new Set(
        rows.filter((r) => !replied.has(Number(r.id)) && r.parent_id !== null).map((r) => Number(r.parent_id)),
      ),
    ];
    for (let level = 0; level <= COMMENT_MAX_DEPTH && parents.length > 0; level++) {
      const deleted = await trx
        .selectFrom('comments')
        .select(['id', 'parent_id'])
        .where('id', 'in', parents)
        .where('is_deleted', '=', 1)
        .execute();
      const stillReplied = await hasReplies(deleted.map((p) => Number(p.id)));
      const empty = deleted.filter((p) => !stillReplied.has(Number(p.id)));
      if (empty.length === 0) break;
      await trx
        .deleteFrom('comments')
        .where(
          'id',
          'in',
          empty.map((p) => Number(p.id)),
        )
        .execute();
      parents = [...new Set(empty.filter((p) => p.parent_id !== null).map((p) => Number(p.parent_id)))];
    }
    // the notifications about them quote their text: they go with them
    for (const [articleId, of] of groupBy(rows, (r) => String(r.article_id))) {
      await this.notifications.deleteForComments(Number(articleId), of, trx);
    }
  }
}

function groupBy<T extends { id: number }>(rows: T[], key: (r: T) => string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const r of rows) out.set(key(r), [...(out.get(key(r)) ?? []), Number(r.id)]);
  return out;
}

function countBy<T>(rows: T[], key: (r: T) => number): Map<number, number> {
  const out = new Map<number, number>();
  for (const r of rows) out.set(key(r), (out.get(key(r)) ?? 0) + 1);
  return out;
}

/** The old signature passed a User (or null); moderation passes a Viewer with the browser's key. */
function toViewer(who: User | Viewer | null): Viewer {
  if (who === null) return { user: null };
  if ('user' in who && !('account_type' in who)) return who as Viewer;
  return { user: who as User };
}
