import { describe, expect, it } from 'vitest';
import { chooseAtomAd } from './adChoice';

/** A seeded generator, so the rates are checked without flakiness. */
function lcg(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1664525 + 1013904223) % 4294967296;
    return s / 4294967296;
  };
}

describe('atom ad choice (spec 000 §9)', () => {
  it('shows the atom model 20 % × 90 % = 18 % of the time, for elements 1–118', () => {
    const random = lcg(42);
    const n = 100_000;
    const seen = new Set<number>();
    let atoms = 0;
    for (let i = 0; i < n; i++) {
      const z = chooseAtomAd(undefined, random);
      if (z !== null) {
        atoms++;
        seen.add(z);
      }
    }
    expect(Math.min(...seen)).toBe(1);
    expect(Math.max(...seen)).toBe(118);
    expect(atoms / n).toBeGreaterThan(0.17);
    expect(atoms / n).toBeLessThan(0.19);
    expect(seen.size).toBe(118);
  });

  it('the second sidebar ad forces the ad-level chance to 50 % (45 % overall)', () => {
    const random = lcg(7);
    let atoms = 0;
    for (let i = 0; i < 100_000; i++) if (chooseAtomAd(0.5, random) !== null) atoms++;
    expect(atoms / 100_000).toBeGreaterThan(0.44);
    expect(atoms / 100_000).toBeLessThan(0.46);
  });

  it('picks the element from the last random number', () => {
    const values = [0.01, 0.5, 0.2];
    expect(chooseAtomAd(undefined, () => values.shift() ?? 0)).toBe(24);
    expect(chooseAtomAd(undefined, () => 0.25)).toBeNull();
    expect(chooseAtomAd(undefined, () => 0.999)).toBeNull();
    const last = [0, 0, 0.99999];
    expect(chooseAtomAd(undefined, () => last.shift() ?? 0)).toBe(118);
  });
});
