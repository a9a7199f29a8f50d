import { describe, expect, it } from 'vitest';
import { formatDecimalSv } from './format.js';

/** Decision 044: numbers written as sv-SE's `toLocaleString` writes them, without Intl. */
describe('formatDecimalSv', () => {
  it('groups with a no-break space, writes a decimal comma and a true minus, rounds half away from zero', () => {
    expect(formatDecimalSv(1234567.5, 1)).toBe('1\u00a0234\u00a0567,5');
    expect(formatDecimalSv(1.008)).toBe('1,008');
    expect(formatDecimalSv(4.0026)).toBe('4,003');
    expect(formatDecimalSv(1.005, 2)).toBe('1,01');
    expect(formatDecimalSv(2.5, 0)).toBe('3');
    expect(formatDecimalSv(-2.5, 0)).toBe('\u22123');
    expect(formatDecimalSv(999.9999, 3)).toBe('1\u00a0000');
    expect(formatDecimalSv(0.00095, 3)).toBe('0,001');
    expect(formatDecimalSv(-0.0001, 2)).toBe('\u22120');
    expect(formatDecimalSv(6.022e23, 0)).toBe('602\u00a0200\u00a0000\u00a0000\u00a0000\u00a0000\u00a0000\u00a0000');
    expect(formatDecimalSv(Number.NaN)).toBe('NaN');
    expect(formatDecimalSv(Number.NEGATIVE_INFINITY)).toBe('\u2212∞');
  });

  it('agrees with the platform’s sv-SE formatting on 20 000 numbers of every size', () => {
    let seed = 20261128;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const differ: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      let v = (random() * 2 - 1) * 10 ** (Math.floor(random() * 30) - 12);
      if (i % 3 === 0) v = Math.round(v * 1000) / 1000;
      if (i % 7 === 0) v = Math.round(v * 2) / 2;
      const digits = [0, 1, 2, 3, 6][i % 5] as number;
      const expected = v.toLocaleString('sv-SE', { maximumFractionDigits: digits });
      if (formatDecimalSv(v, digits) !== expected) differ.push(`${v} (${digits}): ${expected}`);
    }
    expect(differ).toEqual([]);
  });
});
