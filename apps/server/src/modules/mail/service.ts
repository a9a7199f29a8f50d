/**
 * Outgoing e-mail (issue 21, decision 026) — the one way any module sends mail.
 *
 * Usage (from another module's service, given `mail: MailService` in its constructor):
 *
 *   import { type MailService, renderMail } from '../mail/service.js';   // (other modules import service.ts only)
 *   const { html, text, headers } = renderMail({ heading, paragraphs, button: { label, url }, unsubscribeUrl });
 *   await mail.enqueue({ to: 'karin@example.se', subject: 'Morgonbrevet', html, text, headers, kind: 'newsletter' });
 *
 * - `enqueue` only inserts a row in `mail_outbox` (never talks SMTP inside a request) and nudges the
 *   sender on this process, so the mail normally leaves within a second. It takes a list too.
 * - `renderMail` (templates.ts) gives the site's Swedish HTML + plain text from one content object;
 *   pass `unsubscribeUrl` for mail a reader subscribed to (newsletter, notification mails): it adds
 *   `List-Unsubscribe` + `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058) and a footer
 *   link. Transactional mail (password reset, verification) passes none.
 * - `deliverDue(now)` is the sender (job `mail-send` in jobs/index.ts, every tick): due rows in small
 *   batches, each claimed by one conditional UPDATE so that exactly one process sends it; a refusal
 *   is retried after 1 min, 5 min, 30 min, 2 h, 6 h, then the row is `failed`. A permanent refusal
 *   (SMTP 5xx) fails at once.
 * - Transactional kinds (TRANSACTIONAL_MAIL_KINDS: 'password-reset', 'verify-email') lose their body
 *   once sent or failed: it holds a one-time link whose token is otherwise stored only hashed.
 * - Without SMTP_URL the "transport" writes each mail (to, subject, text) to the server log, and
 *   `status()` says so to admins.
 */
import type { MailSettings, MailStatus } from '@vaggen/contract';
import { MAIL_MSG, MAIL_RETENTION_DAYS, TRANSACTIONAL_MAIL_KINDS } from '@vaggen/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable, Updateable } from 'kysely';
import type { Transporter } from 'nodemailer';
import type { Db } from '../../db/index.js';
import type { MailOutboxTable } from '../../db/schema.js';
import { loadNodemailer } from '../../lib/lazy.js';

export { escapeHtml, type MailContent, type RenderedMail, renderMail, unsubscribeHeaders } from './templates.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, e.g. from `renderMail` (List-Unsubscribe …). */
  headers?: Record<string, string>;
  /** What the mail is ('password-reset', 'verify-email', 'newsletter', 'notification' …): logs, counts. */
  kind: string;
}

export interface DeliveryResult {
  sent: number;
  retried: number;
  failed: number;
}

/** Waits before the 2nd, 3rd … attempt; after the last one the row is failed. */
export const MAIL_BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 6 * 3600_000];
export const MAIL_MAX_ATTEMPTS = MAIL_BACKOFF_MS.length + 1;
/** A claimed row is another process's again after this (its sender died mid-send). */
export const MAIL_CLAIM_MS = 10 * 60_000;
const BATCH = 20;
/** Rows one retention delete removes at a time. */
const PURGE_BATCH = 1000;
/** One `deliverDue` pass sends at most this many batches (the next tick goes on). */
const MAX_BATCHES = 25;

export interface MailServiceOptions {
  /** smtp://user:pass@host:587 (or smtps://); null = write mails to the log. */
  smtpUrl: string | null;
  from: string;
  log: FastifyBaseLogger;
  /** Send right after `enqueue` on this process (default true; tests of the backoff turn it off). */
  nudge?: boolean;
}

export class MailService {
  /** Made on the first send: a process that never sends mail does not load nodemailer. */
  private transportMade: Transporter | null = null;
  private running: Promise<DeliveryResult> | null = null;
  private scheduled: Promise<void> | null = null;
  /** A send asked for while a pass ran: the pass runs once more, at this time (ms). */
  private againAt: number | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly opts: MailServiceOptions,
  ) {}

  private get transport(): Transporter {
    if (!this.transportMade) {
      const nodemailer = loadNodemailer();
      this.transportMade = this.opts.smtpUrl
        ? nodemailer.createTransport({
            url: this.opts.smtpUrl,
            connectionTimeout: 20_000,
            greetingTimeout: 20_000,
            socketTimeout: 60_000,
          })
        : nodemailer.createTransport({ jsonTransport: true });
    }
    return this.transportMade;
  }

  get configured(): boolean {
    return Boolean(this.opts.smtpUrl);
  }

  /**
   * Queues one mail (or several); resolves to their ids. Never sends inside the caller's request.
   * With `trx`, the mails are queued inside the caller's transaction, so they commit (or vanish)
   * together with what the caller claimed; the caller then calls `nudge()` after the commit.
   */
  async enqueue(mail: OutgoingMail | OutgoingMail[], now = new Date(), trx?: Db): Promise<number[]> {
    const list = Array.isArray(mail) ? mail : [mail];
    if (list.length === 0) return [];
    const at = now.toISOString();
    const rows = await (trx ?? this.db)
      .insertInto('mail_outbox')
      .values(
        list.map((m) => ({
          to_address: m.to,
          subject: m.subject,
          html: m.html,
          text: m.text,
          headers: JSON.stringify(m.headers ?? {}),
          kind: m.kind,
          status: 'queued' as const,
          attempts: 0,
          next_attempt_at: at,
          created_at: at,
        })),
      )
      .returning('id')
      .execute();
    if (!trx) this.nudge();
    return rows.map((r) => r.id);
  }

  /** Starts a send on this process soon (after the caller's answer); a pass under way runs once more. */
  nudge(): void {
    if (this.opts.nudge === false || this.closed) return;
    if (this.running) {
      this.runAgain(Date.now());
      return;
    }
    if (this.scheduled) return;
    this.scheduled = new Promise((resolve) => {
      setImmediate(() => {
        this.scheduled = null;
        if (this.closed) return resolve();
        this.deliverDue(new Date())
          .catch((err) => this.opts.log.warn({ err }, 'mail: send failed'))
          .finally(resolve);
      });
    });
  }

  /** Resolves when this process's nudged or running send (if any) has finished (tests). */
  async idle(): Promise<void> {
    while (this.scheduled || this.running) {
      await this.scheduled;
      await this.running?.catch(() => {});
    }
  }

  /**
   * Sends the mails due at `now`, a batch at a time. Passes on one process never overlap (a second
   * call joins the one under way); across processes each row is claimed by a conditional UPDATE.
   */
  deliverDue(now = new Date(), signal?: AbortSignal): Promise<DeliveryResult> {
    if (this.running) {
      this.runAgain(now.getTime());
      return this.running;
    }
    this.running = (async () => {
      const total: DeliveryResult = { sent: 0, retried: 0, failed: 0 };
      let at = now;
      for (;;) {
        for (let i = 0; i < MAX_BATCHES && !signal?.aborted && !this.closed; i++) {
          const r = await this.deliverBatch(at, signal);
          total.sent += r.sent;
          total.retried += r.retried;
          total.failed += r.failed;
          if (r.sent + r.retried + r.failed < BATCH) break;
        }
        // Asked again while this pass ran (a nudge, the job): once more, at the latest time asked for.
        if (this.againAt === null || signal?.aborted || this.closed) break;
        at = new Date(Math.max(at.getTime(), this.againAt));
        this.againAt = null;
      }
      return total;
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private runAgain(at: number): void {
    this.againAt = Math.max(this.againAt ?? 0, at);
  }

  private async deliverBatch(now: Date, signal?: AbortSignal): Promise<DeliveryResult> {
    const result: DeliveryResult = { sent: 0, retried: 0, failed: 0 };
    const nowIso = now.toISOString();
    const due = await this.db
      .selectFrom('mail_outbox')
      .select(['id', 'attempts'])
      .where('status', '=', 'queued')
      .where('next_attempt_at', '<=', nowIso)
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const { id, attempts } of due) {
      if (signal?.aborted || this.closed) break;
      // Claim: only the process whose UPDATE matches sends it; `next_attempt_at` moves forward so the
      // row is nobody else's while we send (and another process's again if we die mid-send).
      const leaseUntil = new Date(now.getTime() + MAIL_CLAIM_MS).toISOString();
      const claimed = await this.db
        .updateTable('mail_outbox')
        .set({ attempts: attempts + 1, next_attempt_at: leaseUntil })
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .where('attempts', '=', attempts)
        .where('next_attempt_at', '<=', nowIso)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      const row = await this.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      // Each outcome is written once, and only while the claim is still ours. A transactional mail's
      // body carries a one-time link: it is not kept once the mail has left (or was given up).
      const forget = (TRANSACTIONAL_MAIL_KINDS as readonly string[]).includes(row.kind);
      const finish = (set: Updateable<MailOutboxTable>) =>
        this.db
          .updateTable('mail_outbox')
          .set(forget && set.status ? { ...set, html: '', text: '' } : set)
          .where('id', '=', id)
          .where('attempts', '=', attempts + 1)
          .where('next_attempt_at', '=', leaseUntil)
          .execute();
      try {
        await this.send(row);
        await finish({ status: 'sent', sent_at: new Date().toISOString(), last_error: null });
        result.sent++;
      } catch (err) {
        const code = (err as { responseCode?: number }).responseCode;
        const permanent = typeof code === 'number' && code >= 500 && code < 600;
        const message = String((err as Error).message ?? err).slice(0, 1000);
        const tries = attempts + 1;
        if (permanent || tries >= MAIL_MAX_ATTEMPTS) {
          await finish({ status: 'failed', last_error: message });
          result.failed++;
          this.opts.log.warn({ mailId: id, kind: row.kind, attempts: tries }, `mail: gave up (${message})`);
        } else {
          const next = new Date(now.getTime() + MAIL_BACKOFF_MS[tries - 1]).toISOString();
          await finish({ next_attempt_at: next, last_error: message });
          result.retried++;
          this.opts.log.info(
            { mailId: id, kind: row.kind, attempts: tries },
            `mail: will retry at ${next} (${message})`,
          );
        }
      }
    }
    return result;
  }

  private async send(
    row: Pick<Selectable<MailOutboxTable>, 'id' | 'to_address' | 'subject' | 'html' | 'text' | 'headers' | 'kind'>,
  ): Promise<void> {
    const headers = JSON.parse(row.headers) as Record<string, string>;
    const info = await this.transport.sendMail({
      from: this.opts.from,
      to: row.to_address,
      subject: row.subject,
      html: row.html,
      text: row.text,
      headers,
    });
    if (!this.configured) {
      // No SMTP server: the mail goes to the log (development), readable there.
      this.opts.log.info(
        { mail: { id: row.id, kind: row.kind, to: row.to_address, subject: row.subject, text: row.text } },
        `mail (not sent, SMTP_URL is not set) to ${row.to_address}: ${row.subject}`,
      );
    } else {
      this.opts.log.info({ mailId: row.id, kind: row.kind, messageId: info.messageId }, 'mail: sent');
    }
  }

  /** What admins see: configured or not, the queue, failures and the last send. */
  /**
   * A deleted account (issue 21): every mail to its address goes from the outbox, queued or sent,
   * so the address is not kept; a queued one is then never sent.
   */
  async eraseForAddress(address: string): Promise<number> {
    const res = await this.db
      .deleteFrom('mail_outbox')
      .where((eb) => eb.fn('lower', ['to_address']), '=', address.trim().toLowerCase())
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  /**
   * Retention (a job): sent and given-up mails older than MAIL_RETENTION_DAYS go, in bounded batches
   * (the newsletter adds a row per subscriber and day). Queued ones always stay.
   */
  async purgeOld(now: Date, signal?: AbortSignal): Promise<number> {
    const cutoff = new Date(now.getTime() - MAIL_RETENTION_DAYS * 86_400_000).toISOString();
    let total = 0;
    for (const status of ['sent', 'failed'] as const) {
      const at = status === 'sent' ? 'sent_at' : 'created_at';
      for (;;) {
        if (signal?.aborted) return total;
        const ids = this.db
          .selectFrom('mail_outbox')
          .select('id')
          .where('status', '=', status)
          .where(at, '<', cutoff)
          .limit(PURGE_BATCH);
        const res = await this.db.deleteFrom('mail_outbox').where('id', 'in', ids).executeTakeFirst();
        const n = Number(res.numDeletedRows);
        total += n;
        if (n < PURGE_BATCH) break;
      }
    }
    return total;
  }

  async status(): Promise<MailStatus> {
    const counts = await this.db
      .selectFrom('mail_outbox')
      .select(['status', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('status', 'in', ['queued', 'failed'])
      .groupBy('status')
      .execute();
    const last = await this.db
      .selectFrom('mail_outbox')
      .select('sent_at')
      .where('status', '=', 'sent')
      .where('sent_at', 'is not', null)
      .orderBy('sent_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    const n = (s: string) => Number(counts.find((c) => c.status === s)?.n ?? 0);
    return {
      configured: this.configured,
      from: this.opts.from,
      queued: n('queued'),
      failed: n('failed'),
      lastSentAt: last?.sent_at ?? null,
      msg: this.configured ? MAIL_MSG.configured : MAIL_MSG.notConfigured,
    };
  }

  async getSettings(): Promise<MailSettings> {
    const row = await this.db
      .selectFrom('mail_settings')
      .select('require_email_verification')
      .where('id', '=', 1)
      .executeTakeFirst();
    return { require_email_verification: row?.require_email_verification === 1 };
  }

  async updateSettings(actorId: number, input: MailSettings): Promise<MailSettings> {
    await this.db
      .updateTable('mail_settings')
      .set({
        require_email_verification: input.require_email_verification ? 1 : 0,
        updated_at: new Date().toISOString(),
        updated_by: actorId,
      })
      .where('id', '=', 1)
      .execute();
    return this.getSettings();
  }

  /** Stops nudged sends and closes the SMTP connection (app close). */
  async close(): Promise<void> {
    this.closed = true;
    await this.idle();
    this.transportMade?.close();
  }
}
