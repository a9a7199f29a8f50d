import fs from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type pg from 'pg';
import type { Config } from '../config.js';
import { loadPg, loadSqlite } from './drivers.js';
import { migrations } from './migrations/index.js';
import type { Dialect } from './migrations/util.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  migrate(): Promise<void>;
  /**
   * Runs `fn` while holding the cluster-wide start-up lock (a PostgreSQL advisory lock), so that
   * processes started together migrate, create the first admin and seed one after the other.
   * SQLite serves one process, so there it simply runs `fn`.
   */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  /** Resolves when the database answers (readiness). */
  ping(): Promise<void>;
  /** The PostgreSQL pool (metrics); undefined on SQLite. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export function openDb(database: Config['database']): DbHandle {
  let db: Db;
  let pool: pg.Pool | undefined;
  if (database.kind === 'postgres') {
    const pg = loadPg();
    pool = new pg.Pool({
      connectionString: database.url,
      max: 10,
      // Tests run each file in its own schema of a per-run database.
      ...(database.schema ? { options: `-c search_path=${database.schema}` } : {}),
    });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  } else {
    if (database.file !== ':memory:') fs.mkdirSync(path.dirname(database.file), { recursive: true });
    const SQLite = loadSqlite();
    const sqlite = new SQLite(database.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // Deleted rows (e.g. purged inbox items) are overwritten, not left in free pages (decision 009).
    sqlite.pragma('secure_delete = ON');
    // SQLite's own lower() folds ASCII only: "ÄLG" stayed "Älg". Swedish text is folded as
    // PostgreSQL folds it (no index is built on lower(), so nothing stored depends on the old one).
    sqlite.function('lower', { deterministic: true }, (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v));
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: reusingStatements(sqlite) }) });
  }
  const dialect: Dialect = database.kind;
  return {
    db,
    dialect,
    async migrate() {
      const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => migrations(dialect) },
        allowUnorderedMigrations: true,
        // Tests give each file its own PostgreSQL schema: keep the migration bookkeeping there too.
        ...(database.kind === 'postgres' && database.schema ? { migrationTableSchema: database.schema } : {}),
      });
      const { error, results } = await migrator.migrateToLatest();
      for (const r of results ?? []) {
        if (r.status === 'Error') throw new Error(`Migration ${r.migrationName} failed`, { cause: error });
      }
      if (error) throw error;
    },
    async withStartupLock(fn) {
      if (database.kind !== 'postgres') return fn();
      const client = new (loadPg().Client)({ connectionString: database.url });
      await client.connect();
      try {
        // One key for the whole database (schema-scoped in tests, where schemas share a database).
        await client.query('SELECT pg_advisory_lock(hashtext($1))', [`vaggen:startup:${database.schema ?? ''}`]);
        return await fn();
      } finally {
        await client.end().catch(() => {}); // ending the session releases the lock
      }
    },
    async ping() {
      await sql`select 1`.execute(db);
    },
    pool,
    close: () => db.destroy(),
  };
}

export const nowIso = (): string => new Date().toISOString();

/**
 * better-sqlite3 with its compiled statements kept (bounded, least recently used dropped): Kysely
 * prepares every query it runs, and compiling the same SQL again was ~5 % of an article page's
 * render. A statement is only ever run to completion (nothing streams), so sharing one is safe.
 */
export function reusingStatements(sqlite: import('better-sqlite3').Database, max = 500) {
  const cache = new Map<string, import('better-sqlite3').Statement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare(query: string) {
      let stmt = cache.get(query);
      if (stmt) {
        cache.delete(query); // re-inserted below: the Map's order is the recency order
      } else {
        stmt = sqlite.prepare(query);
        if (cache.size >= max) cache.delete(cache.keys().next().value as string);
      }
      cache.set(query, stmt);
      return stmt;
    },
  };
}
