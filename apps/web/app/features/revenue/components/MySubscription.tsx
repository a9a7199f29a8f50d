import {
  GIFT_BUY_PATH,
  GIFT_LINKS_PATH,
  type Meter,
  REVENUE_TEXT,
  SUBSCRIBE_PATH,
  type Subscription,
} from '@vaggen/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { FormError } from '../../../components/FormField';
import { formatDate } from '../../../lib/format';
import { revenueApi } from '../api';

/** Issue 42: "Mitt abonnemang" on the profile — plan, status, next payment, Stripe's customer portal. */
export function MySubscription() {
  const [sub, setSub] = useState<Subscription | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [meter, setMeter] = useState<Meter | null>(null);
  useEffect(() => {
    let live = true;
    revenueApi
      .mine()
      .then((s) => live && setSub(s))
      .catch(() => live && setSub(null));
    // "2 av 5 gratisartiklar kvar denna månad": the server's count for this account
    revenueApi
      .meter()
      .then((m) => live && setMeter(m))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  async function portal() {
    setError(null);
    try {
      window.location.assign((await revenueApi.portal()).url);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Något gick fel');
    }
  }
  if (sub === undefined) return null;
  return (
    <section className="surface my-subscription" aria-labelledby="my-subscription-title">
      <h2 id="my-subscription-title">{REVENUE_TEXT.myHeading}</h2>
      {meter && meter.left !== null && <p className="meter-note">{REVENUE_TEXT.meter(meter.left, meter.of)}</p>}
      {sub === null ? (
        <p>
          Du har inget abonnemang. <Link to={SUBSCRIBE_PATH}>Se erbjudanden</Link>
        </p>
      ) : (
        <>
          <dl>
            <dt>Abonnemang</dt>
            <dd>{sub.plan_name}</dd>
            <dt>Status</dt>
            <dd>{REVENUE_TEXT.status[sub.status]}</dd>
            {sub.current_period_end && (
              <>
                <dt>{sub.cancel_at_period_end || sub.source !== 'stripe' ? 'Gäller till' : 'Nästa betalning'}</dt>
                <dd>{formatDate(sub.current_period_end)}</dd>
              </>
            )}
          </dl>
          {sub.status !== 'ended' && (
            <p>
              <Link to={GIFT_LINKS_PATH}>{REVENUE_TEXT.giftMine}</Link>: dela artiklar med den som inte prenumererar.
            </p>
          )}
          {sub.source === 'stripe' && (
            <button type="button" className="button" onClick={portal}>
              {REVENUE_TEXT.manage}
            </button>
          )}
          <FormError msg={error} />
        </>
      )}
      <p>
        <Link to={GIFT_BUY_PATH}>{REVENUE_TEXT.giftBuyHeading}</Link>: köp en presentprenumeration och se dem du har
        köpt.
      </p>
    </section>
  );
}
