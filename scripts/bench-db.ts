// The scratch database of the benches that fill it through the server's own services
// (bench-analytics, bench-search): migrated, and dropped again afterwards.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDb } from '../apps/server/src/db/index.js';

export interface ScratchDb {
  dbh: ReturnType<typeof openDb>;
  /** The PostgreSQL schema ('' on SQLite). */
  schema: string;
  /** The directory of the SQLite file ('' on PostgreSQL). */
  dir: string;
  /** Drops the schema or removes the directory (after `dbh.close()`). */
  drop(): Promise<void>;
}

async function onServer(pgUrl: string, statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  await c.query(statement);
  await c.end();
}

/**
 * A fresh schema on PostgreSQL when `pgUrl` is given, else a SQLite file in a new temporary
 * directory named after `name`; `reuse` (a schema or directory a kept run printed) opens that one
 * as it is.
 */
export async function openScratchDb(pgUrl: string | undefined, name: string, reuse = ''): Promise<ScratchDb> {
  if (pgUrl) {
    const schema = reuse || `bench_${randomBytes(4).toString('hex')}`;
    if (!reuse) await onServer(pgUrl, `CREATE SCHEMA ${schema}`);
    const dbh = openDb({ kind: 'postgres', url: pgUrl, schema });
    return { dbh, schema, dir: '', drop: () => onServer(pgUrl, `DROP SCHEMA ${schema} CASCADE`) };
  }
  const dir = reuse || fs.mkdtempSync(path.join(os.tmpdir(), `vaggen-bench-${name}-`));
  const dbh = openDb({ kind: 'sqlite', file: path.join(dir, 'bench.db') });
  return { dbh, schema: '', dir, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}
