import { formatSek, type Offer, offerPrice, type Plan, REVENUE_TEXT, SUBSCRIBE_PATH } from '@vaggen/contract';
import { useEffect, useId, useState } from 'react';
import { FormError, FormSuccess, SubmitButton } from '../../../components/FormField';
import { TableHead } from '../../../components/TableHead';
import { serverMsgOr } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { useFormSubmission, useFormValues } from '../../../lib/useFormSubmission';
import { revenueApi } from '../api';

const EMPTY = { planId: '', interval: 'month' as 'month' | 'year', code: '', percent: '', until: '', max: '' };

/**
 * Issue 42: offers on `/admin/prenumerationer` — a code for a plan's first month or year at a
 * percentage off, until a date, optionally a bounded number of times; the offers made so far with
 * how often each was used and the link that fills the code in on `/prenumerera`.
 */
export function OffersAdmin() {
  const ids = useId();
  const [plans, setPlans] = useState<Plan[]>([]);
  const [offers, setOffers] = useState<Offer[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    revenueApi.plans().then(setPlans, (e) => setLoadError(serverMsgOr(e, 'Det gick inte att hämta planerna')));
    revenueApi.offers().then(setOffers, (e) => setLoadError(serverMsgOr(e, 'Det gick inte att hämta erbjudandena')));
  }, []);

  const form = useFormSubmission({
    idPrefix: ids,
    send: async (d: typeof EMPTY) => {
      const made = await revenueApi.createOffer({
        planId: Number(d.planId),
        code: d.code.trim(),
        interval: d.interval,
        percent_off: Number(d.percent),
        valid_until: d.until,
        max_redemptions: d.max.trim() === '' ? null : Number(d.max),
      });
      setOffers((o) => [made, ...(o ?? [])]);
      setDraft(EMPTY);
      setDone(`Erbjudandet ${made.code} är skapat.`);
    },
    failMsg: 'Det gick inte att skapa erbjudandet',
    stayOpen: true,
  });
  const { values: draft, setValues: setDraft, input } = useFormValues(EMPTY, form);

  const plan = plans.find((p) => String(p.id) === draft.planId);
  const price = plan ? (draft.interval === 'month' ? plan.price_month_sek : plan.price_year_sek) : null;
  const pct = Number(draft.percent);
  const preview =
    price !== null && Number.isInteger(pct) && pct >= 1 && pct <= 100
      ? `${draft.interval === 'month' ? 'Första månaden' : 'Första året'}: ${formatSek(offerPrice(price, pct))} i stället för ${formatSek(price)}`
      : null;

  return (
    <section className="offers-admin" aria-labelledby={`${ids}-title`}>
      <form
        className="surface plans-form"
        onSubmit={(e) => {
          setLoadError(null);
          setDone(null);
          void form.submit(e, draft);
        }}
      >
        <h2 id={`${ids}-title`}>Erbjudanden</h2>
        <p className="muted">
          En kod ger rabatt på första månaden eller första året. Läsaren skriver in koden på {SUBSCRIBE_PATH} eller
          följer länken med koden.
        </p>
        <label htmlFor={`${ids}-plan`}>Plan</label>
        <select id={`${ids}-plan`} className="control" required {...input('planId')}>
          <option value="">Välj plan</option>
          {plans.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        <label htmlFor={`${ids}-interval`}>Rabatten gäller</label>
        <select
          id={`${ids}-interval`}
          className="control"
          value={draft.interval}
          onChange={(e) => setDraft({ ...draft, interval: e.target.value === 'year' ? 'year' : 'month' })}
        >
          <option value="month">första månaden (månadsabonnemang)</option>
          <option value="year">första året (årsabonnemang)</option>
        </select>
        <label htmlFor={`${ids}-code`}>Kod</label>
        <input
          id={`${ids}-code`}
          className="control"
          required
          minLength={3}
          maxLength={40}
          pattern="[A-Za-z0-9_\-]+"
          autoCapitalize="characters"
          {...input('code')}
          aria-describedby={`${ids}-code-hint`}
        />
        <p id={`${ids}-code-hint`} className="field-hint">
          Bokstäver a–z, siffror, - och _. Stora och små bokstäver räknas som samma.
        </p>
        <label htmlFor={`${ids}-pct`}>Rabatt i procent</label>
        <input id={`${ids}-pct`} className="control" type="number" required min={1} max={100} {...input('percent')} />
        {preview && (
          <p className="field-hint" aria-live="polite">
            {preview}, inkl. moms
          </p>
        )}
        <label htmlFor={`${ids}-until`}>Gäller till och med</label>
        <input id={`${ids}-until`} className="control" type="date" required {...input('until')} />
        <label htmlFor={`${ids}-max`}>Högst antal användningar (tomt: obegränsat)</label>
        <input id={`${ids}-max`} className="control" type="number" min={1} max={1000000} {...input('max')} />
        <FormError msg={loadError ?? form.problem?.msg} />
        <FormSuccess msg={done} />
        <p>
          <SubmitButton form={form} label="Skapa erbjudandet" sendingLabel="Skapar…" />
        </p>
      </form>
      {offers && offers.length > 0 && (
        <div className="table-scroll">
          <table className="plans-table offers-table">
            <caption className="visually-hidden">Erbjudanden, nyast först</caption>
            <TableHead columns={['Kod', 'Plan', 'Rabatt', 'Gäller till', 'Använd', 'Länk']} />
            <tbody>
              {offers.map((o) => (
                <tr key={o.id}>
                  <td>{o.code}</td>
                  <td>{o.plan_name}</td>
                  <td>
                    {o.percent_off} % {REVENUE_TEXT.offerFirst(o.interval)}
                  </td>
                  <td>{formatDate(o.valid_until)}</td>
                  <td>
                    {o.redemptions}
                    {o.max_redemptions !== null && ` av ${o.max_redemptions}`}
                  </td>
                  <td>
                    <a href={`${SUBSCRIBE_PATH}?kod=${encodeURIComponent(o.code)}`}>
                      {SUBSCRIBE_PATH}?kod={o.code}
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
