import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import type { DomainEvents } from '../../lib/events/domain-events.js';
import { GiftPurchased, SubscriptionPaid } from './events.js';
import type { Gifts } from './gifts.js';

/** Events applied per run of the job (a burst of renewals is worked off in batches). */
const BATCH = 200;

/** The part of Stripe's event Väggen reads. */
export interface StripeEventLike {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

type Obj = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const idOf = (v: unknown): string | null =>
  typeof v === 'string' ? v : v && typeof v === 'object' ? str((v as Obj).id) : null;
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const iso = (seconds: number | null) => (seconds === null ? null : new Date(seconds * 1000).toISOString());
const metaOf = (o: Obj): Obj => (o.metadata && typeof o.metadata === 'object' ? (o.metadata as Obj) : {});
const intOf = (v: unknown): number | null => {
  const n = typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : null;
  return n && n <= 2_147_483_647 ? n : null;
};

/**
 * Issue 42: Stripe's webhook events. `store` keeps an event once (its id is the key: a repeat is a
 * no-op); `processPending` applies stored events in a job, each exactly once across processes (the
 * claim and the change are one transaction), from the state the event's object carries, never
 * older than what was applied (`state_at`): order does not matter.
 */
export class StripeEvents {
  constructor(
    private readonly db: Db,
    /** The transaction each event is applied in: what follows from it (a receipt) commits with it. */
    private readonly events: DomainEvents,
    /** Whether an account exists (the users module); a deleted one gets no subscription row. */
    private readonly userExists: (id: number) => Promise<boolean>,
    private readonly onError?: (err: unknown) => void,
    /** Gift subscriptions: a paid gift's Checkout session writes the gift. */
    private readonly gifts?: Gifts,
  ) {}

  /** Keeps the event; false when it was already received. */
  async store(e: StripeEventLike): Promise<boolean> {
    const res = await this.db
      .insertInto('stripe_events')
      .values({ id: e.id, type: e.type, payload: JSON.stringify(e), received_at: nowIso() })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Applies the events not applied yet, oldest first; returns how many this process applied. */
  async processPending(): Promise<number> {
    let applied = 0;
    for (;;) {
      const rows = await this.db
        .selectFrom('stripe_events')
        .select(['id', 'payload'])
        .where('processed_at', 'is', null)
        .orderBy('received_at')
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (rows.length === 0) return applied;
      let progress = false;
      for (const r of rows) {
        const event = JSON.parse(r.payload) as StripeEventLike;
        // asked before the transaction (another module's table, through its service)
        const uid = userIdOf(event.data.object);
        const known = uid !== null && (await this.userExists(uid));
        let done: boolean;
        try {
          done = await this.applyOnce(r.id, event, known);
        } catch (err) {
          // left pending (e.g. SQLite busy with another process's write): the job's next run takes it
          this.onError?.(err);
          return applied;
        }
        if (done) applied++;
        progress = true;
      }
      if (!progress || rows.length < BATCH) return applied;
    }
  }

  /** Claims one event and applies it in one transaction; false when another process had it. */
  private applyOnce(id: string, event: StripeEventLike, known: boolean): Promise<boolean> {
    return this.events.transaction(async (trx) => {
      const claimed = await trx
        .updateTable('stripe_events')
        .set({ processed_at: nowIso(), attempts: (eb) => eb('attempts', '+', 1) })
        .where('id', '=', id)
        .where('processed_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) return false; // another process has it
      await this.apply(trx, event, known);
      return true;
    });
  }

  private async apply(trx: Db, e: StripeEventLike, userKnown: boolean): Promise<void> {
    const o = e.data.object;
    if (metaOf(o).kind === 'gift' && e.type.startsWith('checkout.session.')) return this.giftPaid(trx, e, o, userKnown);
    if (e.type === 'checkout.session.completed') return this.checkoutCompleted(trx, o, userKnown);
    if (e.type.startsWith('customer.subscription.')) return this.subscriptionState(trx, e, o, userKnown);
    if (e.type === 'invoice.paid') return this.invoicePaid(trx, o, userKnown);
    // other invoice events: the subscription's own events carry the state that follows from them
  }

  /**
   * A paid invoice of a subscription (the first payment, each renewal): a receipt for its reader.
   * The reader is the subscription's, or — when the invoice comes before any subscription event —
   * the one its subscription's metadata names. Applied once per event, so one receipt per invoice.
   */
  private async invoicePaid(trx: Db, inv: Obj, userKnown: boolean): Promise<void> {
    const subId = invoiceSubscription(inv);
    const amount = num(inv.amount_paid);
    if (!subId || amount === null || amount <= 0) return;
    const row = await trx
      .selectFrom('subscriptions')
      .select(['user_id', 'plan_name'])
      .where('stripe_subscription_id', '=', subId)
      .executeTakeFirst();
    const meta = invoiceMeta(inv);
    const userId = row ? Number(row.user_id) : userKnown ? intOf(meta.userId) : null;
    if (!userId) return;
    const planId = intOf(meta.planId);
    const planName =
      row?.plan_name ??
      (planId
        ? (await trx.selectFrom('plans').select('name').where('id', '=', planId).executeTakeFirst())?.name
        : undefined) ??
      'Prenumeration';
    const line = ((inv.lines as { data?: Obj[] } | undefined)?.data ?? [])[0];
    const period = (line?.period as Obj | undefined) ?? {};
    const taxes = Array.isArray(inv.total_taxes) ? (inv.total_taxes as Obj[]) : null;
    const tax = num(inv.tax) ?? (taxes ? taxes.reduce((n, t) => n + (num(t.amount) ?? 0), 0) : null);
    const paidAt = num((inv.status_transitions as Obj | undefined)?.paid_at) ?? num(inv.created);
    await this.events.emit(
      trx,
      SubscriptionPaid({
        userId,
        invoiceId: str(inv.id) ?? subId,
        invoiceNumber: str(inv.number),
        planName,
        amountOre: amount,
        taxOre: tax,
        currency: str(inv.currency) ?? 'sek',
        paidAt: iso(paidAt) ?? nowIso(),
        periodStart: iso(num(period.start)),
        periodEnd: iso(num(period.end)),
        invoiceUrl: str(inv.hosted_invoice_url),
      }),
    );
  }

  /**
   * Issue 42: a gift's Checkout session. Written when Stripe says it is paid — `completed` with
   * `payment_status: paid`, or, for a payment that settles later (some methods), the session's
   * `async_payment_succeeded` — once per session whichever comes and however often (the session
   * id is unique). The recipient's mail is queued with it (`GiftPurchased`).
   */
  private async giftPaid(trx: Db, e: StripeEventLike, s: Obj, userKnown: boolean): Promise<void> {
    if (!this.gifts) return;
    const paid =
      e.type === 'checkout.session.async_payment_succeeded' ||
      (e.type === 'checkout.session.completed' && (s.payment_status === undefined || s.payment_status === 'paid'));
    if (!paid) return;
    const sessionId = str(s.id);
    const meta = metaOf(s);
    const buyerId = intOf(meta.userId) ?? intOf(s.client_reference_id);
    const planId = intOf(meta.planId);
    const months = intOf(meta.months);
    const amount = num(s.amount_total);
    if (!sessionId || !buyerId || !userKnown || !planId || !months || months > 12) return;
    const recipientEmail = str(meta.recipientEmail);
    const gift = await this.gifts.createFromPayment(trx, {
      sessionId,
      buyerId,
      planId,
      months,
      amountOre: amount ?? 0,
      recipientEmail,
      message: str(meta.message),
    });
    if (gift) await this.events.emit(trx, GiftPurchased({ giftId: gift.id, buyerId, hasRecipient: !!recipientEmail }));
  }

  /** Paid: access at once (the subscription's own events then say the period and status). */
  private async checkoutCompleted(trx: Db, s: Obj, userKnown: boolean): Promise<void> {
    const subId = idOf(s.subscription);
    const meta = metaOf(s);
    const userId = intOf(meta.userId) ?? intOf(s.client_reference_id);
    if (!subId || !userId || !userKnown) return;
    // an offer's redemption counts once, when Stripe says its checkout completed (this event is applied once)
    const offerId = intOf(meta.offerId);
    if (offerId) {
      await trx
        .updateTable('offers')
        .set((eb) => ({ redemptions: eb('redemptions', '+', 1) }))
        .where('id', '=', offerId)
        .execute();
    }
    const existing = await trx
      .selectFrom('subscriptions')
      .select(['id'])
      .where('stripe_subscription_id', '=', subId)
      .executeTakeFirst();
    if (existing) return; // a subscription event came first: it holds newer state
    await this.insert(trx, {
      subId,
      userId,
      planId: intOf(meta.planId),
      customerId: idOf(s.customer),
      status: 'active',
      periodEnd: null,
      cancelAtEnd: false,
      articleId: intOf(meta.articleId),
      offerId,
      stateAt: 0,
    });
  }

  private async subscriptionState(trx: Db, e: StripeEventLike, s: Obj, userKnown: boolean): Promise<void> {
    const subId = str(s.id);
    if (!subId) return;
    const stripeStatus = str(s.status);
    const items = (s.items as { data?: Obj[] } | undefined)?.data ?? [];
    const periodEnd = iso(num(s.current_period_end) ?? num(items[0]?.current_period_end));
    const recurring = ((items[0]?.price as Obj | undefined)?.recurring as Obj | undefined)?.interval;
    const interval = recurring === 'month' || recurring === 'year' ? recurring : null;
    const cancelAtEnd = s.cancel_at_period_end === true;
    const status =
      e.type === 'customer.subscription.deleted' || stripeStatus === 'canceled' || stripeStatus === 'incomplete_expired'
        ? 'ended'
        : stripeStatus === 'past_due' || stripeStatus === 'unpaid'
          ? 'past_due'
          : stripeStatus === 'trialing'
            ? 'trialing'
            : stripeStatus === 'active'
              ? cancelAtEnd
                ? 'canceled'
                : 'active'
              : null; // incomplete, paused: nothing changes
    if (!status) return;
    const row = await trx
      .selectFrom('subscriptions')
      .select(['id', 'state_at', 'past_due_since'])
      .where('stripe_subscription_id', '=', subId)
      .executeTakeFirst();
    const meta = metaOf(s);
    const at = iso(e.created) as string;
    if (!row) {
      const userId = intOf(meta.userId);
      if (!userId || !userKnown) return;
      await this.insert(trx, {
        subId,
        userId,
        planId: intOf(meta.planId),
        customerId: idOf(s.customer),
        status,
        periodEnd,
        cancelAtEnd,
        articleId: intOf(meta.articleId),
        offerId: intOf(meta.offerId),
        stateAt: e.created,
        pastDueSince: status === 'past_due' ? at : null,
        endedAt: status === 'ended' ? (iso(num(s.ended_at)) ?? at) : null,
      });
      return;
    }
    if (Number(row.state_at) > e.created) return; // older state than what was applied
    await trx
      .updateTable('subscriptions')
      .set({
        status,
        current_period_end: periodEnd,
        cancel_at_period_end: cancelAtEnd ? 1 : 0,
        past_due_since: status === 'past_due' ? (row.past_due_since ?? at) : null,
        ended_at: status === 'ended' ? (iso(num(s.ended_at)) ?? at) : null,
        stripe_customer_id: idOf(s.customer),
        ...(interval ? { interval } : {}),
        state_at: e.created,
        updated_at: nowIso(),
      })
      .where('id', '=', row.id)
      .execute();
  }

  private async insert(
    trx: Db,
    v: {
      subId: string;
      userId: number;
      planId: number | null;
      customerId: string | null;
      status: string;
      periodEnd: string | null;
      cancelAtEnd: boolean;
      articleId: number | null;
      offerId?: number | null;
      stateAt: number;
      pastDueSince?: string | null;
      endedAt?: string | null;
    },
  ): Promise<void> {
    const plan = v.planId
      ? ((await trx.selectFrom('plans').select('name').where('id', '=', v.planId).executeTakeFirst())?.name ?? null)
      : null;
    const now = nowIso();
    await trx
      .insertInto('subscriptions')
      .values({
        user_id: v.userId,
        plan_id: plan === null ? null : v.planId,
        plan_name: plan ?? 'Prenumeration',
        source: 'stripe',
        status: v.status,
        interval: null,
        stripe_subscription_id: v.subId,
        stripe_customer_id: v.customerId,
        current_period_end: v.periodEnd,
        cancel_at_period_end: v.cancelAtEnd ? 1 : 0,
        past_due_since: v.pastDueSince ?? null,
        ended_at: v.endedAt ?? null,
        origin_article_id: v.articleId,
        offer_id: v.offerId ?? null,
        state_at: v.stateAt,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('stripe_subscription_id').doNothing())
      .execute();
  }
}

/** The account an event's object names (its metadata, a checkout's client reference, an invoice's subscription). */
function userIdOf(o: Obj): number | null {
  return intOf(metaOf(o).userId) ?? intOf(o.client_reference_id) ?? intOf(invoiceMeta(o).userId);
}

/** An invoice's subscription: `parent.subscription_details` (API 2025-03 on) or `subscription` before. */
function invoiceSubscription(inv: Obj): string | null {
  const parent = (inv.parent as Obj | undefined)?.subscription_details as Obj | undefined;
  return idOf(parent?.subscription) ?? idOf(inv.subscription);
}

/** The metadata of an invoice's subscription as Stripe copies it onto the invoice. */
function invoiceMeta(inv: Obj): Obj {
  const parent = (inv.parent as Obj | undefined)?.subscription_details as Obj | undefined;
  const details = parent ?? (inv.subscription_details as Obj | undefined);
  return details ? metaOf(details) : {};
}
