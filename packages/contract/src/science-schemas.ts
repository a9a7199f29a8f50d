import { z } from 'zod';
import { ELEMENT_BLOCKS, ELEMENT_CATEGORIES, ELEMENT_STATES } from './science.js';

/** Element of spec 001 §3, plus `name_en`, antiquity and the electrons per shell. `name` is Swedish. */
export const ElementSchema = z.object({
  atomic_number: z.number().int(),
  symbol: z.string(),
  /** Swedish name, capitalised ("Järn"). */
  name: z.string().describe('Swedish name'),
  /** English name ("Iron"). */
  name_en: z.string().describe('English name (IUPAC spelling)'),
  /** IUPAC/CIAAW standard atomic weight (conventional value where IUPAC gives an interval). */
  atomic_weight: z.number(),
  /**
   * True for elements without a standard atomic weight: `atomic_weight` is then the mass number of the
   * longest-lived isotope (NUBASE2020) and is shown in brackets, e.g. [98].
   */
  atomic_weight_is_mass_number: z
    .boolean()
    .describe('No standard atomic weight: the mass number of the longest-lived isotope, shown in brackets'),
  category: z.enum(ELEMENT_CATEGORIES),
  block: z.enum(ELEMENT_BLOCKS),
  period: z.number().int(),
  /** 1–18; null for the lanthanides and actinides of grid rows 8 and 9. */
  group: z.number().int().nullable(),
  electron_configuration: z.string(),
  /** Electrons per shell (K, L, M …), derived from the configuration. */
  electron_shells: z.array(z.number().int()),
  state_at_room_temp: z.enum(ELEMENT_STATES),
  /** Pauling scale. */
  electronegativity: z.number().nullable().describe('Pauling scale'),
  /** Kelvin. */
  melting_point: z.number().nullable().describe('K'),
  /** Kelvin. */
  boiling_point: z.number().nullable().describe('K'),
  /** g/cm³ (gases too, at 0 °C and 1 atm). */
  density: z.number().nullable().describe('g/cm³'),
  /** Null when known since antiquity (then `discovered_in_antiquity`) or unknown. */
  year_discovered: z.number().int().nullable(),
  discovered_in_antiquity: z.boolean(),
});
export type Element = z.infer<typeof ElementSchema>;

/** `GET /api/periodic-table-data`. */
export const PeriodicTableResponseSchema = z.object({
  elements: z.array(ElementSchema),
  /** Category → its elements. */
  categories: z.record(z.string(), z.array(ElementSchema)),
  metadata: z.object({
    categories: z.array(z.enum(ELEMENT_CATEGORIES)),
    blocks: z.array(z.enum(ELEMENT_BLOCKS)),
    total: z.number().int(),
    sources: z.array(z.string()),
  }),
});
export type PeriodicTableResponse = z.infer<typeof PeriodicTableResponseSchema>;

export const DecayModeSchema = z.object({
  /** NUBASE notation: B-, B+, EC, A, IT, SF, p, n, 2B-, B-n … */
  mode: z.string(),
  /** Physics notation: β−, β+, α … */
  label: z.string(),
  /** Intensity (branching ratio) in percent; null when unknown. */
  intensity: z.number().nullable(),
  /** '=' exact, '~' approximately, '<' / '>' limits, '?' observed but intensity unknown. */
  relation: z.enum(['=', '~', '<', '>', '?']),
  uncertainty: z.number().nullable(),
});
export type DecayModeEntry = z.infer<typeof DecayModeSchema>;

/** Isotope of spec 001 §3, plus what NUBASE2020 adds. */
export const IsotopeSchema = z.object({
  /** Z × 10000 + A × 10 + isomer index: the same across the built-in set and an import. */
  id: z.number().int(),
  atomic_number: z.number().int(),
  mass_number: z.number().int(),
  neutron_count: z.number().int(),
  stable: z.boolean(),
  /** Natural abundance in percent (atom %), null when not found in nature. */
  abundance: z.number().nullable().describe('Natural abundance, percent'),
  abundance_uncertainty: z.number().nullable(),
  /** Readable half-life ("5700 years", "4.463e9 years", "806.92 milliseconds"); null when stable. */
  half_life: z.string().nullable(),
  half_life_seconds: z.number().nullable(),
  half_life_uncertainty_seconds: z.number().nullable(),
  /** '>' / '<' / '~' for limits, '#' for values from systematics (estimates); null for a measured value. */
  half_life_qualifier: z.enum(['>', '<', '~', '#']).nullable(),
  /** Main decay modes in physics notation ("β−", "α, SF"); null when stable. */
  decay_mode: z.string().nullable(),
  decay_modes: z.array(DecayModeSchema),
  /** Null for ground states; 'm', 'n', … for isomers. */
  isomer: z.string().nullable(),
  excitation_energy_kev: z.number().nullable(),
  spin_parity: z.string().nullable(),
  discovery_year: z.number().int().nullable(),
});
export type Isotope = z.infer<typeof IsotopeSchema>;

export const NuclideSourceSchema = z.object({
  kind: z.enum(['builtin', 'imported']),
  /** e.g. "NUBASE2020 (urval)" or the imported file's name. */
  name: z.string(),
  imported_at: z.string().nullable(),
  citation: z.string(),
});
export type NuclideSource = z.infer<typeof NuclideSourceSchema>;

/** `GET /api/elements/:atomicNumber/isotopes`. */
export const IsotopesResponseSchema = z.object({
  element: ElementSchema,
  isotopes: z.array(IsotopeSchema),
  source: NuclideSourceSchema,
});
export type IsotopesResponse = z.infer<typeof IsotopesResponseSchema>;

/** `GET /api/elements/symbol/:symbol`. */
export const ElementSymbolResponseSchema = z.object({
  atomic_number: z.number().int(),
  symbol: z.string(),
});
export type ElementSymbolResponse = z.infer<typeof ElementSymbolResponseSchema>;

export const AtomicNumberParamSchema = z.object({
  atomicNumber: z.string().regex(/^\d{1,4}$/, 'must be a whole number (1–118)'),
});

export const ElementSymbolParamSchema = z.object({
  symbol: z.string().regex(/^[A-Za-z]{1,3}$/, 'must be an element symbol such as Fe'),
});
