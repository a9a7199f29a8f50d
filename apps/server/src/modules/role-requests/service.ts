import {
  type ExportRoleRequest,
  isAdmin,
  mayRequestRole,
  type RequestKind,
  ROLE_REQUESTS_MSG,
  type User,
} from '@vaggen/contract';
import { isUniqueViolation } from '../../db/errors.js';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { httpError } from '../../lib/http-errors.js';
import type { NotificationsService } from '../notifications/service.js';
import type { UsersService } from '../users/service.js';

const DEFAULT_REASON = 'Request rejected by administrator';
const KIND_LABEL: Record<RequestKind, string> = { writer: 'skribent', admin: 'administratör' };

/**
 * Asking for writer or admin rights, and deciding (spec 000 §4/§7, spec 001 §4). Requests reach every
 * admin as a notification; the decision updates those notifications and tells the requester.
 */
export class RoleRequestsService {
  /** Requests of one person and kind are handled one at a time (the pending check, then the insert). */
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly users: UsersService,
    private readonly notifications: NotificationsService,
  ) {}

  /** Runs `fn` after any earlier call with the same key has finished. */
  private async serial<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const before = this.locks.get(key) ?? Promise.resolve();
    const run = before.catch(() => {}).then(fn);
    const tail = run.catch(() => {});
    this.locks.set(key, tail);
    try {
      return await run;
    } finally {
      if (this.locks.get(key) === tail) this.locks.delete(key);
    }
  }

  request(kind: RequestKind, requester: User, message: string): Promise<{ id: number }> {
    return this.serial(`${requester.id}:${kind}`, () => this.requestNow(kind, requester, message));
  }

  private async requestNow(kind: RequestKind, requester: User, message: string): Promise<{ id: number }> {
    if (!mayRequestRole(requester, kind)) {
      throw httpError(
        403,
        isAdmin(requester) ? ROLE_REQUESTS_MSG.adminCannotRequest : ROLE_REQUESTS_MSG.writerCannotRequestWriter,
      );
    }
    const text = message.trim();
    if (!text) throw httpError(400, ROLE_REQUESTS_MSG.requestMotivation);
    const pending = await this.db
      .selectFrom('role_requests')
      .select('id')
      .where('user_id', '=', requester.id)
      .where('kind', '=', kind)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (pending) throw httpError(409, ROLE_REQUESTS_MSG.requestPending);

    const admins = (await this.users.list()).filter((u) => u.account_type === 'admin').map((u) => u.id);
    const who = requester.full_name ? `${requester.full_name} (${requester.username})` : requester.username;
    const created = this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('role_requests')
        .values({ user_id: requester.id, kind, message: text, status: 'pending', created_at: nowIso() })
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.notifications.notify(
        admins,
        {
          type: kind === 'admin' ? 'admin_request' : 'writer_request',
          title: `${who} vill bli ${KIND_LABEL[kind]}`,
          message: text,
          actionUrl: '/notifications',
          data: {
            status: 'pending',
            request_id: Number(row.id),
            kind,
            requester_id: requester.id,
            requester_username: requester.username,
          },
          requestId: Number(row.id),
        },
        trx,
      );
      return { id: Number(row.id) };
    });
    // In one process the lock above decides; across processes a unique index on pending requests
    // (migration 006) answers the same 409.
    return created.catch((err: unknown) => {
      if (isUniqueViolation(err)) throw httpError(409, ROLE_REQUESTS_MSG.requestPending);
      throw err;
    });
  }

  private async pendingRequest(kind: RequestKind, id: number) {
    const r = await this.db
      .selectFrom('role_requests')
      .selectAll()
      .where('id', '=', id)
      .where('kind', '=', kind)
      .executeTakeFirst();
    if (!r) throw httpError(404, ROLE_REQUESTS_MSG.requestNotFound);
    if (r.status !== 'pending') throw httpError(409, ROLE_REQUESTS_MSG.requestHandled);
    return r;
  }

  /**
   * Marks a pending request decided, atomically: of two admins deciding at once, only one wins;
   * the other gets 409.
   */
  private async claim(
    kind: RequestKind,
    id: number,
    status: 'approved' | 'rejected',
    admin: User,
    reason?: string,
    trx: Db = this.db,
  ) {
    const res = await trx
      .updateTable('role_requests')
      .set({ status, decided_by: admin.id, decided_at: nowIso(), ...(reason === undefined ? {} : { reason }) })
      .where('id', '=', id)
      .where('kind', '=', kind)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) await this.pendingRequest(kind, id); // 404 or 409
  }

  /** Approving changes the account type at once (the requester's sessions are revoked by the users module). */
  async approve(kind: RequestKind, id: number, admin: User): Promise<void> {
    const r = await this.pendingRequest(kind, id);
    const requester = await this.users.getById(Number(r.user_id));
    if (!requester) throw httpError(404, ROLE_REQUESTS_MSG.requestNotFound);
    await this.claim(kind, id, 'approved', admin);
    try {
      // An admin asking for writer rights is never demoted by the approval.
      if (!(kind === 'writer' && requester.account_type === 'admin')) {
        await this.users.setRole(admin.id, requester.id, kind);
      }
    } catch (err) {
      await this.db
        .updateTable('role_requests')
        .set({ status: 'pending', decided_by: null, decided_at: null })
        .where('id', '=', id)
        .execute();
      throw err;
    }
    await this.db.transaction().execute(async (trx) => {
      await this.notifications.setRequestStatus(id, 'approved', { decided_by: admin.username }, trx);
      await this.notifications.notify(
        [requester.id],
        {
          type: kind === 'admin' ? 'admin_approved' : 'writer_approved',
          title: kind === 'admin' ? 'Du är nu administratör' : 'Du är nu skribent',
          message: 'Din förfrågan har godkänts. Logga in igen för att använda dina nya rättigheter.',
          actionUrl: '/admin',
          data: { status: 'approved', request_id: id, kind },
          requestId: id,
        },
        trx,
      );
    });
  }

  async reject(kind: RequestKind, id: number, admin: User, reason: string | null | undefined): Promise<void> {
    const r = await this.pendingRequest(kind, id);
    const why = reason?.trim() || DEFAULT_REASON;
    await this.db.transaction().execute(async (trx) => {
      await this.claim(kind, id, 'rejected', admin, why, trx);
      await this.notifications.setRequestStatus(id, 'rejected', { reason: why, decided_by: admin.username }, trx);
      await this.notifications.notify(
        [Number(r.user_id)],
        {
          type: kind === 'admin' ? 'admin_rejected' : 'writer_rejected',
          title:
            kind === 'admin'
              ? 'Din förfrågan om administratörsrättigheter avslogs'
              : 'Din förfrågan om att bli skribent avslogs',
          message: why,
          actionUrl: '/profile',
          data: { status: 'rejected', request_id: id, kind, reason: why },
          requestId: id,
        },
        trx,
      );
    });
  }

  /** The requester's own requests, newest first (for the profile page). */
  async mine(userId: number) {
    const rows = await this.db
      .selectFrom('role_requests')
      .select(['id', 'kind', 'message', 'status', 'reason', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(20)
      .execute();
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }

  // ---------------------------------------------------------------- readers' own data (issue 21)

  /** The download's section: every request of the person (a handful; bounded all the same). */
  async exportForUser(userId: number): Promise<ExportRoleRequest[]> {
    const rows = await this.db
      .selectFrom('role_requests')
      .select(['id', 'kind', 'message', 'status', 'reason', 'created_at', 'decided_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .limit(10_000)
      .execute();
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }

  /**
   * A deleted account: its requests go with the admins' notifications about them (they name the
   * requester); requests it decided as an admin stay, without the decider.
   */
  async eraseForUser(userId: number, username: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const own = await trx.selectFrom('role_requests').select('id').where('user_id', '=', userId).execute();
      const ownIds = own.map((r) => Number(r.id));
      await this.notifications.deleteForRequests(ownIds, trx);
      if (ownIds.length) await trx.deleteFrom('role_requests').where('id', 'in', ownIds).execute();
      const decided = await trx.selectFrom('role_requests').select('id').where('decided_by', '=', userId).execute();
      const decidedIds = decided.map((r) => Number(r.id));
      await this.notifications.forgetDecider(decidedIds, username, trx);
      if (decidedIds.length)
        await trx.updateTable('role_requests').set({ decided_by: null }).where('id', 'in', decidedIds).execute();
    });
  }
}
