import type { CelestialBody } from '@vaggen/contract';
import { Object3D, PerspectiveCamera, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { layoutBodies, OVERVIEW_CAMERA, orbitPoint, overviewProjection, ringPoint } from './layout';
import { drawPoster, POSTER_HALF_WIDTH } from './poster';

function body(id: number, slug: string, over: Partial<CelestialBody>): CelestialBody {
  return {
    id,
    name: slug,
    slug,
    type: 'planet',
    radius: 6378,
    mass: 1,
    volume: 1,
    density: 1,
    surface_gravity: 1,
    escape_velocity: 1,
    rotation_period: 24,
    axial_tilt: 0,
    ring_system: false,
    global_magnetic_field: false,
    distance_from_sun: 149.6,
    orbital_period: 365.25,
    orbital_eccentricity: 0,
    orbital_inclination: 0,
    mean_temperature: 15,
    surface_temperature_day: null,
    surface_temperature_night: null,
    has_atmosphere: false,
    atmospheric_pressure: null,
    atmosphere_composition: {},
    description: '',
    fun_fact: '',
    discovery_date: null,
    discovery_by: '',
    color: '#336699',
    texture_map_url: '',
    solar_system_position: id,
    moon_count: 0,
    moons: [],
    ...over,
  };
}

const BODIES: CelestialBody[] = [
  body(0, 'sun', { type: 'star', radius: 695_700, distance_from_sun: 0, orbital_period: null, color: '#ffcc44' }),
  body(1, 'earth', {
    axial_tilt: 23.44,
    moons: [
      {
        id: 1,
        name: 'Månen',
        slug: 'moon',
        planet_id: 1,
        radius: 1737,
        distance_from_planet: 384_400,
        orbital_period: 27.3,
        retrograde: false,
        description: '',
      },
    ],
  }),
  body(2, 'saturn', { radius: 60_268, distance_from_sun: 1432, axial_tilt: 26.7, ring_system: true }),
  body(3, 'pluto', { type: 'dwarf_planet', radius: 1188, distance_from_sun: 5906, orbital_inclination: 17.16 }),
];

/** The scene's own hierarchy (SolarSystemScene's `System`), built with three.js, at motion time 0. */
function sceneObjects(l: ReturnType<typeof layoutBodies>[number]) {
  const inclined = new Object3D();
  inclined.rotation.set(l.inclination, 0, 0);
  const placed = new Object3D();
  placed.position.set(Math.cos(l.phase) * l.orbit, 0, -Math.sin(l.phase) * l.orbit);
  const tilted = new Object3D();
  tilted.rotation.set(0, 0, l.tilt);
  const ring = new Object3D();
  ring.rotation.set(-Math.PI / 2, 0, 0);
  inclined.add(placed);
  placed.add(tilted);
  tilted.add(ring);
  inclined.updateMatrixWorld(true);
  return { inclined, tilted, ring };
}

describe('the picture of the overview is the 3D view seen through the same camera', () => {
  const aspect = 768 / 540;
  const camera = new PerspectiveCamera(OVERVIEW_CAMERA.fov, aspect, 0.05, 2000);
  camera.position.set(...OVERVIEW_CAMERA.position);
  camera.lookAt(0, 0, 0);
  camera.updateMatrixWorld(true);
  const project = overviewProjection();
  /** three.js' normalised device coordinates → the picture's units (half-heights, y down). */
  const threeAt = (v: Vector3) => {
    const p = v.clone().project(camera);
    return { x: p.x * aspect, y: -p.y };
  };

  const layouts = layoutBodies(BODIES);
  it('puts every body, its ring and its moon where three.js draws them', () => {
    for (const l of layouts) {
      const o = sceneObjects(l);
      const centre = project(ringPoint(l, 0, 0));
      const want = threeAt(o.tilted.getWorldPosition(new Vector3()));
      expect(centre.x).toBeCloseTo(want.x, 9);
      expect(centre.y).toBeCloseTo(want.y, 9);
      // A point on the ring's edge (RingGeometry lies in its mesh's xy plane).
      const edge = project(ringPoint(l, 2, 0.7));
      const ringWant = threeAt(o.ring.localToWorld(new Vector3(Math.cos(0.7) * 2, -Math.sin(0.7) * 2, 0)));
      expect(edge.x).toBeCloseTo(ringWant.x, 9);
      expect(edge.y).toBeCloseTo(ringWant.y, 9);
      // A moon, on its pivot turned by its phase around the body's axis.
      for (const m of l.moons) {
        const pivot = new Object3D();
        pivot.rotation.set(0, m.phase, 0);
        o.tilted.add(pivot);
        o.tilted.updateMatrixWorld(true);
        const moonWant = threeAt(pivot.localToWorld(new Vector3(m.orbit, 0, 0)));
        const moon = project(ringPoint(l, m.orbit, -m.phase));
        expect(moon.x).toBeCloseTo(moonWant.x, 9);
        expect(moon.y).toBeCloseTo(moonWant.y, 9);
      }
    }
  });

  it('draws the orbits in their inclined planes, as the scene does', () => {
    const pluto = layouts[3];
    const o = sceneObjects(pluto);
    const p = project(orbitPoint(pluto, 1.1));
    const want = threeAt(
      o.inclined.localToWorld(new Vector3(Math.cos(1.1), 0, Math.sin(1.1)).multiplyScalar(pluto.orbit)),
    );
    expect(p.x).toBeCloseTo(want.x, 9);
    expect(p.y).toBeCloseTo(want.y, 9);
    // Inclined: the orbit leaves the ecliptic.
    expect(Math.abs(orbitPoint(pluto, 1.1)[1])).toBeGreaterThan(1);
  });

  it('draws far to near, sizes by distance, rings as a hole-in-the-middle path, and the same stars every time', () => {
    const poster = drawPoster(BODIES);
    expect(poster.orbits).toHaveLength(3);
    const depths = poster.bodies.map((b) => b.depth);
    expect([...depths].sort((a, b) => b - a)).toEqual(depths);
    const sun = poster.bodies.find((b) => b.star)!;
    expect(sun.x).toBeCloseTo(0, 9);
    expect(sun.y).toBeCloseTo(0, 9); // the overview camera looks at the Sun
    const saturn = poster.bodies.find((b) => b.slug === 'saturn')!;
    expect(saturn.ring?.match(/M/g)).toHaveLength(2);
    expect(poster.bodies.find((b) => b.slug === 'earth')!.ring).toBeUndefined();
    expect(poster.bodies.find((b) => b.slug === 'earth')!.moons).toHaveLength(1);
    // The lit side faces the Sun.
    const earth = poster.bodies.find((b) => b.slug === 'earth')!;
    expect(Math.sign(earth.lightX)).toBe(Math.sign(sun.x - earth.x) || 0);
    expect(Math.hypot(earth.lightX, earth.lightY)).toBeCloseTo(1, 9);
    expect(drawPoster(BODIES).stars).toEqual(poster.stars);
    for (const s of poster.stars) {
      expect(Math.abs(s.x)).toBeLessThanOrEqual(POSTER_HALF_WIDTH);
      expect(Math.abs(s.y)).toBeLessThanOrEqual(1);
    }
  });
});
