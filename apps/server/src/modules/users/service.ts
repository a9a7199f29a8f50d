import { hash } from '@node-rs/argon2';
import {
  type AccountType,
  type ExportAccount,
  isAdmin,
  normalizeUsername,
  type ProfileUpdate,
  USERS_MSG,
  type User,
} from '@vaggen/contract';
import type { Selectable } from 'kysely';
import { isUniqueViolation } from '../../db/errors.js';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import type { UsersTable } from '../../db/schema.js';
import { storedUrlIs } from '../../db/stored-url.js';
import type { DomainEvents } from '../../lib/events/domain-events.js';
import { httpError } from '../../lib/http-errors.js';
import { nameKey, nameSkeleton } from '../../lib/names.js';
import { AccountDeleted, ProfileChanged, RoleChanged } from './events.js';

export type { AccountType };

export interface NewUser {
  username: string;
  password: string;
  email?: string | null;
  full_name?: string | null;
  profile_picture?: string | null;
  account_type?: AccountType;
}

export type UserRow = Selectable<UsersTable>;

/** argon2id with the library's recommended costs (m=19 MiB, t=2, p=1). */
export const hashPassword = (password: string) => hash(password, { algorithm: 2 });

/** The API's User shape (spec 000 §3): never the hash. */
export function toUser(r: UserRow): User {
  const id = Number(r.id);
  return {
    id,
    user_id: id,
    username: r.username,
    account_type: r.account_type,
    is_admin: isAdmin({ account_type: r.account_type }),
    profile_picture: r.profile_picture,
    full_name: r.full_name,
    email: r.email,
    last_login: r.last_login,
  };
}

/** People and their roles. Sessions live in the auth module, which calls this one. */
export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly events: DomainEvents,
  ) {}

  async create(u: NewUser): Promise<number> {
    const now = nowIso();
    const email = u.email?.trim() || null;
    const username = normalizeUsername(u.username);
    // Issue 41: unique case-insensitively (the unique username_lower) and by look: "anna" taken
    // makes "аnna" with a Cyrillic а, or "ANNA", taken too.
    if (await this.findIdByUsername(username)) throw httpError(409, USERS_MSG.usernameTaken);
    const lookAlike = await this.db
      .selectFrom('users')
      .select('id')
      .where('username_skeleton', '=', nameSkeleton(username))
      .limit(1)
      .executeTakeFirst();
    if (lookAlike) throw httpError(409, USERS_MSG.usernameTaken);
    try {
      const { id } = await this.db
        .insertInto('users')
        .values({
          username,
          username_lower: username.toLowerCase(),
          password_hash: await hashPassword(u.password),
          email,
          email_lower: email?.toLowerCase() ?? null,
          full_name: u.full_name?.trim() || null,
          full_name_lower: u.full_name?.trim() ? nameKey(u.full_name) : null,
          username_skeleton: nameSkeleton(username),
          full_name_skeleton: u.full_name?.trim() ? nameSkeleton(u.full_name) : null,
          profile_picture: u.profile_picture ?? null,
          account_type: u.account_type ?? 'user',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (await this.findIdByUsername(username)) throw httpError(409, USERS_MSG.usernameTaken);
      throw httpError(409, USERS_MSG.emailInUse);
    }
  }

  async emailTaken(email: string, exceptUserId?: number): Promise<boolean> {
    let q = this.db.selectFrom('users').select('id').where('email_lower', '=', email.toLowerCase());
    if (exceptUserId !== undefined) q = q.where('id', '!=', exceptUserId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async findIdByUsername(username: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('username_lower', '=', normalizeUsername(username).toLowerCase())
      .executeTakeFirst();
    return row ? Number(row.id) : null;
  }

  findRowByUsername(username: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('username_lower', '=', normalizeUsername(username).toLowerCase())
      .executeTakeFirst();
  }

  /**
   * Whether `name` is, compared case-insensitively, the username or display name of a writer or an
   * admin (issue 17: nobody may pose as the newsroom) — or looks like one (issue 40: the same
   * skeleton, with look-alike letters, invisible characters and spaces folded). The callers ask only
   * for readers and visitors: staff may use any name, their own included.
   */
  async isStaffName(name: string): Promise<boolean> {
    const key = nameKey(name);
    const look = nameSkeleton(name);
    if (!key || !look) return false;
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('username_lower', '=', key),
          eb('full_name_lower', '=', key),
          eb('username_skeleton', '=', look),
          eb('full_name_skeleton', '=', look),
        ]),
      )
      .where('account_type', 'in', ['writer', 'admin'])
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Issue 21: the account with this e-mail (case-insensitive; e-mails are unique), for a reset mail. */
  findRowByEmail(email: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('email_lower', '=', email.trim().toLowerCase())
      .executeTakeFirst();
  }

  /** Issue 21: marks the account's e-mail confirmed (1) or awaiting confirmation (0). */
  async setEmailVerified(id: number, verified: boolean): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ email_verified: verified ? 1 : 0 })
      .where('id', '=', id)
      .execute();
  }

  getRowById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async setPasswordHash(id: number, passwordHash: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
  }

  async getById(id: number, db: Db = this.db): Promise<User | null> {
    const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toUser(row) : null;
  }

  async touchLastLogin(id: number): Promise<string> {
    const at = nowIso();
    await this.db.updateTable('users').set({ last_login: at }).where('id', '=', id).execute();
    return at;
  }

  /** Applies only the given fields; an e-mail used by another account is 409 "Email already in use". */
  async updateProfile(id: number, changes: ProfileUpdate): Promise<User> {
    const set: Partial<UserRow> = {};
    if (changes.full_name !== undefined) {
      set.full_name = changes.full_name?.trim() || null;
      set.full_name_lower = set.full_name ? nameKey(set.full_name) : null;
      set.full_name_skeleton = set.full_name ? nameSkeleton(set.full_name) : null;
      if (
        set.full_name &&
        (await this.getRowById(id))?.account_type === 'user' &&
        (await this.isStaffName(set.full_name))
      ) {
        throw httpError(409, USERS_MSG.reservedName);
      }
    }
    if (changes.profile_picture !== undefined) set.profile_picture = changes.profile_picture?.trim() || null;
    if (changes.email !== undefined) {
      const email = changes.email?.trim() || null;
      if (email && (await this.emailTaken(email, id))) throw httpError(409, USERS_MSG.emailInUse);
      set.email = email;
      set.email_lower = email?.toLowerCase() ?? null;
    }
    try {
      await this.events.transaction(async (trx) => {
        if (Object.keys(set).length > 0) {
          await trx
            .updateTable('users')
            .set({ ...set, updated_at: nowIso() })
            .where('id', '=', id)
            .execute();
        }
        await this.events.emit(trx, ProfileChanged({ userId: id }));
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw httpError(409, USERS_MSG.emailInUse);
      throw err;
    }
    const user = await this.getById(id);
    if (!user) throw httpError(404, USERS_MSG.userNotFound);
    return user;
  }

  async list(): Promise<User[]> {
    const rows = await this.db.selectFrom('users').selectAll().orderBy('username_lower').limit(5000).execute();
    return rows.map(toUser);
  }

  /** Admin changes someone's role: takes effect at once (their sessions are revoked). */
  async setRole(actorId: number, targetId: number, role: AccountType): Promise<User> {
    if (actorId === targetId) throw httpError(403, USERS_MSG.ownRole);
    await this.events.transaction(async (trx) => {
      const res = await trx
        .updateTable('users')
        .set({ account_type: role, updated_at: nowIso() })
        .where('id', '=', targetId)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) throw httpError(404, USERS_MSG.userNotFound);
      await this.events.emit(trx, RoleChanged({ userId: targetId, role }));
    });
    const user = await this.getById(targetId);
    if (!user) throw httpError(404, USERS_MSG.userNotFound);
    return user;
  }

  /** Issue 41: the admins' ids (who review articles), at most 500, in `db` (a transaction's). */
  async adminIds(db: Db = this.db): Promise<number[]> {
    const rows = await db
      .selectFrom('users')
      .select('id')
      .where('account_type', '=', 'admin')
      .orderBy('id')
      .limit(500)
      .execute();
    return rows.map((r) => Number(r.id));
  }

  async countAdmins(): Promise<number> {
    const r = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_type', '=', 'admin')
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  // ---------------------------------------------------------------- readers' own data (issue 21)

  /** The account section of the download: never the hash. */
  async exportForUser(id: number): Promise<ExportAccount | null> {
    const r = await this.getRowById(id);
    if (!r) return null;
    return {
      id: Number(r.id),
      username: r.username,
      full_name: r.full_name,
      email: r.email,
      profile_picture: r.profile_picture,
      account_type: r.account_type,
      created_at: r.created_at,
      updated_at: r.updated_at,
      last_login: r.last_login,
    };
  }

  /** The account row goes (decision 027: deleted, not kept anonymised); the other modules erased theirs first. */
  async deleteAccount(id: number): Promise<void> {
    await this.events.transaction(async (trx) => {
      const row = await trx.selectFrom('users').select('profile_picture').where('id', '=', id).executeTakeFirst();
      await trx.deleteFrom('users').where('id', '=', id).execute();
      if (row) await this.events.emit(trx, AccountDeleted({ userId: id, profilePicture: row.profile_picture }));
    });
  }

  /** Whether any account shows this picture (read by its prefix index, then compared whole). */
  async pictureInUse(url: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where(storedUrlIs('profile_picture', url))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }
}
