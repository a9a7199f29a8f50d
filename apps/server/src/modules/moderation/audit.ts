import type { AuditAction, AuditPage } from '@vaggen/contract';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { publicProfiles } from '../users/public-profile.js';
import { validCursor } from './shared.js';

/** Every moderation action leaves a line in the audit log, in the action's transaction. */
export async function audit(
  trx: Db,
  action: AuditAction,
  actorId: number | null,
  what: { commentId?: number | null; articleId?: number | null; banId?: number | null; detail?: string | null },
): Promise<void> {
  await trx
    .insertInto('moderation_audit')
    .values({
      created_at: nowIso(),
      action,
      actor_id: actorId,
      comment_id: what.commentId ?? null,
      article_id: what.articleId ?? null,
      ban_id: what.banId ?? null,
      detail: what.detail ?? null,
    })
    .execute();
}

/** The audit log, newest first, a page at a time. */
export class ModerationAudit {
  constructor(private readonly db: Db) {}

  async auditLog(q: { cursor?: string; limit: number; commentId?: number }): Promise<AuditPage> {
    const cursor = validCursor(q.cursor);
    const rows = await this.db
      .selectFrom('moderation_audit as m')
      .leftJoin(publicProfiles(this.db).as('u'), 'u.id', 'm.actor_id')
      .select([
        'm.id',
        'm.created_at',
        'm.action',
        'm.actor_id',
        'm.comment_id',
        'm.article_id',
        'm.ban_id',
        'm.detail',
        'u.full_name',
        'u.username',
      ])
      .$if(q.commentId !== undefined, (b) => b.where('m.comment_id', '=', q.commentId as number))
      .$if(cursor !== undefined, (b) => b.where('m.id', '<', cursor as number))
      .orderBy('m.id', 'desc')
      .limit(q.limit + 1)
      .execute();
    const more = rows.length > q.limit;
    const page = more ? rows.slice(0, q.limit) : rows;
    return {
      entries: page.map((r) => ({
        id: Number(r.id),
        created_at: r.created_at,
        action: r.action as AuditAction,
        actor_id: r.actor_id === null ? null : Number(r.actor_id),
        actor_name: r.actor_id === null ? null : r.full_name || r.username || null,
        comment_id: r.comment_id === null ? null : Number(r.comment_id),
        article_id: r.article_id === null ? null : Number(r.article_id),
        ban_id: r.ban_id === null ? null : Number(r.ban_id),
        detail: r.detail,
      })),
      next_cursor: more ? String(page[page.length - 1]?.id) : null,
    };
  }
}
