import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SECONDS_PER_YEAR } from '@vaggen/contract';
import { describe, expect, it } from 'vitest';
import { sharedFile } from '../../../test/fixtures/science-data.js';
import { rowToRecord } from './curated.js';
import { readNubaseSource } from './importer.js';
import { NubaseFormatError, parseBranches, parseNubase, parseNubaseLine, uncertaintyFromDigits } from './nubase.js';
import { CURATED_NUCLIDES } from './nuclides-curated.js';

const C14 =
  '014 0060   14C      3019.893      0.004                                 5.70  ky 0.03   0+            01          1936 B-=100';
const K40 =
  '040 0190   40K    -33535.50       0.06                                  1.248 Gy 0.003  4-*           17          1935 IS=0.0117 1;B-=89.28 13;B+=10.72 13';
const TC99M =
  '099 0431   99Tc m -87185.2        0.9       142.6836     0.0011         6.0066 h 0.0002 1/2-*         17          1958 IT~100;B-=0.0037 6';

describe('NUBASE2020 line parser', () => {
  it('reads a ground state: half-life, its uncertainty, decay modes', () => {
    const r = parseNubaseLine(C14);
    expect(r).toMatchObject({
      atomic_number: 6,
      mass_number: 14,
      neutron_count: 8,
      isomer: null,
      stable: false,
      half_life: '5700 years',
      decay_mode: 'β−',
      discovery_year: 1936,
    });
    expect(r?.half_life_seconds).toBeCloseTo(5700 * SECONDS_PER_YEAR, -3);
    expect(r?.half_life_uncertainty_seconds).toBeCloseTo(30 * SECONDS_PER_YEAR, -3);
  });

  it('reads abundance and every branch with its intensity', () => {
    const r = parseNubaseLine(K40);
    expect(r?.abundance).toBe(0.0117);
    expect(r?.abundance_uncertainty).toBe(0.0001);
    expect(r?.decay_modes).toEqual([
      { mode: 'B-', label: 'β−', intensity: 89.28, relation: '=', uncertainty: 0.13 },
      { mode: 'B+', label: 'β+', intensity: 10.72, relation: '=', uncertainty: 0.13 },
    ]);
    expect(r?.decay_mode).toBe('β−, β+');
  });

  it('marks isomers', () => {
    const r = parseNubaseLine(TC99M);
    expect(r).toMatchObject({ mass_number: 99, isomer_index: 1, isomer: 'm', half_life: '6.0066 hours' });
    expect(r?.excitation_energy_kev).toBe(142.6836);
    expect(r?.decay_modes[0]).toMatchObject({ mode: 'IT', relation: '~', intensity: 100 });
  });

  it('turns last-digit uncertainties into absolute ones', () => {
    expect(uncertaintyFromDigits('75.8', '2')).toBe(0.2);
    expect(uncertaintyFromDigits('99.9855', '78')).toBe(0.0078);
    expect(uncertaintyFromDigits('5.44e-5', '7')).toBe(7e-7);
    expect(parseBranches('A ?;SF ?').modes.map((m) => [m.label, m.relation, m.intensity])).toEqual([
      ['α', '?', null],
      ['SF', '?', null],
    ]);
  });

  it('rejects text that is not a NUBASE table', () => {
    expect(() => parseNubase('hello\nworld')).toThrow(NubaseFormatError);
    expect(() => parseNubase('# only a comment\n')).toThrow(NubaseFormatError);
  });
});

describe('NUBASE2020 importer on the real table', () => {
  const file = sharedFile('nubase_4.mas20.txt');
  it.skipIf(!file)('reads every ground state and isomer with the reference values', () => {
    const table = parseNubase(fs.readFileSync(file as string, 'utf8'));
    expect(table.groundStates).toBeGreaterThanOrEqual(3300);
    expect(table.isomers).toBeGreaterThan(1500);
    const find = (z: number, a: number, i = 0) =>
      table.records.find((r) => r.atomic_number === z && r.mass_number === a && r.isomer_index === i);
    expect(find(6, 14)?.half_life).toBe('5700 years');
    expect(find(92, 238)?.half_life).toBe('4.463e9 years');
    expect((find(92, 238)?.half_life_seconds ?? 0) / SECONDS_PER_YEAR).toBeCloseTo(4.463e9, -6);
    expect(find(19, 40)?.abundance).toBe(0.0117);
    // NUBASE2020 gives Cl-35 as 75.8(2) %, consistent with IUPAC's 75.76(10) %.
    expect(find(17, 35)?.abundance).toBeCloseTo(75.76, 1);
    expect(find(17, 35)?.stable).toBe(true);
    expect(find(73, 180, 1)).toMatchObject({ isomer: 'm', stable: true, abundance: 0.01201 });
    expect(find(83, 209)?.stable).toBe(false); // bismuth-209 decays (α, 2.01e19 years)
    // Stable nuclides: 253 ground states are "stbl" in NUBASE2020, plus Ta-180m.
    expect(table.records.filter((r) => r.stable).length).toBe(254);
  });

  it.skipIf(!file)('built-in set: every stable nuclide, ≥150 notable radionuclides, values as in NUBASE2020', () => {
    const table = parseNubase(fs.readFileSync(file as string, 'utf8'));
    const curated = CURATED_NUCLIDES.map(rowToRecord);
    const key = (r: { atomic_number: number; mass_number: number; isomer_index: number }) =>
      `${r.atomic_number}-${r.mass_number}-${r.isomer_index}`;
    const curatedKeys = new Set(curated.map(key));
    for (const r of table.records.filter((x) => x.stable)) expect(curatedKeys.has(key(r)), key(r)).toBe(true);
    expect(curated.filter((r) => !r.stable).length).toBeGreaterThanOrEqual(150);
    const byKey = new Map(table.records.map((r) => [key(r), r]));
    for (const c of curated) {
      const { mass_excess_kev: _a, ...fromTable } = byKey.get(key(c)) ?? ({} as never);
      const { mass_excess_kev: _b, ...ours } = c;
      expect(ours, key(c)).toEqual({
        ...fromTable,
        half_life_uncertainty_seconds:
          fromTable.half_life_uncertainty_seconds === null
            ? null
            : Number(fromTable.half_life_uncertainty_seconds.toPrecision(6)),
      });
    }
  });
});

describe('importer source', () => {
  it('reads a table from an http URL, and reports HTTP errors', async () => {
    const server = http.createServer((req, res) => {
      if (req.url === '/nubase.txt') res.end(`${C14}\n${K40}\n`);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const text = await readNubaseSource(`http://127.0.0.1:${port}/nubase.txt`);
      expect(parseNubase(text).groundStates).toBe(2);
      await expect(readNubaseSource(`http://127.0.0.1:${port}/missing.txt`)).rejects.toThrow('HTTP 404');
    } finally {
      server.close();
    }
  });
});

describe('built-in nuclide set', () => {
  it('has every element and the famous nuclides', () => {
    const curated = CURATED_NUCLIDES.map(rowToRecord);
    for (let z = 1; z <= 118; z++)
      expect(
        curated.some((r) => r.atomic_number === z),
        `Z=${z}`,
      ).toBe(true);
    const c14 = curated.find((r) => r.atomic_number === 6 && r.mass_number === 14);
    expect(c14?.half_life).toBe('5700 years');
    const tc99m = curated.find((r) => r.atomic_number === 43 && r.mass_number === 99 && r.isomer === 'm');
    expect(tc99m?.decay_mode).toBe('IT');
  });
});
