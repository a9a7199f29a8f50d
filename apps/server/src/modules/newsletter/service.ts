import {
  type ArticleSummary,
  CATEGORIES,
  NEWSLETTER_CONFIRM_DAYS,
  NEWSLETTER_MAX_ARTICLES,
  NEWSLETTER_MSG,
  NEWSLETTER_PAGE_SIZE,
  NEWSLETTER_SUBSCRIBES_PER_ADDRESS,
  NEWSLETTER_SUBSCRIBES_PER_CLIENT,
  NEWSLETTER_TIME_ZONE,
  type NewsletterOverview,
  type NewsletterSubscriberPage,
  stockholmDay,
  UNSUBSCRIBE_LEGACY_UNTIL,
  UNSUBSCRIBE_LINK_DAYS,
  type User,
} from '@vaggen/contract';
import type { Db } from '../../db/index.js';
import { httpError, tooManyRequests } from '../../lib/http-errors.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import { randomToken, sha256 } from '../../lib/secret.js';
import { signExpiringToken, verifyExpiringToken } from '../../lib/signed-token.js';
import type { MostRead } from '../analytics/service.js';
import type { ArticlesService } from '../articles/service.js';
import type { MailService } from '../mail/service.js';
import { escapeHtml, type RenderedMail, renderMail } from '../mail/templates.js';
import { sendTimes, stockholmTime } from './schedule.js';

export { nextDay, sendTimes, stockholmTime } from './schedule.js';

/** Subscribers queued per batch of the daily send (memory stays bounded for any list size). */
export const NEWSLETTER_BATCH = 200;
const TOKEN_PURPOSE = 'unsubscribe-newsletter';
const DAY_MS = 86_400_000;

export interface NewsletterDeps {
  mail: MailService;
  articles: ArticlesService;
  mostRead: MostRead;
  secret: Buffer;
  /** Absolute base of links in mails sent by jobs (PUBLIC_URL, or the local address). */
  siteUrl: string;
  limiters: { address: RateLimiter; client: RateLimiter };
}

/** What one issue shows, stored with it so every batch sends the same. */
interface IssueContent {
  subject: string;
  dateSv: string;
  source: 'most-read' | 'newest';
  articles: { title: string; excerpt: string; url: string; category: string }[];
}

/**
 * Newsletter "Morgonbrevet" (issue 21, decision 028).
 *
 * - Double opt-in: `subscribe` answers the same for every valid address (new, waiting, confirmed —
 *   nothing leaks) and mails a confirmation link only to new or waiting ones; `confirm` turns a
 *   waiting address into a subscriber once (the token is stored hashed and cleared when used).
 * - `sendDue(now)` (job `newsletter-send`): from 07:00 Europe/Stockholm on, the day's issue is
 *   recorded once — a `newsletter_issues` row with a unique `day`, inserted in a transaction before
 *   any mail is queued, so a second process (or a second run) finds it and sends nothing — and then
 *   queued to confirmed subscribers in batches paged by id; each batch is claimed by moving the
 *   issue's `last_id` with a conditional UPDATE, so no batch is queued twice.
 * - Unsubscribe: a signed token per subscriber (nothing stored), one click, no login.
 */
export class NewsletterService {
  constructor(
    private readonly db: Db,
    private readonly deps: NewsletterDeps,
  ) {}

  // ---- Subscribing ----------------------------------------------------------------------------

  /** `origin` is the site address the confirmation link points to; `user` links a signed-in reader. */
  async subscribe(rawEmail: string, client: string, origin: string, user: User | null, now = new Date()) {
    const email = rawEmail.trim().toLowerCase();
    const { address, client: perClient } = this.deps.limiters;
    const byClient = `c:${client}`;
    if ((await perClient.hit(byClient)) > NEWSLETTER_SUBSCRIBES_PER_CLIENT)
      throw tooManyRequests(
        NEWSLETTER_MSG.rateLimited,
        await perClient.ttl(byClient),
        NEWSLETTER_SUBSCRIBES_PER_CLIENT,
      );
    const byAddress = `a:${sha256(email)}`;
    if ((await address.hit(byAddress)) > NEWSLETTER_SUBSCRIBES_PER_ADDRESS)
      throw tooManyRequests(
        NEWSLETTER_MSG.rateLimited,
        await address.ttl(byAddress),
        NEWSLETTER_SUBSCRIBES_PER_ADDRESS,
      );
    const userId = user?.email && user.email.toLowerCase() === email ? user.id : null;
    const token = randomToken();
    const at = now.toISOString();
    const existing = await this.db
      .selectFrom('newsletter_subscribers')
      .select(['id', 'status'])
      .where('email', '=', email)
      .executeTakeFirst();
    if (existing?.status === 'confirmed') return NEWSLETTER_MSG.subscribed;
    if (existing) {
      await this.db
        .updateTable('newsletter_subscribers')
        .set({ confirm_hash: sha256(token), confirm_sent_at: at, ...(userId ? { user_id: userId } : {}) })
        .where('id', '=', existing.id)
        .where('status', '=', 'pending')
        .execute();
    } else {
      try {
        await this.db
          .insertInto('newsletter_subscribers')
          .values({
            email,
            user_id: userId,
            status: 'pending',
            confirm_hash: sha256(token),
            confirm_sent_at: at,
            created_at: at,
            confirmed_at: null,
          })
          .execute();
      } catch {
        return NEWSLETTER_MSG.subscribed; // the same address at the same moment: the other request mails
      }
    }
    const url = `${origin}/morgonbrevet/bekrafta?token=${encodeURIComponent(token)}`;
    await this.deps.mail.enqueue({
      to: email,
      subject: NEWSLETTER_MSG.confirmSubject,
      kind: 'newsletter-confirm',
      ...renderMail({
        heading: 'Bekräfta din prenumeration',
        paragraphs: [
          'Någon (förhoppningsvis du) vill få Morgonbrevet från Väggen till den här adressen: gårdagens mest lästa artiklar varje morgon klockan 07.00.',
          'Klicka på knappen för att bekräfta. Gör du inget får du inga brev.',
        ],
        button: { label: 'Bekräfta prenumerationen', url },
        note: `Länken gäller i ${NEWSLETTER_CONFIRM_DAYS} dagar och kan bara användas en gång.`,
      }),
    });
    return NEWSLETTER_MSG.subscribed;
  }

  /** Opens a confirmation link: once, within NEWSLETTER_CONFIRM_DAYS; else 404. */
  async confirm(token: string, now = new Date()): Promise<string> {
    const hash = sha256(token);
    const row = await this.db
      .selectFrom('newsletter_subscribers')
      .select(['id', 'confirm_sent_at'])
      .where('confirm_hash', '=', hash)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    const fresh =
      row?.confirm_sent_at && now.getTime() - Date.parse(row.confirm_sent_at) <= NEWSLETTER_CONFIRM_DAYS * DAY_MS;
    if (!row || !fresh) throw httpError(404, NEWSLETTER_MSG.badConfirmToken);
    const res = await this.db
      .updateTable('newsletter_subscribers')
      .set({ status: 'confirmed', confirm_hash: null, confirmed_at: now.toISOString() })
      .where('id', '=', row.id)
      .where('confirm_hash', '=', hash)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw httpError(404, NEWSLETTER_MSG.badConfirmToken);
    return NEWSLETTER_MSG.confirmed;
  }

  /** Addresses never confirmed are forgotten once their link has expired (job `newsletter-send`). */
  async purgeUnconfirmed(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - NEWSLETTER_CONFIRM_DAYS * DAY_MS).toISOString();
    const res = await this.db
      .deleteFrom('newsletter_subscribers')
      .where('status', '=', 'pending')
      .where('confirm_sent_at', '<', cutoff)
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  unsubscribeUrl(subscriberId: number): string {
    const token = signExpiringToken(this.deps.secret, TOKEN_PURPOSE, `nl.${subscriberId}`);
    return `${this.deps.siteUrl}/api/unsubscribe?token=${encodeURIComponent(token)}`;
  }

  /** One-click unsubscribe: the subscriber's row goes. A forged token is 404; a used one says the same as the first time. */
  async unsubscribe(token: string): Promise<string> {
    const read = verifyExpiringToken(this.deps.secret, TOKEN_PURPOSE, token, UNSUBSCRIBE_LINK_DAYS, {
      legacyUntil: Date.parse(UNSUBSCRIBE_LEGACY_UNTIL),
    });
    if (read === 'expired') throw httpError(410, NEWSLETTER_MSG.unsubscribeExpired);
    const m = read?.payload.match(/^nl\.(\d{1,10})$/);
    if (!m) throw httpError(404, NEWSLETTER_MSG.badUnsubscribeToken);
    await this.db.deleteFrom('newsletter_subscribers').where('id', '=', Number(m[1])).execute();
    return NEWSLETTER_MSG.unsubscribedNewsletter;
  }

  // ---- The daily issue ------------------------------------------------------------------------

  /** The issue of `now`'s morning: the previous day's most read, else the newest per category. */
  async buildIssue(now = new Date()): Promise<IssueContent> {
    const day = stockholmDay(now.getTime());
    const yesterday = stockholmDay(stockholmTime(day, 12).getTime() - DAY_MS);
    const dateSv = new Date(stockholmTime(day, 12)).toLocaleDateString('sv-SE', {
      timeZone: NEWSLETTER_TIME_ZONE,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
    });
    let source: IssueContent['source'] = 'most-read';
    // "most read" is reading: views alone (the sidebar's "hottest" also weighs comments)
    let list: ArticleSummary[] = await this.deps.mostRead.list(1, NEWSLETTER_MAX_ARTICLES, [], {
      commentWeight: 0,
      now: stockholmTime(yesterday, 12).getTime(),
    });
    if (list.length === 0) {
      source = 'newest';
      const since = stockholmTime(yesterday, 0).toISOString();
      const newest = async (opts: { since?: string }) =>
        (
          await Promise.all(
            CATEGORIES.map((category) => this.deps.articles.list({ category, limit: 1, offset: 0, ...opts })),
          )
        ).flat();
      list = await newest({ since });
      if (list.length === 0) list = await newest({});
      list.sort((a, b) => b.date.localeCompare(a.date));
    }
    return {
      subject: NEWSLETTER_MSG.issueSubject(dateSv),
      dateSv,
      source,
      articles: list.slice(0, NEWSLETTER_MAX_ARTICLES).map((a) => ({
        title: a.title,
        excerpt: a.excerpt ?? '',
        category: a.category,
        url: `${this.deps.siteUrl}/article/${a.slug}`,
      })),
    };
  }

  private render(c: IssueContent, unsubscribeUrl: string | undefined): RenderedMail {
    const html = c.articles
      .map(
        (a) => `<div style="margin:0 0 20px;padding:0 0 16px;border-bottom:1px solid #e3e0da">
<div style="font:bold 11px/1.4 Arial, Helvetica, sans-serif;color:#b91c1c;letter-spacing:1px">${escapeHtml(a.category)}</div>
<h2 style="margin:4px 0 6px;font:bold 20px/1.3 Georgia, 'Times New Roman', serif"><a href="${escapeHtml(a.url)}" style="color:#1a1a1a;text-decoration:none">${escapeHtml(a.title)}</a></h2>
<p style="margin:0 0 6px;font:15px/1.5 Arial, Helvetica, sans-serif;color:#333333">${escapeHtml(a.excerpt)}</p>
<a href="${escapeHtml(a.url)}" style="font:14px Arial, Helvetica, sans-serif;color:#b91c1c">Läs artikeln</a>
</div>`,
      )
      .join('\n');
    const text = c.articles.map((a, i) => `${i + 1}. ${a.title}\n${a.excerpt}\n${a.url}`).join('\n\n');
    return renderMail({
      heading: `God morgon! Det här är Morgonbrevet, ${c.dateSv}`,
      paragraphs: [c.source === 'most-read' ? 'Gårdagens mest lästa artiklar på Väggen:' : 'Det senaste från Väggen:'],
      blocks: c.articles.length ? [{ html, text }] : [],
      button: { label: 'Läs mer på Väggen', url: `${this.deps.siteUrl}/` },
      unsubscribeUrl,
      reason: unsubscribeUrl ? 'Du får det här brevet för att du prenumererar på Morgonbrevet.' : undefined,
    });
  }

  /**
   * The job `newsletter-send`: before 07:00 Stockholm nothing; from then on the day's issue is
   * recorded (once, whoever comes first) and queued batch by batch. Returns what this call queued.
   */
  async sendDue(now = new Date(), signal?: AbortSignal): Promise<{ day: string | null; queued: number }> {
    const { day, today } = sendTimes(now);
    if (now >= today) await this.recordIssue(day, now);
    let queued = 0;
    let lastDay: string | null = null;
    const open = await this.db
      .selectFrom('newsletter_issues')
      .select(['id', 'day'])
      .where('status', '=', 'sending')
      .orderBy('id')
      .execute();
    for (const issue of open) {
      lastDay = issue.day;
      queued += await this.queueIssue(issue.id, now, signal);
    }
    return { day: lastDay, queued };
  }

  /** Writes the day's issue row unless it exists (the unique `day` makes a second writer fail). */
  private async recordIssue(day: string, now: Date): Promise<boolean> {
    const exists = await this.db.selectFrom('newsletter_issues').select('id').where('day', '=', day).executeTakeFirst();
    if (exists) return false;
    const content = await this.buildIssue(now);
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('newsletter_issues')
          .values({
            day,
            status: 'sending',
            articles: content.articles.length,
            recipients: 0,
            last_id: 0,
            content: JSON.stringify(content),
            created_at: now.toISOString(),
            finished_at: null,
          })
          .execute();
      });
      return true;
    } catch {
      return false; // another process recorded it first
    }
  }

  private async queueIssue(issueId: number, now: Date, signal?: AbortSignal): Promise<number> {
    let queued = 0;
    for (;;) {
      if (signal?.aborted) return queued;
      const issue = await this.db
        .selectFrom('newsletter_issues')
        .select(['last_id', 'recipients', 'content', 'status', 'articles'])
        .where('id', '=', issueId)
        .executeTakeFirstOrThrow();
      if (issue.status !== 'sending') return queued;
      const batch =
        issue.articles === 0
          ? []
          : await this.db
              .selectFrom('newsletter_subscribers')
              .select(['id', 'email'])
              .where('status', '=', 'confirmed')
              .where('id', '>', issue.last_id)
              .orderBy('id')
              .limit(NEWSLETTER_BATCH)
              .execute();
      if (batch.length === 0) {
        await this.db
          .updateTable('newsletter_issues')
          .set({ status: 'sent', finished_at: now.toISOString() })
          .where('id', '=', issueId)
          .where('status', '=', 'sending')
          .execute();
        return queued;
      }
      // Claim the batch: only the caller whose UPDATE moves `last_id` from what it read queues it.
      // Claim and mails commit together: a crash between them cannot skip the batch.
      const lastId = Number(batch[batch.length - 1].id);
      const content = JSON.parse(issue.content) as IssueContent;
      const claimed = await this.db.transaction().execute(async (trx) => {
        const claim = await trx
          .updateTable('newsletter_issues')
          .set({ last_id: lastId, recipients: issue.recipients + batch.length })
          .where('id', '=', issueId)
          .where('last_id', '=', issue.last_id)
          .executeTakeFirst();
        if (Number(claim.numUpdatedRows) !== 1) return false;
        await this.deps.mail.enqueue(
          batch.map((s) => ({
            to: s.email,
            subject: content.subject,
            kind: 'newsletter',
            ...this.render(content, this.unsubscribeUrl(Number(s.id))),
          })),
          new Date(),
          trx,
        );
        return true;
      });
      if (!claimed) continue;
      this.deps.mail.nudge();
      queued += batch.length;
    }
  }

  // ---- Admin ----------------------------------------------------------------------------------

  /** "Skicka ett test till mig": today's issue to the admin's own address. */
  async sendTest(admin: User, now = new Date()): Promise<string> {
    if (!admin.email) throw httpError(400, NEWSLETTER_MSG.noAddress);
    const content = await this.buildIssue(now);
    const sub = await this.db
      .selectFrom('newsletter_subscribers')
      .select('id')
      .where('email', '=', admin.email.toLowerCase())
      .where('status', '=', 'confirmed')
      .executeTakeFirst();
    await this.deps.mail.enqueue({
      to: admin.email,
      subject: `[Test] ${content.subject}`,
      kind: 'newsletter-test',
      ...this.render(content, sub ? this.unsubscribeUrl(Number(sub.id)) : undefined),
    });
    return NEWSLETTER_MSG.testSent(admin.email);
  }

  async overview(now = new Date()): Promise<Omit<NewsletterOverview, 'mail'>> {
    const counts = await this.db
      .selectFrom('newsletter_subscribers')
      .select(['status', (eb) => eb.fn.countAll<string | number>().as('n')])
      .groupBy('status')
      .execute();
    const n = (s: string) => Number(counts.find((c) => c.status === s)?.n ?? 0);
    const issues = await this.db
      .selectFrom('newsletter_issues')
      .select(['day', 'status', 'articles', 'recipients', 'created_at', 'finished_at'])
      .orderBy('day', 'desc')
      .limit(14)
      .execute();
    return {
      confirmed: n('confirmed'),
      pending: n('pending'),
      next_send_at: sendTimes(now).next.toISOString(),
      issues: issues.map((i) => ({ ...i, articles: Number(i.articles), recipients: Number(i.recipients) })),
    };
  }

  async listSubscribers(after: number, status?: 'pending' | 'confirmed'): Promise<NewsletterSubscriberPage> {
    let q = this.db
      .selectFrom('newsletter_subscribers')
      .select(['id', 'email', 'status', 'user_id', 'created_at', 'confirmed_at'])
      .where('id', '>', after);
    if (status) q = q.where('status', '=', status);
    const rows = await q
      .orderBy('id')
      .limit(NEWSLETTER_PAGE_SIZE + 1)
      .execute();
    const items = rows.slice(0, NEWSLETTER_PAGE_SIZE).map((r) => ({
      id: Number(r.id),
      email: r.email,
      status: r.status,
      has_account: r.user_id !== null,
      created_at: r.created_at,
      confirmed_at: r.confirmed_at,
    }));
    return { items, next: rows.length > NEWSLETTER_PAGE_SIZE ? items[items.length - 1].id : null };
  }

  // ---- Readers' own data (GDPR) ---------------------------------------------------------------

  /** The person's subscriptions: by their account, or by the address of their account. */
  private byPerson(userId: number, email: string | null | undefined) {
    return this.db.selectFrom('newsletter_subscribers').where((eb) => {
      const either = [eb('user_id', '=', userId)];
      if (email) either.push(eb('email', '=', email.toLowerCase()));
      return eb.or(either);
    });
  }

  /** GDPR export: the person's subscriptions (address, status, when), by account or by its address. */
  async exportForUser(userId: number, email?: string | null) {
    const rows = await this.byPerson(userId, email)
      .select(['email', 'status', 'created_at', 'confirmed_at'])
      .orderBy('id')
      .execute();
    return rows;
  }

  async eraseForUser(userId: number, email?: string | null, trx: Db = this.db): Promise<void> {
    await trx
      .deleteFrom('newsletter_subscribers')
      .where((eb) => {
        const either = [eb('user_id', '=', userId)];
        if (email) either.push(eb('email', '=', email.toLowerCase()));
        return eb.or(either);
      })
      .execute();
  }
}
