import {
  type Ban,
  type BanInput,
  type BanPage,
  canWrite,
  displayName,
  MODERATION_MSG,
  MSG,
  moderationDate,
  type User,
} from '@vaggen/contract';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { httpError } from '../../lib/http-errors.js';
import { publicProfiles } from '../users/public-profile.js';
import type { UsersService } from '../users/service.js';
import { audit } from './audit.js';
import { validCursor } from './shared.js';

/** Bans and "always pre-moderate" entries, on an account or an e-mail address (decision 024). */
export class Bans {
  constructor(
    private readonly db: Db,
    private readonly users: UsersService,
  ) {}

  async createBan(input: BanInput, actor: User): Promise<Ban> {
    const userId = input.user_id ?? null;
    const email = input.email?.trim().toLowerCase() || null;
    if ((userId === null) === (email === null)) throw httpError(400, MODERATION_MSG.banTarget);
    let name: string | null = null;
    if (userId !== null) {
      const user = await this.users.getById(userId);
      if (!user) throw httpError(404, MODERATION_MSG.banUnknownUser);
      if (canWrite(user)) throw httpError(400, MODERATION_MSG.banStaff);
      name = displayName(user);
    }
    if (email !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw httpError(400, MSG.commentEmail);
    const until = input.until ? new Date(input.until).toISOString() : null;
    if (until !== null && until <= nowIso()) throw httpError(400, MODERATION_MSG.banUntilPast);
    const now = nowIso();
    const id = await this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('moderation_bans')
        .values({
          user_id: userId,
          email,
          kind: input.kind,
          until,
          reason: input.reason?.trim() || null,
          created_at: now,
          created_by: actor.id,
          lifted_at: null,
          lifted_by: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const target = email ?? `${name} (konto ${userId})`;
      const what = input.kind === 'ban' ? 'Avstängd' : 'Granskas alltid';
      const end = until === null ? 'tills vidare' : `till och med ${moderationDate(until)}`;
      await audit(trx, 'ban', actor.id, {
        banId: Number(id),
        detail: `${what}: ${target}, ${end}${input.reason?.trim() ? ` — ${input.reason.trim()}` : ''}`,
      });
      return Number(id);
    });
    const ban = (await this.listBansWhere((q) => q.where('b.id', '=', id)))[0];
    if (!ban) throw httpError(404, MODERATION_MSG.banNotFound);
    return ban;
  }

  async liftBan(id: number, actor: User): Promise<void> {
    const now = nowIso();
    await this.db.transaction().execute(async (trx) => {
      const res = await trx
        .updateTable('moderation_bans')
        .set({ lifted_at: now, lifted_by: actor.id })
        .where('id', '=', id)
        .where('lifted_at', 'is', null)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) throw httpError(404, MODERATION_MSG.banNotFound);
      await audit(trx, 'unban', actor.id, { banId: id, detail: null });
    });
  }

  private async listBansWhere(
    filter: (q: ReturnType<Bans['bansQuery']>) => ReturnType<Bans['bansQuery']>,
  ): Promise<Ban[]> {
    const rows = await filter(this.bansQuery()).execute();
    const now = nowIso();
    return rows.map((r) => ({
      id: Number(r.id),
      user_id: r.user_id === null ? null : Number(r.user_id),
      email: r.email,
      name: r.user_id === null ? null : r.full_name || r.username || null,
      kind: r.kind as Ban['kind'],
      until: r.until,
      reason: r.reason,
      created_at: r.created_at,
      created_by: r.created_by === null ? null : Number(r.created_by),
      active: r.lifted_at === null && (r.until === null || r.until > now),
    }));
  }

  private bansQuery() {
    return this.db
      .selectFrom('moderation_bans as b')
      .leftJoin(publicProfiles(this.db).as('u'), 'u.id', 'b.user_id')
      .select([
        'b.id',
        'b.user_id',
        'b.email',
        'b.kind',
        'b.until',
        'b.reason',
        'b.created_at',
        'b.created_by',
        'b.lifted_at',
        'u.full_name',
        'u.username',
      ]);
  }

  async listBans(q: { active: boolean; cursor?: string; limit: number }): Promise<BanPage> {
    const cursor = validCursor(q.cursor);
    const now = nowIso();
    const bans = await this.listBansWhere((b) =>
      b
        .$if(q.active, (x) =>
          x.where('b.lifted_at', 'is', null).where((eb) => eb.or([eb('b.until', 'is', null), eb('b.until', '>', now)])),
        )
        .$if(cursor !== undefined, (x) => x.where('b.id', '<', cursor as number))
        .orderBy('b.id', 'desc')
        .limit(q.limit + 1),
    );
    const more = bans.length > q.limit;
    const page = more ? bans.slice(0, q.limit) : bans;
    return { bans: page, next_cursor: more ? String(page[page.length - 1]?.id) : null };
  }
}
