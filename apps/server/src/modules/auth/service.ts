import { createHmac, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  ACCOUNT_MAILS_PER_HOUR,
  AUTH_MSG,
  accountThrottledMsg,
  DEVICE_COOKIE_NAME,
  displayName,
  type EmailVerificationState,
  type ExportSession,
  isAdmin,
  type LoginResponse,
  passwordChangeThrottledMsg,
  RESET_PASSWORD_PATH,
  RESET_REQUESTS_PER_ADDRESS_HOUR,
  RESET_REQUESTS_PER_CLIENT_HOUR,
  RESET_TOKEN_TTL_MS,
  SESSION_TTL_MS,
  USERS_MSG,
  type User,
  VERIFY_EMAIL_PATH,
  VERIFY_TOKEN_TTL_MS,
} from '@vaggen/contract';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { httpError, tooManyRequests } from '../../lib/http-errors.js';
import type { FailureTracker, RateLimiter } from '../../lib/rate-limit.js';
import { randomToken, sha256 } from '../../lib/secret.js';
import { type MailService, renderMail } from '../mail/service.js';
import { hashPassword, type NewUser, type UserRow, type UsersService } from '../users/service.js';
import { isCommonPassword } from './common-passwords.js';

/** Failed logins allowed per account and address, and per address over all accounts, per window. */
export const LOGIN_FAILS_PER_ACCOUNT_AND_IP = 5;
export const LOGIN_FAILS_PER_IP = 20;
/** Failures on one account, from browsers without its device cookie, before waits start (decision 021). */
export const ACCOUNT_FREE_FAILS = 10;
/** The first wait; it doubles with every further failure, up to `ACCOUNT_MAX_WAIT_MS`. */
export const ACCOUNT_FIRST_WAIT_MS = 30_000;
export const ACCOUNT_MAX_WAIT_MS = 15 * 60_000;
/**
 * Issue 40 (finding 4): wrong current passwords one account may send to `PUT /profile/password` per
 * 15 min window, whatever the session — a stolen session must not be a way to guess the password.
 */
export const PASSWORD_CHANGE_FAILS = 5;
/** Failures one device cookie may spend (per 15 min window) before it is treated like any browser. */
export const DEVICE_FAILS = 10;
/** Its name is in the contract's list of what the browser stores (issue 43; the privacy policy shows it). */
export const DEVICE_COOKIE = DEVICE_COOKIE_NAME;

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
  /** Issue 21: password-reset requests per e-mail address, window 1 h. */
  resetPerAddress: RateLimiter;
  /** Issue 21: password-reset requests per client address, window 1 h. */
  resetPerClient: RateLimiter;
}

type TokenPurpose = 'password-reset' | 'verify-email';

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
    /** Issue 21: reset and verification mails, and the verification setting. */
    private readonly mail: MailService,
  ) {}

  /** Mail work started after a request was answered (reset mails): tests wait for it. */
  private readonly background = new Set<Promise<void>>();

  /**
   * Spec 001 §5 plus issue 17: every attempt that reaches the database — an account created, or a
   * 409 for a taken username or e-mail — counts toward the per-address limit, so the 409s cannot
   * be used to probe for accounts without limit.
   */
  async register(input: NewUser, ip: string, linkBase: string): Promise<User> {
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
    // Issue 21: with verification on, a new account with an e-mail confirms it before commenting.
    if (user.email && (await this.mail.getSettings()).require_email_verification) {
      await this.users.setEmailVerified(id, false);
      await this.sendVerification(id, user.username, user.email, linkBase);
    }
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
    // Counted per account, checked before the password (as a login is): a blocked guesser learns nothing.
    const { failures } = this.limiters;
    const key = `password-change|${userId}`;
    if ((await failures.count(key)) >= PASSWORD_CHANGE_FAILS) {
      const waitMs = await failures.ttl(key);
      throw tooManyRequests(passwordChangeThrottledMsg(waitMs / 1000), waitMs, PASSWORD_CHANGE_FAILS);
    }
    if (!(await verify(row.password_hash, current).catch(() => false))) {
      await failures.hit(key);
      throw httpError(400, USERS_MSG.passwordWrong);
    }
    await failures.reset(key);
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

  /**
   * Issue 42: the account of a live session named by its token's hash (sha256, hex): what a page
   * request's access pass stands for. Null when the session ended (logout, expiry, revocation).
   */
  async userOfSessionHash(hash: string): Promise<number | null> {
    if (!/^[0-9a-f]{64}$/.test(hash)) return null;
    const row = await this.db
      .selectFrom('sessions')
      .select(['user_id', 'expires_at'])
      .where('token_hash', '=', hash)
      .executeTakeFirst();
    return row && row.expires_at > nowIso() ? Number(row.user_id) : null;
  }

  async logout(token: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('token_hash', '=', sha256(token)).execute();
  }

  async revokeAll(userId: number, trx: Db = this.db): Promise<void> {
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
  }

  /** A deleted account (issue 21): its sessions and its reset and verification tokens (they hold the address). */
  async eraseForUser(userId: number): Promise<void> {
    await this.revokeAll(userId);
    await this.db.deleteFrom('account_tokens').where('user_id', '=', userId).execute();
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
    // Issue 21: reset and verification tokens a day past their expiry.
    await this.db
      .deleteFrom('account_tokens')
      .where('expires_at', '<=', new Date(Date.now() - 24 * 3600_000).toISOString())
      .execute();
  }

  // ---- Issue 21: password reset and e-mail verification (decision 026) ----

  /**
   * "Glömt lösenordet?": the caller learns nothing about whether the address has an account. Both
   * paths do the same work before the answer (the limits, one lookup); the token and the mail for a
   * known address are made after it, off the request. Limited per address and per client (429 for
   * known and unknown addresses alike); an account gets at most ACCOUNT_MAILS_PER_HOUR mails an hour,
   * further requests are answered the same and send nothing.
   */
  async forgotPassword(email: string, ip: string, linkBase: string): Promise<void> {
    const { resetPerAddress, resetPerClient } = this.limiters;
    const address = email.trim().toLowerCase();
    const [byAddress, byClient] = await Promise.all([resetPerAddress.hit(address), resetPerClient.hit(ip)]);
    if (byClient > RESET_REQUESTS_PER_CLIENT_HOUR) {
      throw tooManyRequests(
        AUTH_MSG.tooManyResetRequests,
        await resetPerClient.ttl(ip),
        RESET_REQUESTS_PER_CLIENT_HOUR,
      );
    }
    if (byAddress > RESET_REQUESTS_PER_ADDRESS_HOUR) {
      throw tooManyRequests(
        AUTH_MSG.tooManyResetRequests,
        await resetPerAddress.ttl(address),
        RESET_REQUESTS_PER_ADDRESS_HOUR,
      );
    }
    const row = await this.users.findRowByEmail(address);
    if (!row?.email) return;
    this.later(() => this.sendReset(row, linkBase));
  }

  private async sendReset(row: UserRow, linkBase: string): Promise<void> {
    const userId = Number(row.id);
    if ((await this.tokensLastHour(userId, 'password-reset')) >= ACCOUNT_MAILS_PER_HOUR) return;
    const token = await this.makeToken(userId, 'password-reset', row.email, RESET_TOKEN_TTL_MS);
    const url = `${linkBase}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;
    await this.mail.enqueue({
      to: row.email as string,
      subject: 'Välj ett nytt lösenord för Väggen',
      kind: 'password-reset',
      ...renderMail({
        heading: 'Välj ett nytt lösenord',
        paragraphs: [
          `Hej ${displayName(row)}!`,
          'Någon – förhoppningsvis du – har bett om att få välja ett nytt lösenord för ditt konto på Väggen ' +
            `(användarnamn: ${row.username}). Klicka på knappen för att välja ett nytt lösenord.`,
          'Var det inte du? Då kan du strunta i det här mejlet. Ditt lösenord ändras inte.',
        ],
        button: { label: 'Välj nytt lösenord', url },
        note: 'Länken gäller i 60 minuter och kan bara användas en gång. När du har bytt lösenord loggas alla dina inloggningar ut.',
      }),
    });
  }

  /**
   * Sets a new password with a reset token: the token is used up, every session of the account ends
   * (the old password and every logged-in browser stop working), and the account's other open
   * reset links stop working too.
   */
  async resetPassword(token: string, password: string): Promise<void> {
    if (isCommonPassword(password)) throw httpError(400, USERS_MSG.passwordCommon);
    const used = await this.useToken(token, 'password-reset');
    if (!used) throw httpError(400, AUTH_MSG.resetLinkInvalid);
    const row = await this.users.getRowById(used.userId);
    if (!row) throw httpError(400, AUTH_MSG.resetLinkInvalid);
    await this.users.setPasswordHash(used.userId, await hashPassword(password));
    await this.revokeAll(used.userId);
    await this.db
      .updateTable('account_tokens')
      .set({ used_at: nowIso() })
      .where('user_id', '=', used.userId)
      .where('purpose', '=', 'password-reset')
      .where('used_at', 'is', null)
      .execute();
    // The reset itself proves the reader reads that mailbox; a throttled login is freed too.
    if (used.email && row.email_lower === used.email.toLowerCase())
      await this.users.setEmailVerified(used.userId, true);
    await this.limiters.accountFailures.reset(row.username_lower);
  }

  /** Issue 21: whether the account must (and did) confirm its e-mail. */
  async emailVerificationState(user: User): Promise<EmailVerificationState> {
    const [{ require_email_verification }, row] = await Promise.all([
      this.mail.getSettings(),
      this.users.getRowById(user.id),
    ]);
    return { required: require_email_verification, verified: row?.email_verified !== 0, email: row?.email ?? null };
  }

  /**
   * Issue 21: a changed e-mail is confirmed again while verification is on — the account comments
   * again once the new address is confirmed (the mail goes to the new address). Removing the
   * address or verification being off changes nothing.
   */
  async emailChanged(userId: number, previousEmail: string | null, linkBase: string): Promise<void> {
    const row = await this.users.getRowById(userId);
    if (!row?.email || row.email_lower === previousEmail?.toLowerCase()) return;
    if (!(await this.mail.getSettings()).require_email_verification) return;
    await this.users.setEmailVerified(userId, false);
    await this.sendVerification(userId, row.username, row.email, linkBase);
  }

  /** Refuses a comment by an account whose e-mail awaits confirmation while verification is on (403). */
  async assertMayComment(userId: number): Promise<void> {
    const row = await this.users.getRowById(userId);
    if (row?.email_verified !== 0) return;
    if ((await this.mail.getSettings()).require_email_verification) throw httpError(403, AUTH_MSG.emailNotVerified);
  }

  /** "Skicka igen": a new verification mail (at most ACCOUNT_MAILS_PER_HOUR an hour). */
  async resendVerification(userId: number, linkBase: string): Promise<string> {
    const row = await this.users.getRowById(userId);
    if (!row) throw httpError(404, USERS_MSG.userNotFound);
    if (row.email_verified !== 0) return AUTH_MSG.alreadyVerified;
    if (!row.email) throw httpError(400, AUTH_MSG.noEmailToVerify);
    if ((await this.tokensLastHour(userId, 'verify-email')) >= ACCOUNT_MAILS_PER_HOUR) {
      throw tooManyRequests(AUTH_MSG.tooManyVerificationMails, 3600_000, ACCOUNT_MAILS_PER_HOUR);
    }
    await this.sendVerification(userId, row.username, row.email, linkBase);
    return AUTH_MSG.verificationSent;
  }

  /** Confirms the e-mail the token was sent to (a token for an address since changed does nothing). */
  async verifyEmail(token: string): Promise<void> {
    const used = await this.useToken(token, 'verify-email');
    const row = used ? await this.users.getRowById(used.userId) : undefined;
    if (!used || !row || !used.email || row.email_lower !== used.email.toLowerCase()) {
      throw httpError(400, AUTH_MSG.verifyLinkInvalid);
    }
    await this.users.setEmailVerified(used.userId, true);
  }

  private async sendVerification(userId: number, username: string, email: string, linkBase: string): Promise<void> {
    const token = await this.makeToken(userId, 'verify-email', email, VERIFY_TOKEN_TTL_MS);
    const url = `${linkBase}${VERIFY_EMAIL_PATH}?token=${encodeURIComponent(token)}`;
    await this.mail.enqueue({
      to: email,
      subject: 'Bekräfta din e-postadress på Väggen',
      kind: 'verify-email',
      ...renderMail({
        heading: 'Bekräfta din e-postadress',
        paragraphs: [
          `Hej ${username}!`,
          'Tack för att du skapade ett konto på Väggen. Bekräfta att det här är din e-postadress, så kan du ' +
            'börja kommentera.',
          'Har du inte skapat något konto? Då kan du strunta i det här mejlet.',
        ],
        button: { label: 'Bekräfta e-postadressen', url },
        note: 'Länken gäller i 48 timmar.',
      }),
    });
  }

  /** A random token (256 bits) of which only the SHA-256 is stored. */
  private async makeToken(userId: number, purpose: TokenPurpose, email: string | null, ttlMs: number) {
    const token = randomToken(32);
    const now = Date.now();
    await this.db
      .insertInto('account_tokens')
      .values({
        user_id: userId,
        purpose,
        token_hash: sha256(token),
        email,
        created_at: new Date(now).toISOString(),
        expires_at: new Date(now + ttlMs).toISOString(),
      })
      .execute();
    return token;
  }

  /** Uses a token up (one conditional UPDATE: two requests with it cannot both succeed). */
  private async useToken(
    token: string,
    purpose: TokenPurpose,
  ): Promise<{ userId: number; email: string | null } | null> {
    const now = nowIso();
    const row = await this.db
      .selectFrom('account_tokens')
      .select(['id', 'user_id', 'email'])
      .where('token_hash', '=', sha256(token))
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (!row) return null;
    const done = await this.db
      .updateTable('account_tokens')
      .set({ used_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1 ? { userId: Number(row.user_id), email: row.email } : null;
  }

  private async tokensLastHour(userId: number, purpose: TokenPurpose): Promise<number> {
    const r = await this.db
      .selectFrom('account_tokens')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('created_at', '>', new Date(Date.now() - 3600_000).toISOString())
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  /**
   * Runs mail work after the answer, one piece at a time on this process (so the per-account count
   * and the insert after it cannot interleave; across processes the per-address limit still holds).
   * Failures go to `onBackgroundError`, never to the caller.
   */
  private later(work: () => Promise<void>): void {
    const p = this.chain
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(work)
      .catch((err) => this.onBackgroundError?.(err))
      .finally(() => this.background.delete(p));
    this.chain = p;
    this.background.add(p);
  }

  private chain: Promise<void> = Promise.resolve();

  /** Where failures of background mail work are reported (the app's log; set in services.ts). */
  onBackgroundError?: (err: unknown) => void;

  /** Resolves when the reset mails started after answers are queued (tests). */
  async settled(): Promise<void> {
    while (this.background.size) await Promise.all([...this.background]);
  }
}
