import type {
  ExportNotification,
  Notification,
  NotificationMailKind,
  NotificationType,
  RequestStatus,
} from '@vaggen/contract';
import { COMMENT_NOTICE, DELETED_USER_NAME, NOTIFICATIONS_MSG } from '@vaggen/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import type { NotificationsTable } from '../../db/schema.js';
import { mapRows, rowsById } from '../../lib/batches.js';
import { httpError } from '../../lib/http-errors.js';

export interface NewNotification {
  type: NotificationType;
  title: string;
  message: string;
  actionUrl: string | null;
  data?: Record<string, unknown>;
  articleId?: number | null;
  requestId?: number | null;
  /**
   * Issue 21: the e-mail kind this notification belongs to, for people who chose it by e-mail.
   * Role decisions are recognised by their type; comments say which kind they are.
   */
  mailKind?: NotificationMailKind;
}

export { mayChooseKind, NotificationMailService } from './mail.js';

const ROLE_DECISIONS: NotificationType[] = ['admin_approved', 'admin_rejected', 'writer_approved', 'writer_rejected'];

type Row = Omit<NotificationsTable, 'id'> & { id: number };

/** A notification's `data`: the JSON object it holds, or an empty one when the row holds anything else. */
function parseData(json: string): Record<string, unknown> {
  try {
    const data: unknown = JSON.parse(json);
    return data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function toNotification(r: Row): Notification {
  const data = parseData(r.data);
  return {
    id: Number(r.id),
    type: r.type as NotificationType,
    title: r.title,
    message: r.message,
    read: Number(r.read) === 1,
    created_at: r.created_at,
    action_url: r.action_url,
    data,
  };
}

/** Each person's notifications. Every query is scoped to its owner. */
export class NotificationsService {
  constructor(private readonly db: Db) {}

  async notify(userIds: number[], n: NewNotification, trx: Db = this.db): Promise<void> {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return;
    const now = nowIso();
    await trx
      .insertInto('notifications')
      .values(
        unique.map((user_id) => ({
          user_id,
          type: n.type,
          // the column holds 300 (PostgreSQL refuses more): "Ny kommentar på "<title>"" can be longer
          title: n.title.slice(0, 300),
          message: n.message,
          read: 0,
          action_url: n.actionUrl,
          data: JSON.stringify(n.data ?? {}),
          article_id: n.articleId ?? null,
          request_id: n.requestId ?? null,
          created_at: now,
        })),
      )
      .execute();
    // Issue 21: a copy waits for the e-mail batch of everyone who chose this kind (same transaction).
    const mailKind = n.mailKind ?? (ROLE_DECISIONS.includes(n.type) ? 'role_decision' : undefined);
    if (!mailKind) return;
    // The copies of those who chose it, in one statement (before: a SELECT, then an INSERT when anyone had).
    await trx
      .insertInto('notification_mail_queue')
      .columns(['user_id', 'kind', 'title', 'message', 'action_url', 'created_at'])
      .expression(
        trx
          .selectFrom('notification_mail_prefs')
          .select([
            'user_id',
            sql<string>`cast(${mailKind} as text)`.as('kind'),
            sql<string>`cast(${n.title.slice(0, 400)} as text)`.as('title'),
            sql<string>`cast(${n.message} as text)`.as('message'),
            sql<string | null>`cast(${n.actionUrl ?? null} as text)`.as('action_url'),
            sql<string>`cast(${now} as text)`.as('created_at'),
          ])
          .where('user_id', 'in', unique)
          .where('kind', '=', mailKind),
      )
      .execute();
  }

  async list(userId: number, opts: { unread: boolean; limit: number }): Promise<Notification[]> {
    let q = this.db.selectFrom('notifications').selectAll().where('user_id', '=', userId);
    if (opts.unread) q = q.where('read', '=', 0);
    const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(opts.limit).execute();
    return rows.map((r) => toNotification({ ...r, id: Number(r.id) }));
  }

  async unreadCount(userId: number): Promise<number> {
    const r = await this.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('read', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async markRead(userId: number, id: number): Promise<void> {
    const res = await this.db
      .updateTable('notifications')
      .set({ read: 1 })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw httpError(404, NOTIFICATIONS_MSG.notificationNotFound);
  }

  async markAllRead(userId: number): Promise<number> {
    const res = await this.db
      .updateTable('notifications')
      .set({ read: 1 })
      .where('user_id', '=', userId)
      .where('read', '=', 0)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  }

  /** A request was decided: every admin's copy of its notification shows the new status. */
  async setRequestStatus(requestId: number, status: RequestStatus, extra: Record<string, unknown>, trx: Db = this.db) {
    const rows = await trx
      .selectFrom('notifications')
      .select(['id', 'data'])
      .where('request_id', '=', requestId)
      .where('type', 'in', ['admin_request', 'writer_request'])
      .execute();
    for (const r of rows) {
      const data = parseData(r.data);
      await trx
        .updateTable('notifications')
        .set({ data: JSON.stringify({ ...data, ...extra, status }) })
        .where('id', '=', r.id)
        .execute();
    }
  }

  /** The article's comment notifications that are about one of `commentIds` (their data names it). */
  private async aboutComments(articleId: number, commentIds: number[], trx: Db) {
    if (commentIds.length === 0) return [];
    const wanted = new Set(commentIds);
    const rows = await trx
      .selectFrom('notifications')
      .select(['id', 'data', 'title', 'message'])
      .where('article_id', '=', articleId)
      .where('type', '=', 'new_comment')
      .execute();
    return rows.filter((r) => wanted.has(Number(parseData(r.data).comment_id)));
  }

  /** Notifications about comments that were deleted (they quote the comment's text). */
  async deleteForComments(articleId: number, commentIds: number[], trx: Db = this.db): Promise<void> {
    const ids = (await this.aboutComments(articleId, commentIds, trx)).map((r) => r.id);
    if (ids.length > 0) await trx.deleteFrom('notifications').where('id', 'in', ids).execute();
  }

  // ---------------------------------------------------------------- readers' own data (issue 21)

  /** The download's notification section: all of them, read a page at a time. */
  exportForUser(userId: number): AsyncIterable<ExportNotification> {
    const rows = rowsById(
      this.db
        .selectFrom('notifications')
        .select(['id', 'type', 'title', 'message', 'read', 'action_url', 'created_at'])
        .where('user_id', '=', userId),
    );
    return mapRows(rows, (r) => ({
      id: Number(r.id),
      type: r.type,
      title: r.title,
      message: r.message,
      read: Number(r.read) === 1,
      action_url: r.action_url,
      created_at: r.created_at,
    }));
  }

  /** A deleted account's own notifications. */
  async deleteForUser(userId: number, trx: Db = this.db): Promise<void> {
    await trx.deleteFrom('notifications').where('user_id', '=', userId).execute();
  }

  /** Notifications about role requests that are gone (admins' copies name the requester). */
  async deleteForRequests(requestIds: number[], trx: Db = this.db): Promise<void> {
    if (requestIds.length === 0) return;
    await trx.deleteFrom('notifications').where('request_id', 'in', requestIds).execute();
  }

  /** Admins' copies of requests a deleted admin decided: the decider's username goes. */
  async forgetDecider(requestIds: number[], username: string, trx: Db = this.db): Promise<void> {
    if (requestIds.length === 0) return;
    const rows = await trx
      .selectFrom('notifications')
      .select(['id', 'data'])
      .where('request_id', 'in', requestIds)
      .execute();
    for (const r of rows) {
      const data = parseData(r.data);
      if (data.decided_by !== username) continue;
      await trx
        .updateTable('notifications')
        .set({ data: JSON.stringify({ ...data, decided_by: DELETED_USER_NAME }) })
        .where('id', '=', r.id)
        .execute();
    }
  }

  /**
   * Others' notifications of kept comments by a deleted account show "Raderad användare" where they
   * named the commenter: the start of "<name> svarade på din kommentar" and of "<name>: <text>" (the
   * quoted text itself is left as written).
   */
  async renameCommenter(articleId: number, commentIds: number[], name: string, trx: Db = this.db): Promise<void> {
    if (!name) return;
    // Matched by the notices' whole shapes: a name that merely begins another title ("Ny …") stays.
    const articleNotice = COMMENT_NOTICE.articleTitle('').slice(0, -1);
    const said = COMMENT_NOTICE.articleMessage(name, '');
    for (const r of await this.aboutComments(articleId, commentIds, trx)) {
      const title =
        r.title === COMMENT_NOTICE.replyTitle(name) ? COMMENT_NOTICE.replyTitle(DELETED_USER_NAME) : r.title;
      const message =
        r.title.startsWith(articleNotice) && r.message.startsWith(said)
          ? COMMENT_NOTICE.articleMessage(DELETED_USER_NAME, r.message.slice(said.length))
          : r.message;
      if (title === r.title && message === r.message) continue;
      await trx.updateTable('notifications').set({ title, message }).where('id', '=', r.id).execute();
    }
  }

  async deleteForArticle(articleId: number, trx: Db): Promise<void> {
    await trx.deleteFrom('notifications').where('article_id', '=', articleId).execute();
  }
}
