import type {
  ArticleModeration,
  ArticleModerationInput,
  AuditAction,
  AuditPage,
  Ban,
  BanInput,
  BanPage,
  BulkInput,
  BulkResult,
  ExportBan,
  ExportReport,
  ModerationResult,
  ModerationSettings,
  ModerationSettingsInput,
  QueueCount,
  QueuePage,
  QueueQuery,
  ReportInput,
  User,
} from '@vaggen/contract';
import type { Db } from '../../db/index.js';
import type { DomainEvents } from '../../lib/events/domain-events.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { ArticleChange, ArticlesService } from '../articles/service.js';
import type { CommentDraft, CommentsService, CreatedComment, Screening } from '../comments/service.js';
import type { NotificationsService } from '../notifications/service.js';
import type { UsersService } from '../users/service.js';
import { ModerationActions } from './actions.js';
import { QueueAlerts } from './alerts.js';
import { audit, ModerationAudit } from './audit.js';
import { Bans } from './bans.js';
import { ModerationPersonalData } from './personal-data.js';
import { ArticlePolicies } from './policy.js';
import { ModerationQueue } from './queue.js';
import { CommentReports } from './reports.js';
import { CommentScreening } from './screening.js';
import { type Compiled, ModerationSettingsStore } from './settings.js';

export { commenterKey, reasonText } from './shared.js';

/**
 * Comment moderation (issue 16, decision 024): the module's public front (issue 39). The work lives
 * by sub-domain — the site's settings (`settings.ts`), per-article policy (`policy.ts`), the
 * automatic checks (`screening.ts`), readers' reports (`reports.ts`), the queue (`queue.ts`) and its
 * actions (`actions.ts`), the queue alert (`alerts.ts`), bans (`bans.ts`), the audit log
 * (`audit.ts`) and a person's data (`personal-data.ts`). Comments' own rows stay in the comments
 * module; moderation keeps the queue beside them and changes a comment's status through
 * `CommentsService.setStatus`.
 */
export class ModerationService {
  readonly settings: ModerationSettingsStore;
  readonly policies: ArticlePolicies;
  readonly alerts: QueueAlerts;
  readonly screening: CommentScreening;
  readonly reports: CommentReports;
  readonly queue: ModerationQueue;
  readonly actions: ModerationActions;
  readonly bans: Bans;
  readonly audit: ModerationAudit;
  readonly personalData: ModerationPersonalData;

  constructor(
    private readonly db: Db,
    events: DomainEvents,
    comments: CommentsService,
    articles: ArticlesService,
    users: UsersService,
    notifications: NotificationsService,
    reportLimiter: RateLimiter,
    /** Issue 40: a visitor's address as a rotating keyed hash (lib/keyed-hash.ts); never stored plain. */
    addressKey: (ip: string) => string,
  ) {
    this.settings = new ModerationSettingsStore(db, events);
    this.policies = new ArticlePolicies(db, articles, this.settings);
    this.alerts = new QueueAlerts(db, this.settings, users, notifications);
    this.screening = new CommentScreening(db, this.settings, this.policies, this.alerts);
    this.reports = new CommentReports({
      db,
      events,
      comments,
      articles,
      settings: this.settings,
      reportLimiter,
      alerts: this.alerts,
      addressKey,
    });
    this.queue = new ModerationQueue(db, comments, articles);
    this.actions = new ModerationActions(db, events, comments, articles, this.queue, this.alerts);
    this.bans = new Bans(db, users);
    this.audit = new ModerationAudit(db);
    this.personalData = new ModerationPersonalData(db);
  }

  // ---------------------------------------------------------------- settings and policies
  forgetSettings(): void {
    this.settings.forgetSettings();
  }
  current(now = Date.now()): Promise<Compiled> {
    return this.settings.current(now);
  }
  getSettings(): Promise<ModerationSettings> {
    return this.settings.getSettings();
  }
  saveSettings(input: ModerationSettingsInput, actor: User): Promise<ModerationSettings> {
    return this.settings.saveSettings(input, actor);
  }
  articlePolicy(articleId: number, viewer: User | null): Promise<ArticleModeration> {
    return this.policies.articlePolicy(articleId, viewer);
  }
  setArticlePolicy(articleId: number, input: ArticleModerationInput, actor: User): Promise<ArticleModeration> {
    return this.policies.setArticlePolicy(articleId, input, actor);
  }
  articleChanged(change: ArticleChange): Promise<void> {
    return this.policies.articleChanged(change);
  }

  // ---------------------------------------------------------------- new comments
  screen(draft: CommentDraft, nowMs = Date.now()): Promise<Screening> {
    return this.screening.screen(draft, nowMs);
  }
  recordCreated(c: CreatedComment, trx: Db): Promise<void> {
    return this.screening.recordCreated(c, trx);
  }
  afterCreated(c: CreatedComment): Promise<void> {
    return this.screening.afterCreated(c);
  }
  forget(commentIds: number[], trx: Db): Promise<void> {
    return this.screening.forget(commentIds, trx);
  }
  purgeFingerprints(now: Date): Promise<number> {
    return this.screening.purgeFingerprints(now);
  }

  // ---------------------------------------------------------------- reports, queue, actions
  report(commentId: number, input: ReportInput, reporter: User | null, ip: string): Promise<void> {
    return this.reports.report(commentId, input, reporter, ip);
  }
  queuePage(q: QueueQuery, actor: User): Promise<QueuePage> {
    return this.queue.queue(q, actor);
  }
  count(actor: User): Promise<QueueCount> {
    return this.queue.count(actor);
  }
  approve(commentId: number, actor: User): Promise<ModerationResult> {
    return this.actions.approve(commentId, actor);
  }
  reject(commentId: number, reason: string | null | undefined, actor: User): Promise<ModerationResult> {
    return this.actions.reject(commentId, reason, actor);
  }
  bulk(input: BulkInput, actor: User): Promise<BulkResult> {
    return this.actions.bulk(input, actor);
  }

  // ---------------------------------------------------------------- bans and the audit log
  createBan(input: BanInput, actor: User): Promise<Ban> {
    return this.bans.createBan(input, actor);
  }
  liftBan(id: number, actor: User): Promise<void> {
    return this.bans.liftBan(id, actor);
  }
  listBans(q: { active: boolean; cursor?: string; limit: number }): Promise<BanPage> {
    return this.bans.listBans(q);
  }
  auditLog(q: { cursor?: string; limit: number; commentId?: number }): Promise<AuditPage> {
    return this.audit.auditLog(q);
  }
  /** Issue 43: another module's step in a moderation case (the DSA's notices, statements, appeals). */
  recordAudit(
    action: AuditAction,
    actorId: number | null,
    what: { commentId?: number | null; articleId?: number | null; detail?: string | null },
    trx: Db = this.db,
  ): Promise<void> {
    return audit(trx, action, actorId, what);
  }

  // ---------------------------------------------------------------- readers' own data (issue 21)
  exportReports(userId: number): AsyncIterable<ExportReport> {
    return this.personalData.exportReports(userId);
  }
  exportBans(userId: number): Promise<ExportBan[]> {
    return this.personalData.exportBans(userId);
  }
  eraseForUser(userId: number): Promise<void> {
    return this.personalData.eraseForUser(userId);
  }
}
