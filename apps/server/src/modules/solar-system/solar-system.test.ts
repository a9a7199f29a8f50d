import { CELESTIAL_BODY_TYPES, type CelestialBody, type SolarSystemResponse } from '@vaggen/contract';
import { SolarSystemResponseSchema } from '@vaggen/contract/schemas';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';

const BODY_FIELDS = [
  'id',
  'name',
  'type',
  'radius',
  'mass',
  'volume',
  'density',
  'surface_gravity',
  'escape_velocity',
  'rotation_period',
  'axial_tilt',
  'ring_system',
  'global_magnetic_field',
  'distance_from_sun',
  'orbital_period',
  'orbital_eccentricity',
  'orbital_inclination',
  'mean_temperature',
  'surface_temperature_day',
  'surface_temperature_night',
  'has_atmosphere',
  'atmospheric_pressure',
  'atmosphere_composition',
  'description',
  'fun_fact',
  'discovery_date',
  'discovery_by',
  'color',
  'texture_map_url',
  'solar_system_position',
  'moons',
];
const MOON_FIELDS = ['id', 'name', 'planet_id', 'radius', 'distance_from_planet', 'orbital_period', 'description'];

describe.each(dialects)('solar-system API on %s', (dialect) => {
  let t: TestApp;
  let data: SolarSystemResponse;
  let etag: string;
  const byName = (name: string) => data.bodies.find((b) => b.name === name) as CelestialBody;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const res = await t.app.inject('/api/solar-system-data');
    expect(res.statusCode).toBe(200);
    data = res.json();
    etag = res.headers.etag as string;
  });
  afterAll(() => t?.close());

  it('answers { bodies } matching the contract, with every field of spec 001 §3', () => {
    expect(SolarSystemResponseSchema.safeParse(data).success).toBe(true);
    expect(data.bodies).toHaveLength(11);
    for (const b of data.bodies) {
      for (const f of BODY_FIELDS) expect(b, `${b.name}.${f}`).toHaveProperty(f);
      for (const m of b.moons) for (const f of MOON_FIELDS) expect(m, `${m.name}.${f}`).toHaveProperty(f);
      expect(CELESTIAL_BODY_TYPES).toContain(b.type);
      expect(b.description.length).toBeGreaterThan(40);
      expect(b.fun_fact.length).toBeGreaterThan(20);
      expect(b.discovery_by.length).toBeGreaterThan(5);
      expect(b.color).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it('orders bodies by solar_system_position: the Sun, planets and dwarf planets by distance', () => {
    expect(data.bodies.map((b) => b.solar_system_position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(data.bodies.map((b) => b.name)).toEqual([
      'Solen',
      'Merkurius',
      'Venus',
      'Jorden',
      'Mars',
      'Ceres',
      'Jupiter',
      'Saturnus',
      'Uranus',
      'Neptunus',
      'Pluto',
    ]);
    const distances = data.bodies.map((b) => b.distance_from_sun);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    expect(data.bodies.map((b) => b.type)).toEqual([
      'star',
      'planet',
      'planet',
      'planet',
      'planet',
      'dwarf_planet',
      'planet',
      'planet',
      'planet',
      'planet',
      'dwarf_planet',
    ]);
  });

  it('gives each body its major moons, nearest first, pointing back at the planet', () => {
    const jupiter = byName('Jupiter');
    expect(jupiter.moons.map((m) => m.name)).toEqual(['Io', 'Europa', 'Ganymedes', 'Callisto']);
    expect(jupiter.moons.every((m) => m.planet_id === jupiter.id)).toBe(true);
    expect(jupiter.moon_count).toBe(95);
    expect(byName('Mars').moons.map((m) => m.name)).toEqual(['Phobos', 'Deimos']);
    expect(byName('Jorden').moons.map((m) => m.name)).toEqual(['Månen']);
    expect(byName('Saturnus').moons.map((m) => m.name)).toEqual([
      'Mimas',
      'Enceladus',
      'Tethys',
      'Dione',
      'Rhea',
      'Titan',
      'Iapetus',
    ]);
    expect(byName('Neptunus').moons.find((m) => m.name === 'Triton')?.retrograde).toBe(true);
    expect(byName('Pluto').moons.map((m) => m.name)).toEqual(['Charon']);
    expect(byName('Merkurius').moons).toEqual([]);
    expect(data.bodies.reduce((n, b) => n + b.moons.length, 0)).toBe(22);
    for (const b of data.bodies) {
      const d = b.moons.map((m) => m.distance_from_planet);
      expect([...d].sort((x, y) => x - y)).toEqual(d);
      expect(b.moons.length).toBeLessThanOrEqual(b.moon_count);
    }
    expect(data.moon_counts_as_of).toBe('2025-03-11');
  });

  it('has atmospheres as gas → percent and the spec temperatures', () => {
    const earth = byName('Jorden');
    expect(earth.atmosphere_composition).toMatchObject({ Kväve: 78.08, Syre: 20.95 });
    expect(earth.mean_temperature).toBe(15);
    expect(earth.surface_temperature_day).toBeGreaterThan(earth.surface_temperature_night as number);
    for (const b of data.bodies) {
      const total = Object.values(b.atmosphere_composition).reduce((s, p) => s + p, 0);
      if (b.has_atmosphere) expect(Math.abs(total - 100), b.name).toBeLessThanOrEqual(0.6);
      else expect(b.atmosphere_composition).toEqual({});
    }
    expect(byName('Jupiter').surface_temperature_day).toBeNull();
    expect(byName('Saturnus').ring_system).toBe(true);
    expect(byName('Solen').orbital_period).toBeNull();
  });

  it('points texture_map_url at our own server, never elsewhere', () => {
    for (const b of data.bodies)
      expect(b.texture_map_url).toMatch(/^\/api\/solar-system\/textures\/[a-z]+\.webp\?v=\d+$/);
  });

  it('is cacheable: ETag and Cache-Control, 304 on If-None-Match', async () => {
    expect(etag).toMatch(/^"[\w-]+"$/);
    const first = await t.app.inject('/api/solar-system-data');
    expect(first.headers['cache-control']).toContain('public');
    expect(first.headers['cache-control']).toContain('max-age=3600');
    expect(first.headers['content-type']).toContain('application/json');
    expect(first.headers.etag).toBe(etag);
    const again = await t.app.inject({ url: '/api/solar-system-data', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const weak = await t.app.inject({ url: '/api/solar-system-data', headers: { 'if-none-match': `W/${etag}` } });
    expect(weak.statusCode).toBe(304);
    const stale = await t.app.inject({ url: '/api/solar-system-data', headers: { 'if-none-match': '"old"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().bodies).toHaveLength(11);
  });

  it('compresses the JSON for clients that accept it', async () => {
    const res = await t.app.inject({ url: '/api/solar-system-data', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe.each(dialects)('solar-system textures on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t?.close());

  it('serves a generated equirectangular WebP for a body, immutable and with an ETag', async () => {
    const data = (await t.app.inject('/api/solar-system-data')).json() as SolarSystemResponse;
    const mars = data.bodies.find((b) => b.slug === 'mars') as CelestialBody;
    const res = await t.app.inject(mars.texture_map_url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe((meta.height as number) * 2);
    // Mars is painted red: the average red channel is well above green and blue.
    const { channels } = await sharp(res.rawPayload).stats();
    expect(channels[0].mean).toBeGreaterThan(channels[1].mean + 30);
    expect(channels[0].mean).toBeGreaterThan(channels[2].mean + 30);
    // The same bytes every time, so the ETag holds across processes.
    const again = await t.app.inject({
      url: mars.texture_map_url,
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 { msg } for unknown or malformed texture names', async () => {
    for (const url of [
      '/api/solar-system/textures/vulcan.webp',
      '/api/solar-system/textures/mars.png',
      '/api/solar-system/textures/..%2Fsecret.webp',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ msg: 'Not found' });
    }
  });
});
