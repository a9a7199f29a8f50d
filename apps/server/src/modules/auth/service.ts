import { createHmac, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  AUTH_MSG,
  accountThrottledMsg,
  displayName,
  type ExportSession,
  isAdmin,
  type LoginResponse,
  SESSION_TTL_MS,
  USERS_MSG,
  type User,
} from '@vaggen/contract';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { httpError, tooManyRequests } from '../../lib/http-errors.js';
import type { FailureTracker, RateLimiter } from '../../lib/rate-limit.js';
import { randomToken, sha256 } from '../../lib/secret.js';
import { hashPassword, type NewUser, type UsersService } from '../users/service.js';
import { isCommonPassword } from './common-passwords.js';

/** Failed logins allowed per account and address, and per address over all accounts, per window. */
export const LOGIN_FAILS_PER_ACCOUNT_AND_IP = 5;
export const LOGIN_FAILS_PER_IP = 20;
/** Failures on one account, from browsers without its device cookie, before waits start (decision 021). */
export const ACCOUNT_FREE_FAILS = 10;
/** The first wait; it doubles with every further failure, up to `ACCOUNT_MAX_WAIT_MS`. */
export const ACCOUNT_FIRST_WAIT_MS = 30_000;
export const ACCOUNT_MAX_WAIT_MS = 15 * 60_000;
/** Failures one device cookie may spend (per 15 min window) before it is treated like any browser. */
export const DEVICE_FAILS = 10;
export const DEVICE_COOKIE = 'vaggen_device';

/** Wait before the next attempt on an account after `fails` failures from untrusted browsers. */
export function accountWaitMs(fails: number): number {
  if (fails < ACCOUNT_FREE_FAILS) return 0;
  return Math.min(ACCOUNT_MAX_WAIT_MS, ACCOUNT_FIRST_WAIT_MS * 2 ** (fails - ACCOUNT_FREE_FAILS));
}

export interface AuthLimiters {
  /** Failed logins, window 15 min. */
  failures: RateLimiter;
  /** Failed logins per account from browsers without a device cookie for it (kept 24 h). */
  accountFailures: FailureTracker;
  /** Registrations and refused registration attempts (409), window 1 h. */
  registrations: RateLimiter;
  registrationsPerHour: number;
}

export interface LoginResult {
  response: LoginResponse;
  /** A fresh device cookie value for this browser (OWASP "device cookies"). */
  deviceCookie: string;
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
    /** Signs device cookies (the server secret). */
    private readonly secret: Buffer,
  ) {}

  /**
   * Spec 001 §5 plus issue 17: every attempt that reaches the database — an account created, or a
   * 409 for a taken username or e-mail — counts toward the per-address limit, so the 409s cannot
   * be used to probe for accounts without limit.
   */
  async register(input: NewUser, ip: string): Promise<User> {
    const { registrations, registrationsPerHour } = this.limiters;
    if ((await registrations.count(ip)) >= registrationsPerHour) {
      throw tooManyRequests(AUTH_MSG.tooManyRegistrations, await registrations.ttl(ip), registrationsPerHour);
    }
    if (isCommonPassword(input.password)) throw httpError(400, USERS_MSG.passwordCommon);
    const name = displayName({ full_name: input.full_name, username: input.username.trim() });
    let id: number;
    try {
      if (await this.users.findIdByUsername(input.username)) throw httpError(409, USERS_MSG.usernameTaken);
      if (input.email && (await this.users.emailTaken(input.email))) throw httpError(409, USERS_MSG.emailInUse);
      if (await this.users.isStaffName(input.username)) throw httpError(409, USERS_MSG.reservedName);
      if (input.full_name && (await this.users.isStaffName(input.full_name)))
        throw httpError(409, USERS_MSG.reservedName);
      id = await this.users.create({
        ...input,
        account_type: 'user',
        // Our generated default; spec 000 §4 has the client rewrite it to the 96 px version.
        profile_picture: `/api/avatar?name=${encodeURIComponent(name)}`,
      });
    } finally {
      await registrations.hit(ip);
    }
    const user = await this.users.getById(id);
    if (!user) throw new Error('user vanished after insert');
    return user;
  }

  /**
   * Wrong username and wrong password answer alike and take about as long (a dummy hash is verified
   * when the user does not exist). Failures are counted per account+address and per address, and
   * checked before the password, so a blocked guesser learns nothing; other addresses are unaffected.
   */
  async login(username: string, password: string, ip: string, deviceCookie?: string | null): Promise<LoginResult> {
    const { failures, accountFailures } = this.limiters;
    const account = username.trim().toLowerCase();
    const pairKey = `${account}|${ip}`;
    const ipKey = `ip|${ip}`;
    const [pairFails, ipFails] = await Promise.all([failures.count(pairKey), failures.count(ipKey)]);
    if (pairFails >= LOGIN_FAILS_PER_ACCOUNT_AND_IP) {
      throw tooManyRequests(AUTH_MSG.tooManyAttempts, await failures.ttl(pairKey), LOGIN_FAILS_PER_ACCOUNT_AND_IP);
    }
    if (ipFails >= LOGIN_FAILS_PER_IP) {
      throw tooManyRequests(AUTH_MSG.tooManyAttempts, await failures.ttl(ipKey), LOGIN_FAILS_PER_IP);
    }
    // A browser that has logged in to this account before (and has not spent its own allowance)
    // skips the account-wide throttle, so an attacker elsewhere cannot lock the owner out.
    const device = this.readDeviceCookie(deviceCookie, account);
    const deviceKey = device ? `device|${device}` : null;
    const trusted = deviceKey !== null && (await failures.count(deviceKey)) < DEVICE_FAILS;
    if (!trusted) {
      const { fails, lastAt } = await accountFailures.get(account);
      const waitMs = lastAt + accountWaitMs(fails) - Date.now();
      if (waitMs > 0) {
        throw tooManyRequests(accountThrottledMsg(waitMs / 1000), waitMs, ACCOUNT_FREE_FAILS);
      }
    }
    const row = await this.users.findRowByUsername(username);
    this.dummyHash ??= hash('not-the-password-of-anyone', { algorithm: 2 });
    const ok = row
      ? await verify(row.password_hash, password).catch(() => false)
      : await verify(await this.dummyHash, password).then(() => false);
    if (!row || !ok) {
      await Promise.all([
        failures.hit(pairKey),
        failures.hit(ipKey),
        trusted && deviceKey ? failures.hit(deviceKey) : accountFailures.record(account),
      ]);
      throw httpError(401, AUTH_MSG.badCredentials);
    }
    await Promise.all([
      failures.reset(pairKey),
      trusted && deviceKey ? failures.reset(deviceKey) : accountFailures.reset(account),
    ]);
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
    const response: LoginResponse = {
      access_token: token,
      username: row.username,
      is_admin: isAdmin({ account_type: row.account_type }),
      user_id: Number(row.id),
      profile_picture: row.profile_picture,
      account_type: row.account_type,
      full_name: row.full_name,
      email: row.email,
    };
    return { response, deviceCookie: this.makeDeviceCookie(account) };
  }

  /** `<account>.<nonce>.<HMAC>`: proves this browser logged in to the account once. */
  private makeDeviceCookie(account: string): string {
    const payload = `${Buffer.from(account).toString('base64url')}.${randomToken(16)}`;
    return `${payload}.${this.sign(payload)}`;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(`device:${payload}`).digest('base64url');
  }

  /** The cookie's nonce when it is ours, unaltered and for this account; else null. */
  private readDeviceCookie(value: string | null | undefined, account: string): string | null {
    if (!value || value.length > 300) return null;
    const [acc, nonce, sig] = value.split('.');
    if (!acc || !nonce || !sig) return null;
    const expected = Buffer.from(this.sign(`${acc}.${nonce}`));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    return Buffer.from(acc, 'base64url').toString() === account ? nonce : null;
  }

  /**
   * Changes one's own password after checking the current one; every other session of the user is
   * revoked (the one making the change stays logged in).
   */
  async changePassword(userId: number, current: string, next: string, keepToken: string | null): Promise<void> {
    const row = await this.users.getRowById(userId);
    if (!row) throw httpError(404, USERS_MSG.userNotFound);
    if (!(await verify(row.password_hash, current).catch(() => false))) throw httpError(400, USERS_MSG.passwordWrong);
    if (current === next) throw httpError(400, USERS_MSG.passwordSame);
    if (isCommonPassword(next)) throw httpError(400, USERS_MSG.passwordCommon);
    await this.users.setPasswordHash(userId, await hashPassword(next));
    let q = this.db.deleteFrom('sessions').where('user_id', '=', userId);
    if (keepToken) q = q.where('token_hash', '!=', sha256(keepToken));
    await q.execute();
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

  /** Whether `password` is the account's (the delete form asks for it again, issue 21). */
  async verifyPassword(userId: number, password: string): Promise<boolean> {
    const row = await this.users.getRowById(userId);
    if (!row) return false;
    return verify(row.password_hash, password).catch(() => false);
  }

  /** The sessions section of the download: when each began and ends, never a token or its hash. */
  async exportForUser(userId: number, currentToken: string | null): Promise<ExportSession[]> {
    const current = currentToken ? sha256(currentToken) : null;
    const rows = await this.db
      .selectFrom('sessions')
      .select(['token_hash', 'created_at', 'expires_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .limit(1000)
      .execute();
    return rows.map((r) => ({ created_at: r.created_at, expires_at: r.expires_at, current: r.token_hash === current }));
  }

  async purgeExpired(): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<=', nowIso()).execute();
  }
}
