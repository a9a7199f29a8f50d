import type { Offer, OfferInput, OfferQuote } from '@vaggen/contract';
import { normalizeOfferCode, offerPrice, REVENUE_MSG, stockholmWallToUtc } from '@vaggen/contract';
import type { Selectable } from 'kysely';
import { isUniqueViolation } from '../../db/errors.js';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import type { OffersTable } from '../../db/schema.js';
import { httpError } from '../../lib/http-errors.js';
import type { Plans } from './plans.js';

/** Bound on the offers the newsroom lists (newest first). */
const OFFERS_LISTED = 200;

type OfferRow = Selectable<OffersTable>;

/** A valid offer for checkout: what to show and what to pass to Stripe. */
export interface ValidOffer {
  id: number;
  quote: OfferQuote;
  row: OfferRow;
}

/**
 * Issue 42: offers — a code (case-insensitive, unique) giving a plan's first month or year at a
 * percentage off until a date, optionally a bounded number of times. The reader's price before
 * payment comes from `quote`; Stripe gets the same as a coupon of duration `once` (stripe.ts).
 */
export class Offers {
  constructor(
    private readonly db: Db,
    private readonly plans: Plans,
  ) {}

  async create(input: OfferInput, now = new Date()): Promise<Offer> {
    const plan = await this.plans.get(input.planId);
    if (!plan) throw httpError(404, REVENUE_MSG.planNotFound);
    // an offer lowers the first invoice, which on a plan with a free trial is the trial's zero one
    if (plan.trial_days > 0) throw httpError(400, REVENUE_MSG.offerWithTrial);
    if ((input.interval === 'month' ? plan.price_month_sek : plan.price_year_sek) === null) {
      throw httpError(400, REVENUE_MSG.noPriceForInterval);
    }
    const [y, m, d] = input.valid_until.split('-').map(Number) as [number, number, number];
    const asDate = new Date(Date.UTC(y, m - 1, d));
    if (asDate.getUTCMonth() !== m - 1 || asDate.getUTCDate() !== d) {
      throw httpError(400, 'Invalid request: valid_until: Ange ett datum (ÅÅÅÅ-MM-DD)');
    }
    // the end of the last day in Sweden (the start of the next one)
    const endMs = stockholmWallToUtc(y, m, d + 1);
    if (!Number.isFinite(endMs) || new Date(endMs).getUTCFullYear() > 9999) {
      throw httpError(400, REVENUE_MSG.offerUntilInPast);
    }
    if (endMs <= now.getTime()) throw httpError(400, REVENUE_MSG.offerUntilInPast);
    try {
      const { id } = await this.db
        .insertInto('offers')
        .values({
          plan_id: plan.id,
          code: normalizeOfferCode(input.code),
          interval: input.interval,
          percent_off: input.percent_off,
          valid_until: new Date(endMs - 1).toISOString(),
          max_redemptions: input.max_redemptions ?? null,
          created_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return (await this.list()).find((o) => o.id === Number(id)) as Offer;
    } catch (err) {
      if (isUniqueViolation(err)) throw httpError(409, REVENUE_MSG.offerCodeTaken);
      throw err;
    }
  }

  /** The newest offers first (bounded), with their plans' names. */
  async list(): Promise<Offer[]> {
    const rows = await this.db
      .selectFrom('offers as o')
      .innerJoin('plans as p', 'p.id', 'o.plan_id')
      .selectAll('o')
      .select('p.name as plan_name')
      .orderBy('o.id', 'desc')
      .limit(OFFERS_LISTED)
      .execute();
    return rows.map((r) => ({
      id: Number(r.id),
      plan_id: Number(r.plan_id),
      plan_name: r.plan_name,
      code: r.code.toUpperCase(),
      interval: r.interval === 'year' ? 'year' : 'month',
      percent_off: Number(r.percent_off),
      valid_until: r.valid_until,
      max_redemptions: r.max_redemptions === null ? null : Number(r.max_redemptions),
      redemptions: Number(r.redemptions),
      created_at: r.created_at,
    }));
  }

  /**
   * The offer a code names, if a reader may use it now: unknown 404, past its last day 410, used up
   * 409 (Swedish messages), its plan not on sale or starting with a free trial 400.
   */
  async valid(code: string, now = nowIso()): Promise<ValidOffer> {
    const key = normalizeOfferCode(code);
    if (key.length === 0 || key.length > 40) throw httpError(404, REVENUE_MSG.offerNotFound);
    const row = (await this.db.selectFrom('offers').selectAll().where('code', '=', key).executeTakeFirst()) as
      | OfferRow
      | undefined;
    if (!row) throw httpError(404, REVENUE_MSG.offerNotFound);
    if (row.valid_until < now) throw httpError(410, REVENUE_MSG.offerExpired);
    if (row.max_redemptions !== null && Number(row.redemptions) >= Number(row.max_redemptions)) {
      throw httpError(409, REVENUE_MSG.offerUsedUp);
    }
    const plan = await this.plans.get(Number(row.plan_id));
    if (!plan) throw httpError(404, REVENUE_MSG.offerNotFound);
    if (!plan.on_sale) throw httpError(400, REVENUE_MSG.planNotOnSale);
    // the plan was given a free trial after the offer was made: the checkout would start with it
    if (plan.trial_days > 0) throw httpError(400, REVENUE_MSG.offerWithTrial);
    const interval = row.interval === 'year' ? 'year' : 'month';
    const price = interval === 'year' ? plan.price_year_sek : plan.price_month_sek;
    if (price === null) throw httpError(400, REVENUE_MSG.noPriceForInterval);
    return {
      id: Number(row.id),
      row,
      quote: {
        code: row.code.toUpperCase(),
        plan_id: plan.id,
        plan_name: plan.name,
        interval,
        percent_off: Number(row.percent_off),
        valid_until: row.valid_until,
        first_price_sek: offerPrice(price, Number(row.percent_off)),
        regular_price_sek: price,
      },
    };
  }

  /** Keeps the Stripe coupon made for an offer (the first one kept wins; a later one is unused). */
  async keepCoupon(offerId: number, couponId: string): Promise<string> {
    await this.db
      .updateTable('offers')
      .set({ stripe_coupon_id: couponId })
      .where('id', '=', offerId)
      .where('stripe_coupon_id', 'is', null)
      .execute();
    const r = await this.db
      .selectFrom('offers')
      .select('stripe_coupon_id')
      .where('id', '=', offerId)
      .executeTakeFirst();
    return r?.stripe_coupon_id ?? couponId;
  }
}
