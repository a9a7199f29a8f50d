import type { Plan } from '@vaggen/contract';

/** What the reader's plans (`context.reader.plans()`) give the two pages that sell them, as their props. */
export const planPageProps = (d: { plans: Plan[]; vat_percent: number; payment_configured: boolean }) => ({
  plans: d.plans,
  vatPercent: d.vat_percent,
  paymentConfigured: d.payment_configured,
});
