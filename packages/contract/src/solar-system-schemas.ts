import { z } from 'zod';
import { CELESTIAL_BODY_TYPES } from './solar-system.js';

/** Spec 001 §3 Moon. */
export const MoonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Stable English key, e.g. `ganymede`. */
  slug: z.string(),
  planet_id: z.number().int(),
  /** Mean radius, km. */
  radius: z.number().describe('Mean radius, km'),
  /** Semi-major axis of the orbit, km. */
  distance_from_planet: z.number().describe('Semi-major axis, km'),
  /** Sidereal orbital period, days (always positive; retrograde orbits are marked by `retrograde`). */
  orbital_period: z.number().describe('Sidereal orbital period, days'),
  retrograde: z.boolean(),
  description: z.string(),
});
export type Moon = z.infer<typeof MoonSchema>;

/** Spec 001 §3 Celestial body. */
export const CelestialBodySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Stable English key, e.g. `earth`; names the texture. */
  slug: z.string(),
  type: z.enum(CELESTIAL_BODY_TYPES),
  /** Equatorial radius, km (the diameter of NASA's fact sheet halved). */
  radius: z.number().describe('Equatorial radius, km'),
  /** kg */
  mass: z.number().describe('kg'),
  /** km³ */
  volume: z.number().describe('km³'),
  /** kg/m³ */
  density: z.number().describe('kg/m³'),
  /** m/s² at the equator, rotation included (as NASA's planetary fact sheet). */
  surface_gravity: z.number().describe('m/s²'),
  /** km/s */
  escape_velocity: z.number().describe('km/s'),
  /** Sidereal rotation period in hours; negative means retrograde rotation. */
  rotation_period: z.number().describe('Sidereal rotation period, hours; negative = retrograde'),
  /** Obliquity to the orbit, degrees. */
  axial_tilt: z.number().describe('Degrees'),
  ring_system: z.boolean(),
  global_magnetic_field: z.boolean(),
  /** Mean distance from the Sun, millions of km (0 for the Sun). */
  distance_from_sun: z.number().describe('Millions of km'),
  /** Days; null for the Sun. */
  orbital_period: z.number().nullable().describe('Days'),
  orbital_eccentricity: z.number().nullable(),
  /** Degrees to the ecliptic; null for the Sun. */
  orbital_inclination: z.number().nullable().describe('Degrees to the ecliptic'),
  /** °C */
  mean_temperature: z.number().describe('°C'),
  /** °C; null where there is no solid surface. */
  surface_temperature_day: z.number().nullable().describe('°C'),
  /** °C; null where there is no solid surface. */
  surface_temperature_night: z.number().nullable().describe('°C'),
  has_atmosphere: z.boolean(),
  /** Surface pressure in bar; null where there is no solid surface. */
  atmospheric_pressure: z.number().nullable().describe('bar at the surface'),
  /** Gas → percent (by volume; for the Sun by number of atoms). Empty without an atmosphere. */
  atmosphere_composition: z.record(z.string(), z.number()).describe('Gas → percent'),
  description: z.string(),
  fun_fact: z.string(),
  /** ISO date (YYYY-MM-DD) when known; null for bodies known since prehistoric times. */
  discovery_date: z.string().nullable().describe('YYYY-MM-DD, or null when known since prehistoric times'),
  discovery_by: z.string(),
  /** CSS hex colour, used until the texture has loaded. */
  color: z.string(),
  /** Our own generated texture (equirectangular), served by this server. */
  texture_map_url: z.string(),
  /** Order from the Sun outwards: the Sun is 0, then every planet and dwarf planet by distance. */
  solar_system_position: z.number().int(),
  /** Known moons in total (see `moon_counts_as_of`); `moons` lists only the major ones. */
  moon_count: z.number().int().describe('Known moons in total, as of `moon_counts_as_of`'),
  /** Major moons, nearest first. */
  moons: z.array(MoonSchema),
});
export type CelestialBody = z.infer<typeof CelestialBodySchema>;

/** `GET /api/solar-system-data` (spec 001 §7). */
export const SolarSystemResponseSchema = z.object({
  bodies: z.array(CelestialBodySchema),
  /** The date the `moon_count` figures were checked against NASA. */
  moon_counts_as_of: z.string(),
});
export type SolarSystemResponse = z.infer<typeof SolarSystemResponseSchema>;

export const SolarSystemTextureParamsSchema = z.object({
  file: z.string().max(64),
});
