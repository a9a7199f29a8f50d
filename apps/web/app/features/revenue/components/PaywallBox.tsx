import { type Article, formatSek, type Plan, REVENUE_TEXT, SUBSCRIBE_PATH } from '@vaggen/contract';
import { Link } from 'react-router';

/**
 * Issue 42: the box after a locked article's teaser — server-rendered links only, no script
 * (the reader's JavaScript budget): the plans, "Logga in", and for a logged-in-only article
 * "Skapa ett gratis konto".
 */
export function PaywallBox({
  article,
  plans,
  vatPercent,
}: {
  article: Pick<Article, 'id' | 'slug' | 'access'>;
  plans: Plan[];
  vatPercent: number;
}) {
  const registeredOnly = article.access === 'registered';
  const back = `/article/${encodeURIComponent(article.slug)}`;
  const login = `/login?redirectTo=${encodeURIComponent(back)}`;
  return (
    <section className="paywall surface" aria-labelledby="paywall-title" data-paywall-box="">
      <h2 id="paywall-title">{registeredOnly ? REVENUE_TEXT.paywallRegisteredHeading : REVENUE_TEXT.paywallHeading}</h2>
      <p>{registeredOnly ? REVENUE_TEXT.paywallRegisteredLead : REVENUE_TEXT.paywallLead}</p>
      {!registeredOnly && plans.length > 0 && (
        <ul className="paywall-plans">
          {plans.map((p) => (
            <li key={p.id}>
              <strong>{p.name}</strong> {p.price_month_sek !== null && <span>{formatSek(p.price_month_sek)}/mån</span>}
              {p.price_month_sek !== null && p.price_year_sek !== null && ' · '}
              {p.price_year_sek !== null && <span>{formatSek(p.price_year_sek)}/år</span>}
              {p.trial_days > 0 && <span> · {REVENUE_TEXT.trial(p.trial_days)}</span>}
            </li>
          ))}
        </ul>
      )}
      {!registeredOnly && <p className="paywall-vat">{REVENUE_TEXT.inclVat(vatPercent)}</p>}
      <p className="paywall-actions">
        {registeredOnly ? (
          <Link className="button" to={`/register?redirectTo=${encodeURIComponent(back)}`}>
            {REVENUE_TEXT.register}
          </Link>
        ) : (
          <Link className="button" to={`${SUBSCRIBE_PATH}?artikel=${article.id}`}>
            {REVENUE_TEXT.subscribe}
          </Link>
        )}{' '}
        <Link to={login}>{REVENUE_TEXT.login}</Link>
      </p>
    </section>
  );
}
