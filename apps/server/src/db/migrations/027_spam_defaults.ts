import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Issue 41: spam defaults. A setting for the built-in Swedish word list (on), and a link limit of
 * two for a paper whose admins never saved the moderation settings (the row the migration 013
 * created still has no `updated_by`): there, a comment with three links now waits for review. A
 * paper that chose "no limit" keeps it.
 */
export const spamDefaults = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('moderation_settings')
      .addColumn('builtin_words', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await sql`UPDATE moderation_settings SET link_limit = 2 WHERE updated_by IS NULL AND link_limit IS NULL`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('moderation_settings').dropColumn('builtin_words').execute();
  },
});
