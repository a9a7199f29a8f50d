import { describe, expect, it } from 'vitest';
import { astronomicalUnits, discoveryDate, num, pressure, rotation, scientific } from './format';
import {
  displayRadius,
  easeOutCubic,
  moonOrbitRadius,
  orbitRadius,
  orbitSeconds,
  RING_OUTER_RADII,
  SUN_DISPLAY_RADIUS,
  spinSeconds,
} from './scale';

describe('compressed scale of the 3D view', () => {
  const distances = [57.9, 108.2, 149.6, 227.9, 413.7, 778.5, 1432, 2867, 4515, 5906.4];
  it('keeps the order of orbits, outside the Sun, and the outer planets within reach', () => {
    const r = distances.map(orbitRadius);
    expect([...r].sort((a, b) => a - b)).toEqual(r);
    expect(r[0]).toBeGreaterThan(SUN_DISPLAY_RADIUS + 4);
    expect(orbitRadius(149.6)).toBeCloseTo(20, 1);
    expect(r[r.length - 1]).toBeLessThan(90);
    expect(orbitRadius(0)).toBe(0);
  });
  it('keeps sizes in order but compressed', () => {
    expect(displayRadius(6378.1)).toBeCloseTo(0.6, 5);
    expect(displayRadius(71492) / displayRadius(6378.1)).toBeLessThan(3);
    expect(displayRadius(71492)).toBeGreaterThan(displayRadius(60268));
  });
  it('draws moons outside their planet and its rings, in order', () => {
    const saturnR = displayRadius(60268);
    const mimas = moonOrbitRadius(saturnR, 60268, 185_539, RING_OUTER_RADII.saturn);
    const iapetus = moonOrbitRadius(saturnR, 60268, 3_560_820, RING_OUTER_RADII.saturn);
    expect(mimas).toBeGreaterThan(saturnR * RING_OUTER_RADII.saturn);
    expect(iapetus).toBeGreaterThan(mimas);
    expect(moonOrbitRadius(0.6, 6378.1, 384_400)).toBeGreaterThan(0.6);
  });
  it('runs Earth once a minute and marks retrograde spin', () => {
    expect(orbitSeconds(365.25)).toBe(60);
    expect(spinSeconds(23.9345)).toBeCloseTo(10, 0);
    expect(spinSeconds(-5832.6)).toBeLessThan(0);
  });
  it('eases out: fast start, stops exactly at 1', () => {
    expect(easeOutCubic(0)).toBe(0);
    expect(easeOutCubic(1)).toBe(1);
    expect(easeOutCubic(2)).toBe(1);
    expect(easeOutCubic(0.5)).toBeCloseTo(0.875, 5);
    expect(easeOutCubic(0.25)).toBeGreaterThan(0.25);
  });
});

describe('Swedish number formatting', () => {
  it('formats numbers, powers of ten, pressure, rotation and dates', () => {
    expect(num(1234.5, 1)).toBe('1\u00a0234,5');
    expect(scientific(1.89819e27)).toBe('1,898 × 10²⁷');
    expect(scientific(5.9724e24)).toBe('5,972 × 10²⁴');
    expect(pressure(0.00636)).toBe('6,36 mbar');
    expect(pressure(0.00001)).toBe('1 Pa');
    expect(pressure(92)).toBe('92 bar');
    expect(rotation(-5832.6)).toBe('5\u00a0832,6 h (243 dygn), baklänges');
    expect(astronomicalUnits(778.5)).toBe('5,2 AE');
    expect(discoveryDate('1781-03-13')).toBe('13 mars 1781');
    expect(discoveryDate(null)).toBeNull();
  });
});
