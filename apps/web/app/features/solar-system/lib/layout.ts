/**
 * The 3D view's layout without three.js: where each body, orbit and ring is, and what the overview
 * camera sees. The lazy scene builds its meshes from it, and the picture shown before the 3D loads
 * (`ScenePoster`, issue 20) projects the same layout through the same camera, so both show one scene.
 */
import type { CelestialBody } from '@vaggen/contract';
import {
  displayRadius,
  focusDistance,
  moonDisplayRadius,
  moonOrbitRadius,
  moonOrbitSeconds,
  orbitRadius,
  orbitSeconds,
  RING_OUTER_RADII,
  SUN_DISPLAY_RADIUS,
  spinSeconds,
  startAngle,
} from './scale';

const DEG = Math.PI / 180;
const TWO_PI = Math.PI * 2;

/** The camera of the overview: where it stands (looking at the Sun) and its vertical field of view. */
export const OVERVIEW_CAMERA = { position: [0, 40, 74] as [number, number, number], fov: 45 };

/** Inner edge of a ring system, as a fraction of its outer edge. */
export const RING_INNER = 0.4;

export interface MoonLayout {
  moon: CelestialBody['moons'][number];
  radius: number;
  orbit: number;
  speed: number;
  phase: number;
}

export interface BodyLayout {
  body: CelestialBody;
  radius: number;
  orbit: number;
  /** Radians per second around the Sun. */
  speed: number;
  phase: number;
  inclination: number;
  tilt: number;
  /** Radians per second around its own axis. */
  spin: number;
  ringOuter: number;
  moons: MoonLayout[];
  focus: number;
}

/** Where and how big each body is drawn, how fast it moves: the one layout of the 3D view and its picture. */
export function layoutBodies(bodies: CelestialBody[]): BodyLayout[] {
  return bodies.map((body, index) => {
    const isSun = body.type === 'star';
    const radius = isSun ? SUN_DISPLAY_RADIUS : displayRadius(body.radius);
    const ringOuter = body.ring_system ? (RING_OUTER_RADII[body.slug] ?? 2) : 0;
    const moons = body.moons.map((moon, i) => {
      const seconds = moonOrbitSeconds(moon.orbital_period);
      return {
        moon,
        radius: moonDisplayRadius(moon.radius),
        orbit: moonOrbitRadius(radius, body.radius, moon.distance_from_planet, ringOuter),
        speed: ((moon.retrograde ? -1 : 1) * TWO_PI) / seconds,
        phase: startAngle(i + index * 3),
      };
    });
    const spin = spinSeconds(body.rotation_period);
    return {
      body,
      radius,
      orbit: orbitRadius(body.distance_from_sun),
      speed: body.orbital_period ? TWO_PI / orbitSeconds(body.orbital_period) : 0,
      phase: startAngle(index),
      inclination: (body.orbital_inclination ?? 0) * DEG,
      tilt: body.axial_tilt * DEG,
      spin: TWO_PI / spin,
      ringOuter,
      moons,
      focus: focusDistance(radius, moons.length ? moons[moons.length - 1].orbit : 0),
    };
  });
}

export type Vec3 = [number, number, number];

/** A point given in a body's own frame (before its axial tilt), in the scene's coordinates at motion time 0. */
function inBodyFrame(l: BodyLayout, p: Vec3): Vec3 {
  const x = Math.cos(l.phase) * l.orbit + p[0];
  const y = p[1];
  const z = -Math.sin(l.phase) * l.orbit + p[2];
  // The orbit's plane is tilted by its inclination around the x axis.
  const c = Math.cos(l.inclination);
  const s = Math.sin(l.inclination);
  return [x, y * c - z * s, y * s + z * c];
}

/** A point of a ring system: in the body's equator plane, turned by the axial tilt around z. */
export function ringPoint(l: BodyLayout, radius: number, angle: number): Vec3 {
  const x = Math.cos(angle) * radius;
  const z = Math.sin(angle) * radius;
  const c = Math.cos(l.tilt);
  const s = Math.sin(l.tilt);
  return inBodyFrame(l, [x * c, x * s, z]);
}

/** A point of a body's orbit around the Sun, in the scene's coordinates. */
export function orbitPoint(l: BodyLayout, angle: number): Vec3 {
  const c = Math.cos(l.inclination);
  const s = Math.sin(l.inclination);
  const x = Math.cos(angle) * l.orbit;
  const z = Math.sin(angle) * l.orbit;
  return [x, -z * s, z * c];
}

export interface Projected {
  /** Across, in units of half the view's height (0 in the middle, the view's edges at ±aspect). */
  x: number;
  /** Down, in units of half the view's height (−1 top, 1 bottom). */
  y: number;
  /** Distance in front of the camera. */
  depth: number;
  /** How many half-heights one scene unit is at this depth. */
  scale: number;
}

/**
 * What the overview camera sees: a pinhole projection with three.js' perspective camera (vertical
 * field of view, looking at the origin, y up). The horizontal extent depends on the view's aspect,
 * the vertical does not, as with three.js.
 */
export function overviewProjection(): (p: Vec3) => Projected {
  const [px, py, pz] = OVERVIEW_CAMERA.position;
  const len = Math.hypot(px, py, pz);
  const f: Vec3 = [-px / len, -py / len, -pz / len];
  // right = forward × up(0,1,0); up' = right × forward
  const rl = Math.hypot(f[2], f[0]);
  const r: Vec3 = [-f[2] / rl, 0, f[0] / rl];
  const u: Vec3 = [r[1] * f[2] - r[2] * f[1], r[2] * f[0] - r[0] * f[2], r[0] * f[1] - r[1] * f[0]];
  const k = 1 / Math.tan((OVERVIEW_CAMERA.fov * DEG) / 2);
  return ([x, y, z]) => {
    const d: Vec3 = [x - px, y - py, z - pz];
    const depth = d[0] * f[0] + d[1] * f[1] + d[2] * f[2];
    const scale = k / depth;
    return {
      x: (d[0] * r[0] + d[1] * r[1] + d[2] * r[2]) * scale,
      y: -(d[0] * u[0] + d[1] * u[1] + d[2] * u[2]) * scale,
      depth,
      scale,
    };
  };
}
