import { formatSek, type OfferQuote, type Plan, REVENUE_TEXT, SUBSCRIBE_PATH } from '@vaggen/contract';
import { useEffect, useState } from 'react';
import { FormError, SubmitButton } from '../../../components/FormField';
import { formatDate } from '../../../lib/format';
import { island } from '../../../lib/island';
import { FORM_ISLANDS } from '../../../lib/lazy-islands';
import { AppLink } from '../../../lib/router-bridge';
import { useSession } from '../../../lib/session';
import { leaving, useFormSubmission } from '../../../lib/useFormSubmission';
import { revenueApi } from '../api';

const per = (interval: 'month' | 'year') => (interval === 'month' ? 'per månad' : 'per år');

/**
 * Issue 42: an offer's code — typed in, or brought by `/prenumerera?kod=…` — and what it gives,
 * shown before payment: the first period's price and the later one, both including VAT.
 */
function OfferCode({
  initialCode,
  vatPercent,
  quote,
  onQuote,
}: {
  initialCode: string | null;
  vatPercent: number;
  quote: OfferQuote | null;
  onQuote: (q: OfferQuote | null) => void;
}) {
  const ids = 'checkout-offer';
  const [code, setCode] = useState(initialCode ?? '');
  const form = useFormSubmission({
    idPrefix: ids,
    send: async (c: string) => {
      try {
        onQuote(await revenueApi.offer(c));
      } catch (err) {
        onQuote(null);
        throw err;
      }
    },
    failMsg: 'Det gick inte att pröva koden',
    stayOpen: true,
  });
  const error = form.problem?.msg ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the code the address brought, once
  useEffect(() => {
    if (initialCode?.trim()) void form.submit(null, initialCode);
  }, [initialCode]);

  return (
    <form
      className="offer-code"
      onSubmit={(e) => {
        if (code.trim()) void form.submit(e, code);
        else e.preventDefault();
      }}
    >
      <div className="field">
        <label htmlFor={`${ids}-code`}>{REVENUE_TEXT.offerLabel}</label>
        <div className="offer-code-row">
          <input
            id={`${ids}-code`}
            className="control"
            maxLength={40}
            autoCapitalize="characters"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids}-err` : undefined}
          />
          <button className="button button-secondary" type="submit" disabled={form.busy || !code.trim()}>
            {form.sending ? 'Prövar…' : REVENUE_TEXT.offerApply}
          </button>
          {quote && (
            <button
              className="button button-secondary"
              type="button"
              onClick={() => {
                onQuote(null);
                setCode('');
              }}
            >
              {REVENUE_TEXT.offerRemove}
            </button>
          )}
        </div>
      </div>
      <FormError id={`${ids}-err`} msg={error} />
      <p className="offer-quote" role="status">
        {quote &&
          `Med koden ${quote.code}: ${quote.plan_name} för ${formatSek(quote.first_price_sek)} ${REVENUE_TEXT.offerFirst(
            quote.interval,
          )} (${quote.percent_off} % rabatt), sedan ${formatSek(quote.regular_price_sek)} ${per(quote.interval)}. ` +
            `Priserna är ${REVENUE_TEXT.inclVat(vatPercent)}. Erbjudandet gäller till och med ${formatDate(quote.valid_until)}.`}
      </p>
    </form>
  );
}

/**
 * Issue 42: the choice of plan and period, then the hand-over to Stripe Checkout. A form of radio
 * buttons (keyboard: Tab to the group, arrows to choose, Enter to go); the terms and ångerrätt stand
 * above it on the page, so they are read before payment. An offer's code changes the price shown
 * for its plan and period, and goes with the checkout.
 */
export function CheckoutForm({
  plans,
  articleId,
  vatPercent,
  offerCode = null,
}: {
  plans: Plan[];
  articleId: number | null;
  vatPercent: number;
  /** A code brought by the address (`?kod=`). */
  offerCode?: string | null;
}) {
  const { status } = useSession();
  const ids = 'checkout';
  const options = plans.flatMap((p) => [
    ...(p.price_month_sek !== null ? [{ plan: p, interval: 'month' as const, price: p.price_month_sek }] : []),
    ...(p.price_year_sek !== null ? [{ plan: p, interval: 'year' as const, price: p.price_year_sek }] : []),
  ]);
  const [choice, setChoice] = useState(0);
  const [quote, setQuote] = useState<OfferQuote | null>(null);
  const form = useFormSubmission({
    idPrefix: ids,
    send: async (o: (typeof options)[number]) => {
      const { url } = await revenueApi.checkout({
        planId: o.plan.id,
        interval: o.interval,
        ...(articleId ? { articleId } : {}),
        ...(quote && offerFits(o) ? { offerCode: quote.code } : {}),
      });
      window.location.assign(url);
    },
    failMsg: (err) => (err instanceof Error ? err.message : 'Något gick fel'),
  });
  if (options.length === 0) return null;
  const offerFits = (o: (typeof options)[number] | undefined) =>
    !!quote && !!o && o.plan.id === quote.plan_id && o.interval === quote.interval;
  const takeQuote = (q: OfferQuote | null) => {
    setQuote(q);
    const i = q ? options.findIndex((o) => o.plan.id === q.plan_id && o.interval === q.interval) : -1;
    if (i >= 0) setChoice(i);
  };
  const code = <OfferCode initialCode={offerCode} vatPercent={vatPercent} quote={quote} onQuote={takeQuote} />;
  if (status !== 'authenticated') {
    const back = `${SUBSCRIBE_PATH}${quote ? `?kod=${encodeURIComponent(quote.code)}` : ''}`;
    return (
      <>
        {code}
        <p>
          <AppLink className="button" href={`/login?redirectTo=${encodeURIComponent(back)}`}>
            Logga in för att prenumerera
          </AppLink>{' '}
          eller <AppLink href="/register">skapa ett konto</AppLink>.
        </p>
      </>
    );
  }
  const chosen = options[choice];
  return (
    <>
      {code}
      <form
        className="checkout-form"
        onSubmit={(e) => {
          if (chosen) void form.submit(e, chosen);
          else e.preventDefault();
        }}
        aria-describedby={`${ids}-err`}
      >
        <fieldset>
          <legend>Välj abonnemang</legend>
          {options.map((o, i) => (
            <label key={`${o.plan.id}-${o.interval}`} className="checkout-option">
              <input type="radio" name="plan" checked={choice === i} onChange={() => setChoice(i)} /> {o.plan.name}:{' '}
              {quote && offerFits(o) ? (
                <>
                  <strong>
                    {formatSek(quote.first_price_sek)} {REVENUE_TEXT.offerFirst(o.interval)}
                  </strong>
                  , sedan {formatSek(o.price)} {per(o.interval)}
                </>
              ) : (
                <>
                  {formatSek(o.price)} {per(o.interval)}
                </>
              )}
            </label>
          ))}
        </fieldset>
        {quote && !offerFits(chosen) && (
          <p className="muted">
            Koden {quote.code} gäller bara {quote.plan_name} {per(quote.interval)}.
          </p>
        )}
        <FormError id={`${ids}-err`} msg={form.problem?.msg} />
        <SubmitButton form={leaving(form)} label="Till betalning" sendingLabel="Skickar dig till betalningen…" />
        <p className="muted">
          Du betalar hos Stripe (kort, Klarna eller Swish). Priset är {REVENUE_TEXT.inclVat(vatPercent)}.
        </p>
      </form>
    </>
  );
}

/** Issue 46: the checkout as an island of `/prenumerera` (its code fetched by that page only: islands.ts). */
export const CheckoutFormIsland = island(FORM_ISLANDS.checkout, CheckoutForm);
