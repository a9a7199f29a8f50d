import {
  type Article,
  COMMENT_MAX_DEPTH,
  COMMENT_NOTICE,
  COMMENTS_MSG,
  type Comment,
  type CommentInput,
  displayName,
  EMAIL_PATTERN,
  type ModerationStatus,
  MSG,
  USERS_MSG,
  type User,
} from '@vaggen/contract';
import { isForeignKeyViolation } from '../../db/errors.js';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import type { DomainEvents } from '../../lib/events/domain-events.js';
import { httpError, tooManyRequests } from '../../lib/http-errors.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { ArticlesService, CommentTarget } from '../articles/service.js';
import type { NotificationsService } from '../notifications/service.js';
import { CommentPosted, type CreatedComment, type Screening } from './events.js';
import type { CommentStatus } from './status.js';
import type { CommentThread } from './thread.js';
import type { CommenterTokens } from './tokens.js';

/** A new comment as the moderation screen sees it before it is stored. */
export interface CommentDraft {
  article: CommentTarget;
  author: User | null;
  name: string;
  email: string | null;
  content: string;
  parentId: number | null;
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

export interface PostingDeps {
  db: Db;
  events: DomainEvents;
  articles: ArticlesService;
  notifications: NotificationsService;
  limiter: RateLimiter;
  perMinute: number;
  /** Whether a name belongs to a writer or an admin (users module): visitors may not use one. */
  isStaffName: (name: string) => Promise<boolean>;
  tokens: CommenterTokens;
  thread: CommentThread;
  status: CommentStatus;
}

/**
 * Posting a comment, read top to bottom in `create` (issue 39): the checks (article, author,
 * parent, rate, moderation's screen), the row and its total in one transaction with
 * `CommentPosted`; and who hears of a comment readers can see (`notifyPosted`, `announced`).
 */
export class CommentPosting {
  private readonly db: Db;
  private readonly events: DomainEvents;
  private readonly articles: ArticlesService;
  private readonly notifications: NotificationsService;
  private readonly limiter: RateLimiter;
  private readonly perMinute: number;
  private readonly isStaffName: (name: string) => Promise<boolean>;
  private readonly tokens: CommenterTokens;
  private readonly thread: CommentThread;
  private readonly status: CommentStatus;

  constructor(deps: PostingDeps) {
    this.db = deps.db;
    this.events = deps.events;
    this.articles = deps.articles;
    this.notifications = deps.notifications;
    this.limiter = deps.limiter;
    this.perMinute = deps.perMinute;
    this.isStaffName = deps.isStaffName;
    this.tokens = deps.tokens;
    this.thread = deps.thread;
    this.status = deps.status;
  }

  private screen: (draft: CommentDraft) => Promise<Screening> = async () => ({ status: 'visible', reasons: [] });
  private authorCheck: (author: User) => Promise<void> = async () => {};

  /** The moderation screen every new comment passes (set in services.ts; default: publish at once). */
  useScreen(screen: (draft: CommentDraft) => Promise<Screening>): void {
    this.screen = screen;
  }

  /** Issue 21: a check every logged-in commenter passes first (throws to refuse; set in services.ts). */
  useAuthorCheck(check: (author: User) => Promise<void>): void {
    this.authorCheck = check;
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
    const visitor = author ? null : this.tokens.issue(commenterToken);
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
        if (verdict.status === 'visible') await this.status.addToTotal(input.articleId, 1, trx);
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
    if (!visitor) return this.thread.one(created.id, { user: author, key: null });
    // A visitor's comment is built from the row just stored (no author picture or role to read).
    const comment = this.thread.toComment(
      { id: created.id, ...stored, profile_picture: null, account_type: null },
      false,
      {
        user: null,
        key: visitor.key,
      },
    );
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
}
