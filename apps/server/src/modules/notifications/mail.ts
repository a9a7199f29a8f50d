import {
  canWrite,
  displayName,
  NEWSLETTER_MSG,
  NOTIFICATION_MAIL_KINDS,
  NOTIFICATION_MAIL_LABELS,
  NOTIFICATION_MAIL_MSG,
  NOTIFICATION_MAIL_WINDOW_MS,
  NOTIFICATION_MAIL_WRITER_KINDS,
  type NotificationMailKind,
  type NotificationMailPrefs,
  UNSUBSCRIBE_LEGACY_UNTIL,
  UNSUBSCRIBE_LINK_DAYS,
  type User,
} from '@vaggen/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { NotificationMailQueueTable } from '../../db/schema.js';
import { httpError } from '../../lib/http-errors.js';
import { signExpiringToken, verifyExpiringToken } from '../../lib/signed-token.js';
import type { MailService } from '../mail/service.js';
import { escapeHtml, renderMail } from '../mail/templates.js';
import type { UsersService } from '../users/service.js';

/** How many (person, kind) batches one pass mails at most (the next tick goes on). */
const GROUPS_PER_PASS = 200;
const TOKEN_PURPOSE = 'unsubscribe-notification';

const SUBJECTS: Record<NotificationMailKind, (n: number) => string> = {
  comment_reply: (n) => (n === 1 ? 'Nytt svar på din kommentar' : `${n} nya svar på dina kommentarer`),
  article_comment: (n) => (n === 1 ? 'Ny kommentar på din artikel' : `${n} nya kommentarer på dina artiklar`),
  role_decision: () => 'Ditt rollärende har avgjorts',
  review_decision: (n) => (n === 1 ? 'Din artikel har granskats' : `${n} av dina artiklar har granskats`),
};

export const mayChooseKind = (user: Pick<User, 'account_type' | 'is_admin'>, kind: NotificationMailKind) =>
  !NOTIFICATION_MAIL_WRITER_KINDS.includes(kind) || canWrite(user);

/**
 * Notifications by e-mail (issue 21, decision 028). A person opts in per kind
 * (`notification_mail_prefs`); `NotificationsService.notify` queues a copy of each in-app
 * notification of a chosen kind (`notification_mail_queue`, same transaction); `deliverDue` (job
 * `notification-mail`) mails each person ONE mail per kind listing everything waiting, once the
 * oldest waiting row is NOTIFICATION_MAIL_WINDOW_MS (15 min) old — so at most one mail per kind per
 * 15 minutes. Rows are claimed by deleting them (DELETE … RETURNING): one process mails them.
 * Every mail carries a one-click unsubscribe link for its kind (a signed token, nothing stored).
 */
export class NotificationMailService {
  constructor(
    private readonly db: Db,
    private readonly users: UsersService,
    private readonly mail: MailService,
    private readonly secret: Buffer,
    private readonly siteUrl: string,
  ) {}

  async prefs(user: User): Promise<NotificationMailPrefs> {
    const rows = await this.db
      .selectFrom('notification_mail_prefs')
      .select('kind')
      .where('user_id', '=', user.id)
      .execute();
    const on = new Set(rows.map((r) => r.kind));
    return {
      kinds: NOTIFICATION_MAIL_KINDS.filter((k) => mayChooseKind(user, k)).map((kind) => ({
        kind,
        label: NOTIFICATION_MAIL_LABELS[kind],
        enabled: on.has(kind),
      })),
      has_email: Boolean(user.email),
    };
  }

  async setPref(user: User, kind: NotificationMailKind, enabled: boolean): Promise<NotificationMailPrefs> {
    if (enabled && !mayChooseKind(user, kind)) throw httpError(403, NOTIFICATION_MAIL_MSG.writersOnly);
    if (enabled) {
      const exists = await this.db
        .selectFrom('notification_mail_prefs')
        .select('user_id')
        .where('user_id', '=', user.id)
        .where('kind', '=', kind)
        .executeTakeFirst();
      if (!exists) {
        await this.db
          .insertInto('notification_mail_prefs')
          .values({ user_id: user.id, kind, created_at: new Date().toISOString() })
          .onConflict((oc) => oc.columns(['user_id', 'kind']).doNothing())
          .execute();
      }
    } else {
      await this.turnOff(user.id, kind);
    }
    return this.prefs(user);
  }

  private async turnOff(userId: number, kind: NotificationMailKind): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('notification_mail_prefs').where('user_id', '=', userId).where('kind', '=', kind).execute();
      await trx.deleteFrom('notification_mail_queue').where('user_id', '=', userId).where('kind', '=', kind).execute();
    });
  }

  unsubscribeUrl(userId: number, kind: NotificationMailKind): string {
    return `${this.siteUrl}/api/unsubscribe?token=${encodeURIComponent(signExpiringToken(this.secret, TOKEN_PURPOSE, `nm.${userId}.${kind}`))}`;
  }

  /** Is this token one of ours (an e-mail notification's unsubscribe link)? */
  static isToken(token: string): boolean {
    return token.startsWith('nm.');
  }

  /** One-click unsubscribe (no login): the kind is turned off. Returns its label; 404 when forged. */
  async unsubscribe(token: string): Promise<string> {
    const read = verifyExpiringToken(this.secret, TOKEN_PURPOSE, token, UNSUBSCRIBE_LINK_DAYS, {
      legacyUntil: Date.parse(UNSUBSCRIBE_LEGACY_UNTIL),
    });
    if (read === 'expired') throw httpError(410, NEWSLETTER_MSG.unsubscribeExpired);
    const m = read?.payload.match(/^nm\.(\d{1,10})\.([a-z_]{1,20})$/);
    const kind = m?.[2] as NotificationMailKind | undefined;
    if (!m || !kind || !NOTIFICATION_MAIL_KINDS.includes(kind)) throw httpError(404, 'Länken är ogiltig.');
    await this.turnOff(Number(m[1]), kind);
    return NOTIFICATION_MAIL_LABELS[kind];
  }

  /** Mails every (person, kind) whose oldest waiting notification is 15 minutes old. Returns mails queued. */
  async deliverDue(now = new Date(), signal?: AbortSignal): Promise<number> {
    const cutoff = new Date(now.getTime() - NOTIFICATION_MAIL_WINDOW_MS).toISOString();
    const groups = await this.db
      .selectFrom('notification_mail_queue')
      .select(['user_id', 'kind'])
      .where('created_at', '<=', cutoff)
      .groupBy(['user_id', 'kind'])
      .orderBy('user_id')
      .orderBy('kind')
      .limit(GROUPS_PER_PASS)
      .execute();
    let mailed = 0;
    for (const g of groups) {
      if (signal?.aborted) break;
      const kind = g.kind as NotificationMailKind;
      const user = await this.users.getById(Number(g.user_id));
      // Nobody to mail (no address, or a kind no longer theirs): the rows are claimed and dropped.
      const to = user?.email && NOTIFICATION_MAIL_KINDS.includes(kind) && mayChooseKind(user, kind) ? user.email : null;
      // Claim and queue in one transaction: the rows this DELETE returns are ours alone (another
      // process gets none of them), and they are gone only if their mail is queued.
      const queuedOne = await this.db.transaction().execute(async (trx) => {
        const rows = await trx
          .deleteFrom('notification_mail_queue')
          .where('user_id', '=', g.user_id)
          .where('kind', '=', kind)
          .where('created_at', '<=', now.toISOString())
          .returningAll()
          .execute();
        if (rows.length === 0 || !to || !user) return false;
        await this.mail.enqueue(
          {
            to,
            subject: SUBJECTS[kind](rows.length),
            kind: 'notification',
            ...this.render(user, kind, rows),
          },
          new Date(),
          trx,
        );
        return true;
      });
      if (!queuedOne) continue;
      this.mail.nudge();
      mailed++;
    }
    return mailed;
  }

  /** The digest of one person's waiting notifications of one kind. */
  private render(user: User, kind: NotificationMailKind, rows: Selectable<NotificationMailQueueTable>[]) {
    rows.sort((a, b) => a.created_at.localeCompare(b.created_at) || Number(a.id) - Number(b.id));
    const link = (url: string | null) => (url ? `${this.siteUrl}${url.startsWith('/') ? url : `/${url}`}` : null);
    const items = rows.map((r) => ({ title: r.title, message: r.message, url: link(r.action_url) }));
    const listHtml = `<ul style="margin:0 0 16px;padding-left:20px;font:15px/1.5 Arial, Helvetica, sans-serif;color:#1a1a1a">${items
      .map(
        (i) =>
          `<li style="margin:0 0 10px"><strong>${i.url ? `<a href="${escapeHtml(i.url)}" style="color:#b91c1c">${escapeHtml(i.title)}</a>` : escapeHtml(i.title)}</strong><br>${escapeHtml(i.message)}</li>`,
      )
      .join('')}</ul>`;
    const listText = items.map((i) => `* ${i.title}\n  ${i.message}${i.url ? `\n  ${i.url}` : ''}`).join('\n');
    const label = NOTIFICATION_MAIL_LABELS[kind];
    return renderMail({
      heading: SUBJECTS[kind](rows.length),
      paragraphs: [`Hej ${displayName(user)}!`, 'Det här har hänt sedan sist:'],
      blocks: [{ html: listHtml, text: listText }],
      button: { label: 'Visa notifikationerna', url: `${this.siteUrl}/notifications` },
      unsubscribeUrl: this.unsubscribeUrl(user.id, kind),
      reason: `Du får det här mejlet för att du valt e-post om: ${label}.`,
    });
  }

  /** GDPR export: the kinds chosen and the notifications waiting to be mailed. */
  async exportForUser(userId: number) {
    const prefs = await this.db
      .selectFrom('notification_mail_prefs')
      .select(['kind', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('kind')
      .execute();
    const waiting = await this.db
      .selectFrom('notification_mail_queue')
      .select(['kind', 'title', 'message', 'action_url', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    return { chosen: prefs, waiting };
  }

  /** GDPR erasure: the person's choices and waiting mails go. */
  async eraseForUser(userId: number, _email?: string | null, trx: Db = this.db): Promise<void> {
    await trx.deleteFrom('notification_mail_queue').where('user_id', '=', userId).execute();
    await trx.deleteFrom('notification_mail_prefs').where('user_id', '=', userId).execute();
  }
}
