/** A flat Bohr diagram in SVG: the readable fallback when WebGL is missing. */
export function BohrDiagram({
  symbol,
  protons,
  neutrons,
  shells,
  size = 260,
}: {
  symbol: string;
  protons: number;
  neutrons: number;
  shells: number[];
  size?: number;
}) {
  const c = size / 2;
  const step = (c - 30) / Math.max(shells.length, 1);
  return (
    <svg
      className="bohr-diagram"
      viewBox={`0 0 ${size} ${size}`}
      width={size}
      height={size}
      role="img"
      aria-label={`Bohrmodell av ${symbol}: ${protons} protoner, ${neutrons} neutroner, elektroner per skal ${shells.join(', ')}`}
    >
      {shells.map((e, i) => {
        const radius = 26 + step * (i + 0.6);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: shells are positional
          <g key={i}>
            <circle cx={c} cy={c} r={radius} fill="none" stroke="#adb5bd" strokeWidth={1} />
            {Array.from({ length: e }, (_, k) => {
              const a = (k / e) * Math.PI * 2 - Math.PI / 2;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: electrons are identical
                <circle key={k} cx={c + Math.cos(a) * radius} cy={c + Math.sin(a) * radius} r={3.2} fill="#1c7ed6" />
              );
            })}
          </g>
        );
      })}
      <circle cx={c} cy={c} r={22} fill="#e03131" />
      <text x={c} y={c + 5} textAnchor="middle" fontSize={14} fontWeight={700} fill="#fff">
        {symbol}
      </text>
    </svg>
  );
}
