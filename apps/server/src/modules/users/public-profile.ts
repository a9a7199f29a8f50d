import { sql } from 'kysely';
import type { Db } from '../../db/index.js';

/**
 * The users module's read model for other modules (decision 014): the public face of a person —
 * id, username, full name, picture and role (comments show a staff badge) — as a subquery other modules may join to their own rows
 * (an article's byline, a comment's picture and badge). Never the hash, e-mail or login times.
 *
 *   db.selectFrom('articles as a').leftJoin(publicProfiles(db).as('u'), 'u.id', 'a.author_id')
 *
 * A plain single-table subquery: both PostgreSQL and SQLite flatten it into the join, so it reads
 * the users row by its primary key as a direct join would (test: public-profile.test.ts).
 */
export const publicProfiles = (db: Db) =>
  db
    .selectFrom('users')
    .select(['users.id', 'users.username', 'users.full_name', 'users.account_type'])
    // Only pictures the app itself serves (contract isOwnPicturePath): one stored before issues 17
    // and 40 that names another host — also as `/\\host/…`, which browsers read as `//host/…` — is
    // never shown on a public page (the reader sees the initials avatar instead).
    .select(
      sql<
        string | null
      >`CASE WHEN users.profile_picture LIKE '/uploads/%' OR users.profile_picture LIKE '/api/avatar?%' THEN users.profile_picture END`.as(
        'profile_picture',
      ),
    );

/**
 * Who may stand in an article's byline (issue 14): the ids of writers and admins. Only the id
 * leaves the users module; the role itself is not exposed.
 */
export const bylineStaff = (db: Db) =>
  db.selectFrom('users').select('users.id as id').where('users.account_type', 'in', ['writer', 'admin']);

/** The columns a joined profile offers (for a module's row types). */
export interface PublicProfile {
  id: number;
  username: string;
  full_name: string | null;
  profile_picture: string | null;
  account_type: 'user' | 'writer' | 'admin';
}
