import type { Isotope } from '@vaggen/contract';
import { describe, expect, it } from 'vitest';
import { halfLifeText, isotopeDetailRows } from './isotope-details';

// Tc-99m as NUBASE2020 has it (the nubase parser's test reads the same line).
const tc99m: Isotope = {
  id: 430991,
  atomic_number: 43,
  mass_number: 99,
  neutron_count: 56,
  stable: false,
  abundance: null,
  abundance_uncertainty: null,
  half_life: '6.0066 hours',
  half_life_seconds: 21_623.76,
  half_life_uncertainty_seconds: null,
  half_life_qualifier: null,
  decay_mode: 'IT, β−',
  decay_modes: [
    { mode: 'IT', label: 'IT', intensity: 100, relation: '~', uncertainty: null },
    { mode: 'B-', label: 'β−', intensity: 0.0037, relation: '=', uncertainty: 0.0006 },
  ],
  isomer: 'm',
  excitation_energy_kev: 142.6836,
  spin_parity: '1/2-',
  discovery_year: 1938,
};

/** The isotope page's details (spec 001 §2), written in Swedish. */
describe('an isotope’s details', () => {
  it('writes an isomer’s excitation energy in four significant digits, and every other row', () => {
    expect(Object.fromEntries(isotopeDetailRows(tc99m))).toEqual({
      'Masstal (A)': '99',
      'Protoner (Z)': '43',
      'Neutroner (N)': '56',
      Stabil: 'Nej',
      'Naturlig förekomst': 'Förekommer inte naturligt',
      Halveringstid: '21\u00a0620 s (6,007 timmar)',
      Sönderfall: 'IT ≈ 100 %, β− 0,0037 %',
      'Halveringstid i NUBASE2020': '6.0066 hours',
      Isomer: 'Exciterat tillstånd, 142,7 keV',
      'Spinn och paritet': '1/2-',
      Upptäckt: '1938',
    });
  });

  it('says a stable isotope’s half-life and natural share, and leaves out the isomer row', () => {
    const fe56: Isotope = {
      ...tc99m,
      id: 260560,
      atomic_number: 26,
      mass_number: 56,
      neutron_count: 30,
      stable: true,
      abundance: 91.754,
      abundance_uncertainty: 0.036,
      half_life: null,
      half_life_seconds: null,
      decay_mode: null,
      decay_modes: [],
      isomer: null,
      excitation_energy_kev: null,
      spin_parity: null,
      discovery_year: null,
    };
    expect(halfLifeText(fe56)).toBe('Stabil');
    const rows = Object.fromEntries(isotopeDetailRows(fe56));
    expect(rows['Naturlig förekomst']).toBe('91,754 % ± 0,036 %');
    expect(rows.Sönderfall).toBe('–');
    expect(rows.Isomer).toBeUndefined();
  });
});
