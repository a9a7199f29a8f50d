import type {
  Comment,
  CommentChoice,
  CommentInput,
  CommentPage,
  CommentRepliesPage,
  ExportComment,
  ModerationStatus,
  User,
} from '@vaggen/contract';
import type { Db } from '../../db/index.js';
import type { DomainEvents } from '../../lib/events/domain-events.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { ArticlesService } from '../articles/service.js';
import type { NotificationsService } from '../notifications/service.js';
import type { CreatedComment, Screening, StatusChange, StatusReason } from './events.js';
import { CommentPersonalData } from './personal-data.js';
import { type CommentDraft, CommentPosting } from './posting.js';
import { CommentRemoval } from './removal.js';
import { CommentStatus } from './status.js';
import { CommentThread, type ModeratedComment, type PageOptions, type Viewer } from './thread.js';
import { CommenterTokens } from './tokens.js';

export type { CreatedComment, Screening, StatusChange, StatusReason } from './events.js';
export { type CommentDraft, placeReply } from './posting.js';
export type { ModeratedComment, PageOptions, Viewer } from './thread.js';

/**
 * Comments and their threads: the module's public front (issue 39). The work lives by sub-domain —
 * reading threads (`thread.ts`), posting (`posting.ts`), a comment's status and the totals
 * (`status.ts`), removal (`removal.ts`), visitors' tokens (`tokens.ts`) and a person's data
 * (`personal-data.ts`) — and what happens to comments is told as events (`events.ts`).
 */
export class CommentsService {
  readonly thread: CommentThread;
  readonly posting: CommentPosting;
  readonly status: CommentStatus;
  readonly removal: CommentRemoval;
  readonly tokens: CommenterTokens;
  readonly personalData: CommentPersonalData;

  constructor(
    db: Db,
    events: DomainEvents,
    articles: ArticlesService,
    notifications: NotificationsService,
    limiter: RateLimiter,
    perMinute: number,
    /** Whether a name belongs to a writer or an admin (users module): visitors may not use one. */
    isStaffName: (name: string) => Promise<boolean> = async () => false,
    /** Signs visitors' commenter tokens (the server secret). */
    secret: Buffer = Buffer.alloc(32),
  ) {
    this.thread = new CommentThread(db);
    this.status = new CommentStatus(db, events);
    this.tokens = new CommenterTokens(secret);
    this.posting = new CommentPosting({
      db,
      events,
      articles,
      notifications,
      limiter,
      perMinute,
      isStaffName,
      tokens: this.tokens,
      thread: this.thread,
      status: this.status,
    });
    this.removal = new CommentRemoval(db, events, notifications, this.status);
    this.personalData = new CommentPersonalData(db, articles);
  }

  // ---------------------------------------------------------------- policies (set in services.ts)
  useScreen(screen: (draft: CommentDraft) => Promise<Screening>): void {
    this.posting.useScreen(screen);
  }
  useAuthorCheck(check: (author: User) => Promise<void>): void {
    this.posting.useAuthorCheck(check);
  }

  // ---------------------------------------------------------------- reading
  page(articleId: number, who: User | Viewer | null, opts: PageOptions = {}): Promise<CommentPage> {
    return this.thread.page(articleId, who, opts);
  }
  replies(
    rootId: number,
    who: User | Viewer | null,
    opts: { cursor?: string; limit?: number } = {},
  ): Promise<CommentRepliesPage> {
    return this.thread.replies(rootId, who, opts);
  }
  repliesOf(rootId: number, who: User | Viewer | null, opts: { cursor?: string; limit?: number } = {}) {
    return this.thread.repliesOf(rootId, who, opts);
  }
  total(articleId: number): Promise<number> {
    return this.thread.total(articleId);
  }
  getForModeration(ids: number[]): Promise<Map<number, ModeratedComment>> {
    return this.thread.getForModeration(ids);
  }
  statusOf(id: number) {
    return this.thread.statusOf(id);
  }
  commenterToken(existing: string | null | undefined): { token: string; key: string } {
    return this.tokens.issue(existing);
  }
  verifyCommenterToken(token: string | null | undefined): string | null {
    return this.tokens.verify(token);
  }

  // ---------------------------------------------------------------- writing
  create(input: CommentInput, author: User | null, ip: string, commenterToken?: string | null): Promise<Comment> {
    return this.posting.create(input, author, ip, commenterToken);
  }
  notifyPosted(c: CreatedComment, trx: Db): Promise<void> {
    return this.posting.notifyPosted(c, trx);
  }
  announced(change: Pick<StatusChange, 'commentId' | 'from' | 'to'>): Promise<void> {
    return this.posting.announced(change);
  }
  setStatus(id: number, status: ModerationStatus, trx: Db, why?: StatusReason): Promise<ModerationStatus | null> {
    return this.status.setStatus(id, status, trx, why);
  }
  recountTotal(articleId: number): Promise<void> {
    return this.status.recountTotal(articleId);
  }
  delete(id: number, actor: User): Promise<{ placeholder: boolean; removed: number[] }> {
    return this.removal.delete(id, actor);
  }
  deleteForArticle(articleId: number, trx: Db): Promise<void> {
    return this.removal.deleteForArticle(articleId, trx);
  }

  // ---------------------------------------------------------------- readers' own data (issue 21)
  exportForUser(userId: number): AsyncGenerator<ExportComment> {
    return this.personalData.exportForUser(userId);
  }
  eraseAuthor(userId: number, choice: CommentChoice): Promise<void> {
    return this.removal.eraseAuthor(userId, choice);
  }
}
