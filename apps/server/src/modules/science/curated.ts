import type { DecayModeEntry } from '@vaggen/contract';
import { decayLabel, decaySummary, type NubaseRecord } from './nubase.js';
import { CURATED_NUCLIDES } from './nuclides-curated.js';

/** A decay branch in the built-in set: [mode, relation, intensity %, uncertainty]. */
export type CuratedBranch = [string, DecayModeEntry['relation'], number | null, number | null];

/**
 * One nuclide of the built-in set (see nuclides-curated.ts):
 * [Z, A, isomer index, isomer letter, half-life s (null = stable or unknown), readable half-life,
 *  qualifier, half-life uncertainty s, abundance %, abundance uncertainty, branches, Jπ, discovery year,
 *  excitation energy keV, stable].
 */
export type CuratedRow = [
  number,
  number,
  number,
  string | null,
  number | null,
  string | null,
  NubaseRecord['half_life_qualifier'],
  number | null,
  number | null,
  number | null,
  CuratedBranch[],
  string | null,
  number | null,
  number | null,
  0 | 1,
];

export function recordToRow(r: NubaseRecord): CuratedRow {
  return [
    r.atomic_number,
    r.mass_number,
    r.isomer_index,
    r.isomer,
    r.half_life_seconds,
    r.half_life,
    r.half_life_qualifier,
    r.half_life_uncertainty_seconds === null ? null : Number(r.half_life_uncertainty_seconds.toPrecision(6)),
    r.abundance,
    r.abundance_uncertainty,
    r.decay_modes.map((m) => [m.mode, m.relation, m.intensity, m.uncertainty]),
    r.spin_parity,
    r.discovery_year,
    r.excitation_energy_kev,
    r.stable ? 1 : 0,
  ];
}

export function rowToRecord(row: CuratedRow): NubaseRecord {
  const [z, a, i, isomer, hl, hlText, qualifier, hlUnc, abundance, abundanceUnc, branches, spin, year, exc, stable] =
    row;
  const decay_modes: DecayModeEntry[] = branches.map(([mode, relation, intensity, uncertainty]) => ({
    mode,
    label: decayLabel(mode),
    relation,
    intensity,
    uncertainty,
  }));
  return {
    atomic_number: z,
    mass_number: a,
    neutron_count: a - z,
    isomer_index: i,
    isomer,
    stable: stable === 1,
    abundance,
    abundance_uncertainty: abundanceUnc,
    half_life: hlText,
    half_life_seconds: hl,
    half_life_uncertainty_seconds: hlUnc,
    half_life_qualifier: qualifier,
    decay_mode: stable === 1 ? null : decaySummary(decay_modes),
    decay_modes,
    excitation_energy_kev: exc,
    mass_excess_kev: null,
    spin_parity: spin,
    discovery_year: year,
  };
}

/** The built-in set, grouped by atomic number. */
export function curatedByElement(): Map<number, NubaseRecord[]> {
  const map = new Map<number, NubaseRecord[]>();
  for (const row of CURATED_NUCLIDES) {
    const r = rowToRecord(row);
    const list = map.get(r.atomic_number) ?? [];
    list.push(r);
    map.set(r.atomic_number, list);
  }
  return map;
}
