import {
  DSA_ACTION_LABELS,
  DSA_GROUND_LABELS,
  DSA_KIND_LABELS,
  DSA_MSG,
  DSA_NOTICES_PER_HOUR,
  type DsaAction,
  type DsaGround,
  type DsaKind,
  type DsaNotice,
  type DsaNoticeInput,
  type DsaNoticePage,
  type DsaReceipt,
  displayName,
  type User,
} from '@vaggen/contract';
import { nowIso } from '../../db/index.js';
import { httpError, tooManyRequests } from '../../lib/http-errors.js';
import { caseNumber, casePage } from '../../lib/id-page.js';
import { renderMail } from '../mail/service.js';
import { DsaCaseChanged } from './events.js';
import { type DsaDeps, type NoticeRow, parseContentUrl } from './shared.js';
import type { DsaStatements } from './statements.js';

/** Notices of illegal content (DSA Art. 16) and the moderator's decision on each (issue 43). */
export class DsaNotices {
  constructor(
    private readonly d: DsaDeps,
    private readonly statements: DsaStatements,
  ) {}

  // ---------------------------------------------------------------- notices (Art. 16)
  async notice(input: DsaNoticeInput, ip: string): Promise<DsaReceipt> {
    if ((await this.d.limiter.count(ip)) >= DSA_NOTICES_PER_HOUR)
      throw tooManyRequests(DSA_MSG.tooMany, await this.d.limiter.ttl(ip), DSA_NOTICES_PER_HOUR);
    const target = await this.resolve(input.url);
    if (!target) throw httpError(400, DSA_MSG.urlInvalid);
    await this.d.limiter.hit(ip);
    const now = nowIso();
    const number = caseNumber('DSA', now);
    await this.d.events.transaction(async (trx) => {
      await this.d.events.emit(trx, DsaCaseChanged({ kind: 'notice' }));
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
    this.d.mail.nudge();
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
    const { page, next_cursor } = await casePage(
      this.d.db.selectFrom('dsa_notices').selectAll().where('status', '=', q.status),
      q,
    );
    return { items: await this.noticeViews(page), next_cursor };
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
    await this.d.events.transaction(async (trx) => {
      await this.d.events.emit(trx, DsaCaseChanged({ kind: 'decision' }));
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
          decided_by_name: displayName(actor),
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
    this.d.mail.nudge();
    if (input.action === 'removed' && row.comment_id !== null) {
      const commentId = Number(row.comment_id);
      const status = (await this.d.comments.statusOf(commentId))?.status ?? null;
      if (status === 'rejected') {
        // already removed (e.g. by the queue): the notice's statement is made here
        const c = (await this.d.comments.getForModeration([commentId])).get(commentId);
        if (c)
          await this.statements.statementFor({
            commentId,
            articleId: c.articleId,
            from: 'rejected',
            to: 'rejected',
            why: {
              reason: input.text,
              actorId: actor.id,
              actorName: displayName(actor),
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
}
