import type { Kysely, Migration } from 'kysely';

/**
 * One row per background job: which process holds it (`holder`, until `lease_until`) and when it
 * last ran. Several server processes share one database; only the holder of a live lease runs the
 * job, a lease whose holder died expires and is taken over, and `last_run_at` makes "every N hours"
 * hold for the whole cluster and across restarts (docs/decisions/017-job-leases.md).
 */
export const jobLeases = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('job_leases')
      .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
      .addColumn('holder', 'varchar(100)', (c) => c.notNull())
      .addColumn('lease_until', 'varchar(30)', (c) => c.notNull())
      .addColumn('last_run_at', 'varchar(30)')
      .addColumn('runs', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('job_leases').execute();
  },
});
