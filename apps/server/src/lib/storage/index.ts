import type { Readable } from 'node:stream';
import type { Config } from '../../config.js';
import { LocalStorage } from './local.js';
import { S3Storage } from './s3.js';

export interface StoredObject {
  body: Readable;
  size: number | undefined;
  contentType: string | undefined;
}

/**
 * Where uploaded and generated media live. Names are content hashes (`<hash>.webp`,
 * `<hash>-w480.webp`), so an object is written once and never changes. Two adapters: the local
 * disk (one process, the default) and S3-compatible object storage (every node sees every file).
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** Writes `data` under `name` unless an object of that name exists. */
  putOnce(name: string, data: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  get(name: string): Promise<StoredObject | null>;
  exists(name: string): Promise<boolean>;
  /** Deletes the object; nothing happens when there is none (a deleted account's picture, issue 21). */
  remove(name: string): Promise<void>;
  /** Every object name (for copying between storages), or those that begin with `prefix`. */
  list(prefix?: string): AsyncIterable<string>;
  /** Resolves when the storage answers (readiness). */
  check(): Promise<void>;
  close(): void;
}

/** A valid object name: what the media service writes, nothing with a path in it. */
export const OBJECT_NAME = /^[a-zA-Z0-9][a-zA-Z0-9._-]{0,127}$/;

export function createStorage(config: Config): MediaStorage {
  const s3 = config.mediaS3;
  return s3 ? new S3Storage(s3) : new LocalStorage(config.uploadsDir);
}

export { LocalStorage } from './local.js';
export { type S3Settings, S3Storage } from './s3.js';
