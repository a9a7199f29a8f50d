import type { Kysely, Migration } from 'kysely';
import { nameKey } from '../../lib/names.js';

interface StaffNamesDb {
  users: { id: number; full_name: string | null; full_name_lower: string | null };
}

/**
 * Issue 17 (reserved names): `users.full_name_lower` holds the display name as compared (trimmed,
 * spaces collapsed, NFKC, lower case — computed in JavaScript so SQLite and PostgreSQL agree), with
 * an index, so "is this the name of a writer or an admin?" is one indexed lookup.
 */
export const staffNames = (): Migration => ({
  async up(db: Kysely<StaffNamesDb>) {
    await db.schema.alterTable('users').addColumn('full_name_lower', 'text').execute();
    const rows = await db.selectFrom('users').select(['id', 'full_name']).where('full_name', 'is not', null).execute();
    for (const r of rows) {
      await db
        .updateTable('users')
        .set({ full_name_lower: nameKey(r.full_name as string) })
        .where('id', '=', r.id)
        .execute();
    }
    await db.schema.createIndex('users_full_name_lower').on('users').column('full_name_lower').execute();
  },
  async down(db: Kysely<StaffNamesDb>) {
    await db.schema.dropIndex('users_full_name_lower').execute();
    await db.schema.alterTable('users').dropColumn('full_name_lower').execute();
  },
});
