import { z } from 'zod';
import {
  type DecayModeEntry,
  ELEMENT_BLOCKS,
  ELEMENT_CATEGORIES,
  ELEMENT_STATES,
  type Element,
  type ElementSymbolResponse,
  type Isotope,
  type IsotopesResponse,
  type NuclideSource,
  type PeriodicTableResponse,
} from './science.js';

export const ElementSchema = z.object({
  atomic_number: z.number().int(),
  symbol: z.string(),
  name: z.string().describe('Swedish name'),
  name_en: z.string().describe('English name (IUPAC spelling)'),
  atomic_weight: z.number(),
  atomic_weight_is_mass_number: z
    .boolean()
    .describe('No standard atomic weight: the mass number of the longest-lived isotope, shown in brackets'),
  category: z.enum(ELEMENT_CATEGORIES),
  block: z.enum(ELEMENT_BLOCKS),
  period: z.number().int(),
  group: z.number().int().nullable(),
  electron_configuration: z.string(),
  electron_shells: z.array(z.number().int()),
  state_at_room_temp: z.enum(ELEMENT_STATES),
  electronegativity: z.number().nullable().describe('Pauling scale'),
  melting_point: z.number().nullable().describe('K'),
  boiling_point: z.number().nullable().describe('K'),
  density: z.number().nullable().describe('g/cm³'),
  year_discovered: z.number().int().nullable(),
  discovered_in_antiquity: z.boolean(),
}) satisfies z.ZodType<Element>;

export const PeriodicTableResponseSchema = z.object({
  elements: z.array(ElementSchema),
  categories: z.record(z.string(), z.array(ElementSchema)),
  metadata: z.object({
    categories: z.array(z.enum(ELEMENT_CATEGORIES)),
    blocks: z.array(z.enum(ELEMENT_BLOCKS)),
    total: z.number().int(),
    sources: z.array(z.string()),
  }),
}) satisfies z.ZodType<PeriodicTableResponse>;

export const DecayModeSchema = z.object({
  mode: z.string(),
  label: z.string(),
  intensity: z.number().nullable(),
  relation: z.enum(['=', '~', '<', '>', '?']),
  uncertainty: z.number().nullable(),
}) satisfies z.ZodType<DecayModeEntry>;

export const IsotopeSchema = z.object({
  id: z.number().int(),
  atomic_number: z.number().int(),
  mass_number: z.number().int(),
  neutron_count: z.number().int(),
  stable: z.boolean(),
  abundance: z.number().nullable().describe('Natural abundance, percent'),
  abundance_uncertainty: z.number().nullable(),
  half_life: z.string().nullable(),
  half_life_seconds: z.number().nullable(),
  half_life_uncertainty_seconds: z.number().nullable(),
  half_life_qualifier: z.enum(['>', '<', '~', '#']).nullable(),
  decay_mode: z.string().nullable(),
  decay_modes: z.array(DecayModeSchema),
  isomer: z.string().nullable(),
  excitation_energy_kev: z.number().nullable(),
  spin_parity: z.string().nullable(),
  discovery_year: z.number().int().nullable(),
}) satisfies z.ZodType<Isotope>;

export const NuclideSourceSchema = z.object({
  kind: z.enum(['builtin', 'imported']),
  name: z.string(),
  imported_at: z.string().nullable(),
  citation: z.string(),
}) satisfies z.ZodType<NuclideSource>;

export const IsotopesResponseSchema = z.object({
  element: ElementSchema,
  isotopes: z.array(IsotopeSchema),
  source: NuclideSourceSchema,
}) satisfies z.ZodType<IsotopesResponse>;

export const ElementSymbolResponseSchema = z.object({
  atomic_number: z.number().int(),
  symbol: z.string(),
}) satisfies z.ZodType<ElementSymbolResponse>;

export const AtomicNumberParamSchema = z.object({
  atomicNumber: z.string().regex(/^\d{1,4}$/, 'must be a whole number (1–118)'),
});

export const ElementSymbolParamSchema = z.object({
  symbol: z.string().regex(/^[A-Za-z]{1,3}$/, 'must be an element symbol such as Fe'),
});
