import {
  CATEGORY_LABELS,
  DENSITY_AXIS_MAX,
  ELEMENT_COUNT,
  ELEMENT_STATES,
  type Element,
  type ElementCategory,
  formatDecimalSv,
  STATE_LABELS,
} from '@vaggen/contract';
import { CATEGORY_COLORS, CATEGORY_STRONG } from '../colors';

const STATE_COLORS = { solid: '#495057', liquid: '#1c7ed6', gas: '#66d9e8', unknown: '#ced4da' } as const;

/** Horizontal bars with their counts: hand-drawn SVG (a chart library would triple this page's JavaScript). */
function BarChart({ title, rows }: { title: string; rows: { label: string; value: number; color: string }[] }) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  const rowH = 26;
  const labelW = 190;
  const width = 460;
  const height = rows.length * rowH + 8;
  return (
    <figure className="chart surface">
      <figcaption>{title}</figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={`${title}: ${rows.map((r) => `${r.label} ${r.value}`).join(', ')}`}
      >
        {rows.map((r, i) => {
          const w = ((width - labelW - 40) * r.value) / max;
          const y = 4 + i * rowH;
          return (
            <g key={r.label}>
              <text x={labelW - 8} y={y + 16} textAnchor="end" fontSize={13} fill="#333">
                {r.label}
              </text>
              <rect
                x={labelW}
                y={y + 3}
                width={Math.max(w, 1)}
                height={rowH - 8}
                rx={3}
                fill={r.color}
                stroke="#00000022"
              />
              <text x={labelW + w + 6} y={y + 16} fontSize={13} fill="#333" fontWeight={600}>
                {r.value}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

/** Spec 001 §9: atomic number (118 assumed) against density, axis capped at 25 g/cm³. */
function DensityScatter({ elements, onSelect }: { elements: Element[]; onSelect: (z: number) => void }) {
  const width = 940;
  const height = 340;
  const pad = { l: 54, r: 16, t: 16, b: 44 };
  const x = (z: number) => pad.l + ((z - 1) / (ELEMENT_COUNT - 1)) * (width - pad.l - pad.r);
  const y = (d: number) =>
    height - pad.b - (Math.min(d, DENSITY_AXIS_MAX) / DENSITY_AXIS_MAX) * (height - pad.t - pad.b);
  const withDensity = elements.filter((e) => e.density !== null);
  const xTicks = [1, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 118];
  const yTicks = [0, 5, 10, 15, 20, 25];
  return (
    <figure className="chart chart-wide surface">
      <figcaption>
        Atomnummer och densitet (g/cm³) — {withDensity.length} av {ELEMENT_COUNT} grundämnen har ett känt värde
      </figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label="Spridningsdiagram: atomnummer mot densitet">
        {yTicks.map((t) => (
          <g key={t}>
            <line x1={pad.l} x2={width - pad.r} y1={y(t)} y2={y(t)} stroke="#e9ecef" />
            <text x={pad.l - 8} y={y(t) + 4} textAnchor="end" fontSize={12} fill="#555">
              {t}
            </text>
          </g>
        ))}
        {xTicks.map((t) => (
          <text key={t} x={x(t)} y={height - pad.b + 18} textAnchor="middle" fontSize={12} fill="#555">
            {t}
          </text>
        ))}
        <line x1={pad.l} x2={width - pad.r} y1={height - pad.b} y2={height - pad.b} stroke="#868e96" />
        <line x1={pad.l} x2={pad.l} y1={pad.t} y2={height - pad.b} stroke="#868e96" />
        <text x={(width + pad.l) / 2} y={height - 6} textAnchor="middle" fontSize={13} fill="#333">
          Atomnummer
        </text>
        <text
          x={14}
          y={(height - pad.b) / 2}
          fontSize={13}
          fill="#333"
          transform={`rotate(-90 14 ${(height - pad.b) / 2})`}
          textAnchor="middle"
        >
          Densitet (g/cm³)
        </text>
        {withDensity.map((e) => (
          // biome-ignore lint/a11y/noStaticElementInteractions: points are extra shortcuts; the table has buttons
          <circle
            key={e.atomic_number}
            cx={x(e.atomic_number)}
            cy={y(e.density as number)}
            r={4.5}
            fill={CATEGORY_STRONG[e.category]}
            fillOpacity={0.85}
            className="scatter-point"
            onClick={() => onSelect(e.atomic_number)}
          >
            <title>{`${e.name} (${e.symbol}): ${formatDecimalSv(e.density as number)} g/cm³`}</title>
          </circle>
        ))}
      </svg>
    </figure>
  );
}

export function StatsCharts({ elements, onSelect }: { elements: Element[]; onSelect: (z: number) => void }) {
  const byState = ELEMENT_STATES.map((s) => ({
    label: STATE_LABELS[s],
    value: elements.filter((e) => e.state_at_room_temp === s).length,
    color: STATE_COLORS[s],
  }));
  const categories = Object.keys(CATEGORY_LABELS) as ElementCategory[];
  const byCategory = categories.map((c) => ({
    label: CATEGORY_LABELS[c],
    value: elements.filter((e) => e.category === c).length,
    color: CATEGORY_COLORS[c],
  }));
  return (
    <section className="pt-stats" aria-labelledby="pt-stats-title">
      <h2 id="pt-stats-title">Statistik</h2>
      <div className="chart-row">
        <BarChart title="Grundämnen efter tillstånd vid rumstemperatur" rows={byState} />
        <BarChart title="Grundämnen efter kategori" rows={byCategory} />
      </div>
      <DensityScatter elements={elements} onSelect={onSelect} />
    </section>
  );
}
