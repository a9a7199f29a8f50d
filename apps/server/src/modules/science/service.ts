import { createHash } from 'node:crypto';
import {
  ELEMENT_BLOCKS,
  ELEMENT_CATEGORIES,
  type Element,
  type Isotope,
  type IsotopesResponse,
  NUBASE_CITATION,
  type NuclideSource,
  type PeriodicTableResponse,
} from '@vaggen/contract';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import type { NuclidesTable } from '../../db/schema.js';
import { curatedByElement } from './curated.js';
import { ELEMENTS } from './elements.js';
import { type NubaseRecord, nuclideId } from './nubase.js';

/** A response body with its ETag (a hash of the JSON), for conditional requests. */
export interface Tagged<T> {
  body: T;
  etag: string;
}

const tag = <T>(body: T): Tagged<T> => ({
  body,
  etag: `"${createHash('sha1').update(JSON.stringify(body)).digest('base64url')}"`,
});

const BUILTIN_SOURCE: NuclideSource = {
  kind: 'builtin',
  name: 'NUBASE2020 (inbyggt urval)',
  imported_at: null,
  citation: NUBASE_CITATION,
};

export interface ImportResult {
  groundStates: number;
  isomers: number;
  source: string;
}

/** The abundance and decay values of a record that the API and the stored row both carry as they are. */
function asRecorded(r: NubaseRecord) {
  return {
    abundance: r.abundance,
    abundance_uncertainty: r.abundance_uncertainty,
    half_life: r.half_life,
    half_life_seconds: r.half_life_seconds,
    half_life_uncertainty_seconds: r.half_life_uncertainty_seconds,
    half_life_qualifier: r.half_life_qualifier,
    decay_mode: r.decay_mode,
  };
}

function toIsotope(r: NubaseRecord): Isotope {
  return {
    id: nuclideId(r),
    atomic_number: r.atomic_number,
    mass_number: r.mass_number,
    neutron_count: r.neutron_count,
    stable: r.stable,
    ...asRecorded(r),
    decay_modes: r.decay_modes,
    isomer: r.isomer,
    excitation_energy_kev: r.excitation_energy_kev,
    spin_parity: r.spin_parity,
    discovery_year: r.discovery_year,
  };
}

/** Elements (built in) and nuclides (built-in NUBASE2020 selection, or the full imported table). */
export class ScienceService {
  private readonly table: Tagged<PeriodicTableResponse>;
  private readonly bySymbol = new Map(ELEMENTS.map((e) => [e.symbol.toLowerCase(), e]));
  private readonly curated = curatedByElement();

  constructor(private readonly db: Db) {
    const categories: Record<string, Element[]> = {};
    for (const c of ELEMENT_CATEGORIES) categories[c] = ELEMENTS.filter((e) => e.category === c);
    this.table = tag({
      elements: [...ELEMENTS],
      categories,
      metadata: {
        categories: [...ELEMENT_CATEGORIES],
        blocks: [...ELEMENT_BLOCKS],
        total: ELEMENTS.length,
        sources: ['IUPAC/CIAAW standard atomic weights 2021', 'PubChem periodic table (NCBI)', NUBASE_CITATION],
      },
    });
  }

  periodicTable(): Tagged<PeriodicTableResponse> {
    return this.table;
  }

  element(atomicNumber: number): Element | null {
    return ELEMENTS[atomicNumber - 1] ?? null;
  }

  elementBySymbol(symbol: string): Element | null {
    return this.bySymbol.get(symbol.toLowerCase()) ?? null;
  }

  /** `GET /elements/symbol/:symbol`: the atomic number (and the symbol's usual casing), with its ETag. */
  symbolLookup(symbol: string): Tagged<{ atomic_number: number; symbol: string }> | null {
    const el = this.elementBySymbol(symbol);
    return el ? tag({ atomic_number: el.atomic_number, symbol: el.symbol }) : null;
  }

  /** The latest import, or null when the built-in set is in use. */
  async latestImport() {
    return (
      (await this.db.selectFrom('nuclide_imports').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst()) ??
      null
    );
  }

  /** Every ground state and isomer of an element, lightest first; null for an unknown element. */
  async isotopes(atomicNumber: number): Promise<Tagged<IsotopesResponse> | null> {
    const element = this.element(atomicNumber);
    if (!element) return null;
    const imported = await this.latestImport();
    let records: NubaseRecord[];
    let source: NuclideSource = BUILTIN_SOURCE;
    if (imported) {
      const rows = await this.db
        .selectFrom('nuclides')
        .selectAll()
        .where('atomic_number', '=', atomicNumber)
        .orderBy('mass_number')
        .orderBy('isomer_index')
        .execute();
      records = rows.map((r) => ({
        atomic_number: Number(r.atomic_number),
        mass_number: Number(r.mass_number),
        neutron_count: Number(r.mass_number) - Number(r.atomic_number),
        isomer_index: Number(r.isomer_index),
        isomer: r.isomer,
        stable: Number(r.stable) === 1,
        abundance: r.abundance === null ? null : Number(r.abundance),
        abundance_uncertainty: r.abundance_uncertainty === null ? null : Number(r.abundance_uncertainty),
        half_life: r.half_life,
        half_life_seconds: r.half_life_seconds === null ? null : Number(r.half_life_seconds),
        half_life_uncertainty_seconds:
          r.half_life_uncertainty_seconds === null ? null : Number(r.half_life_uncertainty_seconds),
        half_life_qualifier: r.half_life_qualifier as NubaseRecord['half_life_qualifier'],
        decay_mode: r.decay_mode,
        decay_modes: JSON.parse(r.decay_modes),
        excitation_energy_kev: r.excitation_energy_kev === null ? null : Number(r.excitation_energy_kev),
        mass_excess_kev: r.mass_excess_kev === null ? null : Number(r.mass_excess_kev),
        spin_parity: r.spin_parity,
        discovery_year: r.discovery_year === null ? null : Number(r.discovery_year),
      }));
      source = {
        kind: 'imported',
        name: imported.source,
        imported_at: imported.imported_at,
        citation: NUBASE_CITATION,
      };
    } else {
      records = this.curated.get(atomicNumber) ?? [];
    }
    return tag({ element, isotopes: records.map(toIsotope), source });
  }

  /**
   * Replaces the stored nuclide table with `records` (one transaction: readers see the old table or
   * the new one, never half of it).
   */
  async importNuclides(records: NubaseRecord[], source: string): Promise<ImportResult> {
    const groundStates = records.filter((r) => r.isomer_index === 0).length;
    const isomers = records.length - groundStates;
    const seen = new Set<number>();
    const rows: Insertable<NuclidesTable>[] = [];
    for (const r of records) {
      const id = nuclideId(r);
      if (seen.has(id)) continue;
      seen.add(id);
      rows.push({
        id,
        atomic_number: r.atomic_number,
        mass_number: r.mass_number,
        isomer_index: r.isomer_index,
        isomer: r.isomer,
        stable: r.stable ? 1 : 0,
        ...asRecorded(r),
        decay_modes: JSON.stringify(r.decay_modes),
        excitation_energy_kev: r.excitation_energy_kev,
        mass_excess_kev: r.mass_excess_kev,
        spin_parity: r.spin_parity,
        discovery_year: r.discovery_year,
      });
    }
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('nuclides').execute();
      // 18 columns × 400 rows stays under every driver's bound-parameter limit.
      for (let i = 0; i < rows.length; i += 400) {
        await trx
          .insertInto('nuclides')
          .values(rows.slice(i, i + 400))
          .execute();
      }
      await trx
        .insertInto('nuclide_imports')
        .values({ source: source.slice(0, 500), imported_at: nowIso(), ground_states: groundStates, isomers })
        .execute();
    });
    return { groundStates, isomers, source };
  }
}
