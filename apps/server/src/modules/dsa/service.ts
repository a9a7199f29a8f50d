import { randomBytes } from 'node:crypto';
import {
  DSA_ACTION_LABELS,
  DSA_APPEAL_MONTHS,
  DSA_APPEAL_OUTCOME_LABELS,
  DSA_APPEAL_PATH,
  DSA_GROUND_LABELS,
  DSA_KIND_LABELS,
  DSA_KINDS,
  DSA_MSG,
  DSA_NOTICES_PER_HOUR,
  type DsaAction,
  type DsaAppealOutcome,
  type DsaAppealPage,
  type DsaGround,
  type DsaKind,
  type DsaNotice,
  type DsaNoticeInput,
  type DsaNoticePage,
  type DsaReceipt,
  type DsaStatement,
  isAdmin,
  type TransparencyReport,
  type User,
} from '@vaggen/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import type { DsaNoticesTable, DsaStatementsTable } from '../../db/schema.js';
import { httpError, tooManyRequests } from '../../lib/http-errors.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import { signToken, verifyToken } from '../../lib/signed-token.js';
import type { ArticlesService } from '../articles/service.js';
import type { CommentsService, StatusChange } from '../comments/service.js';
import { type MailService, renderMail } from '../mail/service.js';
import type { ModerationService } from '../moderation/service.js';
import type { NotificationsService } from '../notifications/service.js';

type NoticeRow = Selectable<DsaNoticesTable>;
type StatementRow = Selectable<DsaStatementsTable>;

const TOKEN_PURPOSE = 'dsa-appeal';
const EXCERPT = 300;
const HOUR_MS = 3_600_000;

export interface DsaDeps {
  db: Db;
  mail: MailService;
  notifications: NotificationsService;
  comments: CommentsService;
  articles: ArticlesService;
  moderation: ModerationService;
  secret: Buffer;
  /** Links in mails (no request to take the host from: statements go out after commit). */
  siteUrl: string;
  limiter: RateLimiter;
}

const caseNumber = (prefix: 'DSA' | 'BES', at: string) =>
  `${prefix}-${at.slice(0, 4)}-${randomBytes(5).toString('hex').toUpperCase()}`;

/** An address on this site naming an article (`/article/<slug>`, `/articles/<id>`) and maybe a comment (`#comment-<id>`). */
export function parseContentUrl(
  raw: string,
  siteUrl: string,
): { slug?: string; id?: number; commentId?: number } | null {
  let url: URL;
  try {
    url = new URL(raw, siteUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const comment = /^#comment-(\d{1,10})$/.exec(url.hash);
  const commentId = comment ? Number(comment[1]) : undefined;
  const bySlug = /^\/article\/([^/]{1,300})\/?$/.exec(url.pathname);
  if (bySlug) {
    try {
      return { slug: decodeURIComponent(bySlug[1] as string), commentId };
    } catch {
      return null;
    }
  }
  const byId = /^\/articles\/(\d{1,10})\/?$/.exec(url.pathname);
  if (byId) return { id: Number(byId[1]), commentId };
  return null;
}

/**
 * Issue 43: the Digital Services Act for our comments. A notice of illegal content (Art. 16) gets a
 * case number and a receipt; a moderator decides it with the moderation tools; every removal or
 * restriction of a comment — by a notice, a moderator's own rejection, or readers' reports hiding it
 * automatically — gives its commenter a stored statement of reasons (Art. 17), which they may appeal
 * within six months (Art. 20), decided by another moderator. Every step is in moderation's audit log.
 */
export class DsaService {
  constructor(private readonly d: DsaDeps) {}

  // ---------------------------------------------------------------- notices (Art. 16)
  async notice(input: DsaNoticeInput, ip: string): Promise<DsaReceipt> {
    if ((await this.d.limiter.count(ip)) >= DSA_NOTICES_PER_HOUR)
      throw tooManyRequests(DSA_MSG.tooMany, await this.d.limiter.ttl(ip), DSA_NOTICES_PER_HOUR);
    const target = await this.resolve(input.url);
    if (!target) throw httpError(400, DSA_MSG.urlInvalid);
    await this.d.limiter.hit(ip);
    const now = nowIso();
    const number = caseNumber('DSA', now);
    await this.d.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('dsa_notices')
        .values({
          case_number: number,
          url: input.url,
          kind: input.kind,
          explanation: input.explanation,
          name: input.name,
          email: input.email,
          comment_id: target.commentId,
          article_id: target.articleId,
          created_at: now,
          status: 'open',
          action: null,
          ground: null,
          decision_text: null,
          decided_at: null,
          decide_seconds: null,
          decided_by: null,
          decided_by_name: null,
          statement_id: null,
        })
        .execute();
      await this.d.moderation.recordAudit(
        'dsa-notice',
        null,
        {
          commentId: target.commentId,
          articleId: target.articleId,
          detail: `${number}: ${DSA_KIND_LABELS[input.kind]}`,
        },
        trx,
      );
      if (input.email)
        await this.d.mail.enqueue(
          {
            to: input.email,
            subject: `Vi har tagit emot din anmälan (${number})`,
            kind: 'dsa',
            ...renderMail({
              heading: 'Din anmälan har tagits emot',
              paragraphs: [
                `Tack för din anmälan om olagligt innehåll. Ärendenummer: ${number}.`,
                `Det gäller: ${input.url}`,
                `Vad du anmälde: ${DSA_KIND_LABELS[input.kind]}.`,
                'En moderator prövar anmälan så snart som möjligt. Du får ett mejl med beslutet och skälen för det.',
              ],
            }),
          },
          new Date(),
          trx,
        );
    });
    return { case_number: number, msg: DSA_MSG.received(number) };
  }

  /** What an address points at: the article (readers may see it) and the comment on it, if any. */
  private async resolve(raw: string): Promise<{ articleId: number; commentId: number | null } | null> {
    const parsed = parseContentUrl(raw, this.d.siteUrl);
    if (!parsed) return null;
    let articleId: number | null = null;
    if (parsed.slug !== undefined) {
      const found = await this.d.articles.getBySlug(parsed.slug);
      if (found && 'article' in found) articleId = found.article.id;
    } else if (parsed.id !== undefined) {
      articleId = (await this.d.articles.getById(parsed.id))?.id ?? null;
    }
    if (articleId === null) return null;
    if (parsed.commentId === undefined) return { articleId, commentId: null };
    const c = (await this.d.comments.getForModeration([parsed.commentId])).get(parsed.commentId);
    if (!c || c.articleId !== articleId) return null;
    return { articleId, commentId: parsed.commentId };
  }

  async notices(q: { status: 'open' | 'decided'; cursor?: string; limit: number }): Promise<DsaNoticePage> {
    // open: oldest first (first in, first decided); decided: newest first
    const open = q.status === 'open';
    let query = this.d.db
      .selectFrom('dsa_notices')
      .selectAll()
      .where('status', '=', q.status)
      .orderBy('id', open ? 'asc' : 'desc')
      .limit(q.limit + 1);
    if (q.cursor) query = query.where('id', open ? '>' : '<', Number(q.cursor));
    const rows = await query.execute();
    const page = rows.slice(0, q.limit);
    const items = await this.noticeViews(page);
    const last = page.at(-1);
    return { items, next_cursor: rows.length > q.limit && last ? String(last.id) : null };
  }

  private async noticeViews(rows: NoticeRow[]): Promise<DsaNotice[]> {
    const commentIds = rows.map((r) => r.comment_id).filter((id): id is number => id !== null);
    const articleIds = [...new Set(rows.map((r) => r.article_id).filter((id): id is number => id !== null))];
    const [comments, articles] = await Promise.all([
      this.d.comments.getForModeration(commentIds.map(Number)),
      this.d.articles.refsFor(articleIds.map(Number)),
    ]);
    return rows.map((r) => {
      const c = r.comment_id === null ? undefined : comments.get(Number(r.comment_id));
      const a = r.article_id === null ? undefined : articles.get(Number(r.article_id));
      return {
        id: Number(r.id),
        case_number: r.case_number,
        url: r.url,
        kind: r.kind as DsaKind,
        explanation: r.explanation,
        name: r.name,
        email: r.email,
        created_at: r.created_at,
        comment: c ? { id: c.comment.id, name: c.name, content: c.comment.content, status: c.status } : null,
        article: a ? { id: a.id, title: a.title, url: `/article/${a.slug}` } : null,
        decision:
          r.status === 'decided' && r.action && r.decided_at
            ? {
                action: r.action as DsaAction,
                ground: (r.ground as DsaGround | null) ?? null,
                text: r.decision_text ?? '',
                decided_at: r.decided_at,
                decided_by: r.decided_by_name,
              }
            : null,
      };
    });
  }

  /**
   * A moderator decides a notice. A removal of a comment goes through moderation's rejection (the
   * comment is hidden from readers, the queue and audit log follow), which tells CommentStatusChanged:
   * the statement of reasons is made there (`statementFor`) with this decision's ground and text.
   */
  async decide(
    id: number,
    input: { action: DsaAction; ground?: DsaGround | null; text: string },
    actor: User,
  ): Promise<DsaNotice> {
    const row = await this.d.db.selectFrom('dsa_notices').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw httpError(404, DSA_MSG.noticeNotFound);
    if (row.status !== 'open') throw httpError(409, DSA_MSG.alreadyDecided);
    if (input.action === 'removed' && row.comment_id === null)
      throw httpError(
        409,
        'En artikel tas inte bort här: den är redaktionellt innehåll som ansvarig utgivare svarar för (rätta eller avpublicera den i redaktionen).',
      );
    const now = nowIso();
    const seconds = Math.max(0, Math.round((Date.parse(now) - Date.parse(row.created_at)) / 1000));
    await this.d.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('dsa_notices')
        .set({
          status: 'decided',
          action: input.action,
          ground: input.action === 'removed' ? (input.ground ?? 'illegal') : null,
          decision_text: input.text,
          decided_at: now,
          decide_seconds: seconds,
          decided_by: actor.id,
          decided_by_name: actor.full_name || actor.username,
        })
        .where('id', '=', id)
        .execute();
      await this.d.moderation.recordAudit(
        'dsa-decision',
        actor.id,
        {
          commentId: row.comment_id,
          articleId: row.article_id,
          detail: `${row.case_number}: ${DSA_ACTION_LABELS[input.action]}`,
        },
        trx,
      );
    });
    if (input.action === 'removed' && row.comment_id !== null) {
      const commentId = Number(row.comment_id);
      const status = (await this.d.comments.statusOf(commentId))?.status ?? null;
      if (status === 'rejected') {
        // already removed (e.g. by the queue): the notice's statement is made here
        const c = (await this.d.comments.getForModeration([commentId])).get(commentId);
        if (c)
          await this.statementFor({
            commentId,
            articleId: c.articleId,
            from: 'rejected',
            to: 'rejected',
            why: {
              reason: input.text,
              actorId: actor.id,
              actorName: actor.full_name || actor.username,
              automated: false,
            },
          });
      } else if (status !== null) {
        await this.d.moderation.reject(commentId, input.text, actor).catch((err: { statusCode?: number }) => {
          // deleted meanwhile (by its author, or an erased account): nothing left to remove
          if (err.statusCode !== 404) throw err;
        });
      }
    }
    if (row.email) {
      await this.d.mail.enqueue({
        to: row.email,
        subject: `Beslut om din anmälan (${row.case_number})`,
        kind: 'dsa',
        ...renderMail({
          heading: 'Beslut om din anmälan',
          paragraphs: [
            `Vi har prövat din anmälan med ärendenummer ${row.case_number}.`,
            `Beslut: ${DSA_ACTION_LABELS[input.action]}.`,
            ...(input.action === 'removed' ? [`Grund: ${DSA_GROUND_LABELS[input.ground ?? 'illegal']}.`] : []),
            `Motivering: ${input.text}`,
            'Beslutet fattades av en moderator (inte av ett automatiskt system).',
          ],
        }),
      });
    }
    const [view] = await this.noticeViews([
      (await this.d.db
        .selectFrom('dsa_notices')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow()) as NoticeRow,
    ]);
    return view as DsaNotice;
  }

  // ---------------------------------------------------------------- statements of reasons (Art. 17)
  /**
   * A comment was removed or hidden: its commenter gets a statement of reasons, stored, in their
   * notifications (an account) or by mail (a visitor). After commit, from the outbox: idempotent
   * (a comment's removal has one statement until an appeal reverses it).
   */
  async statementFor(change: StatusChange): Promise<void> {
    if (change.to !== 'rejected' && change.to !== 'hidden') return;
    const action = change.to === 'rejected' ? 'removed' : 'hidden';
    const latest = await this.d.db
      .selectFrom('dsa_statements')
      .select(['action', 'appeal_outcome'])
      .where('comment_id', '=', change.commentId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (latest && latest.action === action && latest.appeal_outcome !== 'reversed') return;
    const c = (await this.d.comments.getForModeration([change.commentId])).get(change.commentId);
    if (!c) return;
    const notice = await this.d.db
      .selectFrom('dsa_notices')
      .selectAll()
      .where('comment_id', '=', change.commentId)
      .where('status', '=', 'decided')
      .where('action', '=', 'removed')
      .where('statement_id', 'is', null)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const why = change.why;
    const automated = why?.automated ?? false;
    const ground: DsaGround = notice && action === 'removed' ? ((notice.ground as DsaGround) ?? 'illegal') : 'terms';
    const facts =
      (notice && action === 'removed' ? notice.decision_text : null) ??
      why?.reason ??
      'Kommentaren bröt mot Väggens regler för kommentarer.';
    const now = nowIso();
    const until = new Date(now);
    until.setUTCMonth(until.getUTCMonth() + DSA_APPEAL_MONTHS);
    const number = caseNumber('BES', now);
    const decidedBy = notice && action === 'removed' ? notice.decided_by : (why?.actorId ?? null);
    const decidedByName = notice && action === 'removed' ? notice.decided_by_name : (why?.actorName ?? null);
    const excerpt = c.comment.content.slice(0, EXCERPT);
    const recipientUser = c.authorId;
    const recipientEmail = recipientUser === null ? c.email : null;
    await this.d.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('dsa_statements')
        .values({
          case_number: number,
          comment_id: change.commentId,
          notice_id: notice ? Number(notice.id) : null,
          action,
          ground,
          facts,
          automated: automated ? 1 : 0,
          comment_excerpt: excerpt,
          recipient_user_id: recipientUser,
          recipient_email: recipientEmail,
          created_at: now,
          appeal_until: until.toISOString(),
          decided_by: decidedBy,
          decided_by_name: decidedByName,
          appeal_text: null,
          appealed_at: null,
          appeal_status: null,
          appeal_outcome: null,
          appeal_outcome_text: null,
          appeal_decided_at: null,
          appeal_decided_by: null,
          appeal_decided_by_name: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (notice)
        await trx
          .updateTable('dsa_notices')
          .set({ statement_id: Number(inserted.id) })
          .where('id', '=', Number(notice.id))
          .execute();
      await this.d.moderation.recordAudit(
        'dsa-statement',
        decidedBy === null ? null : Number(decidedBy),
        {
          commentId: change.commentId,
          articleId: change.articleId,
          detail: `${number}${automated ? ' (automatiskt)' : ''}`,
        },
        trx,
      );
      const what = action === 'removed' ? 'har tagits bort' : 'har dolts i väntan på granskning';
      const appealUrl = `${DSA_APPEAL_PATH}?arende=${encodeURIComponent(number)}`;
      const paragraphs = [
        `Din kommentar ”${excerpt}” ${what}. Ärendenummer: ${number}.`,
        `Grund: ${DSA_GROUND_LABELS[ground]}.`,
        `Skäl: ${facts}`,
        automated
          ? 'Beslutet fattades automatiskt: kommentaren doldes när tillräckligt många läsare hade anmält den. En moderator prövar den.'
          : 'Beslutet fattades av en moderator, utan automatiska verktyg.',
        `Du kan överklaga beslutet till och med ${until.toISOString().slice(0, 10)}. En annan moderator prövar din överklagan.`,
      ];
      if (recipientUser !== null) {
        await this.d.notifications.notify(
          [recipientUser],
          {
            type: 'other',
            title: action === 'removed' ? 'Din kommentar har tagits bort' : 'Din kommentar har dolts',
            message: paragraphs.join(' '),
            actionUrl: appealUrl,
            articleId: change.articleId,
          },
          trx,
        );
      } else if (recipientEmail) {
        const token = signToken(this.d.secret, TOKEN_PURPOSE, number);
        await this.d.mail.enqueue(
          {
            to: recipientEmail,
            subject: `Din kommentar på Väggen ${what} (${number})`,
            kind: 'dsa',
            ...renderMail({
              heading: action === 'removed' ? 'Din kommentar har tagits bort' : 'Din kommentar har dolts',
              paragraphs,
              button: {
                label: 'Överklaga beslutet',
                url: `${this.d.siteUrl}${appealUrl}&token=${encodeURIComponent(token)}`,
              },
            }),
          },
          new Date(),
          trx,
        );
      }
    });
  }

  /** A statement its commenter may read (and appeal): theirs by account, or by the mail's token. */
  async statementForCommenter(
    number: string,
    user: User | null,
    token: string | null | undefined,
  ): Promise<DsaStatement> {
    const row = await this.ownStatement(number, user, token);
    return statementView(row);
  }

  private async ownStatement(
    number: string,
    user: User | null,
    token: string | null | undefined,
  ): Promise<StatementRow> {
    const row = await this.d.db
      .selectFrom('dsa_statements')
      .selectAll()
      .where('case_number', '=', number)
      .executeTakeFirst();
    const byAccount = row && user && row.recipient_user_id !== null && Number(row.recipient_user_id) === user.id;
    const byToken = row && token && verifyToken(this.d.secret, TOKEN_PURPOSE, token) === number;
    if (!row || !(byAccount || byToken)) throw httpError(404, DSA_MSG.caseNotFound);
    return row;
  }

  // ---------------------------------------------------------------- appeals (Art. 20)
  async appeal(input: { case_number: string; text: string; token?: string | null }, user: User | null) {
    const row = await this.ownStatement(input.case_number, user, input.token);
    if (row.appeal_status !== null) throw httpError(409, DSA_MSG.appealAlready);
    if (Date.parse(row.appeal_until) < Date.now()) throw httpError(409, DSA_MSG.appealTooLate);
    await this.d.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('dsa_statements')
        .set({ appeal_text: input.text, appealed_at: nowIso(), appeal_status: 'open' })
        .where('id', '=', Number(row.id))
        .where('appeal_status', 'is', null)
        .execute();
      await this.d.moderation.recordAudit(
        'dsa-appeal',
        user?.id ?? null,
        { commentId: Number(row.comment_id), detail: row.case_number },
        trx,
      );
    });
    return { msg: DSA_MSG.appealReceived };
  }

  async appeals(q: { status: 'open' | 'decided'; cursor?: string; limit: number }): Promise<DsaAppealPage> {
    const open = q.status === 'open';
    let query = this.d.db
      .selectFrom('dsa_statements')
      .selectAll()
      .where('appeal_status', '=', q.status)
      .orderBy('id', open ? 'asc' : 'desc')
      .limit(q.limit + 1);
    if (q.cursor) query = query.where('id', open ? '>' : '<', Number(q.cursor));
    const rows = await query.execute();
    const page = rows.slice(0, q.limit);
    const last = page.at(-1);
    return { items: page.map(statementView), next_cursor: rows.length > q.limit && last ? String(last.id) : null };
  }

  /** Another moderator than the one who decided settles an appeal; a reversal shows the comment again. */
  async decideAppeal(
    id: number,
    input: { outcome: DsaAppealOutcome; text: string },
    actor: User,
  ): Promise<DsaStatement> {
    const row = await this.d.db.selectFrom('dsa_statements').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || row.appeal_status === null) throw httpError(404, DSA_MSG.caseNotFound);
    if (row.appeal_status !== 'open') throw httpError(409, DSA_MSG.appealNotOpen);
    if (row.decided_by !== null && Number(row.decided_by) === actor.id)
      throw httpError(403, DSA_MSG.appealSameModerator);
    if (!isAdmin(actor)) throw httpError(403, DSA_MSG.appealSameModerator);
    const now = nowIso();
    await this.d.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('dsa_statements')
        .set({
          appeal_status: 'decided',
          appeal_outcome: input.outcome,
          appeal_outcome_text: input.text,
          appeal_decided_at: now,
          appeal_decided_by: actor.id,
          appeal_decided_by_name: actor.full_name || actor.username,
        })
        .where('id', '=', id)
        .execute();
      await this.d.moderation.recordAudit(
        'dsa-appeal-decision',
        actor.id,
        {
          commentId: Number(row.comment_id),
          detail: `${row.case_number}: ${DSA_APPEAL_OUTCOME_LABELS[input.outcome]}`,
        },
        trx,
      );
      const paragraphs = [
        `Din överklagan i ärende ${row.case_number} är prövad av en annan moderator.`,
        `Utfall: ${DSA_APPEAL_OUTCOME_LABELS[input.outcome]}.`,
        `Motivering: ${input.text}`,
      ];
      if (row.recipient_user_id !== null)
        await this.d.notifications.notify(
          [Number(row.recipient_user_id)],
          {
            type: 'other',
            title: 'Din överklagan är prövad',
            message: paragraphs.join(' '),
            actionUrl: '/notifications',
          },
          trx,
        );
      else if (row.recipient_email)
        await this.d.mail.enqueue(
          {
            to: row.recipient_email,
            subject: `Din överklagan är prövad (${row.case_number})`,
            kind: 'dsa',
            ...renderMail({ heading: 'Din överklagan är prövad', paragraphs }),
          },
          new Date(),
          trx,
        );
    });
    if (input.outcome === 'reversed') {
      try {
        await this.d.moderation.approve(Number(row.comment_id), actor);
      } catch (err) {
        // the comment was deleted since (by its author or an erased account): nothing to show again
        if ((err as { statusCode?: number }).statusCode !== 404) throw err;
      }
    }
    return statementView(
      (await this.d.db
        .selectFrom('dsa_statements')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow()) as StatementRow,
    );
  }

  // ---------------------------------------------------------------- the transparency report (Art. 15/24)
  async transparency(fromDay: string, toDay: string): Promise<TransparencyReport> {
    const from = `${fromDay}T00:00:00.000Z`;
    const end = new Date(`${toDay}T00:00:00.000Z`);
    if (Number.isNaN(end.getTime()) || Number.isNaN(Date.parse(from))) throw httpError(400, DSA_MSG.transparencyRange);
    end.setUTCDate(end.getUTCDate() + 1);
    const to = end.toISOString();
    if (from >= to || Date.parse(to) - Date.parse(from) > 5 * 366 * 24 * HOUR_MS)
      throw httpError(400, DSA_MSG.transparencyRange);
    const db = this.d.db;
    const [byKind, byOutcome, decided, statements, appeals] = await Promise.all([
      db
        .selectFrom('dsa_notices')
        .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .groupBy('kind')
        .execute(),
      db
        .selectFrom('dsa_notices')
        .select(['status', 'action', (eb) => eb.fn.countAll<number>().as('n')])
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .groupBy(['status', 'action'])
        .execute(),
      db
        .selectFrom('dsa_notices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('decided_at', '>=', from)
        .where('decided_at', '<', to)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('dsa_statements')
        .select(['automated', (eb) => eb.fn.countAll<number>().as('n')])
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .groupBy('automated')
        .execute(),
      db
        .selectFrom('dsa_statements')
        .select(['appeal_status', 'appeal_outcome', (eb) => eb.fn.countAll<number>().as('n')])
        .where('appealed_at', '>=', from)
        .where('appealed_at', '<', to)
        .groupBy(['appeal_status', 'appeal_outcome'])
        .execute(),
    ]);
    // The median without reading every row: the middle one or two of the period's decisions by time.
    const n = Number(decided.n);
    let median: number | null = null;
    if (n > 0) {
      const middle = await db
        .selectFrom('dsa_notices')
        .select('decide_seconds')
        .where('decided_at', '>=', from)
        .where('decided_at', '<', to)
        .orderBy('decide_seconds')
        .limit(n % 2 === 0 ? 2 : 1)
        .offset(Math.floor((n - 1) / 2))
        .execute();
      const secs = middle.map((r) => Number(r.decide_seconds ?? 0));
      median = Math.round((secs.reduce((a, b) => a + b, 0) / secs.length / 3600) * 10) / 10;
    }
    const kindCount = new Map(byKind.map((r) => [r.kind, Number(r.n)]));
    const sum = (rows: { n: number | string }[]) => rows.reduce((a, r) => a + Number(r.n), 0);
    return {
      from: fromDay,
      to: toDay,
      notices: {
        total: sum(byKind),
        by_kind: DSA_KINDS.map((kind) => ({ kind, label: DSA_KIND_LABELS[kind], count: kindCount.get(kind) ?? 0 })),
        removed: sum(byOutcome.filter((r) => r.action === 'removed')),
        no_action: sum(byOutcome.filter((r) => r.action === 'no_action')),
        open: sum(byOutcome.filter((r) => r.status === 'open')),
        median_hours_to_decide: median,
      },
      statements: {
        total: sum(statements),
        automated: sum(statements.filter((r) => Number(r.automated) === 1)),
      },
      appeals: {
        total: sum(appeals),
        upheld: sum(appeals.filter((r) => r.appeal_outcome === 'upheld')),
        reversed: sum(appeals.filter((r) => r.appeal_outcome === 'reversed')),
        open: sum(appeals.filter((r) => r.appeal_status === 'open')),
      },
    };
  }
}

function statementView(r: StatementRow): DsaStatement {
  return {
    id: Number(r.id),
    case_number: r.case_number,
    comment_id: Number(r.comment_id),
    comment_excerpt: r.comment_excerpt,
    action: r.action as 'removed' | 'hidden',
    ground: r.ground as DsaGround,
    facts: r.facts,
    automated: Number(r.automated) === 1,
    created_at: r.created_at,
    appeal_until: r.appeal_until,
    decided_by: r.decided_by_name,
    appeal:
      r.appeal_status === null || r.appeal_text === null || r.appealed_at === null
        ? null
        : {
            text: r.appeal_text,
            appealed_at: r.appealed_at,
            outcome: (r.appeal_outcome as DsaAppealOutcome | null) ?? null,
            outcome_text: r.appeal_outcome_text,
            decided_at: r.appeal_decided_at,
            decided_by: r.appeal_decided_by_name,
          },
  };
}
