import type { Kysely, Migration } from 'kysely';
import { nameSkeleton } from '../../lib/names.js';

interface SkeletonDb {
  users: {
    id: number;
    username: string;
    full_name: string | null;
    username_skeleton: string | null;
    full_name_skeleton: string | null;
  };
}

/**
 * Issue 40 (finding 12): reserved staff names are compared by their look (`nameSkeleton`: no
 * invisible or bidi characters, no spaces, confusables folded as Unicode TS #39 does), so a reader
 * cannot be "Аnna Lindqvist" with a Cyrillic А. The skeletons of each account's username and full
 * name are kept, indexed, computed in JavaScript (SQLite and PostgreSQL agree); 500 accounts at a time.
 */
export const nameSkeletons = (): Migration => ({
  async up(db: Kysely<SkeletonDb>) {
    await db.schema.alterTable('users').addColumn('username_skeleton', 'text').execute();
    await db.schema.alterTable('users').addColumn('full_name_skeleton', 'text').execute();
    let after = 0;
    for (;;) {
      const rows = await db
        .selectFrom('users')
        .select(['id', 'username', 'full_name'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(500)
        .execute();
      if (rows.length === 0) break;
      for (const r of rows) {
        await db
          .updateTable('users')
          .set({
            username_skeleton: nameSkeleton(r.username),
            full_name_skeleton: r.full_name ? nameSkeleton(r.full_name) : null,
          })
          .where('id', '=', r.id)
          .execute();
      }
      after = Number(rows[rows.length - 1].id);
    }
    await db.schema.createIndex('users_username_skeleton').on('users').column('username_skeleton').execute();
    await db.schema.createIndex('users_full_name_skeleton').on('users').column('full_name_skeleton').execute();
  },
  async down(db: Kysely<SkeletonDb>) {
    await db.schema.dropIndex('users_full_name_skeleton').execute();
    await db.schema.dropIndex('users_username_skeleton').execute();
    await db.schema.alterTable('users').dropColumn('full_name_skeleton').execute();
    await db.schema.alterTable('users').dropColumn('username_skeleton').execute();
  },
});
