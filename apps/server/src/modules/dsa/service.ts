import type {
  DsaAction,
  DsaAppealOutcome,
  DsaAppealPage,
  DsaGround,
  DsaNotice,
  DsaNoticeInput,
  DsaNoticePage,
  DsaReceipt,
  DsaStatement,
  TransparencyReport,
  User,
} from '@vaggen/contract';
import type { StatusChange } from '../comments/service.js';
import { DsaNotices } from './notices.js';
import type { DsaDeps } from './shared.js';
import { DsaStatements } from './statements.js';
import { transparencyReport } from './transparency.js';

export type { DsaDeps } from './shared.js';

/**
 * Issue 43: the Digital Services Act for our comments — the module's public front. A notice of
 * illegal content (Art. 16, `notices.ts`) gets a case number and a receipt; a moderator decides it
 * with the moderation tools; every removal or restriction of a comment — by a notice, a moderator's
 * own rejection, or readers' reports hiding it automatically — gives its commenter a stored
 * statement of reasons (Art. 17, `statements.ts`), which they may appeal within six months
 * (Art. 20), decided by another moderator; `transparency.ts` counts it all. Every step is in
 * moderation's audit log and told as `DsaCaseChanged`.
 */
export class DsaService {
  readonly notices: DsaNotices;
  readonly statements: DsaStatements;

  constructor(private readonly d: DsaDeps) {
    this.statements = new DsaStatements(d);
    this.notices = new DsaNotices(d, this.statements);
  }

  notice(input: DsaNoticeInput, ip: string): Promise<DsaReceipt> {
    return this.notices.notice(input, ip);
  }
  listNotices(q: { status: 'open' | 'decided'; cursor?: string; limit: number }): Promise<DsaNoticePage> {
    return this.notices.notices(q);
  }
  decide(
    id: number,
    input: { action: DsaAction; ground?: DsaGround | null; text: string },
    actor: User,
  ): Promise<DsaNotice> {
    return this.notices.decide(id, input, actor);
  }
  statementFor(change: StatusChange): Promise<void> {
    return this.statements.statementFor(change);
  }
  statementForCommenter(number: string, user: User | null, token: string | null | undefined): Promise<DsaStatement> {
    return this.statements.statementForCommenter(number, user, token);
  }
  appeal(input: { case_number: string; text: string; token?: string | null }, user: User | null) {
    return this.statements.appeal(input, user);
  }
  appeals(q: { status: 'open' | 'decided'; cursor?: string; limit: number }): Promise<DsaAppealPage> {
    return this.statements.appeals(q);
  }
  decideAppeal(id: number, input: { outcome: DsaAppealOutcome; text: string }, actor: User): Promise<DsaStatement> {
    return this.statements.decideAppeal(id, input, actor);
  }
  transparency(fromDay: string, toDay: string): Promise<TransparencyReport> {
    return transparencyReport(this.d.db, fromDay, toDay);
  }
}
