import {
  type CommentChoice,
  DELETE_ATTEMPTS,
  displayName,
  EXPORT_FORMAT,
  isAdmin,
  PRIVACY_MSG,
  USERS_MSG,
  type User,
} from '@vaggen/contract';
import { nowIso } from '../../db/index.js';
import { httpError, tooManyRequests } from '../../lib/http-errors.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { AuthService } from '../auth/service.js';
import type { UsersService } from '../users/service.js';

/** The person whose data is exported or erased, as they were when the request began. */
export interface Person {
  id: number;
  username: string;
  email: string | null;
  fullName: string | null;
  /** What bylines and comments show (`displayName`): kept as byline text on their articles. */
  displayName: string;
  profilePicture: string | null;
  accountType: User['account_type'];
  /** The bearer token of the request (the download marks that session as the current one). */
  sessionToken: string | null;
}

/**
 * What one module keeps about a person (decision 027). `section` and `exportFor` give its part of
 * the download — a JSON value, or an async sequence of rows streamed as a JSON array; `erase`
 * removes or anonymises its rows when the account is deleted (idempotent: a failed deletion is
 * simply run again). Each module reads and writes only its own tables; `services.ts`
 * (`wirePersonalData`) lists them all, in order.
 */
export interface PersonalData {
  section?: string;
  exportFor?: (p: Person) => Promise<unknown> | AsyncIterable<unknown>;
  erase?: (p: Person, comments: CommentChoice) => Promise<void>;
}

const isAsyncIterable = (v: unknown): v is AsyncIterable<unknown> =>
  typeof v === 'object' && v !== null && Symbol.asyncIterator in v;

/** Bytes collected before a chunk of the download is handed to the response. */
const CHUNK = 64 * 1024;

/**
 * Readers' own data (issue 21): the download of everything kept about an account, and deleting the
 * account. It owns no table: every module contributes its own part (`include`), and the account row
 * itself goes last, through the users module.
 */
export class PrivacyService {
  private readonly parts: PersonalData[] = [];

  constructor(
    private readonly users: UsersService,
    private readonly auth: AuthService,
    /** Wrong passwords on the delete form, per account (DELETE_ATTEMPTS per window). */
    private readonly attempts: RateLimiter,
  ) {}

  /** A module's part of the download and of the deletion (called in services.ts only). */
  include(part: PersonalData): void {
    this.parts.push(part);
  }

  /** Sections in the order the download shows them. */
  sections(): string[] {
    return this.parts.flatMap((p) => (p.section && p.exportFor ? [p.section] : []));
  }

  async person(userId: number, sessionToken: string | null = null): Promise<Person> {
    const row = await this.users.getById(userId);
    if (!row) throw httpError(404, USERS_MSG.userNotFound);
    return {
      id: row.id,
      username: row.username,
      email: row.email,
      fullName: row.full_name,
      displayName: displayName(row),
      profilePicture: row.profile_picture,
      accountType: row.account_type,
      sessionToken,
    };
  }

  /**
   * The download as JSON text in chunks: `format`, `exported_at`, then each module's section. Long
   * lists are read a page at a time and written as they come, so memory stays bounded.
   */
  async *exportJson(p: Person): AsyncGenerator<string> {
    let buf = `{"format":${JSON.stringify(EXPORT_FORMAT)},"exported_at":${JSON.stringify(nowIso())}`;
    for (const part of this.parts) {
      if (!part.section || !part.exportFor) continue;
      buf += `,${JSON.stringify(part.section)}:`;
      const value = part.exportFor(p);
      if (!isAsyncIterable(value)) {
        buf += JSON.stringify((await value) ?? null);
        continue;
      }
      buf += '[';
      let first = true;
      for await (const item of value) {
        buf += (first ? '' : ',') + JSON.stringify(item);
        first = false;
        if (buf.length >= CHUNK) {
          yield buf;
          buf = '';
        }
      }
      buf += ']';
    }
    yield `${buf}}`;
  }

  /**
   * Deletes the account after checking the password again. The last admin may not (someone must be
   * able to run the site). Sessions end first, so nothing new is written while the modules erase
   * their rows; the account row goes last (users' `AccountDeleted`: page cache, picture file).
   */
  async deleteAccount(user: User, password: string, comments: CommentChoice, sessionToken: string | null) {
    const key = String(user.id);
    if ((await this.attempts.count(key)) >= DELETE_ATTEMPTS) {
      throw tooManyRequests(PRIVACY_MSG.tooManyAttempts, await this.attempts.ttl(key), DELETE_ATTEMPTS);
    }
    if (!(await this.auth.verifyPassword(user.id, password))) {
      await this.attempts.hit(key);
      throw httpError(400, PRIVACY_MSG.passwordWrong);
    }
    const p = await this.person(user.id, sessionToken);
    if (isAdmin({ account_type: p.accountType }) && (await this.users.countAdmins()) <= 1) {
      throw httpError(409, PRIVACY_MSG.lastAdmin);
    }
    for (const part of this.parts) if (part.erase) await part.erase(p, comments);
    await this.users.deleteAccount(p.id);
    await this.attempts.reset(key);
  }
}
