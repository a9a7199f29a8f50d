import { createRequire } from 'node:module';

/**
 * The database drivers, loaded on first use: only one of the two is ever used by a process, and the
 * PostgreSQL driver is ~5 MB of RSS (issue 13: memory right after start). Kept in `db/` because the
 * db layer imports nothing from `lib/` (decision 014); `lib/lazy.ts` holds the other lazy libraries.
 */
const require = createRequire(import.meta.url);

export const loadPg = (): typeof import('pg') => require('pg');
export const loadSqlite = (): typeof import('better-sqlite3') => require('better-sqlite3');
