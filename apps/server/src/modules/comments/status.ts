import type { ModerationStatus } from '@vaggen/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { DomainEvents } from '../../lib/events/domain-events.js';
import { CommentStatusChanged, CommentThreadChanged, type StatusReason } from './events.js';

/** Where a comment stands (issue 16) and the article's running total of visible comments. */
export class CommentStatus {
  constructor(
    private readonly db: Db,
    private readonly events: DomainEvents,
  ) {}

  /**
   * Moderation (issue 16) sets where a comment stands. The article's total follows (only visible,
   * undeleted comments count). Runs inside the caller's transaction. Returns the status it had, or
   * null when the comment does not exist. Tells `CommentStatusChanged` in the caller's transaction
   * (opened with `events.transaction`): readers' cached threads go, a held comment made visible is
   * announced (`announce`) after the commit.
   */
  async setStatus(id: number, status: ModerationStatus, trx: Db, why?: StatusReason): Promise<ModerationStatus | null> {
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
      CommentStatusChanged({
        commentId: id,
        articleId: Number(c.article_id),
        from: before,
        to: status,
        ...(why ? { why } : {}),
      }),
    );
    return before;
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

  async addToTotal(articleId: number, by: 1 | -1, trx: Db): Promise<void> {
    await trx
      .insertInto('comment_totals')
      .values({ article_id: articleId, visible: Math.max(0, by) })
      .onConflict((oc) => oc.column('article_id').doUpdateSet({ visible: sql`comment_totals.visible + ${by}` }))
      .execute();
  }
}
