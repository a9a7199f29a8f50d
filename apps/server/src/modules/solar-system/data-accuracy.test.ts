/**
 * Our hand-written solar-system data against NASA's planetary fact sheet (../shared/data, read only
 * here, never copied into the repository). Every deliberate difference is listed below and in
 * docs/solar-system-data.md; everything else must agree within 1 %.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BODIES, MOONS } from './data.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const dataDir = process.env.NASA_DATA_DIR ?? path.resolve(here, '../../../../../../shared/data');
const planetsFile = path.join(dataDir, 'nasa_planets.json');
const satellitesFile = path.join(dataDir, 'nasa_satellites.json');

interface NasaPlanet {
  name: string;
  mass: number;
  diameter: number;
  density: number;
  gravity: number;
  escapeVelocity: number;
  rotationPeriod: number;
  distanceFromSun: number;
  orbitalPeriod: number;
  orbitalInclination: number;
  orbitalEccentricity: number;
  obliquityToOrbit: number;
  meanTemperature: number;
  surfacePressure: number | null;
  numberOfMoons: number;
  hasRingSystem: boolean;
  hasGlobalMagneticField: boolean;
}
interface NasaSatellite {
  name: string;
  planetId: number;
  radius: number;
}

type Body = (typeof BODIES)[number];
/** Reference field → our value in the reference's unit. */
const NUMERIC: Record<string, (b: Body) => number | null> = {
  mass: (b) => b.mass / 1e24,
  diameter: (b) => b.radius * 2,
  density: (b) => b.density,
  gravity: (b) => b.surface_gravity,
  escapeVelocity: (b) => b.escape_velocity,
  rotationPeriod: (b) => b.rotation_period,
  distanceFromSun: (b) => b.distance_from_sun,
  orbitalPeriod: (b) => b.orbital_period,
  orbitalInclination: (b) => b.orbital_inclination,
  orbitalEccentricity: (b) => b.orbital_eccentricity,
  obliquityToOrbit: (b) => b.axial_tilt,
  meanTemperature: (b) => b.mean_temperature,
  surfacePressure: (b) => b.atmospheric_pressure,
  numberOfMoons: (b) => b.moon_count,
};
const BOOLEAN: Record<string, (b: Body) => boolean> = {
  hasRingSystem: (b) => b.ring_system,
  hasGlobalMagneticField: (b) => b.global_magnetic_field,
};

/** Deliberate differences (docs/solar-system-data.md): `Planet.field` → why. */
const DELIBERATE: Record<string, string> = {
  'Earth.surfacePressure': 'Earth fact sheet: 1.014 bar (the planetary table rounds to 1)',
  'Mars.surfacePressure': 'Mars fact sheet: 6.36 mbar (the planetary table rounds to 0.01 bar)',
  'Jupiter.numberOfMoons': 'moon counts as of 2025-03-11 (the reference is from 2019)',
  'Saturn.numberOfMoons': 'moon counts as of 2025-03-11',
  'Uranus.numberOfMoons': 'moon counts as of 2025-03-11',
  'Neptune.numberOfMoons': 'moon counts as of 2025-03-11',
  'Pluto.mass': 'New Horizons (2015): 0.01303 × 10^24 kg',
  'Pluto.density': 'New Horizons: 1854 kg/m³',
  'Pluto.gravity': 'New Horizons: 0.62 m/s²',
  'Pluto.escapeVelocity': 'New Horizons: 1.21 km/s',
};

const SLUG: Record<string, string> = {
  Mercury: 'mercury',
  Venus: 'venus',
  Earth: 'earth',
  Mars: 'mars',
  Jupiter: 'jupiter',
  Saturn: 'saturn',
  Uranus: 'uranus',
  Neptune: 'neptune',
  Pluto: 'pluto',
};

const within1Percent = (ours: number, ref: number) =>
  ref === 0 ? Math.abs(ours) < 1e-9 : Math.abs(ours - ref) <= Math.abs(ref) * 0.01;

const hasReference = fs.existsSync(planetsFile);
for (const file of [planetsFile, satellitesFile]) {
  if (!fs.existsSync(file)) console.warn(`[solar-system] SKIPPING the NASA accuracy check: ${file} is missing`);
}

describe('solar-system data against the NASA planetary fact sheet', () => {
  if (!hasReference) {
    it.skip(`SKIPPED: reference file ${planetsFile} is missing (set NASA_DATA_DIR to check the data)`, () => {});
    return;
  }
  const reference = JSON.parse(fs.readFileSync(planetsFile, 'utf8')) as NasaPlanet[];

  it('covers every planet of the reference (and Pluto)', () => {
    expect(reference.map((p) => SLUG[p.name]).every((slug) => BODIES.some((b) => b.slug === slug))).toBe(true);
  });

  for (const planet of reference) {
    it(`${planet.name} agrees within 1 % wherever the fields overlap`, () => {
      const body = BODIES.find((b) => b.slug === SLUG[planet.name]);
      expect(body, planet.name).toBeDefined();
      if (!body) return;
      const disagreements: string[] = [];
      let compared = 0;
      for (const [field, ours] of Object.entries(NUMERIC)) {
        const key = `${planet.name}.${field}`;
        const ref = planet[field as keyof NasaPlanet] as number | null;
        const value = ours(body);
        if (key in DELIBERATE) {
          // A listed difference must really be a difference, or the list is stale.
          expect(ref === null || value === null || !within1Percent(value, ref), `${key} is listed but agrees`).toBe(
            true,
          );
          continue;
        }
        compared++;
        if (ref === null || value === null) {
          if (ref !== value) disagreements.push(`${field}: ours ${value}, NASA ${ref}`);
        } else if (!within1Percent(value, ref)) {
          disagreements.push(`${field}: ours ${value}, NASA ${ref}`);
        }
      }
      for (const [field, ours] of Object.entries(BOOLEAN)) {
        compared++;
        const ref = planet[field as keyof NasaPlanet];
        if (ours(body) !== ref) disagreements.push(`${field}: ours ${ours(body)}, NASA ${ref}`);
      }
      expect(disagreements).toEqual([]);
      expect(compared).toBeGreaterThanOrEqual(12);
    });
  }

  it('every deliberate difference is documented in docs/solar-system-data.md', () => {
    const doc = fs.readFileSync(path.resolve(here, '../../../../../docs/solar-system-data.md'), 'utf8');
    for (const key of Object.keys(DELIBERATE)) expect(doc, key).toContain(key);
  });
});

describe('major moons against the NASA satellite table', () => {
  if (!fs.existsSync(satellitesFile)) {
    it.skip(`SKIPPED: reference file ${satellitesFile} is missing (set NASA_DATA_DIR to check the data)`, () => {});
    return;
  }
  const satellites = JSON.parse(fs.readFileSync(satellitesFile, 'utf8')) as NasaSatellite[];
  const planetSlugs = ['mercury', 'venus', 'earth', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto'];
  const ours = Object.values(MOONS).flat();
  const bySlug = (name: string) => ours.find((m) => m.slug === (name === 'Moon' ? 'moon' : name.toLowerCase()));

  it('includes every moon with a radius over 200 km, plus Phobos and Deimos', () => {
    const required = satellites.filter((s) => s.radius > 200 || s.name === 'Phobos' || s.name === 'Deimos');
    expect(required.length).toBeGreaterThanOrEqual(20);
    const missing = required.filter((s) => !bySlug(s.name)).map((s) => s.name);
    expect(missing).toEqual([]);
  });

  it('moons belong to the right planet and their radii agree within 1 %', () => {
    const problems: string[] = [];
    for (const [planet, moons] of Object.entries(MOONS)) {
      for (const m of moons) {
        const ref = satellites.find((s) => (s.name === 'Moon' ? 'moon' : s.name.toLowerCase()) === m.slug);
        if (!ref) {
          problems.push(`${m.name}: not in the reference`);
          continue;
        }
        if (planetSlugs[ref.planetId - 1] !== planet) problems.push(`${m.name}: planet ${planet}`);
        if (!within1Percent(m.radius, ref.radius)) problems.push(`${m.name}: radius ${m.radius}, NASA ${ref.radius}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
