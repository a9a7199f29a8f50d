/**
 * The still picture of the overview (issue 20, decision 041): the scene's own layout seen through
 * the overview camera, as flat shapes that `ScenePoster` paints on a 2D canvas. Pure, so it is
 * tested without a browser.
 *
 * Coordinates are those of `overviewProjection`: y from −1 (top) to 1 (bottom), x from −aspect to
 * aspect. The canvas fits the height and crops the sides, which is what a perspective camera with a
 * fixed vertical field of view does when its view gets narrower.
 */
import type { CelestialBody } from '@vaggen/contract';
import { type BodyLayout, layoutBodies, orbitPoint, overviewProjection, RING_INNER, ringPoint } from './layout';

/** Half the width the stars are spread over, in half-heights: wider than any view the page makes. */
export const POSTER_HALF_WIDTH = 3;

const ORBIT_STEPS = 96;
const RING_STEPS = 48;
const MOON_ORBIT_STEPS = 32;
const STARS = 220;

export interface PosterBody {
  slug: string;
  x: number;
  y: number;
  r: number;
  color: string;
  star: boolean;
  /** Where the light comes from on the disc (the Sun's direction), −1…1 on each axis. */
  lightX: number;
  lightY: number;
  /** The ring system as SVG path data for `Path2D` (outer edge, then inner edge, filled even-odd). */
  ring?: string;
  /** Its moons' orbits, as one path, and the moons where they start. */
  moonOrbits: string;
  moons: { x: number; y: number; r: number }[];
  /** Distance from the camera (the painter's order). */
  depth: number;
}

export interface Poster {
  orbits: string[];
  /** Far to near, as a painter draws them. */
  bodies: PosterBody[];
  stars: { x: number; y: number; r: number; o: number }[];
}

const fmt = (n: number) => (Math.round(n * 10_000) / 10_000).toString();

/** A closed outline as SVG path data, which `Path2D` takes as it is. */
function path(points: { x: number; y: number }[]): string {
  return `${points.map((p, i) => `${i ? 'L' : 'M'}${fmt(p.x)} ${fmt(p.y)}`).join('')}Z`;
}

/** Small deterministic generator, so the stars stand where they stood (server and browser alike). */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 4_294_967_296;
  };
}

export function drawPoster(bodies: CelestialBody[]): Poster {
  const project = overviewProjection();
  const layouts: BodyLayout[] = layoutBodies(bodies);
  const sun = project([0, 0, 0]);

  const orbits = layouts
    .filter((l) => l.orbit > 0)
    .map((l) => {
      const points = [];
      for (let i = 0; i < ORBIT_STEPS; i++) points.push(project(orbitPoint(l, (i / ORBIT_STEPS) * Math.PI * 2)));
      return path(points);
    });

  const drawn = layouts.map((l): PosterBody => {
    const c = project(ringPoint(l, 0, 0));
    const dx = sun.x - c.x;
    const dy = sun.y - c.y;
    const d = Math.hypot(dx, dy);
    let ring: string | undefined;
    if (l.ringOuter > 0) {
      const outer = [];
      const inner = [];
      for (let i = 0; i < RING_STEPS; i++) {
        const a = (i / RING_STEPS) * Math.PI * 2;
        outer.push(project(ringPoint(l, l.radius * l.ringOuter, a)));
        inner.push(project(ringPoint(l, l.radius * l.ringOuter * RING_INNER, a)));
      }
      ring = path(outer) + path(inner.reverse());
    }
    let moonOrbits = '';
    for (const m of l.moons) {
      const points = [];
      for (let i = 0; i < MOON_ORBIT_STEPS; i++)
        points.push(project(ringPoint(l, m.orbit, (i / MOON_ORBIT_STEPS) * Math.PI * 2)));
      moonOrbits += path(points);
    }
    // A moon starts at its orbit's phase, turned around the body's axis (the scene's pivot).
    const moons = l.moons.map((m) => {
      const p = project(ringPoint(l, m.orbit, -m.phase));
      return { x: p.x, y: p.y, r: m.radius * p.scale };
    });
    return {
      slug: l.body.slug,
      x: c.x,
      y: c.y,
      r: l.radius * c.scale,
      color: l.body.color,
      star: l.body.type === 'star',
      lightX: d > 1e-9 ? dx / d : 0,
      lightY: d > 1e-9 ? dy / d : 0,
      ring,
      moonOrbits,
      moons,
      depth: c.depth,
    };
  });
  drawn.sort((a, b) => b.depth - a.depth);

  const random = seeded(0x501a2);
  const stars = Array.from({ length: STARS }, () => ({
    x: (random() * 2 - 1) * POSTER_HALF_WIDTH,
    y: random() * 2 - 1,
    r: 0.002 + random() * 0.004,
    o: 0.35 + random() * 0.6,
  }));

  return { orbits, bodies: drawn, stars };
}
