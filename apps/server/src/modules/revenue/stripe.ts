import Stripe from 'stripe';
import type { StripeSettings } from '../../config.js';

/** What a checkout needs to know (issue 42). */
export interface CheckoutRequest {
  userId: number;
  email: string | null;
  customerId: string | null;
  plan: { id: number; name: string; price: number; trialDays: number };
  interval: 'month' | 'year';
  articleId: number | null;
  /** An offer: its id (kept in the metadata; the redemption is counted on completion) and Stripe coupon. */
  offer?: { id: number; couponId: string } | null;
  successUrl: string;
  cancelUrl: string;
}

/**
 * Issue 42: the calls Väggen makes to Stripe, through the official SDK — Checkout sessions, the
 * customer portal, cancelling a subscription (account deletion) — and the webhook's signature check.
 * STRIPE_API_URL points the SDK elsewhere (its host, port and protocol options): tests run a local
 * server speaking these calls.
 */
export class StripeGateway {
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    this.stripe = new Stripe(settings.secretKey, {
      ...(settings.host ? { host: settings.host } : {}),
      ...(settings.port ? { port: settings.port } : {}),
      ...(settings.protocol ? { protocol: settings.protocol } : {}),
      maxNetworkRetries: 1,
      timeout: 15_000,
    });
  }

  get webhooksConfigured(): boolean {
    return this.settings.webhookSecret !== null;
  }

  /** A Checkout session for a subscription to the plan; prices include VAT (tax behaviour inclusive). */
  async checkout(r: CheckoutRequest): Promise<string> {
    const metadata = {
      userId: String(r.userId),
      planId: String(r.plan.id),
      ...(r.articleId ? { articleId: String(r.articleId) } : {}),
      ...(r.offer ? { offerId: String(r.offer.id) } : {}),
    };
    return this.sessionUrl(
      r,
      { name: r.plan.name, price: r.plan.price, recurring: { interval: r.interval } },
      {
        mode: 'subscription',
        subscription_data: {
          metadata,
          ...(r.plan.trialDays > 0 ? { trial_period_days: r.plan.trialDays } : {}),
        },
        ...(r.offer ? { discounts: [{ coupon: r.offer.couponId }] } : {}),
        metadata,
      },
    );
  }

  /**
   * Issue 42: a gift subscription — one payment (`mode: 'payment'`, nothing renews) for a plan's
   * months, incl. VAT. What the gift is (buyer, plan, months, the recipient's address and greeting)
   * travels in the session's metadata and comes back with `checkout.session.completed`, which
   * writes the gift; nothing is written before Stripe says it is paid.
   */
  async giftCheckout(r: {
    userId: number;
    email: string | null;
    customerId: string | null;
    plan: { id: number; name: string };
    months: number;
    price: number;
    recipientEmail: string | null;
    message: string | null;
    successUrl: string;
    cancelUrl: string;
  }): Promise<string> {
    const metadata = {
      kind: 'gift',
      userId: String(r.userId),
      planId: String(r.plan.id),
      months: String(r.months),
      ...(r.recipientEmail ? { recipientEmail: r.recipientEmail } : {}),
      ...(r.message ? { message: r.message } : {}),
    };
    return this.sessionUrl(
      r,
      { name: `Presentprenumeration: ${r.plan.name}, ${r.months} mån`.slice(0, 200), price: r.price },
      { mode: 'payment', payment_intent_data: { metadata }, metadata },
    );
  }

  /**
   * A Checkout session for one line in SEK, VAT included (tax behaviour inclusive), for the reader
   * (their Stripe customer, else their e-mail), in Swedish; its address, where the reader pays.
   */
  private async sessionUrl(
    r: { userId: number; email: string | null; customerId: string | null; successUrl: string; cancelUrl: string },
    line: { name: string; price: number; recurring?: { interval: 'month' | 'year' } },
    params: Pick<
      Stripe.Checkout.SessionCreateParams,
      'mode' | 'subscription_data' | 'payment_intent_data' | 'discounts' | 'metadata'
    >,
  ): Promise<string> {
    const session = await this.stripe.checkout.sessions.create({
      ...params,
      client_reference_id: String(r.userId),
      ...(r.customerId ? { customer: r.customerId } : r.email ? { customer_email: r.email } : {}),
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'sek',
            unit_amount: Math.round(line.price * 100),
            tax_behavior: 'inclusive',
            ...(line.recurring ? { recurring: line.recurring } : {}),
            product_data: { name: line.name },
          },
        },
      ],
      locale: 'sv',
      success_url: r.successUrl,
      cancel_url: r.cancelUrl,
    });
    if (!session.url) throw new Error('Stripe gave no checkout address');
    return session.url;
  }

  /**
   * An offer's coupon: its percentage off the first invoice only (`duration: 'once'`), redeemable
   * until the offer's last instant and at most as often as the offer allows — Stripe holds the line
   * too when two readers take the last redemption at once.
   */
  async coupon(o: {
    offerId: number;
    code: string;
    percentOff: number;
    validUntil: string;
    maxRedemptions: number | null;
  }): Promise<string> {
    const c = await this.stripe.coupons.create({
      percent_off: o.percentOff,
      duration: 'once',
      name: `Erbjudande ${o.code}`.slice(0, 40),
      redeem_by: Math.floor(Date.parse(o.validUntil) / 1000),
      ...(o.maxRedemptions !== null ? { max_redemptions: o.maxRedemptions } : {}),
      metadata: { offerId: String(o.offerId) },
    });
    return c.id;
  }

  /** The customer portal (change card, cancel at period end, resume). */
  async portal(customerId: string, returnUrl: string): Promise<string> {
    const s = await this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
    return s.url;
  }

  /** Ends a subscription at once (an account being deleted). */
  async cancel(subscriptionId: string): Promise<void> {
    await this.stripe.subscriptions.cancel(subscriptionId);
  }

  /** The event a webhook carries, if its signature is ours and fresh; throws otherwise. */
  verify(raw: Buffer, signature: string): Stripe.Event {
    if (!this.settings.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
    return this.stripe.webhooks.constructEvent(raw, signature, this.settings.webhookSecret);
  }
}
