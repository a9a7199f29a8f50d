import { defineEvent } from '../../lib/events/domain-events.js';

/** What happens to readers' subscriptions, as domain events (issue 42). Who reacts: `src/events.ts`. */

/**
 * Stripe says a subscription's invoice is paid (the first payment and every renewal): the reader
 * gets a receipt. Carries what the receipt shows; amounts in öre as Stripe gives them.
 */
export const SubscriptionPaid = defineEvent<{
  userId: number;
  invoiceId: string;
  invoiceNumber: string | null;
  planName: string;
  amountOre: number;
  /** The VAT in the amount when Stripe computed it; else the paper's rate applies. */
  taxOre: number | null;
  currency: string;
  paidAt: string;
  periodStart: string | null;
  periodEnd: string | null;
  /** Stripe's own page of the invoice (a PDF there), when it gave one. */
  invoiceUrl: string | null;
}>('SubscriptionPaid');

/**
 * A gift subscription is paid (Stripe's Checkout session completed) and written: its recipient, if
 * the buyer named one, is mailed the redeem link. Carries no link (it may wait in the outbox): the
 * handler reads the gift in the transaction that wrote it.
 */
export const GiftPurchased = defineEvent<{ giftId: number; buyerId: number; hasRecipient: boolean }>('GiftPurchased');

/** An admin created or changed a plan (its price, benefits, whether it is on sale): `/prenumerera` shows it at once. */
export const PlansChanged = defineEvent<{ planId: number }>('PlansChanged');
