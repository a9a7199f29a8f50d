import { type Kysely, type Migration, sql } from 'kysely';

/**
 * One pending role request per person and kind, enforced by the database so that concurrent
 * requests — also from several server processes — cannot both be stored. The service maps the
 * unique violation to 409. Duplicates that an earlier race may have left are closed first (the
 * newer ones, marked rejected with a reason), so nothing is deleted.
 */
export const onePendingRequest = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await sql`
      UPDATE role_requests
         SET status = 'rejected', reason = 'Dubblett av en tidigare förfrågan'
       WHERE status = 'pending'
         AND EXISTS (SELECT 1 FROM role_requests older
                      WHERE older.user_id = role_requests.user_id
                        AND older.kind = role_requests.kind
                        AND older.status = 'pending'
                        AND older.id < role_requests.id)`.execute(db);
    await db.schema
      .createIndex('role_requests_one_pending')
      .on('role_requests')
      .columns(['user_id', 'kind'])
      .unique()
      .where(sql.ref('status'), '=', 'pending')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('role_requests_one_pending').execute();
  },
});
