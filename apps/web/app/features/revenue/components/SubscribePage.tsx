import { formatSek, type Plan, REVENUE_TEXT } from '@vaggen/contract';
import { CheckoutFormIsland } from './CheckoutForm';

/**
 * Issue 42: `/prenumerera` — the plans with their prices including VAT, the terms and the right of
 * withdrawal (ångerrätt) before any payment, as consumer law requires. Server-rendered; only the
 * checkout hydrates, as an island (issue 46).
 */
export function SubscribePage({
  plans,
  vatPercent,
  paymentConfigured,
  articleId,
  offerCode = null,
}: {
  plans: Plan[];
  vatPercent: number;
  paymentConfigured: boolean;
  /** The article the reader came from (conversions per article). */
  articleId: number | null;
  /** An offer's code brought by the address (`?kod=`). */
  offerCode?: string | null;
}) {
  return (
    <section className="subscribe-page" aria-labelledby="subscribe-title">
      <h1 className="page-title" id="subscribe-title">
        {REVENUE_TEXT.plansHeading}
      </h1>
      {!paymentConfigured && (
        <p className="message" role="status">
          {REVENUE_TEXT.notConfigured}
        </p>
      )}
      {plans.length === 0 ? (
        <p>Det finns inga abonnemang att köpa just nu.</p>
      ) : (
        <ul className="subscribe-plans">
          {plans.map((p) => (
            <li key={p.id} className="surface subscribe-plan">
              <h2>{p.name}</h2>
              {p.benefits.length > 0 && (
                <ul>
                  {p.benefits.map((b) => (
                    <li key={b}>{b}</li>
                  ))}
                </ul>
              )}
              <p>
                {p.price_month_sek !== null && <span>{formatSek(p.price_month_sek)} per månad</span>}
                {p.price_month_sek !== null && p.price_year_sek !== null && ' eller '}
                {p.price_year_sek !== null && <span>{formatSek(p.price_year_sek)} per år</span>}
                <span>, {REVENUE_TEXT.inclVat(vatPercent)}</span>
              </p>
              {p.trial_days > 0 && <p>{REVENUE_TEXT.trial(p.trial_days)}</p>}
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="terms-title">
        <h2 id="terms-title">Villkor</h2>
        <p>{REVENUE_TEXT.terms}</p>
        <h2>Ångerrätt</h2>
        <p>{REVENUE_TEXT.withdrawal}</p>
      </section>
      {paymentConfigured && (
        <CheckoutFormIsland plans={plans} articleId={articleId} vatPercent={vatPercent} offerCode={offerCode} />
      )}
    </section>
  );
}
