import type {
  AccessClass,
  Article,
  ArticleAccess,
  Gift,
  GiftAdminPage,
  GiftCheckoutInput,
  GiftPreview,
  Offer,
  OfferInput,
  OfferQuote,
  Plan,
  PlanInput,
  RevenueDay,
  Subscription,
} from '@vaggen/contract';
import { GIFT_BUY_PATH, giftPrice, REVENUE_MSG } from '@vaggen/contract';
import type { StripeSettings } from '../../config.js';
import type { Db } from '../../db/index.js';
import type { DomainEvents } from '../../lib/events/domain-events.js';
import { httpError } from '../../lib/http-errors.js';
import type { ArticlesService } from '../articles/service.js';
import type { AuthService } from '../auth/service.js';
import type { NewsroomSettingsService } from '../settings/service.js';
import { publicProfiles } from '../users/public-profile.js';
import type { UsersService } from '../users/service.js';
import { ACCESS_PASS_COOKIE, GIFT_PARAM, ReaderAccess } from './access.js';
import { giftMail } from './gift-mail.js';
import { Gifts } from './gifts.js';
import { RevenueHistory } from './history.js';
import { RevenueNewsroom } from './newsroom.js';
import { Offers } from './offers.js';
import { Plans } from './plans.js';
import { StripeGateway } from './stripe.js';
import { Subscriptions, toSubscription } from './subscriptions.js';
import { type StripeEventLike, StripeEvents } from './webhooks.js';

// the page renderer reads the access pass's cookie through this module
export { readCookie } from '../../http/cookies.js';
export { ACCESS_PASS_COOKIE, GIFT_PARAM };

export interface RevenueDeps {
  articles: ArticlesService;
  auth: AuthService;
  users: UsersService;
  settings: NewsroomSettingsService;
  /** Domain events: a paid invoice is announced as `SubscriptionPaid` (the receipt follows, `src/events.ts`). */
  events: DomainEvents;
  secret: Buffer;
  /** Stripe, or null without STRIPE_SECRET_KEY (payment not configured). */
  stripe: StripeSettings | null;
  /** Told when applying stored Stripe events right after a webhook failed (the job retries). */
  onBackgroundError?: (err: unknown) => void;
}

/**
 * Issue 42: reader revenue — plans, subscriptions, and the one home of "who may read this": the
 * entitlement rule (`subscriptions.ts` `givesAccess`), readers' access classes, the meter and gift
 * links (`access.ts`). The articles module always answers readers a locked article's teaser; the
 * whole text is fetched here (`forReader`) for a reader this module lets in.
 */
export class RevenueService {
  readonly plans: Plans;
  readonly subscriptions: Subscriptions;
  readonly access: ReaderAccess;
  readonly stripeEvents: StripeEvents;
  /** The newsroom's list, counts and CSV. */
  readonly newsroom: RevenueNewsroom;
  /** The figures per day (the daily `revenue-snapshot` job). */
  readonly history: RevenueHistory;
  readonly offers: Offers;
  /** Gift subscriptions (bought once for someone else, redeemed by a link). */
  readonly gifts: Gifts;
  private readonly names: (ids: number[]) => Promise<Map<number, string>>;
  private readonly stripe: StripeGateway | null;
  private draining: Promise<number> | null = null;

  constructor(
    db: Db,
    private readonly deps: RevenueDeps,
  ) {
    this.stripe = deps.stripe ? new StripeGateway(deps.stripe) : null;
    this.plans = new Plans(db, deps.events);
    this.history = new RevenueHistory(db);
    this.offers = new Offers(db, this.plans);
    this.subscriptions = new Subscriptions(db, this.plans);
    this.gifts = new Gifts(db, this.plans, this.subscriptions, deps.secret);
    this.stripeEvents = new StripeEvents(
      db,
      deps.events,
      async (id) => (await deps.users.getById(id)) !== null,
      (err) => deps.onBackgroundError?.(err),
      this.gifts,
    );
    this.names = async (ids) => {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom(publicProfiles(db).as('u'))
        .select(['u.id', 'u.username'])
        .where('u.id', 'in', ids)
        .execute();
      return new Map(rows.map((r) => [Number(r.id), r.username]));
    };
    this.newsroom = new RevenueNewsroom(db, this.names);
    this.access = new ReaderAccess(db, {
      secret: deps.secret,
      userOfSessionHash: (h) => deps.auth.userOfSessionHash(h),
      hasAccess: async (userId) => this.subscriptions.hasAccess(userId, await this.graceDays()),
      settings: () => deps.settings.get(),
      articleTitle: async (id) => {
        const a = await deps.articles.getById(id);
        return a ? { title: a.title, slug: a.slug } : null;
      },
    });
  }

  private async graceDays(): Promise<number> {
    return (await this.deps.settings.get()).past_due_grace_days;
  }

  // ------------------------------------------------------------------ plans
  listPlans(onSaleOnly: boolean): Promise<Plan[]> {
    return this.plans.list(onSaleOnly);
  }
  createPlan(input: PlanInput): Promise<Plan> {
    return this.plans.create(input);
  }
  updatePlan(id: number, input: PlanInput): Promise<Plan> {
    return this.plans.update(id, input);
  }

  // ------------------------------------------------------------------ offers
  createOffer(input: OfferInput): Promise<Offer> {
    return this.offers.create(input);
  }
  listOffers(): Promise<Offer[]> {
    return this.offers.list();
  }
  /** What a code gives, for the reader's price before payment (4xx in Swedish when it gives nothing). */
  async quoteOffer(code: string): Promise<OfferQuote> {
    return (await this.offers.valid(code)).quote;
  }

  // ------------------------------------------------------------------ the figures over time
  /** The daily job: today's figures (Swedish day) unless measured already; the day written or null. */
  async snapshotDue(now: Date): Promise<string | null> {
    return this.history.snapshotDue(now, await this.graceDays());
  }
  revenueHistory(days: number, now = new Date()): Promise<RevenueDay[]> {
    return this.history.last(days, now);
  }

  // ------------------------------------------------------------------ subscriptions
  async mine(userId: number): Promise<Subscription | null> {
    return this.subscriptions.mine(userId, await this.graceDays());
  }

  async grantComplimentary(userId: number, planId: number, until: string): Promise<Subscription> {
    if (!(await this.deps.users.getById(userId))) throw httpError(404, REVENUE_MSG.userNotFound);
    return this.subscriptions.grantComplimentary(userId, planId, until, await this.graceDays());
  }

  /** Whether a reader has a subscription that gives access now (THE entitlement check). */
  async hasAccess(userId: number): Promise<boolean> {
    return this.subscriptions.hasAccess(userId, await this.graceDays());
  }

  // ------------------------------------------------------------------ the paywall
  classOf(userId: number | null): Promise<AccessClass> {
    return this.access.classOf(userId);
  }
  classForArticle(userId: number | null, articleId: number, access: ArticleAccess): Promise<AccessClass> {
    return this.access.classForArticle(userId, articleId, access);
  }
  /** An article as this reader may read it: whole, or as the articles module gave it (locked). */
  forReader(userId: number | null, article: Article): Promise<Article> {
    return this.access.forReader(userId, article, (id) => this.deps.articles.unlocked(id));
  }

  // ------------------------------------------------------------------ Stripe
  /** Whether readers can pay here (STRIPE_SECRET_KEY set). */
  get paymentConfigured(): boolean {
    return this.stripe !== null;
  }

  /** A plan a reader can pay for now: Stripe set up (else 409), the plan there (404) and on sale (400). */
  private async payablePlan(planId: number): Promise<{ stripe: StripeGateway; plan: Plan }> {
    if (!this.stripe) throw httpError(409, REVENUE_MSG.paymentNotConfigured);
    const plan = await this.plans.get(planId);
    if (!plan) throw httpError(404, REVENUE_MSG.planNotFound);
    if (!plan.on_sale) throw httpError(400, REVENUE_MSG.planNotOnSale);
    return { stripe: this.stripe, plan };
  }

  /** The reader's Stripe customer, once a checkout has made one. */
  private async customerOf(userId: number): Promise<string | null> {
    return (await this.subscriptions.rowsOf(userId)).find((r) => r.stripe_customer_id)?.stripe_customer_id ?? null;
  }

  /** A Stripe Checkout session for a plan; its address. */
  async checkout(
    user: { id: number; email?: string | null },
    input: { planId: number; interval: 'month' | 'year'; articleId?: number; offerCode?: string },
    origin: string,
  ): Promise<{ url: string }> {
    const { stripe, plan } = await this.payablePlan(input.planId);
    const price = input.interval === 'month' ? plan.price_month_sek : plan.price_year_sek;
    if (price === null) throw httpError(400, REVENUE_MSG.noPriceForInterval);
    const offer = input.offerCode ? await this.offers.valid(input.offerCode) : null;
    if (offer && (offer.quote.plan_id !== plan.id || offer.quote.interval !== input.interval)) {
      throw httpError(400, REVENUE_MSG.offerOtherPlan);
    }
    // a checkout that starts with a free trial: Stripe would take the offer off the trial's zero invoice
    if (offer && plan.trial_days > 0) throw httpError(400, REVENUE_MSG.offerWithTrial);
    if (await this.hasAccess(user.id)) throw httpError(409, REVENUE_MSG.alreadySubscribed);
    let couponId: string | null = offer?.row.stripe_coupon_id ?? null;
    if (offer && !couponId) {
      couponId = await this.offers.keepCoupon(
        offer.id,
        await stripe.coupon({
          offerId: offer.id,
          code: offer.quote.code,
          percentOff: offer.quote.percent_off,
          validUntil: offer.quote.valid_until,
          maxRedemptions: offer.row.max_redemptions === null ? null : Number(offer.row.max_redemptions),
        }),
      );
    }
    const url = await stripe.checkout({
      userId: user.id,
      email: user.email ?? null,
      customerId: await this.customerOf(user.id),
      plan: { id: plan.id, name: plan.name, price, trialDays: plan.trial_days },
      interval: input.interval,
      articleId: input.articleId ?? null,
      offer: offer && couponId ? { id: offer.id, couponId } : null,
      successUrl: `${origin}/prenumerera/klart?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}/prenumerera`,
    });
    return { url };
  }

  // ------------------------------------------------------------------ gift subscriptions
  /** A Stripe Checkout session for a gift (one payment); the gift is written by the webhook. */
  async giftCheckout(
    user: { id: number; email?: string | null },
    input: GiftCheckoutInput,
    origin: string,
  ): Promise<{ url: string }> {
    const { stripe, plan } = await this.payablePlan(input.planId);
    const price = giftPrice(plan, input.months);
    if (price === null || price <= 0) throw httpError(400, REVENUE_MSG.giftNoPrice);
    const url = await stripe.giftCheckout({
      userId: user.id,
      email: user.email ?? null,
      customerId: await this.customerOf(user.id),
      plan: { id: plan.id, name: plan.name },
      months: input.months,
      price,
      recipientEmail: input.recipientEmail ?? null,
      message: input.message ?? null,
      successUrl: `${origin}${GIFT_BUY_PATH}?klart=1`,
      cancelUrl: `${origin}${GIFT_BUY_PATH}`,
    });
    return { url };
  }
  giftsOf(buyerId: number, origin: string): Promise<Gift[]> {
    return this.gifts.mine(buyerId, origin);
  }
  giftPreview(token: string): Promise<GiftPreview> {
    return this.gifts.preview(token);
  }
  async redeemGift(userId: number, token: string): Promise<Subscription> {
    return this.gifts.redeem(token, userId, await this.graceDays());
  }
  giftsPage(after: number | null): Promise<GiftAdminPage> {
    return this.gifts.page(after, this.names);
  }
  /** The recipient's mail of a gift just paid, read in the transaction that wrote it (`src/events.ts`). */
  async giftMailFor(giftId: number, siteUrl: string, trx: Db) {
    const g = await this.gifts.forMail(giftId, trx);
    if (!g?.recipient_email) return null;
    const buyer = g.buyer_id === null ? null : await this.deps.users.getById(Number(g.buyer_id), trx);
    return giftMail(
      {
        to: g.recipient_email,
        from: buyer?.full_name || buyer?.username || 'Någon',
        planName: g.plan_name,
        months: Number(g.months),
        message: g.message,
        token: g.token,
      },
      siteUrl,
    );
  }

  /** Stripe's customer portal for the reader's Stripe subscription ("Mitt abonnemang"). */
  async portal(userId: number, origin: string): Promise<{ url: string }> {
    if (!this.stripe) throw httpError(409, REVENUE_MSG.paymentNotConfigured);
    const customer = await this.customerOf(userId);
    if (!customer) throw httpError(404, REVENUE_MSG.noSubscription);
    return { url: await this.stripe.portal(customer, `${origin}/profile`) };
  }

  /**
   * A webhook: its signature checked (forged or stale: 400), the event kept once by its id, and
   * applied right after in the background (the `stripe-events` job applies whatever is left, on
   * any process). Returns whether it was new.
   */
  async receiveWebhook(raw: Buffer, signature: string | undefined): Promise<boolean> {
    if (!this.stripe?.webhooksConfigured) throw httpError(409, REVENUE_MSG.paymentNotConfigured);
    let event: StripeEventLike;
    try {
      event = this.stripe.verify(raw, signature ?? '') as unknown as StripeEventLike;
    } catch {
      throw httpError(400, REVENUE_MSG.badSignature);
    }
    const fresh = await this.stripeEvents.store(event);
    if (fresh) {
      setImmediate(() => {
        this.processStripeEvents().catch((err) => this.deps.onBackgroundError?.(err));
      });
    }
    return fresh;
  }

  /** Applies stored Stripe events (the job; one run at a time in this process). */
  processStripeEvents(): Promise<number> {
    if (this.draining) return this.draining.then(() => this.stripeEvents.processPending());
    const run = this.stripeEvents.processPending().finally(() => {
      if (this.draining === run) this.draining = null;
    });
    this.draining = run;
    return run;
  }

  /** Issue 42: an account being deleted — its live Stripe subscriptions end at Stripe first. */
  async cancelAtStripe(userId: number): Promise<void> {
    const now = new Date().toISOString();
    for (const r of await this.subscriptions.rowsOf(userId)) {
      if (r.source !== 'stripe' || !r.stripe_subscription_id || r.status === 'ended') continue;
      if (r.current_period_end && r.current_period_end < now && r.status !== 'past_due') continue;
      if (!this.stripe) throw httpError(409, REVENUE_MSG.paymentNotConfigured);
      await this.stripe.cancel(r.stripe_subscription_id);
    }
  }

  /** Issue 42: the reader's subscriptions for their download (decision 027). */
  async exportForUser(userId: number): Promise<Subscription[]> {
    const grace = await this.graceDays();
    const now = new Date().toISOString();
    return (await this.subscriptions.rowsOf(userId)).map((r) => toSubscription(r, now, grace));
  }

  /** Issue 42: the gift subscriptions a reader bought, for their download (the links left out). */
  async giftsExport(userId: number): Promise<Omit<Gift, 'url'>[]> {
    return (await this.gifts.mine(userId, '', undefined, 10_000)).map(({ url: _url, ...g }) => g);
  }

  /** Issue 42: an account being deleted — Stripe first (no more charges), then its rows here. */
  async eraseForUser(userId: number): Promise<void> {
    await this.cancelAtStripe(userId);
    await this.subscriptions.eraseForUser(userId);
    await this.access.eraseForUser(userId);
    await this.gifts.eraseForUser(userId);
  }

  // ------------------------------------------------------------------ the newsroom
  async subscribersPage(opts: { after: number | null; status?: string; q?: string }) {
    let userId: number | null | undefined;
    if (opts.q) userId = /^\d{1,9}$/.test(opts.q) ? Number(opts.q) : await this.deps.users.findIdByUsername(opts.q);
    if (opts.q && userId === null) return { items: [], next: null };
    return this.newsroom.page({ after: opts.after, status: opts.status, userId }, await this.graceDays());
  }
  async revenueSummary() {
    const summary = await this.newsroom.summary(await this.graceDays());
    // the articles' titles and addresses beside their ids (at most 20: one query)
    const refs = await this.deps.articles.refsFor(summary.conversions.map((c) => c.article_id));
    return {
      ...summary,
      conversions: summary.conversions.map((c) => ({
        ...c,
        title: refs.get(c.article_id)?.title ?? null,
        slug: refs.get(c.article_id)?.slug ?? null,
      })),
    };
  }
  async subscribersCsv(): Promise<string> {
    return this.newsroom.csv(await this.graceDays());
  }
}

/** The receipt mail of a paid invoice (`src/events.ts` queues it on `SubscriptionPaid`). */
export { receiptMail } from './receipt.js';
