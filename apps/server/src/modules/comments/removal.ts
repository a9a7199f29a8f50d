import {
  COMMENT_MAX_DEPTH,
  COMMENTS_MSG,
  type CommentChoice,
  DELETED_USER_NAME,
  isAdminOrOwner,
  type User,
} from '@vaggen/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { BATCH_SIZE } from '../../lib/batches.js';
import type { DomainEvents } from '../../lib/events/domain-events.js';
import { httpError } from '../../lib/http-errors.js';
import type { NotificationsService } from '../notifications/service.js';
import { CommentsRemoved, CommentThreadChanged } from './events.js';
import type { CommentStatus } from './status.js';

/**
 * Comments going away (decision 015, 027): one deleted by its author or an admin (a placeholder
 * while it has replies), an article's with it, and a deleted account's, kept nameless or removed.
 */
export class CommentRemoval {
  constructor(
    private readonly db: Db,
    private readonly events: DomainEvents,
    private readonly notifications: NotificationsService,
    private readonly status: CommentStatus,
  ) {}

  /** Removes an article's comments with it (called inside the article's delete transaction). */
  async deleteForArticle(articleId: number, trx: Db): Promise<void> {
    await trx.deleteFrom('comments').where('article_id', '=', articleId).execute();
    await trx.deleteFrom('comment_totals').where('article_id', '=', articleId).execute();
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
      if (c.status === 'visible') await this.status.addToTotal(articleId, -1, trx);
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
