/**
 * The compressed, readable scale of the 3D view (not to scale, and the page says so). Pure
 * functions without three.js, so they are unit-tested and the lazy scene chunk stays the only
 * place that loads the 3D libraries.
 */

const EARTH_RADIUS_KM = 6378.1;
const AU_MILLION_KM = 149.598;

/** Displayed radius of the Sun (it would otherwise swallow the inner planets). */
export const SUN_DISPLAY_RADIUS = 4;

/** Planet radius → scene units: grows with radius^0.4 (Earth 0.6, Jupiter ≈ 1.6). */
export function displayRadius(radiusKm: number): number {
  return 0.6 * (radiusKm / EARTH_RADIUS_KM) ** 0.4;
}

/** Moon radius → scene units: like planets but smaller, never below a visible dot. */
export function moonDisplayRadius(radiusKm: number): number {
  return Math.max(0.045, 0.36 * (radiusKm / EARTH_RADIUS_KM) ** 0.4);
}

/** Distance from the Sun (millions of km) → orbit radius: 6 + 14·AU^0.45 (Earth 20, Neptune ≈ 71). */
export function orbitRadius(distanceMillionKm: number): number {
  if (distanceMillionKm <= 0) return 0;
  return 6 + 14 * (distanceMillionKm / AU_MILLION_KM) ** 0.45;
}

/** Outer edge of each ring system in planet radii, so that moons are drawn outside the rings. */
export const RING_OUTER_RADII: Record<string, number> = { jupiter: 1.85, saturn: 2.3, uranus: 2.05, neptune: 2.6 };

/**
 * A moon's orbit radius in scene units: outside the planet (and its rings), growing with the
 * logarithm of the real distance in planet radii, so that Callisto and Io both stay close.
 */
export function moonOrbitRadius(
  parentDisplayRadius: number,
  parentRadiusKm: number,
  distanceKm: number,
  ringOuter = 0,
): number {
  const base = Math.max(1.5, ringOuter + 0.3);
  return parentDisplayRadius * (base + 0.35 * Math.log(Math.max(1, distanceKm / parentRadiusKm)));
}

/** Seconds per orbit in the view: Earth one minute, the rest by the square root of the real period. */
export function orbitSeconds(periodDays: number): number {
  return 60 * Math.sqrt(periodDays / 365.25);
}

/** Seconds per moon orbit in the view (the Moon ≈ 42 s, Phobos ≈ 4.5 s). */
export function moonOrbitSeconds(periodDays: number): number {
  return 8 * Math.sqrt(periodDays);
}

/** Seconds per rotation in the view (Earth 10 s); negative for retrograde rotation. */
export function spinSeconds(rotationHours: number): number {
  const s = 10 * (Math.abs(rotationHours) / 24) ** 0.35;
  return rotationHours < 0 ? -s : s;
}

/** Spec 001 §4: the camera focus animation eases out. Cubic: fast start, gentle stop. */
export function easeOutCubic(t: number): number {
  const k = t <= 0 ? 0 : Math.min(t, 1);
  return 1 - (1 - k) ** 3;
}

/** Where the camera stays relative to a focused body, in scene units. */
export function focusDistance(bodyDisplayRadius: number, outermostMoonOrbit: number): number {
  return Math.max(bodyDisplayRadius * 5, outermostMoonOrbit * 1.9, 2.2);
}

/** A stable starting angle per body (golden angle), so planets are spread around the Sun. */
export function startAngle(index: number): number {
  return (index * 2.399963) % (2 * Math.PI);
}
