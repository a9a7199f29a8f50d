import { randomBytes } from 'node:crypto';
import {
  STAFF_INVITATION_DAYS,
  STAFF_INVITATION_PATH,
  STAFF_INVITATION_ROLE_LABEL,
  STAFF_INVITATIONS_LIST_MAX,
  STAFF_INVITATIONS_PER_DAY,
  STAFF_TEXT,
  type StaffInvitation,
  type StaffInvitationInput,
  type StaffInvitationPreview,
  type StaffInvitationRole,
} from '@vaggen/contract';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { httpError } from '../../lib/http-errors.js';
import { sha256 } from '../../lib/secret.js';
import { type MailService, renderMail } from '../mail/service.js';
import type { UsersService } from '../users/service.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Issue 41: admins invite staff by e-mail with a preset role. The mail's link holds a random token
 * (only its hash is stored); opened by someone logged in, it gives their account the role through
 * the users module (which ends their sessions, as any role change does) and is used up.
 */
export class StaffInvitationsService {
  constructor(
    private readonly db: Db,
    private readonly users: UsersService,
    private readonly mail: MailService,
  ) {}

  /** The open invitations (not used, not expired), newest first, bounded. */
  async listOpen(now = nowIso()): Promise<StaffInvitation[]> {
    const rows = await this.db
      .selectFrom('staff_invitations')
      .select(['id', 'email', 'role', 'invited_by_name', 'created_at', 'expires_at'])
      .where('accepted_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('id', 'desc')
      .limit(STAFF_INVITATIONS_LIST_MAX)
      .execute();
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }

  async invite(
    admin: { id: number; name: string },
    input: StaffInvitationInput,
    linkBase: string,
  ): Promise<StaffInvitation> {
    const now = new Date();
    const at = now.toISOString();
    const sentToday = await this.db
      .selectFrom('staff_invitations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('invited_by', '=', admin.id)
      .where('created_at', '>', new Date(now.getTime() - DAY_MS).toISOString())
      .executeTakeFirst();
    if (Number(sentToday?.n ?? 0) >= STAFF_INVITATIONS_PER_DAY) throw httpError(429, STAFF_TEXT.tooMany);
    const pending = await this.db
      .selectFrom('staff_invitations')
      .select('id')
      .where('email', '=', input.email)
      .where('accepted_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    if (pending) throw httpError(409, STAFF_TEXT.alreadyPending);
    const token = randomBytes(24).toString('base64url');
    const expires_at = new Date(now.getTime() + STAFF_INVITATION_DAYS * DAY_MS).toISOString();
    const url = `${linkBase}${STAFF_INVITATION_PATH}?token=${encodeURIComponent(token)}`;
    const role = STAFF_INVITATION_ROLE_LABEL[input.role];
    const id = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('staff_invitations')
        .values({
          email: input.email,
          role: input.role,
          token_hash: sha256(token),
          invited_by: admin.id,
          invited_by_name: admin.name,
          created_at: at,
          expires_at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.mail.enqueue(
        {
          to: input.email,
          subject: STAFF_TEXT.mailSubject,
          kind: 'staff-invitation',
          ...renderMail({
            heading: STAFF_TEXT.acceptHeading,
            paragraphs: [
              STAFF_TEXT.acceptIntro(role, admin.name),
              'Klicka på knappen, logga in med ditt konto eller skapa ett nytt, och tacka ja.',
            ],
            button: { label: 'Öppna inbjudan', url },
            note: `Länken gäller i ${STAFF_INVITATION_DAYS} dagar och kan bara användas en gång.`,
          }),
        },
        now,
        trx,
      );
      return Number(row.id);
    });
    this.mail.nudge();
    return { id, email: input.email, role: input.role, invited_by_name: admin.name, created_at: at, expires_at };
  }

  async revoke(id: number): Promise<void> {
    const res = await this.db
      .deleteFrom('staff_invitations')
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw httpError(404, STAFF_TEXT.notFound);
  }

  private async open(token: string) {
    const row = await this.db
      .selectFrom('staff_invitations')
      .selectAll()
      .where('token_hash', '=', sha256(token))
      .where('accepted_at', 'is', null)
      .where('expires_at', '>', nowIso())
      .executeTakeFirst();
    if (!row) throw httpError(404, STAFF_TEXT.notFound);
    return row;
  }

  async preview(token: string): Promise<StaffInvitationPreview> {
    const row = await this.open(token);
    return { role: row.role, invited_by_name: row.invited_by_name, expires_at: row.expires_at };
  }

  /**
   * The logged-in person takes the invitation: used up first (one conditional update, so two tabs
   * or two nodes cannot both use it), then their account gets the role.
   */
  async accept(token: string, userId: number): Promise<StaffInvitationRole> {
    const row = await this.open(token);
    const used = await this.db
      .updateTable('staff_invitations')
      .set({ accepted_at: nowIso(), accepted_by: userId })
      .where('id', '=', row.id)
      .where('accepted_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) === 0) throw httpError(404, STAFF_TEXT.notFound);
    // the inviter stands for the change (the users module refuses one's own role: an admin already is one)
    await this.users.setRole(row.invited_by ?? 0, userId, row.role);
    return row.role;
  }
}
