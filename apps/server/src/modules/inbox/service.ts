import { createHmac, randomBytes } from 'node:crypto';
import {
  type AdInquiryInput,
  type AdInquiryType,
  type ContactInput,
  displayName,
  INBOX_MSG,
  INBOX_PAGE_SIZE,
  INBOX_RETENTION_DAYS,
  INBOX_SUBMISSIONS_PER_WINDOW,
  type InboxItem,
  type InboxKind,
  type InboxList,
  type InboxStatus,
  type Loose,
  type TipInput,
  type User,
  validateAdInquiry,
  validateContact,
  validateTip,
} from '@vaggen/contract';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { httpError, tooManyRequests } from '../../lib/http-errors.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { UsersService } from '../users/service.js';

const TABLES = { contact: 'contact_messages', tip: 'tips', ad: 'ad_inquiries' } as const;

export interface InboxLimiters {
  contact: RateLimiter;
  tip: RateLimiter;
  ad: RateLimiter;
}

/**
 * Turns a sender's address into a rate-limit key that cannot be turned back: an HMAC under a
 * random key that lives only in this process's memory and is replaced every window. The key is
 * never written anywhere, so neither the limiter's buckets (in memory or Redis) nor anything else
 * lets anyone recover the address afterwards. (docs/decisions/009-inbox-source-protection.md)
 */
export class EphemeralKeyedHash {
  private key = randomBytes(32);
  private epoch = -1;
  constructor(private readonly windowMs: number) {}

  hash(value: string): string {
    const epoch = Math.floor(Date.now() / this.windowMs);
    if (epoch !== this.epoch) {
      this.key = randomBytes(32);
      this.epoch = epoch;
    }
    return createHmac('sha256', this.key).update(value).digest('base64url').slice(0, 32);
  }
}

const clean = (v: string | null | undefined): string | null => {
  const t = v?.trim();
  return t ? t : null;
};

/** The hour an anonymous tip came in, no finer: its time cannot single out a visit in a log. */
const hourOf = (d = new Date()): string => {
  const h = new Date(d);
  h.setUTCMinutes(0, 0, 0);
  return h.toISOString();
};

interface Handling {
  id: number;
  status: InboxStatus;
  created_at: string;
  handled_at: string | null;
  handled_by: number | null;
}

/** Contact messages, tips and ad inquiries from readers, and the admins' inbox of them. */
export class InboxService {
  private readonly tipKeys: EphemeralKeyedHash;

  constructor(
    private readonly db: Db,
    private readonly users: UsersService,
    private readonly limiters: InboxLimiters,
    rateWindowMs: number,
  ) {
    this.tipKeys = new EphemeralKeyedHash(rateWindowMs);
  }

  private async limit(kind: InboxKind, key: string): Promise<void> {
    if ((await this.limiters[kind].hit(key)) > INBOX_SUBMISSIONS_PER_WINDOW)
      throw tooManyRequests(INBOX_MSG.rateLimited, await this.limiters[kind].ttl(key), INBOX_SUBMISSIONS_PER_WINDOW);
  }

  async createContact(input: Loose<ContactInput>, address: string): Promise<number> {
    const problem = validateContact(input);
    if (problem) throw httpError(400, problem.msg);
    await this.limit('contact', address);
    const { id } = await this.db
      .insertInto('contact_messages')
      .values({
        name: clean(input.name)!,
        email: clean(input.email)!,
        message: clean(input.message)!,
        status: 'new',
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(id);
  }

  /**
   * A tip. The address is used only as an irreversible, short-lived rate-limit key and is never
   * stored; an anonymous tip also drops name, e-mail and phone and keeps only the hour it came in.
   */
  async createTip(input: Loose<TipInput>, address: string): Promise<number> {
    const anonymous = input.anonymous === true;
    const problem = validateTip({ ...input, anonymous });
    if (problem) throw httpError(400, problem.msg);
    await this.limit('tip', this.tipKeys.hash(address));
    const { id } = await this.db
      .insertInto('tips')
      .values({
        anonymous: anonymous ? 1 : 0,
        name: anonymous ? null : clean(input.name),
        email: anonymous ? null : clean(input.email),
        phone: anonymous ? null : clean(input.phone),
        title: clean(input.title)!,
        details: clean(input.details)!,
        evidence: input.evidence ? 1 : 0,
        status: 'new',
        created_at: anonymous ? hourOf() : nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(id);
  }

  async createAdInquiry(input: Loose<AdInquiryInput>, address: string): Promise<number> {
    const problem = validateAdInquiry(input);
    if (problem) throw httpError(400, problem.msg);
    await this.limit('ad', address);
    const { id } = await this.db
      .insertInto('ad_inquiries')
      .values({
        name: clean(input.name)!,
        company: clean(input.company)!,
        email: clean(input.email)!,
        phone: clean(input.phone),
        ad_type: clean(input.adType)!,
        message: clean(input.message),
        status: 'new',
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(id);
  }

  private async handlerNames(rows: Handling[]): Promise<Map<number, string>> {
    const ids = [...new Set(rows.map((r) => r.handled_by).filter((v): v is number => v !== null))].map(Number);
    const names = new Map<number, string>();
    for (const id of ids) {
      const u = await this.users.getById(id);
      if (u) names.set(id, displayName(u));
    }
    return names;
  }

  // biome-ignore lint/suspicious/noExplicitAny: one row shape per table, mapped by kind
  private toItem(kind: InboxKind, r: any, names: Map<number, string>): InboxItem {
    const base = {
      id: Number(r.id),
      status: r.status as InboxStatus,
      created_at: r.created_at as string,
      handled_at: (r.handled_at ?? null) as string | null,
      handled_by: r.handled_by === null ? null : (names.get(Number(r.handled_by)) ?? null),
    };
    if (kind === 'contact') return { kind, ...base, name: r.name, email: r.email, message: r.message };
    if (kind === 'tip')
      return {
        kind,
        ...base,
        anonymous: Number(r.anonymous) === 1,
        name: r.name ?? null,
        email: r.email ?? null,
        phone: r.phone ?? null,
        title: r.title,
        details: r.details,
        evidence: Number(r.evidence) === 1,
      };
    return {
      kind,
      ...base,
      name: r.name,
      company: r.company,
      email: r.email,
      phone: r.phone ?? null,
      ad_type: r.ad_type as AdInquiryType,
      message: r.message ?? null,
    };
  }

  private async unhandled(): Promise<Record<InboxKind, number>> {
    const out = { contact: 0, tip: 0, ad: 0 };
    for (const kind of Object.keys(TABLES) as InboxKind[]) {
      const row = await this.db
        .selectFrom(TABLES[kind])
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('status', '=', 'new')
        .executeTakeFirst();
      out[kind] = Number(row?.n ?? 0);
    }
    return out;
  }

  /** Newest first; `status` filters. */
  async list(
    kind: InboxKind,
    opts: { status?: InboxStatus; limit?: number; offset?: number } = {},
  ): Promise<InboxList> {
    let q = this.db.selectFrom(TABLES[kind]);
    if (opts.status) q = q.where('status', '=', opts.status);
    const rows = (await q
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(opts.limit ?? INBOX_PAGE_SIZE)
      .offset(opts.offset ?? 0)
      .execute()) as unknown as Handling[];
    const total = await q.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    const names = await this.handlerNames(rows);
    return {
      items: rows.map((r) => this.toItem(kind, r, names)),
      total: Number(total?.n ?? 0),
      unhandled: await this.unhandled(),
    };
  }

  async get(kind: InboxKind, id: number): Promise<InboxItem> {
    const row = (await this.db.selectFrom(TABLES[kind]).selectAll().where('id', '=', id).executeTakeFirst()) as
      | Handling
      | undefined;
    if (!row) throw httpError(404, INBOX_MSG.notFound);
    return this.toItem(kind, row, await this.handlerNames([row]));
  }

  /**
   * Deletes every item that was marked handled more than INBOX_RETENTION_DAYS before `now` (the
   * privacy policy promises it). Items that are still new are kept. Returns how many were deleted.
   */
  async purgeHandled(now = Date.now()): Promise<number> {
    const cutoff = new Date(now - INBOX_RETENTION_DAYS * 86_400_000).toISOString();
    let deleted = 0;
    for (const kind of Object.keys(TABLES) as InboxKind[]) {
      const res = await this.db
        .deleteFrom(TABLES[kind])
        .where('status', '=', 'handled')
        .where('handled_at', '<', cutoff)
        .executeTakeFirst();
      deleted += Number(res.numDeletedRows);
    }
    return deleted;
  }

  /** Marks an item handled (by `actor`, now) or back to new. */
  async setHandled(kind: InboxKind, id: number, handled: boolean, actor: User): Promise<InboxItem> {
    const res = await this.db
      .updateTable(TABLES[kind])
      .set(
        handled
          ? { status: 'handled', handled_at: nowIso(), handled_by: actor.id }
          : { status: 'new', handled_at: null, handled_by: null },
      )
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw httpError(404, INBOX_MSG.notFound);
    return this.get(kind, id);
  }
}
