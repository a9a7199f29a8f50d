import type { Plan, PlanInput } from '@vaggen/contract';
import { REVENUE_MSG } from '@vaggen/contract';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import type { DomainEvents } from '../../lib/events/domain-events.js';
import { httpError } from '../../lib/http-errors.js';
import { PlansChanged } from './events.js';

/** Bound on plans listed (a paper has a handful). */
const PLANS_MAX = 100;

type PlanRow = {
  id: number;
  name: string;
  benefits: string;
  price_month_sek: number | null;
  price_year_sek: number | null;
  trial_days: number;
  on_sale: number;
};

const toPlan = (r: PlanRow): Plan => ({
  id: Number(r.id),
  name: r.name,
  benefits: parseBenefits(r.benefits),
  price_month_sek: r.price_month_sek === null ? null : Number(r.price_month_sek),
  price_year_sek: r.price_year_sek === null ? null : Number(r.price_year_sek),
  trial_days: Number(r.trial_days),
  on_sale: Number(r.on_sale) === 1,
});

function parseBenefits(json: string): string[] {
  try {
    const v = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** Issue 42: the plans an admin defines (name, benefits, prices incl. VAT, trial, on sale). */
export class Plans {
  constructor(
    private readonly db: Db,
    private readonly events: DomainEvents,
  ) {}

  async list(onSaleOnly: boolean): Promise<Plan[]> {
    let q = this.db.selectFrom('plans').selectAll();
    if (onSaleOnly) q = q.where('on_sale', '=', 1);
    return (await q.orderBy('id').limit(PLANS_MAX).execute()).map(toPlan);
  }

  async get(id: number): Promise<Plan | null> {
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
    const r = await this.db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? toPlan(r) : null;
  }

  async create(input: PlanInput): Promise<Plan> {
    const now = nowIso();
    const id = await this.events.transaction(async (trx) => {
      const row = await trx
        .insertInto('plans')
        .values({ ...this.columns(input), created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.events.emit(trx, PlansChanged({ planId: Number(row.id) }));
      return Number(row.id);
    });
    return (await this.get(id)) as Plan;
  }

  async update(id: number, input: PlanInput): Promise<Plan> {
    if (!(await this.get(id))) throw httpError(404, REVENUE_MSG.planNotFound);
    await this.events.transaction(async (trx) => {
      await trx
        .updateTable('plans')
        .set({ ...this.columns(input), updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
      await this.events.emit(trx, PlansChanged({ planId: id }));
    });
    return (await this.get(id)) as Plan;
  }

  private columns(p: PlanInput) {
    return {
      name: p.name,
      benefits: JSON.stringify(p.benefits),
      price_month_sek: p.price_month_sek,
      price_year_sek: p.price_year_sek,
      trial_days: p.trial_days,
      on_sale: p.on_sale ? 1 : 0,
    };
  }
}
