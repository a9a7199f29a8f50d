import SeriesChart from '../../../components/charts/SeriesChart';

export interface ChartRow {
  label: string;
  current: number;
  previous: number;
}

/**
 * Issue 45: a period's curve beside the previous period's (the shared chart, loaded only by the
 * staff route's chart chunk). The numbers are also in the table beside it, for screen readers.
 */
export default function TimeChart({
  rows,
  currentLabel,
  previousLabel,
}: {
  rows: ChartRow[];
  currentLabel: string;
  previousLabel: string;
}) {
  return (
    <SeriesChart
      className="stat-chart"
      rows={rows as unknown as Record<string, string | number>[]}
      xKey="label"
      series={[
        { key: 'current', name: currentLabel, color: '#b91c1c' },
        { key: 'previous', name: previousLabel, color: '#5b5b5b', dashed: true },
      ]}
    />
  );
}
