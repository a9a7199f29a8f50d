import type { Kysely, Migration } from 'kysely';
import { type Dialect, idColumn } from './util.js';

/**
 * Issue 39: the transactional outbox of domain events. An event whose kind has after-commit
 * handlers is written here in the transaction that caused it, with the names of the handlers still
 * to run; the process that committed runs them at once and deletes the row, and the `event-outbox`
 * job runs whatever a crash or a failing handler left behind (decision 046). Times are ms since 1970
 * (compared as numbers on both databases).
 */
export const eventOutbox = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await idColumn(db.schema.createTable('event_outbox'), dialect)
      .addColumn('event', 'varchar(100)', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('handlers', 'text', (c) => c.notNull())
      .addColumn('created_at', 'double precision', (c) => c.notNull())
      .addColumn('run_after', 'double precision', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .execute();
    await db.schema.createIndex('event_outbox_due_idx').on('event_outbox').columns(['run_after', 'id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('event_outbox').execute();
  },
});
