import { MODERATION_MSG } from '@vaggen/contract';
import type { Db } from '../../db/index.js';
import type { NotificationsService } from '../notifications/service.js';
import type { UsersService } from '../users/service.js';
import type { ModerationSettingsStore } from './settings.js';

/** The queue alert (decision 024): admins hear once when the queue reaches the threshold, again after it fell below. */
export class QueueAlerts {
  constructor(
    private readonly db: Db,
    private readonly settings: ModerationSettingsStore,
    private readonly users: UsersService,
    private readonly notifications: NotificationsService,
  ) {}

  /** Admins hear once when the queue (held + hidden) reaches the threshold; again after it went below. */
  async maybeAlert(): Promise<void> {
    const { settings } = await this.settings.current();
    const trx = this.db;
    const threshold = settings.queue_alert_threshold;
    if (threshold === null) return;
    const row = await trx.selectFrom('moderation_settings').select('alerted').where('id', '=', 1).executeTakeFirst();
    if (!row || Number(row.alerted) === 1) return;
    const n = await this.countUpTo(trx, threshold);
    if (n < threshold) return;
    const claimed = await trx
      .updateTable('moderation_settings')
      .set({ alerted: 1 })
      .where('id', '=', 1)
      .where('alerted', '=', 0)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return;
    const admins = (await this.users.list()).filter((u) => u.account_type === 'admin').map((u) => u.id);
    await this.notifications.notify(admins, {
      type: 'other',
      title: MODERATION_MSG.queueAlertTitle,
      message: MODERATION_MSG.queueAlert(n),
      actionUrl: '/admin/moderation',
      data: { queue: n },
    });
  }

  /** Held and hidden comments, counted no further than `max` (a bounded index read). */
  private async countUpTo(trx: Db, max: number): Promise<number> {
    const sub = trx
      .selectFrom('moderation_items')
      .select('comment_id')
      .where('tab', 'in', ['pending', 'reported'])
      .where('status', 'in', ['pending', 'hidden'])
      .limit(max);
    const r = await trx
      .selectFrom(sub.as('q'))
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async rearmAlert(): Promise<void> {
    const { settings } = await this.settings.current();
    if (settings.queue_alert_threshold === null) return;
    const row = await this.db
      .selectFrom('moderation_settings')
      .select('alerted')
      .where('id', '=', 1)
      .executeTakeFirst();
    if (!row || Number(row.alerted) === 0) return;
    if ((await this.countUpTo(this.db, settings.queue_alert_threshold)) < settings.queue_alert_threshold) {
      await this.db.updateTable('moderation_settings').set({ alerted: 0 }).where('id', '=', 1).execute();
    }
  }
}
