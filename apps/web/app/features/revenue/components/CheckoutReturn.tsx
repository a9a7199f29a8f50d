import { REVENUE_TEXT, type Subscription } from '@vaggen/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session';
import { revenueApi } from '../api';

/** Tries this many times, a second apart, for the webhook to give access (issue 42: within 5 s). */
const TRIES = 10;

/** Issue 42: back from Stripe Checkout — thanks, and the subscription once Stripe's event is applied. */
export function CheckoutReturn() {
  const { status } = useSession();
  const [sub, setSub] = useState<Subscription | null | undefined>(undefined);
  useEffect(() => {
    if (status !== 'authenticated') return;
    let live = true;
    let tries = 0;
    const look = async () => {
      const s = await revenueApi.mine().catch(() => null);
      if (!live) return;
      setSub(s);
      if (!s?.has_access && ++tries < TRIES) setTimeout(look, 1000);
    };
    void look();
    return () => {
      live = false;
    };
  }, [status]);
  return (
    <section className="subscribe-page" aria-labelledby="thanks-title">
      <h1 className="page-title" id="thanks-title">
        {REVENUE_TEXT.thanksHeading}
      </h1>
      <p>{REVENUE_TEXT.thanksLead}</p>
      <p role="status" aria-live="polite">
        {sub?.has_access
          ? `Ditt abonnemang ${sub.plan_name} är ${REVENUE_TEXT.status[sub.status].toLowerCase()}.`
          : sub === undefined
            ? ''
            : 'Vi väntar på besked från betalningen…'}
      </p>
      <p>
        <Link to="/profile">{REVENUE_TEXT.myHeading}</Link> · <Link to="/">Till förstasidan</Link>
      </p>
    </section>
  );
}
