import {
  GIFT_REDEEM_PATH,
  type GiftPreview,
  monthsText,
  REVENUE_MSG,
  REVENUE_TEXT,
  type Subscription,
} from '@vaggen/contract';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { FormError } from '../../../components/FormField';
import { ApiError, serverMsgOr } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { revenueApi } from '../api';

/**
 * Issue 42: `/prenumerera/gava/:token` — a gift subscription's redeem link: the plan, the months
 * and the buyer's greeting (never who the buyer is), then "Lös in" for a logged-in reader, or log
 * in / create an account and come back here. Redeemed once; an expired or unknown link says so.
 */
export function GiftRedeemPage({ token }: { token: string }) {
  const ids = useId();
  const { status } = useSession();
  const [gift, setGift] = useState<GiftPreview | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [redeemed, setRedeemed] = useState<Subscription | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    revenueApi
      .giftPreview(token)
      .then((g) => live && setGift(g))
      .catch((err) => live && setLoadError(serverMsgOr(err, 'Det gick inte att hämta presentkortet. Försök igen.')));
    return () => {
      live = false;
    };
  }, [token]);

  async function redeem() {
    setBusy(true);
    setError(null);
    try {
      setRedeemed(await revenueApi.redeemGift(token));
    } catch (err) {
      setError(serverMsgOr(err, 'Det gick inte att lösa in presentkortet. Försök igen.'));
      if (err instanceof ApiError && err.status === 409 && err.serverMsg === REVENUE_MSG.giftRedeemed) {
        setGift((g) => (g ? { ...g, status: 'redeemed' } : g));
      }
    } finally {
      setBusy(false);
    }
  }

  const back = encodeURIComponent(`${GIFT_REDEEM_PATH}/${token}`);
  return (
    <div className="gift-page gift-redeem">
      <h1 className="page-title" id={`${ids}-title`}>
        {REVENUE_TEXT.giftRedeemHeading}
      </h1>
      {loadError ? (
        <div className="surface gift-card">
          <p role="alert">{loadError}</p>
          <p>
            <Link to="/prenumerera">Se våra abonnemang</Link> · <Link to="/">Till förstasidan</Link>
          </p>
        </div>
      ) : !gift ? (
        <p role="status">Hämtar presentkortet…</p>
      ) : (
        <section className="surface gift-card" aria-labelledby={`${ids}-plan`}>
          <p className="gift-card-kicker">Presentkort</p>
          <h2 id={`${ids}-plan`}>
            {gift.plan_name} i {monthsText(gift.months)}
          </h2>
          {gift.benefits.length > 0 && (
            <ul>
              {gift.benefits.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
          )}
          {gift.message && (
            <figure className="gift-message">
              <blockquote>
                <p>{gift.message}</p>
              </blockquote>
              <figcaption className="muted">Hälsning från givaren</figcaption>
            </figure>
          )}
          {redeemed ? (
            <div role="status">
              <p className="form-success">
                {REVENUE_TEXT.giftRedeemed(formatDate(redeemed.current_period_end ?? new Date().toISOString()))}
              </p>
              <p>
                <Link className="button" to="/">
                  Börja läsa
                </Link>{' '}
                <Link to="/profile">{REVENUE_TEXT.myHeading}</Link>
              </p>
            </div>
          ) : gift.status === 'redeemed' ? (
            <p role="status">{REVENUE_MSG.giftRedeemed}</p>
          ) : status === 'authenticated' ? (
            <>
              <p>
                Perioden börjar när du löser in presentkortet och förnyas inte – det kostar dig ingenting. Lös in senast{' '}
                {formatDate(gift.expires_at)}.
              </p>
              <button type="button" className="button" onClick={redeem} disabled={busy}>
                {busy ? 'Löser in…' : REVENUE_TEXT.giftRedeemButton}
              </button>
            </>
          ) : status === 'anonymous' ? (
            <p>
              <Link className="button" to={`/login?redirectTo=${back}`}>
                {REVENUE_TEXT.giftRedeemLogin}
              </Link>{' '}
              eller <Link to={`/register?redirectTo=${back}`}>{REVENUE_TEXT.giftRedeemRegister}</Link> och kom tillbaka
              hit.
            </p>
          ) : null}
          <FormError msg={error} />
        </section>
      )}
    </div>
  );
}
