import type { CelestialBody } from '@vaggen/contract';
import { useMemo } from 'react';
import { drawPoster, POSTER_HALF_WIDTH } from '../lib/poster';

/**
 * The overview as a still picture (decision 041): the same layout through the same camera as the
 * 3D view, drawn as SVG, so the page shows the solar system without loading three.js. The 3D view
 * replaces it when the reader reaches for the scene.
 */
export function ScenePoster({ bodies }: { bodies: CelestialBody[] }) {
  const poster = useMemo(() => drawPoster(bodies), [bodies]);
  return (
    <svg
      className="solar-poster"
      data-testid="scene-poster"
      viewBox={`${-POSTER_HALF_WIDTH} -1 ${POSTER_HALF_WIDTH * 2} 2`}
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        {poster.bodies.map((b) =>
          b.star ? (
            <radialGradient key={b.id} id={`poster-glow-${b.slug}`}>
              <stop offset="0.55" stopColor="#ffb347" stopOpacity="0.55" />
              <stop offset="1" stopColor="#ffb347" stopOpacity="0" />
            </radialGradient>
          ) : (
            // Lit from the Sun's side, as the point light at the Sun lights the 3D bodies.
            <radialGradient
              key={b.id}
              id={`poster-shade-${b.slug}`}
              cx={0.5 + b.lightX * 0.3}
              cy={0.5 + b.lightY * 0.3}
              r="0.75"
            >
              <stop offset="0" stopColor="#fff" stopOpacity="0.18" />
              <stop offset="0.55" stopColor="#000" stopOpacity="0.15" />
              <stop offset="1" stopColor="#000" stopOpacity="0.7" />
            </radialGradient>
          ),
        )}
      </defs>
      <rect x={-POSTER_HALF_WIDTH} y={-1} width={POSTER_HALF_WIDTH * 2} height={2} fill="#03040b" />
      <g fill="#fff">
        {poster.stars.map((s, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed, seeded list that never reorders
          <circle key={i} cx={s.x} cy={s.y} r={s.r} opacity={s.o} />
        ))}
      </g>
      <g fill="none" stroke="#4b5d86" strokeOpacity="0.45" vectorEffect="non-scaling-stroke">
        {poster.orbits.map((d) => (
          <path key={d} d={d} vectorEffect="non-scaling-stroke" />
        ))}
      </g>
      {poster.bodies.map((b) => (
        <g key={b.id} data-body={b.slug}>
          {b.star && <circle cx={b.x} cy={b.y} r={b.r * 1.35} fill={`url(#poster-glow-${b.slug})`} />}
          <circle cx={b.x} cy={b.y} r={b.r} fill={b.color} />
          {!b.star && <circle cx={b.x} cy={b.y} r={b.r} fill={`url(#poster-shade-${b.slug})`} />}
          {b.ring && <path d={b.ring} fill={b.color} fillOpacity="0.55" fillRule="evenodd" />}
          {b.moonOrbits && (
            <path d={b.moonOrbits} fill="none" stroke="#6f7fa3" strokeOpacity="0.3" vectorEffect="non-scaling-stroke" />
          )}
          {b.moons.map((m, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the body's moons in their fixed order
            <circle key={i} cx={m.x} cy={m.y} r={m.r} fill="#b9b4ac" />
          ))}
        </g>
      ))}
    </svg>
  );
}
