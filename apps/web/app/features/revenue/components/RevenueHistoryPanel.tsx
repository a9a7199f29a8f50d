import { formatSek, REVENUE_TEXT, type RevenueDay } from '@vaggen/contract';
import { type ComponentProps, lazy, Suspense, useCallback, useEffect, useId, useState } from 'react';
import { DataState } from '../../../components/DataState';
import { FormError } from '../../../components/FormField';
import { ScrollTable } from '../../../components/ScrollTable';
import { serverMsgOr } from '../../../lib/api';
import { revenueApi } from '../api';

// recharts in its own chunk, loaded only when the figures are there to draw
const SeriesChart = lazy(() => import('../../../components/charts/SeriesChart'));

const RANGES = [
  { days: 30, label: '30 dagar' },
  { days: 90, label: '90 dagar' },
  { days: 365, label: 'Ett år' },
];
const COUNTS = [
  { key: 'active', name: REVENUE_TEXT.status.active, color: '#b91c1c' },
  { key: 'trialing', name: REVENUE_TEXT.status.trialing, color: '#1d4ed8' },
  { key: 'past_due', name: REVENUE_TEXT.status.past_due, color: '#a16207' },
  { key: 'canceled', name: 'Uppsagda', color: '#5b5b5b', dashed: true },
] as const;
const dayLabel = (day: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'UTC', day: 'numeric', month: 'short' }).format(
    new Date(`${day}T00:00:00Z`),
  );
const kr = (v: number) => formatSek(Math.round(v));
/** The axis: "24 tkr" rather than "24000 kr", which a narrow chart cannot fit. */
const krShort = (v: number) => (Math.abs(v) >= 1000 ? `${Math.round(v / 100) / 10} tkr`.replace('.', ',') : kr(v));

/** One chart of the history: its caption, and the chart itself once recharts has loaded. */
function HistoryChart({
  caption,
  ...chart
}: { caption: string } & Omit<ComponentProps<typeof SeriesChart>, 'className' | 'xKey' | 'height'>) {
  return (
    <figure className="surface revenue-chart">
      <figcaption>{caption}</figcaption>
      <Suspense fallback={<div className="revenue-chart-wait" />}>
        <SeriesChart className="revenue-chart-area" xKey="label" height={220} {...chart} />
      </Suspense>
    </figure>
  );
}

/**
 * Issue 42: MRR and the active, trialing, past-due and canceled counts per day on
 * `/admin/prenumerationer` — two charts (drawn for sight only) and the same numbers as a table.
 */
export function RevenueHistoryPanel() {
  const ids = useId();
  const [days, setDays] = useState(90);
  const [rows, setRows] = useState<RevenueDay[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    let live = true;
    setRows(null);
    setError(null);
    revenueApi.history(days).then(
      (h) => live && setRows(h.days),
      (err) => live && setError(serverMsgOr(err, 'Det gick inte att hämta siffrorna över tid')),
    );
    return () => {
      live = false;
    };
  }, [days]);
  useEffect(load, [load]);

  const chartRows = (rows ?? []).map((r) => ({ ...r, label: dayLabel(r.day) }));
  return (
    <section className="revenue-history" aria-labelledby={`${ids}-title`}>
      <div className="revenue-history-head">
        <h3 id={`${ids}-title`}>{REVENUE_TEXT.historyHeading}</h3>
        <div className="field">
          <label htmlFor={`${ids}-range`}>Period</label>
          <select
            id={`${ids}-range`}
            className="control"
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
          >
            {RANGES.map((r) => (
              <option key={r.days} value={r.days}>
                {r.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <DataState
        status={error && rows === null ? 'error' : rows === null ? 'loading' : 'ready'}
        loading="Hämtar siffrorna över tid…"
        error={<FormError msg={error} />}
        onRetry={load}
        isEmpty={rows?.length === 0}
        empty={REVENUE_TEXT.historyEmpty}
      >
        {() => (
          <>
            <div className="revenue-charts">
              <HistoryChart
                caption="Månadsintäkt (MRR), kr inkl. moms"
                rows={chartRows}
                yFormat={kr}
                yTick={krShort}
                series={[{ key: 'mrr_sek', name: 'MRR', color: '#b91c1c' }]}
              />
              <HistoryChart
                caption="Prenumerationer med tillgång, efter status"
                rows={chartRows}
                series={COUNTS.map((c) => ({ ...c }))}
              />
            </div>
            <details className="revenue-history-table">
              <summary>{REVENUE_TEXT.historyTable}</summary>
              <ScrollTable
                label="utveckling över tid"
                caption="MRR och prenumerationer per dag, äldst först"
                className="table-scroll revenue-history-scroll"
                tableClassName="plans-table"
              >
                <thead>
                  <tr>
                    <th scope="col">Dag</th>
                    <th scope="col">MRR</th>
                    {COUNTS.map((c) => (
                      <th scope="col" key={c.key}>
                        {c.name}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows?.map((r) => (
                    <tr key={r.day}>
                      <th scope="row">{r.day}</th>
                      <td>{formatSek(r.mrr_sek)}</td>
                      {COUNTS.map((c) => (
                        <td key={c.key}>{r[c.key]}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </ScrollTable>
            </details>
          </>
        )}
      </DataState>
    </section>
  );
}
