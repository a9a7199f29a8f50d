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
