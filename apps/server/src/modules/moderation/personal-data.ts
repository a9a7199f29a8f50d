import { type ExportBan, type ExportReport, MODERATION_MSG } from '@vaggen/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { mapRows, rowsById } from '../../lib/batches.js';

/** Readers' own data (issue 21, decision 027) as moderation keeps it. */
export class ModerationPersonalData {
  constructor(private readonly db: Db) {}

  /** The download's section: the person's reports of comments (all, a page at a time). */
  exportReports(userId: number): AsyncIterable<ExportReport> {
    const who = `u:${userId}`;
    const rows = rowsById(
      this.db
        .selectFrom('moderation_reports')
        .select(['id', 'comment_id', 'reason', 'note', 'resolved', 'created_at'])
        .where('reporter', '=', who),
    );
    return mapRows(rows, (r) => ({
      comment_id: Number(r.comment_id),
      reason: r.reason,
      note: r.note,
      resolved: Number(r.resolved) === 1,
      created_at: r.created_at,
    }));
  }

  /** The download's section: bans and "always pre-moderate" entries on the account (not who set them). */
  async exportBans(userId: number): Promise<ExportBan[]> {
    const rows = await this.db
      .selectFrom('moderation_bans')
      .select(['kind', 'until', 'reason', 'created_at', 'lifted_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .limit(10_000)
      .execute();
    return rows;
  }

  /**
   * A deleted account (decision 027): its commenter history and text fingerprints go; its reports
   * stay for the queue but no longer say who made them (nor the reporter's note); bans on the
   * account go, and the log lines about them no longer name the person. Bans on an e-mail address
   * stay: an unverified address on an account does not prove the ban is the account holder's.
   */
  async eraseForUser(userId: number): Promise<void> {
    const who = `u:${userId}`;
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('moderation_commenters').where('commenter', '=', who).execute();
      await trx.deleteFrom('moderation_fingerprints').where('commenter', '=', who).execute();
      await trx
        .updateTable('moderation_reports')
        .set({ reporter: sql<string>`'x:' || CAST(id AS varchar(20))`, note: null })
        .where('reporter', '=', who)
        .execute();
      const bans = await trx.selectFrom('moderation_bans').select('id').where('user_id', '=', userId).execute();
      const banIds = bans.map((b) => Number(b.id));
      if (banIds.length) {
        await trx
          .updateTable('moderation_audit')
          .set({ detail: MODERATION_MSG.auditAccountDeleted })
          .where('ban_id', 'in', banIds)
          .execute();
        await trx.deleteFrom('moderation_bans').where('id', 'in', banIds).execute();
      }
    });
  }
}
