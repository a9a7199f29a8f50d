import type { Subscription, SubscriptionStatus } from '@vaggen/contract';
import { REVENUE_MSG } from '@vaggen/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import type { SubscriptionsTable } from '../../db/schema.js';
import { httpError } from '../../lib/http-errors.js';
import type { Plans } from './plans.js';

const DAY_MS = 86_400_000;
/** Bound on one reader's subscriptions read at once (newest first). */
const PER_READER = 20;

export type SubscriptionRow = Selectable<SubscriptionsTable>;

/**
 * Issue 42: THE entitlement rule, the one place that says whether a subscription gives access now.
 * Trialing, active and canceled-at-period-end subscriptions until their period ends; a past-due one
 * for the grace period the admin sets (`past_due_grace_days`); an ended one never.
 */
export function givesAccess(r: SubscriptionRow, now: string, graceDays: number): boolean {
  const status = r.status as SubscriptionStatus;
  if (status === 'ended') return false;
  if (status === 'past_due') {
    if (!r.past_due_since) return false;
    return new Date(Date.parse(r.past_due_since) + graceDays * DAY_MS).toISOString() > now;
  }
  return r.current_period_end === null || r.current_period_end > now;
}

export function toSubscription(r: SubscriptionRow, now: string, graceDays: number): Subscription {
  const access = givesAccess(r, now, graceDays);
  // a subscription whose time ran out reads as ended before any event says so
  const status = (access || r.status === 'past_due' ? r.status : 'ended') as SubscriptionStatus;
  return {
    id: Number(r.id),
    user_id: Number(r.user_id),
    plan_id: r.plan_id === null ? null : Number(r.plan_id),
    plan_name: r.plan_name,
    status: r.status === 'past_due' && !access ? 'ended' : status,
    has_access: access,
    interval: r.interval === 'month' || r.interval === 'year' ? r.interval : null,
    source: r.source === 'stripe' || r.source === 'gift' ? r.source : 'complimentary',
    current_period_end: r.current_period_end,
    cancel_at_period_end: Number(r.cancel_at_period_end) === 1,
    created_at: r.created_at,
  };
}

/** Issue 42: readers' subscriptions (complimentary grants here; Stripe's state in stripe.ts). */
export class Subscriptions {
  constructor(
    private readonly db: Db,
    private readonly plans: Plans,
  ) {}

  /** A reader's subscriptions, newest first (bounded). */
  rowsOf(userId: number): Promise<SubscriptionRow[]> {
    return this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(PER_READER)
      .execute() as Promise<SubscriptionRow[]>;
  }

  /** Whether any of a reader's subscriptions gives access now. */
  async hasAccess(userId: number, graceDays: number, now = nowIso()): Promise<boolean> {
    return (await this.rowsOf(userId)).some((r) => givesAccess(r, now, graceDays));
  }

  /** The reader's subscription to show: the one giving access, else the newest; null without any. */
  async mine(userId: number, graceDays: number, now = nowIso()): Promise<Subscription | null> {
    const rows = await this.rowsOf(userId);
    const best = rows.find((r) => givesAccess(r, now, graceDays)) ?? rows[0];
    return best ? toSubscription(best, now, graceDays) : null;
  }

  /** An admin's complimentary subscription: access to the plan until `until`. */
  async grantComplimentary(userId: number, planId: number, until: string, graceDays: number): Promise<Subscription> {
    const plan = await this.plans.get(planId);
    if (!plan) throw httpError(404, REVENUE_MSG.planNotFound);
    const end = Date.parse(until.length === 10 ? `${until}T23:59:59Z` : until);
    if (!Number.isFinite(end) || end > Date.parse('9999-12-31T00:00:00Z')) {
      throw httpError(400, `Invalid request: until: ${REVENUE_MSG.untilInPast}`);
    }
    const now = nowIso();
    const endIso = new Date(end).toISOString();
    if (endIso <= now) throw httpError(400, REVENUE_MSG.untilInPast);
    const { id } = await this.db
      .insertInto('subscriptions')
      .values({
        user_id: userId,
        plan_id: plan.id,
        plan_name: plan.name,
        source: 'complimentary',
        status: 'active',
        interval: null,
        current_period_end: endIso,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = (await this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow()) as SubscriptionRow;
    return toSubscription(row, now, graceDays);
  }

  /** A deleted account's subscriptions (after Stripe's were cancelled). */
  async eraseForUser(userId: number): Promise<void> {
    await this.db.deleteFrom('subscriptions').where('user_id', '=', userId).execute();
  }
}
