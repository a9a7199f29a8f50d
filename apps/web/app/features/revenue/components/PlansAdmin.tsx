import { formatSek, type Plan, type PlanInput } from '@vaggen/contract';
import { Fragment, useEffect, useId, useState } from 'react';
import { FormError, FormSuccess, SubmitButton } from '../../../components/FormField';
import { TableHead } from '../../../components/TableHead';
import { useFormSubmission, useFormValues } from '../../../lib/useFormSubmission';
import { type RevenueSettings, revenueApi, revenueSettingsApi } from '../api';

const EMPTY = { name: '', benefits: '', month: '', year: '', trial: '0', onSale: true };
type Draft = typeof EMPTY;

const toDraft = (p: Plan): Draft => ({
  name: p.name,
  benefits: p.benefits.join('\n'),
  month: p.price_month_sek === null ? '' : String(p.price_month_sek),
  year: p.price_year_sek === null ? '' : String(p.price_year_sek),
  trial: String(p.trial_days),
  onSale: p.on_sale,
});
const price = (v: string) => (v.trim() === '' ? null : Number(v.replace(',', '.')));
const toInput = (d: Draft): PlanInput => ({
  name: d.name,
  benefits: d.benefits
    .split('\n')
    .map((b) => b.trim())
    .filter(Boolean),
  price_month_sek: price(d.month),
  price_year_sek: price(d.year),
  trial_days: Number(d.trial) || 0,
  on_sale: d.onSale,
});
const message = (err: unknown) => (err instanceof Error ? err.message : 'Något gick fel');

/** The settings that are a whole number from 0 up to a bound. */
const WHOLE_SETTINGS = [
  {
    key: 'past_due_grace_days',
    id: 'grace',
    label: 'Dagar en prenumerant med utebliven betalning behåller tillgången',
    max: 60,
  },
  {
    key: 'metered_articles_per_month',
    id: 'meter',
    label: 'Gratis prenumerantartiklar per månad för inloggade (0 = av)',
    max: 100,
  },
  { key: 'gift_links_per_month', id: 'gifts', label: 'Delningslänkar per prenumerant och månad', max: 1000 },
] as const;

const GRANT_EMPTY = { userId: '', planId: '', until: '' };

/** Issue 42: `/admin/prenumerationer` — plans, the revenue settings and complimentary subscriptions. */
export function PlansAdmin() {
  const ids = useId();
  const [plans, setPlans] = useState<Plan[] | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [settings, setSettings] = useState<RevenueSettings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    revenueApi.plans().then(setPlans, (e) => setLoadError(message(e)));
    revenueSettingsApi.get().then(setSettings, (e) => setLoadError(message(e)));
  }, []);

  const planForm = useFormSubmission({
    idPrefix: `${ids}-plan`,
    send: async (d: Draft) => {
      const saved =
        editing === null ? await revenueApi.createPlan(toInput(d)) : await revenueApi.updatePlan(editing, toInput(d));
      setPlans((list) => [...(list ?? []).filter((p) => p.id !== saved.id), saved].sort((a, b) => a.id - b.id));
      setEditing(null);
      setDraft(EMPTY);
      setDone(`Planen ${saved.name} är sparad`);
    },
    failMsg: message,
    stayOpen: true,
  });
  const { values: draft, setValues: setDraft, input: field } = useFormValues<Draft>(EMPTY, planForm);

  const settingsForm = useFormSubmission({
    idPrefix: `${ids}-settings`,
    send: async (s: RevenueSettings) => {
      await revenueSettingsApi.save(s);
      setDone('Inställningarna är sparade');
    },
    failMsg: message,
    stayOpen: true,
  });

  const grantForm = useFormSubmission({
    idPrefix: `${ids}-grant`,
    send: async (g: typeof GRANT_EMPTY) => {
      const s = await revenueApi.grant(Number(g.userId), Number(g.planId), g.until);
      setDone(`Kontot ${s.user_id} har fått ${s.plan_name} till ${g.until}`);
      setGrant(GRANT_EMPTY);
    },
    failMsg: message,
    stayOpen: true,
  });
  const { values: grant, setValues: setGrant, input: grantField } = useFormValues(GRANT_EMPTY, grantForm);

  // The three forms share the one message at the top: a send clears what came before it.
  const forms = [planForm, settingsForm, grantForm];
  const error = loadError ?? forms.find((f) => f.problem)?.problem?.msg;
  function start<V>(e: React.FormEvent, f: { submit: (e: React.FormEvent, v: V) => Promise<boolean> }, v: V) {
    setLoadError(null);
    setDone(null);
    for (const other of forms) if (other !== f) other.clearProblem();
    void f.submit(e, v);
  }

  const num = (k: keyof RevenueSettings) => ({
    value: settings ? String(settings[k]) : '',
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      settings && setSettings({ ...settings, [k]: Number(e.target.value.replace(',', '.')) }),
  });

  return (
    <section className="plans-admin" aria-labelledby={`${ids}-title`}>
      <h1 className="page-title" id={`${ids}-title`}>
        Prenumerationer
      </h1>
      <FormError msg={error} />
      <FormSuccess msg={done} />
      <h2>Planer</h2>
      {plans === null ? (
        <p>Laddar…</p>
      ) : plans.length === 0 ? (
        <p>Inga planer ännu.</p>
      ) : (
        // scrolls sideways inside itself on a narrow screen, not the page
        <div className="table-scroll">
          <table className="plans-table">
            <TableHead columns={['Namn', 'Per månad', 'Per år', 'Provperiod', 'Till salu', { hidden: 'Ändra' }]} />
            <tbody>
              {plans.map((p) => (
                <tr key={p.id}>
                  <td>
                    {p.name} <span className="muted">(id {p.id})</span>
                  </td>
                  <td>{p.price_month_sek === null ? '–' : formatSek(p.price_month_sek)}</td>
                  <td>{p.price_year_sek === null ? '–' : formatSek(p.price_year_sek)}</td>
                  <td>{p.trial_days ? `${p.trial_days} dagar` : '–'}</td>
                  <td>{p.on_sale ? 'Ja' : 'Nej'}</td>
                  <td>
                    <button
                      type="button"
                      className="button button-small button-secondary"
                      onClick={() => {
                        setEditing(p.id);
                        setDraft(toDraft(p));
                      }}
                    >
                      Ändra {p.name}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form className="surface plans-form" onSubmit={(e) => start(e, planForm, draft)}>
        <h3>{editing === null ? 'Ny plan' : 'Ändra plan'}</h3>
        <label htmlFor={`${ids}-name`}>Namn</label>
        <input className="control" id={`${ids}-name`} required maxLength={80} {...field('name')} />
        <label htmlFor={`${ids}-benefits`}>Förmåner (en per rad)</label>
        <textarea className="control" id={`${ids}-benefits`} rows={3} {...field('benefits')} />
        <label htmlFor={`${ids}-month`}>Pris per månad, kr inkl. moms (tomt: säljs inte per månad)</label>
        <input className="control" id={`${ids}-month`} inputMode="decimal" {...field('month')} />
        <label htmlFor={`${ids}-year`}>Pris per år, kr inkl. moms (tomt: säljs inte per år)</label>
        <input className="control" id={`${ids}-year`} inputMode="decimal" {...field('year')} />
        <label htmlFor={`${ids}-trial`}>Gratis provperiod (dagar)</label>
        <input className="control" id={`${ids}-trial`} type="number" min={0} max={90} {...field('trial')} />
        <label>
          <input
            type="checkbox"
            checked={draft.onSale}
            onChange={(e) => setDraft({ ...draft, onSale: e.target.checked })}
          />{' '}
          Till salu
        </label>
        <p>
          <SubmitButton form={planForm} label="Spara planen" sendingLabel="Spara planen" />{' '}
          {editing !== null && (
            <button
              type="button"
              className="button button-small button-secondary"
              onClick={() => {
                setEditing(null);
                setDraft(EMPTY);
              }}
            >
              Avbryt
            </button>
          )}
        </p>
      </form>
      <form
        className="surface plans-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (settings) start(e, settingsForm, settings);
        }}
      >
        <h2>Inställningar</h2>
        <label htmlFor={`${ids}-vat`}>Moms på digitala nyheter (%)</label>
        <input className="control" id={`${ids}-vat`} inputMode="decimal" {...num('vat_percent')} />
        {WHOLE_SETTINGS.map((w) => (
          <Fragment key={w.id}>
            <label htmlFor={`${ids}-${w.id}`}>{w.label}</label>
            <input className="control" id={`${ids}-${w.id}`} type="number" min={0} max={w.max} {...num(w.key)} />
          </Fragment>
        ))}
        <p>
          <button className="button" type="submit" disabled={!settings || settingsForm.busy}>
            Spara inställningarna
          </button>
        </p>
      </form>
      <form className="surface plans-form" onSubmit={(e) => start(e, grantForm, grant)}>
        <h2>Ge ett gratisabonnemang</h2>
        <label htmlFor={`${ids}-uid`}>Kontots id</label>
        <input className="control" id={`${ids}-uid`} inputMode="numeric" required {...grantField('userId')} />
        <label htmlFor={`${ids}-pid`}>Planens id</label>
        <input className="control" id={`${ids}-pid`} inputMode="numeric" required {...grantField('planId')} />
        <label htmlFor={`${ids}-until`}>Gäller till och med</label>
        <input className="control" id={`${ids}-until`} type="date" required {...grantField('until')} />
        <p>
          <SubmitButton form={grantForm} label="Ge abonnemanget" sendingLabel="Ge abonnemanget" />
        </p>
      </form>
    </section>
  );
}
