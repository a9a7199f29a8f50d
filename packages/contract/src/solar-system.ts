/**
 * The solar-system side tool (spec 001 §2, §3, §4, §7, §9). Browser-safe: constants, labels and
 * types only. The zod schemas of the same shapes are in `solar-system-schemas.ts`.
 */

/** Spec 001 §9: solar system version label. */
export const SOLAR_SYSTEM_VERSION_LABEL = 'Beta 0.1.2';
/** Spec 001 §2: the title of the overview table. */
export const SOLAR_SYSTEM_TABLE_TITLE = 'Planets at a Glance';
/** Spec 001 §9: the texture loading overlay is removed after at most this long. */
export const TEXTURE_LOADING_TIMEOUT_MS = 3000;
/** Spec 001 §9: camera focus animation (ease-out), after which the camera tracks the planet. */
export const CAMERA_FOCUS_ANIMATION_MS = 1000;

export const SOLAR_SYSTEM_DATA_PATH = '/api/solar-system-data';
export const SOLAR_SYSTEM_TEXTURE_PATH = '/api/solar-system/textures';

export const CELESTIAL_BODY_TYPES = ['star', 'planet', 'dwarf_planet'] as const;
export type CelestialBodyType = (typeof CELESTIAL_BODY_TYPES)[number];

export const CELESTIAL_BODY_TYPE_LABELS: Record<CelestialBodyType, string> = {
  star: 'Stjärna',
  planet: 'Planet',
  dwarf_planet: 'Dvärgplanet',
};

/**
 * Units of the numeric fields, as the API sends them. Temperatures in degrees Celsius,
 * distances from the Sun in millions of km (like NASA's planetary fact sheet).
 */
export const SOLAR_SYSTEM_UNITS = {
  radius: 'km',
  mass: 'kg',
  volume: 'km³',
  density: 'kg/m³',
  surface_gravity: 'm/s²',
  escape_velocity: 'km/s',
  rotation_period: 'h',
  axial_tilt: '°',
  distance_from_sun: 'miljoner km',
  orbital_period: 'dygn',
  orbital_inclination: '°',
  mean_temperature: '°C',
  surface_temperature_day: '°C',
  surface_temperature_night: '°C',
  atmospheric_pressure: 'bar',
  moon_radius: 'km',
  distance_from_planet: 'km',
  moon_orbital_period: 'dygn',
} as const;

/** Spec 001 §3 Moon. */
export interface Moon {
  id: number;
  name: string;
  /** Stable English key, e.g. `ganymede`. */
  slug: string;
  planet_id: number;
  /** Mean radius, km. */
  radius: number;
  /** Semi-major axis of the orbit, km. */
  distance_from_planet: number;
  /** Sidereal orbital period, days (always positive; retrograde orbits are marked by `retrograde`). */
  orbital_period: number;
  retrograde: boolean;
  description: string;
}

/** Spec 001 §3 Celestial body. Values that do not apply (e.g. the Sun's orbit) are null. */
export interface CelestialBody {
  id: number;
  name: string;
  /** Stable English key, e.g. `earth`; names the texture. */
  slug: string;
  type: CelestialBodyType;
  /** Equatorial radius, km (the diameter of NASA's fact sheet halved). */
  radius: number;
  /** kg */
  mass: number;
  /** km³ */
  volume: number;
  /** kg/m³ */
  density: number;
  /** m/s² at the equator, rotation included (as NASA's planetary fact sheet). */
  surface_gravity: number;
  /** km/s */
  escape_velocity: number;
  /** Sidereal rotation period in hours; negative means retrograde rotation. */
  rotation_period: number;
  /** Obliquity to the orbit, degrees. */
  axial_tilt: number;
  ring_system: boolean;
  global_magnetic_field: boolean;
  /** Mean distance from the Sun, millions of km (0 for the Sun). */
  distance_from_sun: number;
  /** Days; null for the Sun. */
  orbital_period: number | null;
  orbital_eccentricity: number | null;
  /** Degrees to the ecliptic; null for the Sun. */
  orbital_inclination: number | null;
  /** °C */
  mean_temperature: number;
  /** °C; null where there is no solid surface. */
  surface_temperature_day: number | null;
  /** °C; null where there is no solid surface. */
  surface_temperature_night: number | null;
  has_atmosphere: boolean;
  /** Surface pressure in bar; null where there is no solid surface. */
  atmospheric_pressure: number | null;
  /** Gas → percent (by volume; for the Sun by number of atoms). Empty without an atmosphere. */
  atmosphere_composition: Record<string, number>;
  description: string;
  fun_fact: string;
  /** ISO date (YYYY-MM-DD) when known; null for bodies known since prehistoric times. */
  discovery_date: string | null;
  discovery_by: string;
  /** CSS hex colour, used until the texture has loaded. */
  color: string;
  /** Our own generated texture (equirectangular), served by this server. */
  texture_map_url: string;
  /** Order from the Sun outwards: the Sun is 0, then every planet and dwarf planet by distance. */
  solar_system_position: number;
  /** Known moons in total (see `moon_counts_as_of`); `moons` lists only the major ones. */
  moon_count: number;
  /** Major moons, nearest first. */
  moons: Moon[];
}

/** `GET /api/solar-system-data` (spec 001 §7). */
export interface SolarSystemResponse {
  bodies: CelestialBody[];
  /** The date the `moon_count` figures were checked against NASA. */
  moon_counts_as_of: string;
}
