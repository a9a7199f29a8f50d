import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Issue 40 (finding 10): a visitor's report kept its address in plain text (`ip:127.0.0.1`). New
 * reports keep a daily keyed hash of it (lib/keyed-hash.ts); the reports made before keep no trace of
 * who made them, as those of a deleted account (`x:<id>`): their day, and so their use, has passed.
 */
export const reportAddresses = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await sql`UPDATE moderation_reports SET reporter = 'x:' || CAST(id AS varchar(20)) WHERE reporter LIKE 'ip:%'`.execute(
      db,
    );
  },
  async down() {},
});
