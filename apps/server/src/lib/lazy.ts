import { createRequire } from 'node:module';

/**
 * Libraries that only some processes or requests need, loaded on first use so a server at rest
 * does not carry them (issue 13: memory right after start). sharp (image work) is ~10 MB of RSS,
 * ioredis ~5 MB. The database drivers load the same way from `db/drivers.ts` (db imports no lib).
 */
const require = createRequire(import.meta.url);

let sharpModule: Promise<typeof import('sharp')> | undefined;
export async function loadSharp(): Promise<typeof import('sharp')> {
  sharpModule ??= import('sharp').then((m) => m.default);
  return sharpModule;
}

export const loadIoredis = (): typeof import('ioredis') => require('ioredis');
