import type { Kysely, Migration } from 'kysely';

/** Sessions (bearer tokens, stored as SHA-256 hashes) and personal API tokens. */
export const auth = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sessions')
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

    await db.schema
      .createTable('api_tokens')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      // The token itself, encrypted with the server secret (not in the database): shown to its owner.
      .addColumn('token_encrypted', 'text', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('api_tokens').execute();
    await db.schema.dropTable('sessions').execute();
  },
});
