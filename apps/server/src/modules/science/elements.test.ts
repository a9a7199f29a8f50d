import fs from 'node:fs';
import {
  abundanceBarHeight,
  ELEMENT_SYMBOLS,
  electronShells,
  elementNumberFromIdentifier,
  formatHalfLife,
  gridPosition,
  SECONDS_PER_YEAR,
} from '@vaggen/contract';
import { describe, expect, it } from 'vitest';
import { parseCsv, sharedFile } from '../../../test/fixtures/science-data.js';
import { ELEMENTS } from './elements.js';

/**
 * Every deliberate difference from PubChem (docs/science-data.md lists the reasons).
 * Key: `${atomic number}.${field}`; value: PubChem's value we do not follow.
 */
const DELIBERATE: Record<string, string> = {
  '2.melting_point': '0.95', // helium does not solidify at 1 atm
  '9.year_discovered': '1670', // fluorine isolated by Moissan in 1886
  '13.year_discovered': 'Ancient', // aluminium metal first made in 1825
  '14.year_discovered': '1854', // silicon isolated by Berzelius in 1824
  '20.year_discovered': 'Ancient', // calcium metal isolated by Davy in 1808
  '44.year_discovered': '1827', // ruthenium: Claus 1844
};

describe('the 118 elements', () => {
  it('has every element once, in order, with symbols matching the contract', () => {
    expect(ELEMENTS).toHaveLength(118);
    ELEMENTS.forEach((e, i) => {
      expect(e.atomic_number).toBe(i + 1);
      expect(e.symbol).toBe(ELEMENT_SYMBOLS[i]);
      expect(e.name).not.toBe('');
      expect(e.name_en).not.toBe('');
    });
  });

  it('has Swedish and English names', () => {
    const byZ = (z: number) => ELEMENTS[z - 1];
    expect([byZ(1)?.name, byZ(26)?.name, byZ(79)?.name, byZ(80)?.name, byZ(117)?.name]).toEqual([
      'Väte',
      'Järn',
      'Guld',
      'Kvicksilver',
      'Tenness',
    ]);
    expect([byZ(1)?.name_en, byZ(26)?.name_en, byZ(55)?.name_en]).toEqual(['Hydrogen', 'Iron', 'Caesium']);
  });

  it('uses IUPAC standard atomic weights and brackets for elements without one', () => {
    const fe = ELEMENTS[25];
    expect(fe?.atomic_weight).toBe(55.845);
    expect(fe?.atomic_weight_is_mass_number).toBe(false);
    expect(ELEMENTS[0]?.atomic_weight).toBe(1.008);
    expect(ELEMENTS[16]?.atomic_weight).toBe(35.45);
    const tc = ELEMENTS[42];
    expect(tc?.atomic_weight).toBe(97);
    expect(tc?.atomic_weight_is_mass_number).toBe(true);
    // Th, Pa and U have standard atomic weights; every other element from Po on does not.
    for (const e of ELEMENTS) {
      const expected =
        e.atomic_number === 43 ||
        e.atomic_number === 61 ||
        (e.atomic_number >= 84 && ![90, 91, 92].includes(e.atomic_number));
      expect(e.atomic_weight_is_mass_number, e.symbol).toBe(expected);
    }
  });

  it('computes period, group and block, with La–Lu and Ac–Lr in grid rows 8 and 9', () => {
    const pick = (z: number) => {
      const e = ELEMENTS[z - 1];
      return e && [e.period, e.group, e.block];
    };
    expect(pick(1)).toEqual([1, 1, 's']);
    expect(pick(2)).toEqual([1, 18, 's']);
    expect(pick(5)).toEqual([2, 13, 'p']);
    expect(pick(26)).toEqual([4, 8, 'd']);
    expect(pick(57)).toEqual([6, null, 'f']);
    expect(pick(72)).toEqual([6, 4, 'd']);
    expect(pick(103)).toEqual([7, null, 'f']);
    expect(pick(118)).toEqual([7, 18, 'p']);
    const cells = new Set(ELEMENTS.map((e) => JSON.stringify(gridPosition(e))));
    expect(cells.size).toBe(118);
    expect(gridPosition(ELEMENTS[56]!)).toEqual({ row: 8, col: 3 });
    expect(gridPosition(ELEMENTS[102]!)).toEqual({ row: 9, col: 17 });
  });

  it('derives electrons per shell from the configuration', () => {
    for (const e of ELEMENTS) {
      expect(
        e.electron_shells.reduce((a, b) => a + b, 0),
        e.symbol,
      ).toBe(e.atomic_number);
    }
    expect(ELEMENTS[25]?.electron_shells).toEqual([2, 8, 14, 2]);
    expect(electronShells('[Xe] 4f14 5d10 6s1')).toEqual([2, 8, 18, 32, 18, 1]);
  });

  it('marks antiquity as such instead of a made-up year', () => {
    const ancient = ELEMENTS.filter((e) => e.discovered_in_antiquity).map((e) => e.symbol);
    expect(ancient).toEqual(['C', 'S', 'Fe', 'Cu', 'As', 'Ag', 'Sn', 'Sb', 'Au', 'Hg', 'Pb']);
    for (const e of ELEMENTS.filter((x) => x.discovered_in_antiquity)) expect(e.year_discovered).toBeNull();
    expect(ELEMENTS[12]?.year_discovered).toBe(1825);
  });

  // Reported as skipped (with a SKIPPED warning naming the path) when the reference file is not there.
  const file = sharedFile('pubchem_periodic_table.csv');
  it.skipIf(!file)('agrees with PubChem within 1 % wherever both have a value (deliberate differences listed)', () => {
    const pubchem = parseCsv(fs.readFileSync(file as string, 'utf8'));
    expect(pubchem).toHaveLength(118);
    const fields = [
      ['atomic_weight', 'AtomicMass'],
      ['electronegativity', 'Electronegativity'],
      ['melting_point', 'MeltingPoint'],
      ['boiling_point', 'BoilingPoint'],
      ['density', 'Density'],
      ['year_discovered', 'YearDiscovered'],
    ] as const;
    const problems: string[] = [];
    let compared = 0;
    for (const e of ELEMENTS) {
      const p = pubchem[e.atomic_number - 1];
      if (!p) throw new Error(`PubChem has no row ${e.atomic_number}`);
      expect(p.Symbol).toBe(e.symbol);
      for (const [ours, theirs] of fields) {
        const raw = (p[theirs] ?? '').trim();
        const key = `${e.atomic_number}.${ours}`;
        if (DELIBERATE[key] !== undefined) {
          // A listed difference must still be a difference (else remove it from the list).
          expect(raw, key).toBe(DELIBERATE[key]);
          continue;
        }
        if (ours === 'year_discovered' && raw === 'Ancient') {
          if (!e.discovered_in_antiquity) problems.push(`${e.symbol} ${ours}: PubChem says Ancient`);
          continue;
        }
        const mine = e[ours];
        const theirsNum = raw === '' ? null : Number(raw);
        if (mine === null || theirsNum === null) continue;
        compared++;
        if (Math.abs(mine - theirsNum) > 0.01 * Math.abs(theirsNum)) {
          problems.push(`${e.symbol} ${ours}: ours ${mine}, PubChem ${theirsNum}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(compared).toBeGreaterThan(500);
  });
});

describe('display helpers', () => {
  it('finds elements by symbol or number', () => {
    expect(elementNumberFromIdentifier('Fe')).toBe(26);
    expect(elementNumberFromIdentifier('fe')).toBe(26);
    expect(elementNumberFromIdentifier('26')).toBe(26);
    expect(elementNumberFromIdentifier('Xx')).toBeNull();
    expect(elementNumberFromIdentifier('119')).toBeNull();
    expect(elementNumberFromIdentifier('0')).toBeNull();
  });

  it('clamps abundance bars to 1–100 % of abundance × 2', () => {
    expect(abundanceBarHeight(91.754)).toBe(100);
    expect(abundanceBarHeight(30)).toBe(60);
    expect(abundanceBarHeight(0.0117)).toBe(1);
    expect(abundanceBarHeight(null)).toBe(1);
  });

  it('shows half-lives in years, thousand or million years, seconds or milliseconds', () => {
    const y = SECONDS_PER_YEAR;
    expect(formatHalfLife(12.32 * y)).toBe('12,32 år');
    expect(formatHalfLife(5700 * y)).toBe('5,7 tusen år');
    expect(formatHalfLife(4.463e9 * y)).toBe('4\u00a0463 miljoner år');
    expect(formatHalfLife(2.01e19 * y)).toBe('2,01 × 10¹⁹ år');
    expect(formatHalfLife(19.3011)).toBe('19,3 s');
    expect(formatHalfLife(0.80692)).toBe('806,9 ms');
    expect(formatHalfLife(8.19e-17)).toBe('8,19 × 10⁻¹⁴ ms');
    expect(formatHalfLife(null, true)).toBe('Stabil');
  });
});
