import { formatSek, type Plan, type PlanInput } from '@vaggen/contract';
import { useEffect, useId, useState } from 'react';
import { FormError, FormSuccess } from '../../../components/FormField';
import { TableHead } from '../../../components/TableHead';
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

/** Issue 42: `/admin/prenumerationer` — plans, the revenue settings and complimentary subscriptions. */
export function PlansAdmin() {
  const ids = useId();
  const [plans, setPlans] = useState<Plan[] | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [settings, setSettings] = useState<RevenueSettings | null>(null);
  const [grant, setGrant] = useState({ userId: '', planId: '', until: '' });
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    revenueApi.plans().then(setPlans, (e) => setError(message(e)));
    revenueSettingsApi.get().then(setSettings, (e) => setError(message(e)));
  }, []);

  const field = (k: keyof Draft) => ({
    value: String(draft[k]),
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setDraft({ ...draft, [k]: e.target.value }),
  });

  async function savePlan(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    setDone(null);
    try {
      const saved =
        editing === null
          ? await revenueApi.createPlan(toInput(draft))
          : await revenueApi.updatePlan(editing, toInput(draft));
      setPlans((list) => [...(list ?? []).filter((p) => p.id !== saved.id), saved].sort((a, b) => a.id - b.id));
      setEditing(null);
      setDraft(EMPTY);
      setDone(`Planen ${saved.name} är sparad`);
    } catch (err) {
      setError(message(err));
    }
  }

  async function saveSettings(e: React.FormEvent) {
    e.preventDefault();
    if (!settings) return;
    setError(null);
    setDone(null);
    try {
      await revenueSettingsApi.save(settings);
      setDone('Inställningarna är sparade');
    } catch (err) {
      setError(message(err));
    }
  }

  async function grantSub(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    setDone(null);
    try {
      const s = await revenueApi.grant(Number(grant.userId), Number(grant.planId), grant.until);
      setDone(`Kontot ${s.user_id} har fått ${s.plan_name} till ${grant.until}`);
      setGrant({ userId: '', planId: '', until: '' });
    } catch (err) {
      setError(message(err));
    }
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
      <form className="surface plans-form" onSubmit={savePlan}>
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
          <button className="button" type="submit">
            Spara planen
          </button>{' '}
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
      <form className="surface plans-form" onSubmit={saveSettings}>
        <h2>Inställningar</h2>
        <label htmlFor={`${ids}-vat`}>Moms på digitala nyheter (%)</label>
        <input className="control" id={`${ids}-vat`} inputMode="decimal" {...num('vat_percent')} />
        <label htmlFor={`${ids}-grace`}>Dagar en prenumerant med utebliven betalning behåller tillgången</label>
        <input className="control" id={`${ids}-grace`} type="number" min={0} max={60} {...num('past_due_grace_days')} />
        <label htmlFor={`${ids}-meter`}>Gratis prenumerantartiklar per månad för inloggade (0 = av)</label>
        <input
          className="control"
          id={`${ids}-meter`}
          type="number"
          min={0}
          max={100}
          {...num('metered_articles_per_month')}
        />
        <label htmlFor={`${ids}-gifts`}>Delningslänkar per prenumerant och månad</label>
        <input
          className="control"
          id={`${ids}-gifts`}
          type="number"
          min={0}
          max={1000}
          {...num('gift_links_per_month')}
        />
        <p>
          <button className="button" type="submit" disabled={!settings}>
            Spara inställningarna
          </button>
        </p>
      </form>
      <form className="surface plans-form" onSubmit={grantSub}>
        <h2>Ge ett gratisabonnemang</h2>
        <label htmlFor={`${ids}-uid`}>Kontots id</label>
        <input
          className="control"
          id={`${ids}-uid`}
          inputMode="numeric"
          required
          value={grant.userId}
          onChange={(e) => setGrant({ ...grant, userId: e.target.value })}
        />
        <label htmlFor={`${ids}-pid`}>Planens id</label>
        <input
          className="control"
          id={`${ids}-pid`}
          inputMode="numeric"
          required
          value={grant.planId}
          onChange={(e) => setGrant({ ...grant, planId: e.target.value })}
        />
        <label htmlFor={`${ids}-until`}>Gäller till och med</label>
        <input
          className="control"
          id={`${ids}-until`}
          type="date"
          required
          value={grant.until}
          onChange={(e) => setGrant({ ...grant, until: e.target.value })}
        />
        <p>
          <button className="button" type="submit">
            Ge abonnemanget
          </button>
        </p>
      </form>
    </section>
  );
}
