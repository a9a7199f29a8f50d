import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string | null;
  }
}

/**
 * When TEST_DATABASE_URL is set, this run gets its own PostgreSQL database (dropped afterwards), so
 * runs never see each other's data. Each test file then works in its own schema inside it.
 */
export default async function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    console.log('[db] TEST_DATABASE_URL not set: integration tests run on SQLite only');
    project.provide('pgUrl', null);
    return;
  }
  const name = `vaggen_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  project.provide('pgUrl', url.toString());
  console.log(`[db] PostgreSQL test database ${name}`);
  return async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
}
