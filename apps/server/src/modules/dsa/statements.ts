import {
  DSA_APPEAL_MONTHS,
  DSA_APPEAL_OUTCOME_LABELS,
  DSA_APPEAL_PATH,
  DSA_GROUND_LABELS,
  DSA_MSG,
  type DsaAppealOutcome,
  type DsaAppealPage,
  type DsaGround,
  type DsaStatement,
  displayName,
  isAdmin,
  type User,
} from '@vaggen/contract';
import { nowIso } from '../../db/index.js';
import { httpError } from '../../lib/http-errors.js';
import { caseNumber, casePage } from '../../lib/id-page.js';
import { signToken, verifyToken } from '../../lib/signed-token.js';
import type { StatusChange } from '../comments/service.js';
import { renderMail } from '../mail/service.js';
import { DsaCaseChanged } from './events.js';
import { type DsaDeps, EXCERPT, type StatementRow, TOKEN_PURPOSE } from './shared.js';

/** Statements of reasons (DSA Art. 17) and their appeals (Art. 20), issue 43. */
export class DsaStatements {
  constructor(private readonly d: DsaDeps) {}

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
    await this.d.events.transaction(async (trx) => {
      await this.d.events.emit(trx, DsaCaseChanged({ kind: 'statement' }));
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
    this.d.mail.nudge();
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
    await this.d.events.transaction(async (trx) => {
      await this.d.events.emit(trx, DsaCaseChanged({ kind: 'appeal' }));
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
    this.d.mail.nudge();
    return { msg: DSA_MSG.appealReceived };
  }

  async appeals(q: { status: 'open' | 'decided'; cursor?: string; limit: number }): Promise<DsaAppealPage> {
    const { page, next_cursor } = await casePage(
      this.d.db.selectFrom('dsa_statements').selectAll().where('appeal_status', '=', q.status),
      q,
    );
    return { items: page.map(statementView), next_cursor };
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
    await this.d.events.transaction(async (trx) => {
      await this.d.events.emit(trx, DsaCaseChanged({ kind: 'appeal-decision' }));
      await trx
        .updateTable('dsa_statements')
        .set({
          appeal_status: 'decided',
          appeal_outcome: input.outcome,
          appeal_outcome_text: input.text,
          appeal_decided_at: now,
          appeal_decided_by: actor.id,
          appeal_decided_by_name: displayName(actor),
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
    this.d.mail.nudge();
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
