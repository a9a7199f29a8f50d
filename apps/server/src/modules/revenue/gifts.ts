import { createHmac } from 'node:crypto';
import type { Gift, GiftAdminRow, GiftPreview, GiftStatus, Subscription } from '@vaggen/contract';
import { GIFT_REDEEM_DAYS, GIFT_REDEEM_PATH, REVENUE_MSG } from '@vaggen/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import type { GiftSubscriptionsTable } from '../../db/schema.js';
import { httpError } from '../../lib/http-errors.js';
import { sha256 } from '../../lib/secret.js';
import { signToken, verifyToken } from '../../lib/signed-token.js';
import type { Plans } from './plans.js';
import { givesAccess, type Subscriptions, toSubscription } from './subscriptions.js';

const PURPOSE = 'gift-subscription';
const DAY_MS = 86_400_000;
/** Bound on the gifts a buyer sees (newest first). */
const MINE_MAX = 100;
/** The newsroom's page of gifts. */
export const GIFTS_PAGE = 50;

type GiftRow = Selectable<GiftSubscriptionsTable>;

/** What Stripe's completed payment says of a gift (its Checkout session and the metadata we gave it). */
export interface PaidGift {
  sessionId: string;
  buyerId: number;
  planId: number;
  months: number;
  amountOre: number;
  recipientEmail: string | null;
  message: string | null;
}

/** `from` plus `months` calendar months (UTC), the day kept or, past the month's end, its last day. */
export function addMonths(fromIso: string, months: number): string {
  const d = new Date(fromIso);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.toISOString();
}

const statusOf = (r: Pick<GiftRow, 'redeemed_at' | 'expires_at'>, now: string): GiftStatus =>
  r.redeemed_at ? 'redeemed' : r.expires_at <= now ? 'expired' : 'available';

/**
 * Issue 42: gift subscriptions. A reader pays once (Stripe Checkout in payment mode) for a plan for
 * 1–12 months; Stripe's `checkout.session.completed` writes the gift (once: the session id is
 * unique). Its redeem link carries a token derived from the session under the server secret and
 * signed — only its sha256 is stored, and the buyer's list derives it again. Redeeming gives the
 * reader a subscription of source `gift` that ends after the months (the entitlement rule,
 * `givesAccess`, treats it as any other subscription with an end).
 */
export class Gifts {
  constructor(
    private readonly db: Db,
    private readonly plans: Plans,
    private readonly subscriptions: Subscriptions,
    private readonly secret: Buffer,
  ) {}

  /** The redeem token of a gift paid in this Checkout session (the same every time it is asked). */
  tokenFor(sessionId: string): string {
    const nonce = createHmac('sha256', this.secret)
      .update(`${PURPOSE}-nonce\n${sessionId}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
    return signToken(this.secret, PURPOSE, nonce);
  }

  urlFor(origin: string, sessionId: string): string {
    return `${origin}${GIFT_REDEEM_PATH}/${this.tokenFor(sessionId)}`;
  }

  /**
   * A paid gift written in the transaction applying Stripe's event; null when this session's gift
   * exists already (a repeated or second event) or the plan is gone.
   */
  async createFromPayment(trx: Db, p: PaidGift, now = nowIso()): Promise<{ id: number } | null> {
    const plan = await trx.selectFrom('plans').select(['id', 'name']).where('id', '=', p.planId).executeTakeFirst();
    const res = await trx
      .insertInto('gift_subscriptions')
      .values({
        buyer_id: p.buyerId,
        plan_id: plan ? Number(plan.id) : null,
        plan_name: plan?.name ?? 'Prenumeration',
        months: p.months,
        amount_ore: p.amountOre,
        recipient_email: p.recipientEmail,
        message: p.message,
        token_hash: sha256(this.tokenFor(p.sessionId)),
        stripe_session_id: p.sessionId,
        created_at: now,
        expires_at: new Date(Date.parse(now) + GIFT_REDEEM_DAYS * DAY_MS).toISOString(),
      })
      .onConflict((oc) => oc.column('stripe_session_id').doNothing())
      .executeTakeFirst();
    if (Number(res.numInsertedOrUpdatedRows ?? 0) === 0) return null;
    const row = await trx
      .selectFrom('gift_subscriptions')
      .select('id')
      .where('stripe_session_id', '=', p.sessionId)
      .executeTakeFirstOrThrow();
    return { id: Number(row.id) };
  }

  /** The gift a token names: forged or unknown 404 (the signature is checked before any query). */
  private async byToken(token: string, db: Db = this.db): Promise<GiftRow> {
    if (token.length > 200 || verifyToken(this.secret, PURPOSE, token) === null) {
      throw httpError(404, REVENUE_MSG.giftUnknown);
    }
    const row = (await db
      .selectFrom('gift_subscriptions')
      .selectAll()
      .where('token_hash', '=', sha256(token))
      .executeTakeFirst()) as GiftRow | undefined;
    if (!row) throw httpError(404, REVENUE_MSG.giftUnknown);
    return row;
  }

  /** What the link shows: the plan and months, the greeting; never the buyer. Expired 410. */
  async preview(token: string, now = nowIso()): Promise<GiftPreview> {
    const row = await this.byToken(token);
    const status = statusOf(row, now);
    if (status === 'expired') throw httpError(410, REVENUE_MSG.giftExpired);
    const plan = row.plan_id === null ? null : await this.plans.get(Number(row.plan_id));
    return {
      plan_name: row.plan_name,
      benefits: plan?.benefits ?? [],
      months: Number(row.months),
      message: status === 'available' ? row.message : null,
      status,
      expires_at: row.expires_at,
    };
  }

  /**
   * Redeems a gift for a reader, once: a subscription of source `gift` to its plan from now — or,
   * when the reader has access that will not renew (a complimentary, another gift, a Stripe one
   * cancelled at its period's end), from when that ends — for the gift's months. A reader whose
   * subscription renews (Stripe: trialing, active, past due) is refused with 409 and the gift stays
   * unredeemed, to be passed on or redeemed later. A second redeem 409, expired 410, unknown 404.
   */
  async redeem(token: string, userId: number, graceDays: number, now = nowIso()): Promise<Subscription> {
    const gift = await this.byToken(token);
    const status = statusOf(gift, now);
    if (status === 'redeemed') throw httpError(409, REVENUE_MSG.giftRedeemed);
    if (status === 'expired') throw httpError(410, REVENUE_MSG.giftExpired);
    const live = (await this.subscriptions.rowsOf(userId)).filter((r) => givesAccess(r, now, graceDays));
    if (live.some((r) => r.source === 'stripe' && r.status !== 'canceled')) {
      throw httpError(409, REVENUE_MSG.giftHasSubscription);
    }
    const from = live.reduce(
      (at, r) => (r.current_period_end && r.current_period_end > at ? r.current_period_end : at),
      now,
    );
    const end = addMonths(from, Number(gift.months));
    const id = await this.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('gift_subscriptions')
        .set({ redeemed_by: userId, redeemed_at: now })
        .where('id', '=', gift.id)
        .where('redeemed_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) throw httpError(409, REVENUE_MSG.giftRedeemed);
      const { id: subId } = await trx
        .insertInto('subscriptions')
        .values({
          user_id: userId,
          plan_id: gift.plan_id,
          plan_name: gift.plan_name,
          source: 'gift',
          status: 'active',
          interval: null,
          current_period_end: end,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('gift_subscriptions')
        .set({ subscription_id: Number(subId) })
        .where('id', '=', gift.id)
        .execute();
      return Number(subId);
    });
    const row = await this.db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return toSubscription(row, now, graceDays);
  }

  /** The gifts a reader bought, newest first (bounded), with their links. */
  async mine(buyerId: number, origin: string, now = nowIso(), limit = MINE_MAX): Promise<Gift[]> {
    const rows = (await this.db
      .selectFrom('gift_subscriptions')
      .selectAll()
      .where('buyer_id', '=', buyerId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute()) as GiftRow[];
    return rows.map((r) => ({
      id: Number(r.id),
      plan_name: r.plan_name,
      months: Number(r.months),
      amount_sek: Number(r.amount_ore) / 100,
      recipient_email: r.recipient_email,
      message: r.message,
      status: statusOf(r, now),
      url: this.urlFor(origin, r.stripe_session_id),
      created_at: r.created_at,
      expires_at: r.expires_at,
      redeemed_at: r.redeemed_at,
    }));
  }

  /** The newsroom's list: newest first, `GIFTS_PAGE` a page after the id `after`. */
  async page(
    after: number | null,
    names: (ids: number[]) => Promise<Map<number, string>>,
    now = nowIso(),
  ): Promise<{ items: GiftAdminRow[]; next: number | null }> {
    let q = this.db
      .selectFrom('gift_subscriptions')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(GIFTS_PAGE + 1);
    if (after !== null) q = q.where('id', '<', after);
    const rows = (await q.execute()) as GiftRow[];
    const shown = rows.slice(0, GIFTS_PAGE);
    const ids = [
      ...new Set(shown.flatMap((r) => [r.buyer_id, r.redeemed_by]).filter((x): x is number => x !== null)),
    ].map(Number);
    const named = await names(ids);
    return {
      items: shown.map((r) => ({
        id: Number(r.id),
        buyer_id: r.buyer_id === null ? null : Number(r.buyer_id),
        buyer: r.buyer_id === null ? null : (named.get(Number(r.buyer_id)) ?? null),
        plan_name: r.plan_name,
        months: Number(r.months),
        amount_sek: Number(r.amount_ore) / 100,
        recipient_email: r.recipient_email,
        status: statusOf(r, now),
        created_at: r.created_at,
        expires_at: r.expires_at,
        redeemed_at: r.redeemed_at,
        redeemed_by: r.redeemed_by === null ? null : Number(r.redeemed_by),
        redeemer: r.redeemed_by === null ? null : (named.get(Number(r.redeemed_by)) ?? null),
      })),
      next: rows.length > GIFTS_PAGE ? Number(shown[shown.length - 1]?.id) : null,
    };
  }

  /** The mail to the recipient of a gift just paid (read in the transaction that wrote it). */
  async forMail(giftId: number, trx: Db): Promise<(GiftRow & { token: string }) | null> {
    const r = (await trx.selectFrom('gift_subscriptions').selectAll().where('id', '=', giftId).executeTakeFirst()) as
      | GiftRow
      | undefined;
    return r ? { ...r, token: this.tokenFor(r.stripe_session_id) } : null;
  }

  /**
   * A deleted account: the gifts it bought stay redeemable (paid for) but no longer name it; the
   * ones it redeemed forget who did (its subscription rows go with the account).
   */
  async eraseForUser(userId: number): Promise<void> {
    await this.db
      .updateTable('gift_subscriptions')
      .set({ buyer_id: null, message: null })
      .where('buyer_id', '=', userId)
      .execute();
    await this.db
      .updateTable('gift_subscriptions')
      .set({ redeemed_by: null })
      .where('redeemed_by', '=', userId)
      .execute();
  }
}
