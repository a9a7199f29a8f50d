import { COMMENTS_MSG, MODERATION_MSG, REPORTS_PER_MINUTE, type ReportInput, type User } from '@vaggen/contract';
import { isUniqueViolation } from '../../db/errors.js';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import type { DomainEvents } from '../../lib/events/domain-events.js';
import { httpError, tooManyRequests } from '../../lib/http-errors.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { ArticlesService } from '../articles/service.js';
import type { CommentsService } from '../comments/service.js';
import type { QueueAlerts } from './alerts.js';
import { audit } from './audit.js';
import type { ModerationSettingsStore } from './settings.js';
import { commenterKey, parseReasons } from './shared.js';

export interface ReportDeps {
  db: Db;
  events: DomainEvents;
  comments: CommentsService;
  articles: ArticlesService;
  settings: ModerationSettingsStore;
  reportLimiter: RateLimiter;
  alerts: QueueAlerts;
  /** Issue 40: a visitor's address as a rotating keyed hash; never stored plain. */
  addressKey: (ip: string) => string;
}

/** Readers' reports of comments (decision 024): at the threshold a comment is hidden until a moderator decides. */
export class CommentReports {
  private readonly db: Db;
  private readonly events: DomainEvents;
  private readonly comments: CommentsService;
  private readonly articles: ArticlesService;
  private readonly settings: ModerationSettingsStore;
  private readonly reportLimiter: RateLimiter;
  private readonly alerts: QueueAlerts;
  private readonly addressKey: (ip: string) => string;

  constructor(d: ReportDeps) {
    this.addressKey = d.addressKey;
    this.db = d.db;
    this.events = d.events;
    this.comments = d.comments;
    this.articles = d.articles;
    this.settings = d.settings;
    this.reportLimiter = d.reportLimiter;
    this.alerts = d.alerts;
  }

  /**
   * A reader reports a visible comment. One report per reader and comment; visitors and users are
   * rate-limited per address/account. At the threshold of open reports the comment is hidden until
   * a moderator approves (reports dismissed) or rejects it.
   */
  async report(commentId: number, input: ReportInput, reporter: User | null, ip: string): Promise<void> {
    const c = await this.comments.statusOf(commentId);
    if (!c || c.isDeleted || c.status !== 'visible') throw httpError(404, COMMENTS_MSG.commentNotFound);
    if (reporter && c.authorId === reporter.id) throw httpError(400, MODERATION_MSG.reportOwn);
    const who = reporter ? `u:${reporter.id}` : `ip:${this.addressKey(ip)}`;
    if ((await this.reportLimiter.hit(who)) > REPORTS_PER_MINUTE) {
      throw tooManyRequests(MODERATION_MSG.reportRate, await this.reportLimiter.ttl(who), REPORTS_PER_MINUTE);
    }
    const { settings } = await this.settings.current();
    const now = nowIso();
    // other modules are read before the transaction, never inside it
    const [article, moderated] = await Promise.all([
      this.articles.getAnyById(c.articleId),
      this.comments.getForModeration([commentId]),
    ]);
    if (!article) throw httpError(404, COMMENTS_MSG.commentNotFound);
    const commenterEmail = moderated.get(commentId)?.email ?? null;
    const hid = await this.events
      .transaction(async (trx) => {
        await trx
          .insertInto('moderation_reports')
          .values({
            comment_id: commentId,
            reason: input.reason,
            note: input.note?.trim() || null,
            reporter: who,
            created_at: now,
            resolved: 0,
          })
          .execute();
        let item = await trx
          .selectFrom('moderation_items')
          .selectAll()
          .where('comment_id', '=', commentId)
          .executeTakeFirst();
        if (!item) {
          item = {
            comment_id: commentId,
            article_id: c.articleId,
            article_owner_id: article.author_id,
            category: article.category,
            commenter: commenterKey(c.authorId, commenterEmail),
            status: 'visible',
            tab: 'reported',
            reasons: '[]',
            open_reports: 0,
            queued_at: now,
            updated_at: now,
          };
          await trx.insertInto('moderation_items').values(item).execute();
        }
        const open = Number(item.open_reports) + 1;
        const hide = open >= settings.report_threshold;
        const reasons = parseReasons(item.reasons);
        if (hide) reasons.push({ code: 'reports', detail: String(open) });
        await trx
          .updateTable('moderation_items')
          .set({
            open_reports: open,
            tab: 'reported',
            ...(item.tab === 'reported' ? {} : { queued_at: now }),
            updated_at: now,
            ...(hide ? { status: 'hidden', reasons: JSON.stringify(reasons) } : {}),
          })
          .where('comment_id', '=', commentId)
          .execute();
        if (hide) {
          await this.comments.setStatus(commentId, 'hidden', trx, {
            reason: `Kommentaren doldes automatiskt när ${open} läsare hade anmält den. En moderator prövar den.`,
            actorId: null,
            automated: true,
          });
          await audit(trx, 'auto-hide', null, {
            commentId,
            articleId: c.articleId,
            detail: `${open} anmälningar`,
          });
        }
        return hide;
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) throw httpError(409, MODERATION_MSG.reportAlready);
        throw err;
      });
    if (hid) await this.alerts.maybeAlert();
  }
}
