import type { RevenueDay } from '@vaggen/contract';
import { REVENUE_HISTORY_MAX_DAYS, stockholmDay } from '@vaggen/contract';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Database } from '../../db/schema.js';

const DAY_MS = 86_400_000;

/**
 * The subscriptions that give access at `now` — `givesAccess` (subscriptions.ts) said in SQL, so
 * the figures are counted by the database (the status index), never read row by row.
 */
function givingAccess(now: string, graceDays: number) {
  const graceFrom = new Date(Date.parse(now) - graceDays * DAY_MS).toISOString();
  return (eb: ExpressionBuilder<Database, 'subscriptions'>) =>
    eb.or([
      eb.and([
        eb('subscriptions.status', 'in', ['trialing', 'active', 'canceled']),
        eb.or([eb('subscriptions.current_period_end', 'is', null), eb('subscriptions.current_period_end', '>', now)]),
      ]),
      eb.and([eb('subscriptions.status', '=', 'past_due'), eb('subscriptions.past_due_since', '>', graceFrom)]),
    ]);
}

/**
 * Monthly recurring revenue (kr incl. VAT) now: Stripe subscriptions giving access and paying (not
 * trialing), counted per plan and period by the database; a yearly one counts a twelfth. A
 * subscription whose period Stripe has not told yet counts at the monthly price.
 */
export async function mrrNow(db: Db, now: string, graceDays: number): Promise<number> {
  const groups = await db
    .selectFrom('subscriptions')
    .select(['plan_id', 'interval', (eb) => eb.fn.countAll<number>().as('n')])
    .where('source', '=', 'stripe')
    .where('status', '!=', 'trialing')
    .where(givingAccess(now, graceDays))
    .groupBy(['plan_id', 'interval'])
    .execute();
  const planIds = [...new Set(groups.map((g) => g.plan_id).filter((id): id is number => id !== null))];
  if (planIds.length === 0) return 0;
  const prices = new Map(
    (
      await db
        .selectFrom('plans')
        .select(['id', 'price_month_sek', 'price_year_sek'])
        .where('id', 'in', planIds.map(Number))
        .execute()
    ).map((p) => [Number(p.id), p]),
  );
  let mrr = 0;
  for (const g of groups) {
    const p = g.plan_id === null ? undefined : prices.get(Number(g.plan_id));
    if (!p) continue;
    const n = Number(g.n);
    if (g.interval === 'year' && p.price_year_sek !== null) mrr += (n * Number(p.price_year_sek)) / 12;
    else if (p.price_month_sek !== null) mrr += n * Number(p.price_month_sek);
    else if (p.price_year_sek !== null) mrr += (n * Number(p.price_year_sek)) / 12;
  }
  return Math.round(mrr * 100) / 100;
}

/**
 * Issue 42: the revenue figures over time — one row per Swedish day, written by the daily
 * `revenue-snapshot` job. The day is the row's key and the insert does nothing when the day has a
 * row, so however many processes run the job, or however often, each day is measured once.
 */
export class RevenueHistory {
  constructor(private readonly db: Db) {}

  /** The figures now: MRR and the subscriptions giving access, by status. */
  async measure(now: Date, graceDays: number): Promise<Omit<RevenueDay, 'day'>> {
    const at = now.toISOString();
    const byStatus = await this.db
      .selectFrom('subscriptions')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where(givingAccess(at, graceDays))
      .groupBy('status')
      .execute();
    const n = (s: string) => Number(byStatus.find((r) => r.status === s)?.n ?? 0);
    return {
      mrr_sek: await mrrNow(this.db, at, graceDays),
      active: n('active'),
      trialing: n('trialing'),
      past_due: n('past_due'),
      canceled: n('canceled'),
    };
  }

  /** Today's row (Swedish day), unless it is there already; returns the day written, else null. */
  async snapshotDue(now: Date, graceDays: number): Promise<string | null> {
    const day = stockholmDay(now.getTime());
    const there = await this.db.selectFrom('revenue_snapshots').select('day').where('day', '=', day).executeTakeFirst();
    if (there) return null;
    const figures = await this.measure(now, graceDays);
    const r = await this.db
      .insertInto('revenue_snapshots')
      .values({ day, ...figures, taken_at: now.toISOString() })
      .onConflict((oc) => oc.column('day').doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0 ? day : null;
  }

  /** The last `days` days' rows (Swedish days, today included), oldest first. */
  async last(days: number, now: Date): Promise<RevenueDay[]> {
    const n = Math.min(Math.max(1, Math.floor(days)), REVENUE_HISTORY_MAX_DAYS);
    const from = stockholmDay(now.getTime() - (n - 1) * DAY_MS);
    const rows = await this.db
      .selectFrom('revenue_snapshots')
      .select(['day', 'mrr_sek', 'active', 'trialing', 'past_due', 'canceled'])
      .where('day', '>=', from)
      .orderBy('day')
      .limit(n)
      .execute();
    return rows.map((r) => ({
      day: r.day,
      mrr_sek: Number(r.mrr_sek),
      active: Number(r.active),
      trialing: Number(r.trialing),
      past_due: Number(r.past_due),
      canceled: Number(r.canceled),
    }));
  }
}
