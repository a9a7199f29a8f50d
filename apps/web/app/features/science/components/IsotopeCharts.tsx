import { abundanceBarHeight, formatDecimalSv, type Isotope, isotopeName } from '@vaggen/contract';
import { DECAY_LEGEND, decayColor } from '../colors';

/** Where the valley of stability runs: Z of the most stable isobar for mass number A (Weizsäcker). */
const stableZ = (a: number) => a / (1.98 + 0.0155 * a ** (2 / 3));

/**
 * Neutron–proton chart (a slice of the chart of nuclides): this element's isotopes on row Z, coloured by
 * decay mode, with the N = Z line and the line of stability for context.
 */
export function NeutronProtonChart({
  symbol,
  atomicNumber,
  isotopes,
  selectedId,
  onSelect,
}: {
  symbol: string;
  atomicNumber: number;
  isotopes: Isotope[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  const ground = isotopes.filter((i) => i.isomer === null);
  const ns = ground.map((i) => i.neutron_count);
  const minN = Math.max(0, Math.min(...ns, atomicNumber) - 3);
  const maxN = Math.max(...ns, atomicNumber) + 3;
  const minZ = Math.max(0, atomicNumber - 6);
  const maxZ = atomicNumber + 6;
  const width = 640;
  const height = 300;
  const pad = { l: 56, r: 12, t: 12, b: 48 };
  const cw = (width - pad.l - pad.r) / (maxN - minN + 1);
  const ch = (height - pad.t - pad.b) / (maxZ - minZ + 1);
  const x = (n: number) => pad.l + (n - minN) * cw;
  const y = (z: number) => height - pad.b - (z - minZ + 1) * ch;
  const stabilityPoints: string[] = [];
  for (let n = minN; n <= maxN + 1; n += 0.25) {
    // Solve Z for N on the stability line: Z = stableZ(N + Z), a few fixed-point steps.
    let z = n;
    for (let k = 0; k < 8; k++) z = stableZ(n + z);
    if (z >= minZ - 1 && z <= maxZ + 1) stabilityPoints.push(`${x(n).toFixed(1)},${(y(z) + ch / 2).toFixed(1)}`);
  }
  const nTicks = ns.length ? ns.filter((_, i, arr) => arr.length < 16 || i % Math.ceil(arr.length / 12) === 0) : [];
  return (
    <figure className="chart chart-wide nz-chart surface">
      <figcaption>
        Neutron–protondiagram: {symbol} (Z = {atomicNumber}) bland grannarna
      </figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`Neutron–protondiagram för ${symbol}`}>
        <defs>
          <clipPath id="nz-clip">
            <rect x={pad.l} y={pad.t} width={width - pad.l - pad.r} height={height - pad.t - pad.b} />
          </clipPath>
        </defs>
        {Array.from({ length: maxZ - minZ + 1 }, (_, i) => minZ + i).map((z) => (
          <g key={z}>
            <line x1={pad.l} x2={width - pad.r} y1={y(z) + ch} y2={y(z) + ch} stroke="#f1f3f5" />
            {(z - minZ) % 2 === 0 && (
              <text x={pad.l - 6} y={y(z) + ch / 2 + 4} textAnchor="end" fontSize={14} fill="#666">
                {z}
              </text>
            )}
          </g>
        ))}
        <rect x={pad.l} y={y(atomicNumber)} width={width - pad.l - pad.r} height={ch} fill="#fff4e6" />
        <g clipPath="url(#nz-clip)">
          <line
            x1={x(Math.max(minN, minZ))}
            y1={y(Math.max(minN, minZ)) + ch}
            x2={x(Math.min(maxN, maxZ) + 1)}
            y2={y(Math.min(maxN, maxZ) + 1) + ch}
            stroke="#adb5bd"
            strokeDasharray="4 4"
          />
          <polyline points={stabilityPoints.join(' ')} fill="none" stroke="#fab005" strokeWidth={2} opacity={0.8} />
        </g>
        {ground.map((i) => (
          // biome-ignore lint/a11y/noStaticElementInteractions: the table and the select are the accessible way in
          <rect
            key={i.id}
            x={x(i.neutron_count) + 0.5}
            y={y(atomicNumber) + 0.5}
            width={Math.max(cw - 1, 2)}
            height={ch - 1}
            fill={decayColor(i.stable, i.decay_mode)}
            stroke={i.id === selectedId ? '#e8590c' : 'none'}
            strokeWidth={3}
            className="nz-cell"
            data-mass={i.mass_number}
            onClick={() => onSelect(i.id)}
          >
            <title>{`${isotopeName(symbol, i)}: N = ${i.neutron_count}, ${i.stable ? 'stabil' : (i.decay_mode ?? 'instabil')}`}</title>
          </rect>
        ))}
        {nTicks.map((n) => (
          <text key={n} x={x(n) + cw / 2} y={height - pad.b + 20} textAnchor="middle" fontSize={14} fill="#666">
            {n}
          </text>
        ))}
        <text x={(width + pad.l) / 2} y={height - 6} textAnchor="middle" fontSize={15} fill="#333">
          Neutroner (N)
        </text>
        <text
          x={12}
          y={(height - pad.b) / 2}
          fontSize={15}
          fill="#333"
          textAnchor="middle"
          transform={`rotate(-90 16 ${(height - pad.b) / 2})`}
        >
          Protoner (Z)
        </text>
      </svg>
      <ul className="decay-legend">
        {DECAY_LEGEND.map(([label, color]) => (
          <li key={label}>
            <span className="swatch" style={{ background: color }} /> {label}
          </li>
        ))}
        <li>
          <span className="swatch swatch-line" style={{ background: '#fab005' }} /> stabilitetslinjen
        </li>
        <li>
          <span className="swatch swatch-line swatch-dashed" /> N = Z
        </li>
      </ul>
    </figure>
  );
}

/** Spec 001 §9: one bar per isotope, height = abundance × 2, clamped to 1–100 %. */
export function AbundanceBars({
  symbol,
  isotopes,
  selectedId,
  onSelect,
}: {
  symbol: string;
  isotopes: Isotope[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  return (
    <figure className="chart abundance-chart surface">
      <figcaption>Naturlig förekomst (stapelhöjd = förekomst × 2, 1–100 %)</figcaption>
      <div className="abundance-bars" data-testid="abundance-bars">
        {isotopes.map((i) => (
          <button
            key={i.id}
            type="button"
            className={`abundance-bar${i.id === selectedId ? ' is-selected' : ''}`}
            onClick={() => onSelect(i.id)}
            aria-label={`${isotopeName(symbol, i)}: ${i.abundance === null ? 'förekommer inte naturligt' : `${formatDecimalSv(i.abundance)} %`}`}
          >
            <span className="bar-value">{i.abundance === null ? '' : `${formatDecimalSv(i.abundance, 3)} %`}</span>
            <span className="bar-track">
              <span
                className="bar-fill"
                style={{
                  height: `${abundanceBarHeight(i.abundance)}%`,
                  background: decayColor(i.stable, i.decay_mode),
                }}
                data-height={abundanceBarHeight(i.abundance)}
              />
            </span>
            <span className="bar-label">
              {i.mass_number}
              {i.isomer ?? ''}
            </span>
          </button>
        ))}
      </div>
    </figure>
  );
}
