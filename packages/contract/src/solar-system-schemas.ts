import { z } from 'zod';
import { CELESTIAL_BODY_TYPES, type CelestialBody, type Moon, type SolarSystemResponse } from './solar-system.js';

/** Spec 001 §3 Moon. */
export const MoonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  planet_id: z.number().int(),
  radius: z.number().describe('Mean radius, km'),
  distance_from_planet: z.number().describe('Semi-major axis, km'),
  orbital_period: z.number().describe('Sidereal orbital period, days'),
  retrograde: z.boolean(),
  description: z.string(),
});

/** Spec 001 §3 Celestial body. */
export const CelestialBodySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  type: z.enum(CELESTIAL_BODY_TYPES),
  radius: z.number().describe('Equatorial radius, km'),
  mass: z.number().describe('kg'),
  volume: z.number().describe('km³'),
  density: z.number().describe('kg/m³'),
  surface_gravity: z.number().describe('m/s²'),
  escape_velocity: z.number().describe('km/s'),
  rotation_period: z.number().describe('Sidereal rotation period, hours; negative = retrograde'),
  axial_tilt: z.number().describe('Degrees'),
  ring_system: z.boolean(),
  global_magnetic_field: z.boolean(),
  distance_from_sun: z.number().describe('Millions of km'),
  orbital_period: z.number().nullable().describe('Days'),
  orbital_eccentricity: z.number().nullable(),
  orbital_inclination: z.number().nullable().describe('Degrees to the ecliptic'),
  mean_temperature: z.number().describe('°C'),
  surface_temperature_day: z.number().nullable().describe('°C'),
  surface_temperature_night: z.number().nullable().describe('°C'),
  has_atmosphere: z.boolean(),
  atmospheric_pressure: z.number().nullable().describe('bar at the surface'),
  atmosphere_composition: z.record(z.string(), z.number()).describe('Gas → percent'),
  description: z.string(),
  fun_fact: z.string(),
  discovery_date: z.string().nullable().describe('YYYY-MM-DD, or null when known since prehistoric times'),
  discovery_by: z.string(),
  color: z.string(),
  texture_map_url: z.string(),
  solar_system_position: z.number().int(),
  moon_count: z.number().int().describe('Known moons in total, as of `moon_counts_as_of`'),
  moons: z.array(MoonSchema),
});

/** `GET /api/solar-system-data` (spec 001 §7). */
export const SolarSystemResponseSchema = z.object({
  bodies: z.array(CelestialBodySchema),
  moon_counts_as_of: z.string(),
});

export const SolarSystemTextureParamsSchema = z.object({
  file: z.string().max(64),
});

// The hand-written types of the browser-safe entry and the schemas must describe the same shapes.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShapes: [
  Same<z.infer<typeof MoonSchema>, Moon>,
  Same<z.infer<typeof CelestialBodySchema>, CelestialBody>,
  Same<z.infer<typeof SolarSystemResponseSchema>, SolarSystemResponse>,
] = [true, true, true];
void sameShapes;
