import { createRequire } from 'node:module';

/**
 * Libraries that only some processes or requests need, loaded on first use so a server at rest
 * does not carry them (issue 13: memory right after start). sharp (image work) is ~10 MB of RSS,
 * ioredis ~5 MB, nodemailer, the S3 client and the password dictionary together ~10 MB of heap. The database drivers load the same way from `db/drivers.ts` (db imports no lib).
 */
const require = createRequire(import.meta.url);

let sharpModule: Promise<typeof import('sharp')> | undefined;
export async function loadSharp(): Promise<typeof import('sharp')> {
  sharpModule ??= import('sharp').then((m) => {
    const sharp = m.default;
    // libvips' operation cache (up to 50 MB by default) only helps when one image is processed
    // again; every upload and seed picture here is new, so it would only hold memory that the
    // process then keeps (issue 13: ~110 MB of RSS after seeding the demo paper).
    sharp.cache(false);
    return sharp;
  });
  return sharpModule;
}

export const loadIoredis = (): typeof import('ioredis') => require('ioredis');
/** nodemailer: only a process that sends mail loads it (~3 MB of heap). */
export const loadNodemailer = (): typeof import('nodemailer') => require('nodemailer');
/** The AWS S3 client: only with S3 storage configured (~4 MB of heap, ~20 MB of RSS). */
export const loadS3Sdk = (): typeof import('@aws-sdk/client-s3') => require('@aws-sdk/client-s3');
/** zxcvbn's dictionaries: only when a new password is checked against the common list. */
export const loadPasswordDictionary = (): typeof import('@zxcvbn-ts/language-common') =>
  require('@zxcvbn-ts/language-common');
