import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** One line of a chart: the rows' field it draws, its name in the legend, its look. */
export interface ChartSeries {
  key: string;
  name: string;
  color: string;
  dashed?: boolean;
}

/**
 * Lines over time with recharts, for the staff pages (analytics, revenue). Import it lazily
 * (`lazy(() => import('…/components/charts/SeriesChart'))`) so recharts stays in its own chunk,
 * loaded only where a chart is shown. The chart is hidden from screen readers: every page that
 * shows one gives the same numbers as a table beside it.
 */
export default function SeriesChart({
  rows,
  xKey,
  series,
  height = 240,
  className = 'series-chart',
  yFormat,
  yTick = yFormat,
}: {
  rows: Record<string, string | number>[];
  xKey: string;
  series: ChartSeries[];
  height?: number;
  className?: string;
  /** How the tooltip writes a value (e.g. kronor). */
  yFormat?: (v: number) => string;
  /** How the axis writes a value, shorter (default: as the tooltip). */
  yTick?: (v: number) => string;
}) {
  return (
    <div className={className} aria-hidden="true">
      <ResponsiveContainer width="100%" height={height}>
        <LineChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid stroke="#e3e0da" vertical={false} />
          <XAxis dataKey={xKey} tick={{ fontSize: 12, fill: '#5b5b5b' }} minTickGap={24} />
          <YAxis
            allowDecimals={false}
            tick={{ fontSize: 12, fill: '#5b5b5b' }}
            width={yTick ? 64 : 48}
            tickFormatter={yTick}
          />
          <Tooltip formatter={yFormat ? (v) => yFormat(Number(v)) : undefined} />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          {series.map((s) => (
            <Line
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.name}
              stroke={s.color}
              strokeWidth={2}
              strokeDasharray={s.dashed ? '4 3' : undefined}
              dot={false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
