import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface ChartRow {
  label: string;
  current: number;
  previous: number;
}

/**
 * Issue 45: a period's curve beside the previous period's (recharts, loaded only by the staff
 * route's chart chunk). The numbers are also in the table beside it, for screen readers.
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
    <div className="stat-chart" aria-hidden="true">
      <ResponsiveContainer width="100%" height={240}>
        <LineChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid stroke="#e3e0da" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12, fill: '#5b5b5b' }} minTickGap={24} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#5b5b5b' }} width={48} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          <Line
            type="monotone"
            dataKey="current"
            name={currentLabel}
            stroke="#b91c1c"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
          <Line
            type="monotone"
            dataKey="previous"
            name={previousLabel}
            stroke="#5b5b5b"
            strokeDasharray="4 3"
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
