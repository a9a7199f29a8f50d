import {
  formatSek,
  GIFT_BUY_PATH,
  GIFT_MESSAGE_MAX,
  GIFT_MONTHS,
  type Gift,
  giftPrice,
  monthsText,
  type Plan,
  REVENUE_TEXT,
} from '@vaggen/contract';
import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { DataState } from '../../../components/DataState';
import { FormError, SubmitButton } from '../../../components/FormField';
import { serverMsgOr } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { leaving, useFormSubmission, useFormValues } from '../../../lib/useFormSubmission';
import { revenueApi } from '../api';
import { CopyableLink } from './CopyableLink';

/** Tries this many times, a second and a half apart, for Stripe's event to write the gift just paid. */
const TRIES = 12;

/** The gifts this reader bought: status, and the link to copy while it can be redeemed. */
function MyGifts({ paid }: { paid: boolean }) {
  const ids = useId();
  const [gifts, setGifts] = useState<Gift[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    setError(null);
    let live = true;
    let tries = 0;
    const startedAt = Date.now();
    const look = async () => {
      try {
        const all = await revenueApi.giftsMine();
        if (!live) return;
        setGifts(all);
        // back from Stripe: wait for the webhook's gift (one bought in the last ten minutes)
        const fresh = all.some((g) => startedAt - Date.parse(g.created_at) < 10 * 60_000);
        if (paid && !fresh && ++tries < TRIES) setTimeout(look, 1500);
      } catch (err) {
        if (live) setError(serverMsgOr(err, 'Det gick inte att hämta dina presentprenumerationer'));
      }
    };
    void look();
    return () => {
      live = false;
    };
  }, [paid]);
  useEffect(load, [load]);
  return (
    <section className="gift-mine" aria-labelledby={`${ids}-mine`}>
      <h2 id={`${ids}-mine`}>{REVENUE_TEXT.giftMineHeading}</h2>
      <DataState
        status={error ? 'error' : gifts === null ? 'loading' : 'ready'}
        loading="Hämtar dina presentprenumerationer…"
        error={<FormError msg={error} />}
        onRetry={load}
        isEmpty={gifts?.length === 0}
        empty={paid ? 'Vi väntar på besked från betalningen…' : REVENUE_TEXT.giftMineNone}
      >
        {() => (
          <ul className="gift-list">
            {gifts?.map((g) => (
              <li key={g.id} className="surface gift-item">
                <p className="gift-item-title">
                  <strong>
                    {g.plan_name}, {monthsText(g.months)}
                  </strong>{' '}
                  <span className={`gift-status gift-status-${g.status}`}>{REVENUE_TEXT.giftStatus[g.status]}</span>
                </p>
                <p className="muted">
                  Köpt {formatDate(g.created_at)} för {formatSek(g.amount_sek)}
                  {g.recipient_email && <> · skickat till {g.recipient_email}</>}
                  {g.status === 'available' && <> · kan lösas in till och med {formatDate(g.expires_at)}</>}
                  {g.status === 'redeemed' && g.redeemed_at && <> · inlöst {formatDate(g.redeemed_at)}</>}
                </p>
                {g.status === 'available' && (
                  <CopyableLink
                    url={g.url}
                    label={`${REVENUE_TEXT.giftLinkLabel}: ${g.plan_name}, ${monthsText(g.months)}`}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </DataState>
    </section>
  );
}

/**
 * Issue 42: `/prenumerera/ge-bort` — a gift subscription: a plan and a period (1, 3, 6 or 12
 * months, one payment, nothing renews), optionally the recipient's address (they are mailed the
 * link) and a greeting; the terms and ångerrätt before the hand-over to Stripe Checkout. Below, the
 * gifts this reader bought with their links. Back from Stripe (`?klart=1`) the new one appears when
 * Stripe's event has written it.
 */
export function GiftBuyPage({
  plans,
  vatPercent,
  paymentConfigured,
  paid,
}: {
  plans: Plan[];
  vatPercent: number;
  paymentConfigured: boolean;
  paid: boolean;
}) {
  const ids = useId();
  const { status } = useSession();
  const [planId, setPlanId] = useState<number | null>(plans[0]?.id ?? null);
  const [months, setMonths] = useState<number>(12);
  const plan = plans.find((p) => p.id === planId) ?? plans[0];
  const choices = plan ? GIFT_MONTHS.filter((m) => giftPrice(plan, m) !== null) : [];
  const chosenMonths = choices.includes(months as (typeof GIFT_MONTHS)[number]) ? months : (choices.at(-1) ?? 12);
  const price = plan ? giftPrice(plan, chosenMonths) : null;
  const form = useFormSubmission({
    idPrefix: ids,
    send: async ({ email, message }: { email: string; message: string }) => {
      if (!plan) return;
      const { url } = await revenueApi.giftCheckout({
        planId: plan.id,
        months: chosenMonths,
        ...(email.trim() ? { recipientEmail: email.trim() } : {}),
        ...(message.trim() ? { message: message.trim() } : {}),
      });
      window.location.assign(url);
    },
    failMsg: 'Något gick fel. Försök igen.',
  });
  const { values, input } = useFormValues({ email: '', message: '' }, form);

  return (
    <div className="gift-page">
      <h1 className="page-title">{REVENUE_TEXT.giftBuyHeading}</h1>
      <p className="page-lead">{REVENUE_TEXT.giftBuyLead}</p>
      {paid && (
        <section className="surface gift-paid" aria-labelledby={`${ids}-paid`}>
          <h2 id={`${ids}-paid`}>{REVENUE_TEXT.giftPaidHeading}</h2>
          <p>{REVENUE_TEXT.giftPaidLead}</p>
        </section>
      )}
      {paid && status === 'authenticated' && <MyGifts paid />}
      {!paymentConfigured && (
        <p className="message" role="status">
          {REVENUE_TEXT.notConfigured}
        </p>
      )}
      {plans.length === 0 ? (
        <p>Det finns inga abonnemang att ge bort just nu.</p>
      ) : (
        <>
          <section aria-labelledby={`${ids}-terms`}>
            <h2 id={`${ids}-terms`}>Villkor</h2>
            <p>{REVENUE_TEXT.giftBuyTerms}</p>
            <h2>Ångerrätt</h2>
            <p>{REVENUE_TEXT.giftBuyWithdrawal}</p>
          </section>
          {paymentConfigured && status === 'anonymous' && (
            <p>
              <Link className="button" to={`/login?redirectTo=${encodeURIComponent(GIFT_BUY_PATH)}`}>
                Logga in för att köpa
              </Link>{' '}
              eller <Link to={`/register?redirectTo=${encodeURIComponent(GIFT_BUY_PATH)}`}>skapa ett konto</Link>.
            </p>
          )}
          {paymentConfigured && status === 'authenticated' && plan && (
            <form className="surface gift-form" onSubmit={(e) => void form.submit(e, values)} noValidate>
              <fieldset>
                <legend>Abonnemang</legend>
                {plans.map((p) => (
                  <label key={p.id} className="checkout-option">
                    <input type="radio" name="gift-plan" checked={p.id === plan.id} onChange={() => setPlanId(p.id)} />{' '}
                    {p.name}
                    {p.benefits.length > 0 && <span className="muted"> – {p.benefits.join(', ')}</span>}
                  </label>
                ))}
              </fieldset>
              <fieldset>
                <legend>Hur länge</legend>
                {choices.map((m) => (
                  <label key={m} className="checkout-option">
                    <input type="radio" name="gift-months" checked={m === chosenMonths} onChange={() => setMonths(m)} />{' '}
                    {monthsText(m)}: {formatSek(giftPrice(plan, m) ?? 0)}
                  </label>
                ))}
              </fieldset>
              <div className="field">
                <label htmlFor={`${ids}-email`}>Mottagarens e-postadress (valfritt)</label>
                <input
                  id={`${ids}-email`}
                  className="control"
                  type="email"
                  autoComplete="off"
                  maxLength={254}
                  {...input('email')}
                  aria-describedby={`${ids}-email-help`}
                />
                <p id={`${ids}-email-help`} className="field-hint">
                  Då skickar vi länken till mottagaren när betalningen är klar. Annars ger du den själv.
                </p>
              </div>
              <div className="field">
                <label htmlFor={`${ids}-message`}>Hälsning (valfritt)</label>
                <textarea
                  id={`${ids}-message`}
                  className="control"
                  rows={3}
                  maxLength={GIFT_MESSAGE_MAX}
                  {...input('message')}
                  aria-describedby={`${ids}-message-count`}
                />
                <p id={`${ids}-message-count`} className="field-hint">
                  {values.message.length} av {GIFT_MESSAGE_MAX} tecken
                </p>
              </div>
              <p className="gift-total">
                Att betala: <strong>{price !== null ? formatSek(price) : '–'}</strong>,{' '}
                {REVENUE_TEXT.inclVat(vatPercent)}. En betalning, förnyas inte.
              </p>
              <FormError msg={form.problem?.msg} />
              <SubmitButton
                form={leaving(form)}
                label={REVENUE_TEXT.giftBuyButton}
                sendingLabel="Skickar dig till betalningen…"
              />
              <p className="muted">Du betalar hos Stripe (kort, Klarna eller Swish).</p>
            </form>
          )}
        </>
      )}
      {!paid && status === 'authenticated' && <MyGifts paid={false} />}
    </div>
  );
}
