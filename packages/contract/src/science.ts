// Periodic table, elements and isotopes (spec 001 §2, §3, §8, §9). Browser-safe: types, constants
// and small helpers only; the zod schemas are in science-schemas.ts.

import { formatDecimalSv, superscript } from './format.js';
import type { Element, Isotope } from './science-schemas.js';

/** Element categories (the colour groups of the table), in display order. */
export const ELEMENT_CATEGORIES = [
  'alkali-metal',
  'alkaline-earth-metal',
  'transition-metal',
  'post-transition-metal',
  'metalloid',
  'nonmetal',
  'halogen',
  'noble-gas',
  'lanthanide',
  'actinide',
] as const;
export type ElementCategory = (typeof ELEMENT_CATEGORIES)[number];

/** Swedish names of the categories, plural (filters, statistics). */
export const CATEGORY_LABELS: Record<ElementCategory, string> = {
  'alkali-metal': 'Alkalimetaller',
  'alkaline-earth-metal': 'Alkaliska jordartsmetaller',
  'transition-metal': 'Övergångsmetaller',
  'post-transition-metal': 'Övriga metaller',
  metalloid: 'Halvmetaller',
  nonmetal: 'Icke-metaller',
  halogen: 'Halogener',
  'noble-gas': 'Ädelgaser',
  lanthanide: 'Lantanoider',
  actinide: 'Aktinoider',
};

/** Swedish names of the categories, singular (one element's properties). */
export const CATEGORY_LABEL_SINGULAR: Record<ElementCategory, string> = {
  'alkali-metal': 'Alkalimetall',
  'alkaline-earth-metal': 'Alkalisk jordartsmetall',
  'transition-metal': 'Övergångsmetall',
  'post-transition-metal': 'Övrig metall',
  metalloid: 'Halvmetall',
  nonmetal: 'Icke-metall',
  halogen: 'Halogen',
  'noble-gas': 'Ädelgas',
  lanthanide: 'Lantanoid',
  actinide: 'Aktinoid',
};

export const ELEMENT_BLOCKS = ['s', 'p', 'd', 'f'] as const;
export type ElementBlock = (typeof ELEMENT_BLOCKS)[number];

export const ELEMENT_STATES = ['solid', 'liquid', 'gas', 'unknown'] as const;
export type ElementState = (typeof ELEMENT_STATES)[number];
export const STATE_LABELS: Record<ElementState, string> = {
  solid: 'Fast',
  liquid: 'Flytande',
  gas: 'Gas',
  unknown: 'Okänt',
};

/** Spec 001 §9: the density scatter assumes 118 elements and caps its axis at 25 g/cm³. */
export const DENSITY_AXIS_MAX = 25;
/** Spec 001 §9: abundance bar height = abundance × 2, clamped to 1–100 %. */
export const ABUNDANCE_BAR_FACTOR = 2;
export const ABUNDANCE_BAR_MIN = 1;
export const ABUNDANCE_BAR_MAX = 100;
/** Spec 001 §9: the lanthanides and actinides sit in grid rows 8 and 9. */
export const LANTHANIDE_ROW = 8;
export const ACTINIDE_ROW = 9;

/** Label shown instead of a year for elements known since antiquity. */
export const ANTIQUITY_LABEL = 'Antiken';

/** Texts of the science pages. The first two are spec 001 §8's exact texts. */
export const SCIENCE_MSG = {
  invalidDataFormat: 'Invalid Data Format',
  errorLoadingData: 'Error Loading Data',
  /** Isotope page load error (spec 001 §8: "similar load errors, exact texts not shown"). */
  isotopesLoadError: 'Det gick inte att ladda isotopdata.',
  elementNotFound: 'Element not found',
  loading: 'Laddar periodiska systemet...',
  loadingIsotopes: 'Laddar isotoper...',
  noElementsMatch: 'Inga grundämnen matchar filtret.',
  noIsotopesMatch: 'Inga isotoper matchar filtret.',
  noWebgl: '3D-modellen kräver WebGL, som inte finns i den här webbläsaren.',
} as const;

/** Symbols of the 118 elements; index + 1 is the atomic number. */
// biome-ignore format: one period per line
export const ELEMENT_SYMBOLS = [
  'H', 'He', 'Li', 'Be', 'B', 'C', 'N', 'O', 'F', 'Ne', 'Na', 'Mg', 'Al', 'Si', 'P', 'S', 'Cl', 'Ar',
  'K', 'Ca', 'Sc', 'Ti', 'V', 'Cr', 'Mn', 'Fe', 'Co', 'Ni', 'Cu', 'Zn', 'Ga', 'Ge', 'As', 'Se', 'Br', 'Kr',
  'Rb', 'Sr', 'Y', 'Zr', 'Nb', 'Mo', 'Tc', 'Ru', 'Rh', 'Pd', 'Ag', 'Cd', 'In', 'Sn', 'Sb', 'Te', 'I', 'Xe',
  'Cs', 'Ba', 'La', 'Ce', 'Pr', 'Nd', 'Pm', 'Sm', 'Eu', 'Gd', 'Tb', 'Dy', 'Ho', 'Er', 'Tm', 'Yb', 'Lu',
  'Hf', 'Ta', 'W', 'Re', 'Os', 'Ir', 'Pt', 'Au', 'Hg', 'Tl', 'Pb', 'Bi', 'Po', 'At', 'Rn',
  'Fr', 'Ra', 'Ac', 'Th', 'Pa', 'U', 'Np', 'Pu', 'Am', 'Cm', 'Bk', 'Cf', 'Es', 'Fm', 'Md', 'No', 'Lr',
  'Rf', 'Db', 'Sg', 'Bh', 'Hs', 'Mt', 'Ds', 'Rg', 'Cn', 'Nh', 'Fl', 'Mc', 'Lv', 'Ts', 'Og',
] as const;

export const NUBASE_CITATION =
  'F.G. Kondev, M. Wang, W.J. Huang, S. Naimi, G. Audi, Chin. Phys. C45, 030001 (2021) (NUBASE2020)';

/** Atomic number for a symbol ("fe", "Fe") or a number ("26"); null when it names no element. */
export function elementNumberFromIdentifier(identifier: string): number | null {
  const id = identifier.trim();
  if (/^\d{1,3}$/.test(id)) {
    const n = Number(id);
    return n >= 1 && n <= ELEMENT_SYMBOLS.length ? n : null;
  }
  if (!/^[A-Za-z]{1,3}$/.test(id)) return null;
  const want = id.toLowerCase();
  const i = ELEMENT_SYMBOLS.findIndex((s) => s.toLowerCase() === want);
  return i >= 0 ? i + 1 : null;
}

export interface Subshell {
  n: number;
  /** s, p, d, f */
  l: 's' | 'p' | 'd' | 'f';
  electrons: number;
}

const CORES: Record<string, string> = {
  He: '1s2',
  Ne: '1s2 2s2 2p6',
  Ar: '1s2 2s2 2p6 3s2 3p6',
  Kr: '1s2 2s2 2p6 3s2 3p6 3d10 4s2 4p6',
  Xe: '1s2 2s2 2p6 3s2 3p6 3d10 4s2 4p6 4d10 5s2 5p6',
  Rn: '1s2 2s2 2p6 3s2 3p6 3d10 4s2 4p6 4d10 5s2 5p6 4f14 5d10 6s2 6p6',
};

/** Expands "[Ar] 3d6 4s2" into every occupied subshell. */
export function parseConfiguration(config: string): Subshell[] {
  const core = /\[(He|Ne|Ar|Kr|Xe|Rn)\]/.exec(config);
  const text = `${core ? CORES[core[1] as string] : ''} ${config.replace(/\[[A-Za-z]+\]/, '')}`;
  const out: Subshell[] = [];
  for (const m of text.matchAll(/(\d)([spdf])(\d{1,2})/g)) {
    out.push({ n: Number(m[1]), l: m[2] as Subshell['l'], electrons: Number(m[3]) });
  }
  return out;
}

/** Electrons per shell (K, L, M, …) for a configuration: Fe "[Ar] 3d6 4s2" → [2, 8, 14, 2]. */
export function electronShells(config: string): number[] {
  const shells: number[] = [];
  for (const s of parseConfiguration(config)) {
    while (shells.length < s.n) shells.push(0);
    shells[s.n - 1] = (shells[s.n - 1] ?? 0) + s.electrons;
  }
  return shells;
}

/** Grid cell of an element: period rows 1–7, lanthanides row 8 and actinides row 9 (columns 3–17). */
export function gridPosition(el: Pick<Element, 'atomic_number' | 'period' | 'group'>): { row: number; col: number } {
  const z = el.atomic_number;
  if (z >= 57 && z <= 71) return { row: LANTHANIDE_ROW, col: 3 + (z - 57) };
  if (z >= 89 && z <= 103) return { row: ACTINIDE_ROW, col: 3 + (z - 89) };
  return { row: el.period, col: el.group ?? 3 };
}

/** Spec 001 §9: bar height in percent = abundance × 2, clamped to 1–100. */
export function abundanceBarHeight(abundance: number | null): number {
  const h = (abundance ?? 0) * ABUNDANCE_BAR_FACTOR;
  return Math.min(ABUNDANCE_BAR_MAX, Math.max(ABUNDANCE_BAR_MIN, h));
}

/** Atomic weight as shown: "55,845", or "[98]" for elements without a standard atomic weight. */
export function formatAtomicWeight(el: Pick<Element, 'atomic_weight' | 'atomic_weight_is_mass_number'>): string {
  if (el.atomic_weight_is_mass_number) return `[${el.atomic_weight}]`;
  return formatDecimalSv(el.atomic_weight, 10);
}

/** "1807", "Antiken" or "Okänt". */
export function discoveryLabel(el: Pick<Element, 'year_discovered' | 'discovered_in_antiquity'>): string {
  if (el.discovered_in_antiquity) return ANTIQUITY_LABEL;
  return el.year_discovered === null ? 'Okänt' : String(el.year_discovered);
}

/** NUBASE's year (365.2422 days), used both to convert the table and to show half-lives. */
export const SECONDS_PER_YEAR = 365.2422 * 86400;

/** A number in Swedish: up to 4 significant digits, "×10ⁿ" outside 0.001–1 000 000. */
export function formatNumberSv(x: number, digits = 4): string {
  if (x === 0) return '0';
  const abs = Math.abs(x);
  if (abs >= 1e6 || abs < 1e-3) {
    const exp = Math.floor(Math.log10(abs));
    let mant = x / 10 ** exp;
    let e = exp;
    if (Math.abs(Number(mant.toPrecision(digits))) >= 10) {
      mant /= 10;
      e += 1;
    }
    const m = formatDecimalSv(Number(mant.toPrecision(digits)), digits - 1);
    return `${m} × 10${superscript(e)}`;
  }
  return formatDecimalSv(Number(x.toPrecision(digits)), 6);
}

/**
 * Spec 001 §9 half-life display: years, thousand or million years, milliseconds or seconds.
 * ≥ 1 year → år / tusen år / miljoner år; 1 s – 1 year → sekunder; under 1 s → millisekunder.
 */
export function formatHalfLife(seconds: number | null, stable = false): string {
  if (stable) return 'Stabil';
  if (seconds === null || !Number.isFinite(seconds)) return 'Okänd';
  if (seconds >= SECONDS_PER_YEAR) {
    const years = seconds / SECONDS_PER_YEAR;
    if (years >= 1e12) return `${formatNumberSv(years)} år`;
    if (years >= 1e6) return `${formatNumberSv(years / 1e6)} miljoner år`;
    if (years >= 1e3) return `${formatNumberSv(years / 1e3)} tusen år`;
    return `${formatNumberSv(years)} år`;
  }
  if (seconds >= 1) return `${formatNumberSv(seconds)} s`;
  return `${formatNumberSv(seconds * 1000)} ms`;
}

/** The same half-life in an everyday unit, for values between a minute and a year ("53,22 dygn"). */
export function halfLifeEveryday(seconds: number | null): string | null {
  if (seconds === null || seconds < 60 || seconds >= SECONDS_PER_YEAR) return null;
  if (seconds < 3600) return `${formatNumberSv(seconds / 60)} min`;
  if (seconds < 86400) return `${formatNumberSv(seconds / 3600)} timmar`;
  return `${formatNumberSv(seconds / 86400)} dygn`;
}

/** Isotope name in the usual form: "Fe-56", "Tc-99m". */
export function isotopeName(symbol: string, iso: Pick<Isotope, 'mass_number' | 'isomer'>): string {
  return `${symbol}-${iso.mass_number}${iso.isomer ?? ''}`;
}
