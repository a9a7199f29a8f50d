import {
  type Article,
  type BulkInput,
  type BulkResult,
  COMMENTS_MSG,
  MODERATION_MSG,
  type ModerationResult,
  type ModerationStatus,
  type User,
} from '@vaggen/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import type { DomainEvents } from '../../lib/events/domain-events.js';
import { httpError } from '../../lib/http-errors.js';
import type { ArticlesService } from '../articles/service.js';
import type { CommentsService } from '../comments/service.js';
import type { QueueAlerts } from './alerts.js';
import { audit } from './audit.js';
import type { ModerationQueue } from './queue.js';
import { commenterKey, type ItemRow, parseReasons } from './shared.js';

/** The most held comments of one commenter released by one approval. */
const AUTO_APPROVE_MAX = 100;

/** A moderator's decisions: approve or reject one comment or many (decision 024). */
export class ModerationActions {
  constructor(
    private readonly db: Db,
    private readonly events: DomainEvents,
    private readonly comments: CommentsService,
    private readonly articles: ArticlesService,
    private readonly queue: ModerationQueue,
    private readonly alerts: QueueAlerts,
  ) {}

  async approve(commentId: number, actor: User): Promise<ModerationResult> {
    const r = await this.bulk({ action: 'approve', ids: [commentId] }, actor);
    const skipped = r.skipped[0];
    if (skipped) throw httpError(skipped.msg === MODERATION_MSG.notYourArticle ? 403 : 404, skipped.msg);
    return { msg: 'Kommentaren är godkänd', comment_id: commentId, moderation_status: 'visible' };
  }

  async reject(commentId: number, reason: string | null | undefined, actor: User): Promise<ModerationResult> {
    const r = await this.bulk({ action: 'reject', ids: [commentId], reason }, actor);
    const skipped = r.skipped[0];
    if (skipped) throw httpError(skipped.msg === MODERATION_MSG.notYourArticle ? 403 : 404, skipped.msg);
    return { msg: 'Kommentaren är avvisad', comment_id: commentId, moderation_status: 'rejected' };
  }

  /**
   * Approve or reject up to BULK_MAX comments. Each one the actor may not moderate, or that is not
   * there, is skipped with why; the rest are done one transaction each (a failure stops nothing else).
   * Approve: published (or reports dismissed), the commenter's approvals +1, and a first-time
   * commenter's other comments held only for being new are released. Reject: hidden from everyone
   * but moderators, with the reason; a visible comment may be rejected straight from its thread.
   */
  async bulk(input: BulkInput, actor: User): Promise<BulkResult> {
    this.queue.scope(actor);
    const ids = [...new Set(input.ids)];
    const [items, comments] = await Promise.all([
      this.db.selectFrom('moderation_items').selectAll().where('comment_id', 'in', ids).execute() as Promise<ItemRow[]>,
      this.comments.getForModeration(ids),
    ]);
    const itemBy = new Map(items.map((i) => [Number(i.comment_id), i]));
    const articles = new Map(
      (await this.articles.getManyByIds([...new Set([...comments.values()].map((c) => c.articleId))])).map((a) => [
        a.id,
        a,
      ]),
    );
    const done: number[] = [];
    const skipped: { id: number; msg: string }[] = [];
    const approvedCommenters = new Set<string>();
    for (const id of ids) {
      const c = comments.get(id);
      const item = itemBy.get(id);
      if (!c || c.comment.isDeleted) {
        skipped.push({ id, msg: COMMENTS_MSG.commentNotFound });
        continue;
      }
      const article = articles.get(c.articleId);
      if (!this.queue.mayModerate(actor, article)) {
        skipped.push({ id, msg: MODERATION_MSG.notYourArticle });
        continue;
      }
      if (input.action === 'approve' && (!item || item.tab === null) && c.status === 'visible') {
        skipped.push({ id, msg: MODERATION_MSG.notInQueue });
        continue;
      }
      const who = item?.commenter ?? commenterKey(c.authorId, c.email);
      // The comment's status change is an event (CommentStatusChanged): readers' thread goes, and a
      // held comment made public is announced to the article's writer (never while it was held).
      await this.events.transaction(async (trx) => {
        if (input.action === 'approve') await this.approveOne(trx, id, c.status, item, who, actor.id, 'approve');
        else await this.rejectOne(trx, id, c, item, who, article as Article, input.reason ?? null, actor.id);
      });
      if (input.action === 'approve') approvedCommenters.add(who);
      done.push(id);
    }
    for (const who of approvedCommenters) await this.releaseFirstTime(who, actor.id);
    await this.alerts.rearmAlert();
    const n = done.length;
    const msg =
      input.action === 'approve'
        ? `${n} ${n === 1 ? 'kommentar godkänd' : 'kommentarer godkända'}`
        : `${n} ${n === 1 ? 'kommentar avvisad' : 'kommentarer avvisade'}`;
    return { msg, done, skipped };
  }

  private async approveOne(
    trx: Db,
    id: number,
    status: ModerationStatus,
    item: ItemRow | undefined,
    who: string,
    actorId: number,
    action: 'approve' | 'auto-approve',
  ): Promise<void> {
    const now = nowIso();
    await this.comments.setStatus(id, 'visible', trx);
    if (item) {
      await trx
        .updateTable('moderation_items')
        .set({ status: 'visible', tab: null, open_reports: 0, updated_at: now })
        .where('comment_id', '=', id)
        .execute();
    }
    await resolveReports(trx, id);
    if (status !== 'visible') {
      await trx
        .insertInto('moderation_commenters')
        .values({ commenter: who, approved: 1, rejected: 0, published: 0, updated_at: now })
        .onConflict((oc) =>
          oc.column('commenter').doUpdateSet({
            approved: sql`moderation_commenters.approved + 1`,
            ...(status === 'rejected'
              ? {
                  rejected: sql`CASE WHEN moderation_commenters.rejected > 0 THEN moderation_commenters.rejected - 1 ELSE 0 END`,
                }
              : {}),
            updated_at: now,
          }),
        )
        .execute();
    }
    const detail = status === 'visible' ? 'Anmälningarna avfärdades' : null;
    await audit(trx, action, actorId, { commentId: id, articleId: item ? Number(item.article_id) : null, detail });
  }

  private async rejectOne(
    trx: Db,
    id: number,
    c: { status: ModerationStatus; articleId: number },
    item: ItemRow | undefined,
    who: string,
    article: Article,
    reason: string | null,
    actorId: number,
  ): Promise<void> {
    const now = nowIso();
    const text = reason?.trim() || null;
    await this.comments.setStatus(id, 'rejected', trx, { reason: text, actorId, automated: false });
    const reasons = item ? parseReasons(item.reasons) : [];
    reasons.push({ code: 'rejected', detail: text });
    if (item) {
      await trx
        .updateTable('moderation_items')
        .set({
          status: 'rejected',
          tab: 'rejected',
          open_reports: 0,
          reasons: JSON.stringify(reasons),
          queued_at: now,
          updated_at: now,
        })
        .where('comment_id', '=', id)
        .execute();
    } else {
      await trx
        .insertInto('moderation_items')
        .values({
          comment_id: id,
          article_id: c.articleId,
          article_owner_id: article.author_id,
          category: article.category,
          commenter: who,
          status: 'rejected',
          tab: 'rejected',
          reasons: JSON.stringify(reasons),
          open_reports: 0,
          queued_at: now,
          updated_at: now,
        })
        .execute();
    }
    await resolveReports(trx, id);
    if (c.status !== 'rejected') {
      await trx
        .insertInto('moderation_commenters')
        .values({ commenter: who, approved: 0, rejected: 1, published: 0, updated_at: now })
        .onConflict((oc) =>
          oc.column('commenter').doUpdateSet({ rejected: sql`moderation_commenters.rejected + 1`, updated_at: now }),
        )
        .execute();
    }
    await audit(trx, 'reject', actorId, { commentId: id, articleId: c.articleId, detail: text });
  }

  /**
   * "Hold first-time commenters until one comment is approved": once approved, the commenter's other
   * comments held only because they were new are published too (audit: auto-approve).
   */
  private async releaseFirstTime(who: string, actorId: number): Promise<void> {
    const held = (await this.db
      .selectFrom('moderation_items')
      .selectAll()
      .where('commenter', '=', who)
      .where('status', '=', 'pending')
      .orderBy('comment_id')
      .limit(AUTO_APPROVE_MAX)
      .execute()) as ItemRow[];
    for (const item of held) {
      const reasons = parseReasons(item.reasons);
      if (!(reasons.length === 1 && reasons[0]?.code === 'first-time')) continue;
      await this.events.transaction((trx) =>
        this.approveOne(trx, Number(item.comment_id), 'pending', item, who, actorId, 'auto-approve'),
      );
    }
  }
}

/** A decided comment's open reports are resolved with it. */
async function resolveReports(trx: Db, commentId: number): Promise<void> {
  await trx
    .updateTable('moderation_reports')
    .set({ resolved: 1 })
    .where('comment_id', '=', commentId)
    .where('resolved', '=', 0)
    .execute();
}
