import { createRequire } from 'node:module';

/**
 * Libraries that only some processes or requests need, loaded on first use so a server at rest
 * does not carry them (issue 13: memory right after start). sharp (image work) is ~10 MB of RSS,
 * the PostgreSQL driver and ioredis ~5 MB each, and only one of the two database drivers is used.
 */
const require = createRequire(import.meta.url);

let sharpModule: Promise<typeof import('sharp')> | undefined;
export async function loadSharp(): Promise<typeof import('sharp')> {
  sharpModule ??= import('sharp').then((m) => m.default);
  return sharpModule;
}

export const loadPg = (): typeof import('pg') => require('pg');
export const loadSqlite = (): typeof import('better-sqlite3') => require('better-sqlite3');
export const loadIoredis = (): typeof import('ioredis') => require('ioredis');
