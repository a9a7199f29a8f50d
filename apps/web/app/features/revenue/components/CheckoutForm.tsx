import { formatSek, type Plan, REVENUE_TEXT } from '@vaggen/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { FormError } from '../../../components/FormField';
import { useSession } from '../../../lib/session';
import { revenueApi } from '../api';

/**
 * Issue 42: the choice of plan and period, then the hand-over to Stripe Checkout. A form of radio
 * buttons (keyboard: Tab to the group, arrows to choose, Enter to go); the terms and ångerrätt stand
 * above it on the page, so they are read before payment.
 */
export function CheckoutForm({
  plans,
  articleId,
  vatPercent,
}: {
  plans: Plan[];
  articleId: number | null;
  vatPercent: number;
}) {
  const { status } = useSession();
  const ids = useId();
  const options = plans.flatMap((p) => [
    ...(p.price_month_sek !== null ? [{ plan: p, interval: 'month' as const, price: p.price_month_sek }] : []),
    ...(p.price_year_sek !== null ? [{ plan: p, interval: 'year' as const, price: p.price_year_sek }] : []),
  ]);
  const [choice, setChoice] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  if (options.length === 0) return null;
  if (status !== 'authenticated') {
    return (
      <p>
        <Link className="button" to={`/login?redirectTo=${encodeURIComponent('/prenumerera')}`}>
          Logga in för att prenumerera
        </Link>{' '}
        eller <Link to="/register">skapa ett konto</Link>.
      </p>
    );
  }
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const o = options[choice];
    if (!o || sending) return;
    setSending(true);
    setError(null);
    try {
      const { url } = await revenueApi.checkout({
        planId: o.plan.id,
        interval: o.interval,
        ...(articleId ? { articleId } : {}),
      });
      window.location.assign(url);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Något gick fel');
      setSending(false);
    }
  }
  return (
    <form className="checkout-form" onSubmit={submit} aria-describedby={`${ids}-err`}>
      <fieldset>
        <legend>Välj abonnemang</legend>
        {options.map((o, i) => (
          <label key={`${o.plan.id}-${o.interval}`} className="checkout-option">
            <input type="radio" name="plan" checked={choice === i} onChange={() => setChoice(i)} /> {o.plan.name}:{' '}
            {formatSek(o.price)} {o.interval === 'month' ? 'per månad' : 'per år'}
          </label>
        ))}
      </fieldset>
      <FormError id={`${ids}-err`} msg={error} />
      <button className="button" type="submit" disabled={sending}>
        {sending ? 'Skickar dig till betalningen…' : 'Till betalning'}
      </button>
      <p className="muted">
        Du betalar hos Stripe (kort, Klarna eller Swish). Priset är {REVENUE_TEXT.inclVat(vatPercent)}.
      </p>
    </form>
  );
}
