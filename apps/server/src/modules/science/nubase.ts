import { type DecayModeEntry, ELEMENT_SYMBOLS, type Isotope, SECONDS_PER_YEAR } from '@vaggen/contract';

/**
 * Parser for the NUBASE2020 table (nubase_4.mas20.txt, AMDC), a fixed-width format described in the
 * file's header. F.G. Kondev et al., Chin. Phys. C45, 030001 (2021).
 *
 *   1: 3 A    5: 8 ZZZi    12: 16 A El    17 s    19: 31 mass excess (keV)    43: 54 excitation (keV)
 *   70: 78 half-life    79: 80 unit    82: 88 uncertainty    89:102 Jπ    115:118 discovery    120:209 BR
 */

const UNIT_SECONDS: Record<string, number> = {
  ys: 1e-24,
  zs: 1e-21,
  as: 1e-18,
  fs: 1e-15,
  ps: 1e-12,
  ns: 1e-9,
  us: 1e-6,
  ms: 1e-3,
  s: 1,
  m: 60,
  h: 3600,
  d: 86400,
  y: SECONDS_PER_YEAR,
  ky: 1e3 * SECONDS_PER_YEAR,
  My: 1e6 * SECONDS_PER_YEAR,
  Gy: 1e9 * SECONDS_PER_YEAR,
  Ty: 1e12 * SECONDS_PER_YEAR,
  Py: 1e15 * SECONDS_PER_YEAR,
  Ey: 1e18 * SECONDS_PER_YEAR,
  Zy: 1e21 * SECONDS_PER_YEAR,
  Yy: 1e24 * SECONDS_PER_YEAR,
};

const UNIT_WORDS: Record<string, [string, number]> = {
  ms: ['milliseconds', 1],
  s: ['seconds', 1],
  m: ['minutes', 1],
  h: ['hours', 1],
  d: ['days', 1],
  y: ['years', 1],
  ky: ['years', 1e3],
  My: ['years', 1e6],
  Gy: ['years', 1e9],
  Ty: ['years', 1e12],
  Py: ['years', 1e15],
  Ey: ['years', 1e18],
  Zy: ['years', 1e21],
  Yy: ['years', 1e24],
};

/** One row of the table that we keep: a ground state or an isomer. */
export interface NubaseRecord extends Omit<Isotope, 'id'> {
  isomer_index: number;
  mass_excess_kev: number | null;
}

export class NubaseFormatError extends Error {}

/** Numeric value of a field; '#' (from systematics) is stripped. */
function num(s: string): number | null {
  const t = s.replace(/#/g, '').trim();
  if (!t) return null;
  const v = Number(t);
  return Number.isFinite(v) ? v : null;
}

/** Uncertainty "2" on "75.8" means 0.2 (last digits); "0.03" is already absolute. */
export function uncertaintyFromDigits(value: string, unc: string): number | null {
  const u = unc.trim();
  if (!u || !/^\d+(\.\d+)?$/.test(u)) return null;
  if (u.includes('.')) return Number(u);
  const m = /^[\d]*\.?(\d*)(?:[eE]([+-]?\d+))?$/.exec(value.trim());
  if (!m) return null;
  const decimals = m[1]?.length ?? 0;
  const exp = m[2] ? Number(m[2]) : 0;
  return Number((Number(u) * 10 ** (exp - decimals)).toPrecision(6));
}

/** "B-" → "β−", "2B-" → "2β−", "A" → "α", "B-A" → "β−α". */
export function decayLabel(mode: string): string {
  return mode
    .replace(/B-/g, 'β−')
    .replace(/B\+/g, 'β+')
    .replace(/^(\d*)A$/, '$1α')
    .replace(/(β[−+])A$/, '$1α');
}

/** "B-=89.28 13;B+=10.72 13" → modes; "IS=…" (natural abundance) is returned separately. */
export function parseBranches(br: string): {
  abundance: number | null;
  abundanceUncertainty: number | null;
  modes: DecayModeEntry[];
} {
  let abundance: number | null = null;
  let abundanceUncertainty: number | null = null;
  const modes: DecayModeEntry[] = [];
  for (const raw of br.split(';')) {
    const part = raw.trim();
    if (!part) continue;
    const m = /^([A-Za-z0-9+\-.]+?)\s*(=|~|<=|>=|<|>|\?)\s*([^\s]*)\s*([^\s]*)/.exec(part);
    if (!m) continue;
    const [, mode = '', op = '', value = '', unc = ''] = m;
    if (mode === 'IS') {
      abundance = num(value);
      abundanceUncertainty = uncertaintyFromDigits(value, unc);
      continue;
    }
    const relation: DecayModeEntry['relation'] =
      op === '?' ? '?' : op === '~' ? '~' : op.startsWith('<') ? '<' : op.startsWith('>') ? '>' : '=';
    const intensity = relation === '?' ? null : num(value);
    modes.push({
      mode,
      label: decayLabel(mode),
      intensity,
      relation: relation !== '?' && intensity === null ? '?' : relation,
      uncertainty: relation === '=' ? uncertaintyFromDigits(value, unc) : null,
    });
  }
  return { abundance, abundanceUncertainty, modes };
}

/** "5.70" "ky" → "5700 years"; "806.92" "ms" → "806.92 milliseconds"; tiny units → seconds. */
export function readableHalfLife(value: string, unit: string): string | null {
  const v = num(value);
  if (v === null) return null;
  const word = UNIT_WORDS[unit];
  const round = (x: number) => Number(x.toPrecision(8));
  if (word) {
    const scaled = round(v * word[1]);
    return `${scaled >= 1e6 ? scaled.toExponential().replace('e+', 'e') : scaled} ${word[0]}`;
  }
  const factor = UNIT_SECONDS[unit];
  if (factor === undefined) return null;
  return `${round(v * factor)
    .toExponential()
    .replace(/\.?0+e/, 'e')} seconds`;
}

/** The decay modes worth naming in one line: everything with a known share, else the first ones. */
export function decaySummary(modes: DecayModeEntry[]): string | null {
  if (modes.length === 0) return null;
  const main = modes.filter((m) => m.relation !== '?' && (m.intensity ?? 0) >= 1);
  const chosen = (main.length ? main : modes).slice(0, 3);
  return chosen.map((m) => m.label).join(', ');
}

/** Parses one data line; null for comment lines, levels, resonances and analogue states. */
export function parseNubaseLine(line: string): NubaseRecord | null {
  if (line.startsWith('#') || line.trim() === '') return null;
  if (line.length < 20) throw new NubaseFormatError(`Line too short: "${line.slice(0, 40)}"`);
  const a = Number(line.slice(0, 3));
  const zzzi = line.slice(4, 8);
  const z = Number(zzzi.slice(0, 3));
  const i = Number(zzzi.slice(3, 4));
  if (!Number.isInteger(a) || !Number.isInteger(z) || !Number.isInteger(i) || !/^\d{4}$/.test(zzzi)) {
    throw new NubaseFormatError(`Not a NUBASE line: "${line.slice(0, 40)}"`);
  }
  if (z < 1 || z > ELEMENT_SYMBOLS.length) return null; // the free neutron
  const s = line.slice(16, 17).trim();
  const tField = line.slice(69, 78).trim();
  const unit = line.slice(78, 80).trim();
  // Isomers: i = 1, 2 (m, n) and, when a nuclide has more, 3–6 with p, q, r, x. Levels without a
  // half-life, resonances and isobaric analogue states (i = 8, 9; s = i, j) are not isomers.
  if (i !== 0) {
    if (i > 6 || s === 'i' || s === 'j' || !tField) return null;
  }
  const stable = tField === 'stbl';
  const particleUnstable = tField === 'p-unst';
  let qualifier: Isotope['half_life_qualifier'] = null;
  let valueText = tField;
  if (!stable && !particleUnstable) {
    const q = /^([<>~]|>=|<=)?\s*(.*)$/.exec(tField);
    if (q?.[1]) qualifier = q[1].startsWith('>') ? '>' : q[1].startsWith('<') ? '<' : '~';
    valueText = q?.[2] ?? '';
    if (!qualifier && valueText.includes('#')) qualifier = '#';
  }
  const factor = UNIT_SECONDS[unit];
  const tValue = stable || particleUnstable ? null : num(valueText);
  const halfLifeSeconds = tValue !== null && factor !== undefined ? Number((tValue * factor).toPrecision(10)) : null;
  const dT = line.slice(81, 88).trim();
  const dTValue = /^\d+(\.\d+)?(e[+-]?\d+)?$/i.test(dT) ? Number(dT) : null;
  const { abundance, abundanceUncertainty, modes } = parseBranches(line.slice(119));
  const discovery = Number(line.slice(114, 118).trim());
  const spin = line.slice(88, 102).trim();
  return {
    atomic_number: z,
    mass_number: a,
    neutron_count: a - z,
    isomer_index: i,
    isomer: i === 0 ? null : s || 'm',
    stable,
    abundance,
    abundance_uncertainty: abundanceUncertainty,
    half_life: stable || tValue === null ? null : readableHalfLife(valueText, unit),
    half_life_seconds: stable ? null : halfLifeSeconds,
    half_life_uncertainty_seconds: dTValue !== null && factor !== undefined ? dTValue * factor : null,
    half_life_qualifier: stable ? null : qualifier,
    decay_mode: stable ? null : decaySummary(modes),
    decay_modes: modes,
    excitation_energy_kev: i === 0 ? null : num(line.slice(42, 54)),
    mass_excess_kev: num(line.slice(18, 31)),
    spin_parity: spin || null,
    discovery_year: Number.isInteger(discovery) && discovery > 1000 ? discovery : null,
  };
}

export interface ParsedTable {
  records: NubaseRecord[];
  groundStates: number;
  isomers: number;
  skipped: number;
}

/** Parses a whole NUBASE2020 file. Throws NubaseFormatError when it is not one. */
export function parseNubase(text: string): ParsedTable {
  const records: NubaseRecord[] = [];
  let skipped = 0;
  let dataLines = 0;
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('#') || line.trim() === '') continue;
    dataLines++;
    const r = parseNubaseLine(line);
    if (r) records.push(r);
    else skipped++;
  }
  if (dataLines === 0 || records.length === 0) throw new NubaseFormatError('No NUBASE data lines found');
  const groundStates = records.filter((r) => r.isomer_index === 0).length;
  return { records, groundStates, isomers: records.length - groundStates, skipped };
}

/** Stable id: Z × 10000 + A × 10 + isomer index. */
export const nuclideId = (r: Pick<NubaseRecord, 'atomic_number' | 'mass_number' | 'isomer_index'>): number =>
  r.atomic_number * 10000 + r.mass_number * 10 + r.isomer_index;
