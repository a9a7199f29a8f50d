import { hash, verify } from '@node-rs/argon2';
import { ACCOUNT_MSG, displayName, type LoginResponse, SESSION_TTL_MS, type User } from '@vaggen/contract';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { httpError } from '../../lib/http-errors.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import { randomToken, sha256 } from '../../lib/secret.js';
import type { NewUser, UsersService } from '../users/service.js';

/** Failed logins allowed per account and address, and per address over all accounts, per window. */
export const LOGIN_FAILS_PER_ACCOUNT_AND_IP = 5;
export const LOGIN_FAILS_PER_IP = 20;

export interface AuthLimiters {
  /** Failed logins, window 15 min. */
  failures: RateLimiter;
  /** Registrations, window 1 h. */
  registrations: RateLimiter;
  registrationsPerHour: number;
}

export interface Session {
  user: User;
  expiresAt: string;
}

/**
 * Logins, sessions and registration. Tokens are random (256 bits), stored only as SHA-256 hashes,
 * expire after 30 days and are deleted on logout, role change and admin edits.
 */
export class AuthService {
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly db: Db,
    private readonly users: UsersService,
    private readonly limiters: AuthLimiters,
  ) {}

  async register(input: NewUser, ip: string): Promise<User> {
    if ((await this.limiters.registrations.count(ip)) >= this.limiters.registrationsPerHour) {
      throw httpError(429, ACCOUNT_MSG.tooManyRegistrations);
    }
    if (await this.users.findIdByUsername(input.username)) throw httpError(409, ACCOUNT_MSG.usernameTaken);
    if (input.email && (await this.users.emailTaken(input.email))) throw httpError(409, ACCOUNT_MSG.emailInUse);
    const name = displayName({ full_name: input.full_name, username: input.username.trim() });
    const id = await this.users.create({
      ...input,
      account_type: 'user',
      // Our generated default; spec 000 §4 has the client rewrite it to the 96 px version.
      profile_picture: `/api/avatar?name=${encodeURIComponent(name)}`,
    });
    await this.limiters.registrations.hit(ip);
    const user = await this.users.getById(id);
    if (!user) throw new Error('user vanished after insert');
    return user;
  }

  /**
   * Wrong username and wrong password answer alike and take about as long (a dummy hash is verified
   * when the user does not exist). Failures are counted per account+address and per address, and
   * checked before the password, so a blocked guesser learns nothing; other addresses are unaffected.
   */
  async login(username: string, password: string, ip: string): Promise<LoginResponse> {
    const pairKey = `${username.trim().toLowerCase()}|${ip}`;
    const ipKey = `ip|${ip}`;
    const [pairFails, ipFails] = await Promise.all([
      this.limiters.failures.count(pairKey),
      this.limiters.failures.count(ipKey),
    ]);
    if (pairFails >= LOGIN_FAILS_PER_ACCOUNT_AND_IP || ipFails >= LOGIN_FAILS_PER_IP) {
      throw httpError(429, ACCOUNT_MSG.tooManyAttempts);
    }
    const row = await this.users.findRowByUsername(username);
    this.dummyHash ??= hash('not-the-password-of-anyone', { algorithm: 2 });
    const ok = row
      ? await verify(row.password_hash, password).catch(() => false)
      : await verify(await this.dummyHash, password).then(() => false);
    if (!row || !ok) {
      await Promise.all([this.limiters.failures.hit(pairKey), this.limiters.failures.hit(ipKey)]);
      throw httpError(401, ACCOUNT_MSG.badCredentials);
    }
    await this.limiters.failures.reset(pairKey);
    const token = randomToken();
    const now = Date.now();
    await this.db
      .insertInto('sessions')
      .values({
        token_hash: sha256(token),
        user_id: Number(row.id),
        created_at: new Date(now).toISOString(),
        expires_at: new Date(now + SESSION_TTL_MS).toISOString(),
      })
      .execute();
    await this.users.touchLastLogin(Number(row.id));
    return {
      access_token: token,
      username: row.username,
      is_admin: row.account_type === 'admin',
      user_id: Number(row.id),
      profile_picture: row.profile_picture,
      account_type: row.account_type,
      full_name: row.full_name,
      email: row.email,
    };
  }

  /** The session behind a bearer token, or null when unknown or expired. */
  async authenticate(token: string): Promise<Session | null> {
    if (!token || token.length > 200) return null;
    const row = await this.db
      .selectFrom('sessions')
      .select(['user_id', 'expires_at'])
      .where('token_hash', '=', sha256(token))
      .executeTakeFirst();
    if (!row) return null;
    if (row.expires_at <= nowIso()) {
      await this.db.deleteFrom('sessions').where('token_hash', '=', sha256(token)).execute();
      return null;
    }
    const user = await this.users.getById(Number(row.user_id));
    return user ? { user, expiresAt: row.expires_at } : null;
  }

  async logout(token: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('token_hash', '=', sha256(token)).execute();
  }

  async revokeAll(userId: number): Promise<void> {
    await this.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  }

  async purgeExpired(): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<=', nowIso()).execute();
  }
}
