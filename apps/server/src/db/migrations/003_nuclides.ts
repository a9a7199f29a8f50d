import type { Kysely, Migration } from 'kysely';
import { type Dialect, idColumn } from './util.js';

/**
 * The imported NUBASE2020 nuclide table (`npm run import:nuclides`). Empty until an import; the
 * science module then serves its built-in set. Decay branches are stored as JSON text.
 */
export const nuclides = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('nuclides')
      // Z × 10000 + A × 10 + isomer index: the same id as the built-in set.
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('atomic_number', 'integer', (c) => c.notNull())
      .addColumn('mass_number', 'integer', (c) => c.notNull())
      .addColumn('isomer_index', 'integer', (c) => c.notNull())
      .addColumn('isomer', 'varchar(4)')
      .addColumn('stable', 'integer', (c) => c.notNull())
      .addColumn('abundance', 'double precision')
      .addColumn('abundance_uncertainty', 'double precision')
      .addColumn('half_life', 'varchar(64)')
      .addColumn('half_life_seconds', 'double precision')
      .addColumn('half_life_uncertainty_seconds', 'double precision')
      .addColumn('half_life_qualifier', 'varchar(2)')
      .addColumn('decay_mode', 'varchar(64)')
      .addColumn('decay_modes', 'text', (c) => c.notNull())
      .addColumn('excitation_energy_kev', 'double precision')
      .addColumn('mass_excess_kev', 'double precision')
      .addColumn('spin_parity', 'varchar(32)')
      .addColumn('discovery_year', 'integer')
      .execute();
    await db.schema
      .createIndex('nuclides_element_idx')
      .on('nuclides')
      .columns(['atomic_number', 'mass_number'])
      .execute();

    await idColumn(db.schema.createTable('nuclide_imports'), dialect)
      .addColumn('source', 'varchar(500)', (c) => c.notNull())
      .addColumn('imported_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('ground_states', 'integer', (c) => c.notNull())
      .addColumn('isomers', 'integer', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('nuclide_imports').execute();
    await db.schema.dropTable('nuclides').execute();
  },
});
