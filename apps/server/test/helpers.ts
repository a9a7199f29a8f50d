import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Migrator } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { type DbHandle, openDb } from '../src/db/index.js';
import { migrations } from '../src/db/migrations/index.js';

export type TestDialect = 'sqlite' | 'postgres';

/**
 * SQLite always; PostgreSQL too when the run has a database (TEST_DATABASE_URL). `TEST_DIALECTS`
 * (e.g. `postgres`) keeps only those: `npm test` runs the suite on Node 20 on PostgreSQL and on
 * Node 24 on SQLite, so that each query runs once on each database (decision 045).
 */
export const dialects: TestDialect[] = (
  inject('pgUrl') ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)
).filter((d) => !process.env.TEST_DIALECTS || process.env.TEST_DIALECTS.split(',').includes(d));

export interface TestApp {
  app: FastifyInstance;
  dbh: DbHandle;
  config: Config;
  logs: string[];
  close(): Promise<void>;
}

/**
 * A fresh, migrated database (a temp SQLite file, or a new schema in the run's PostgreSQL database)
 * and the real app on top of it. `web: true` also mounts the built React Router app.
 */
export async function createTestApp(
  dialect: TestDialect,
  opts: { env?: Record<string, string>; web?: boolean } = {},
): Promise<TestApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaggen-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    LOG_LEVEL: 'info',
    SR_NEWS_URL: 'http://127.0.0.1:9/never',
    ...(opts.web ? {} : { WEB_BUILD_DIR: '' }),
    ...opts.env,
  });
  if (dialect === 'postgres') {
    const url = inject('pgUrl');
    if (!url) throw new Error('no PostgreSQL test database');
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`CREATE SCHEMA ${schema}`);
    await c.end();
    config.database = { kind: 'postgres', url, schema };
    // The schema is not dropped when the app closes: Kysely's migrator introspects every schema of
    // the database, and a schema dropped by a parallel test file in the middle of that query fails
    // it ("schema … does not exist"). The whole per-run database is dropped at the end instead
    // (global-setup.ts), so runs still never see each other's data.
  }
  const dbh = openDb(config.database);
  await dbh.migrate();
  const logs: string[] = [];
  const logStream = {
    write(chunk: string) {
      logs.push(chunk);
      return true;
    },
  } as unknown as NodeJS.WritableStream;
  const app = await buildApp(config, { dbh, logStream });
  await app.ready();
  await app.jobs.settled(); // tests start after the first pass of background jobs (not awaited by ready)
  return {
    app,
    dbh,
    config,
    logs,
    async close() {
      await app.close();
      await dbh.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A writer to attach articles to. */
export async function makeAuthor(t: TestApp, username = 'skribent', fullName = 'Sara Skribent'): Promise<number> {
  return t.app.services.users.create({
    username,
    password: 'hemligt-losen-123',
    full_name: fullName,
    account_type: 'writer',
  });
}

/**
 * A fresh database migrated up to every migration but `held` (a migration's own test): seed what a
 * paper had before it, then `migrateRest()` runs it and answers with the migrations that ran.
 * `needHeld`: later migrations that change what `held` makes, held back with it.
 */
export async function databaseBefore(
  dialect: TestDialect,
  held: string,
  needHeld: string[] = [],
): Promise<{ dbh: DbHandle; migrateRest(): Promise<string[]>; close(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaggen-migration-'));
  let database: Parameters<typeof openDb>[0] = { kind: 'sqlite', file: path.join(dir, 'db.sqlite') };
  if (dialect === 'postgres') {
    const url = inject('pgUrl') as string;
    const schema = `m_${randomBytes(6).toString('hex')}`;
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`CREATE SCHEMA ${schema}`);
    await c.end();
    database = { kind: 'postgres', url, schema };
  }
  const dbh = openDb(database);
  const all = migrations(dbh.dialect);
  if (!(held in all)) throw new Error(`no migration ${held}`);
  const migrate = async (m: typeof all) => {
    const result = await new Migrator({
      db: dbh.db,
      provider: { getMigrations: async () => m },
      allowUnorderedMigrations: true,
      ...(database.kind === 'postgres' ? { migrationTableSchema: database.schema } : {}),
    }).migrateToLatest();
    if (result.error) throw result.error;
    return (result.results ?? []).map((r) => r.migrationName);
  };
  await migrate(Object.fromEntries(Object.entries(all).filter(([name]) => name !== held && !needHeld.includes(name))));
  return {
    dbh,
    migrateRest: () => migrate(all),
    async close() {
      await dbh.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
