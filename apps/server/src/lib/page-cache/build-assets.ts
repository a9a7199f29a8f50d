import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/index.js';
import { preferredEncoding } from './accept-encoding.js';

/** A kept asset of an earlier (or later) build, as sent. */
export interface KeptAsset {
  contentType: string;
  body: Buffer;
  br: Buffer | null;
  gz: Buffer | null;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** The longest address kept (the column's size). */
const MAX_PATH = 300;

/**
 * Issue 46 (decision 051), skew protection: the hashed client assets (scripts, styles) of the last few
 * builds, kept in the database every node shares, so a page of an earlier build — served while the
 * new build re-renders it, or open in a reader's browser since before the deploy — still loads its
 * scripts from any node, however stateless. Each node serves its own build's files from its disk;
 * an address it does not have is looked up here. An asset's name carries its content's hash, so one
 * row serves every build that has it; `build_at` says the newest of them, and an asset no kept build
 * has is purged.
 */
export class BuildAssets {
  private readonly memory = new Map<string, KeptAsset>();
  private memoryBytes = 0;

  constructor(
    private readonly db: Db,
    /** Bound on the bytes of assets read from the database kept in memory (default 16 MB). */
    private readonly maxMemoryBytes = 16 * 1024 * 1024,
  ) {}

  /**
   * Copies the client build's `assets/` into the table (only the files it does not have yet) and
   * marks every one of them as used by the build started at `buildAt`. Returns how many were added.
   */
  async register(clientDir: string, buildAt: number): Promise<{ added: number; total: number }> {
    const dir = path.join(clientDir, 'assets');
    if (!fs.existsSync(dir)) return { added: 0, total: 0 };
    const files = fs
      .readdirSync(dir)
      .filter((f) => !f.endsWith('.br') && !f.endsWith('.gz') && TYPES[path.extname(f)] !== undefined)
      .map((f) => ({ file: path.join(dir, f), address: `/assets/${f}` }))
      .filter((f) => f.address.length <= MAX_PATH);
    let added = 0;
    for (let i = 0; i < files.length; i += 200) {
      const chunk = files.slice(i, i + 200);
      const addresses = chunk.map((f) => f.address);
      const have = new Set(
        (await this.db.selectFrom('build_assets').select('path').where('path', 'in', addresses).execute()).map(
          (r) => r.path,
        ),
      );
      if (have.size > 0) {
        await this.db
          .updateTable('build_assets')
          .set({ build_at: buildAt })
          .where('path', 'in', [...have])
          .where('build_at', '<', buildAt)
          .execute();
      }
      for (const f of chunk) {
        if (have.has(f.address)) continue;
        const read = (p: string) => (fs.existsSync(p) ? fs.readFileSync(p) : null);
        await this.db
          .insertInto('build_assets')
          .values({
            path: f.address,
            content_type: TYPES[path.extname(f.file)] as string,
            body: fs.readFileSync(f.file),
            body_br: read(`${f.file}.br`),
            body_gz: read(`${f.file}.gz`),
            build_at: buildAt,
          })
          .onConflict((oc) => oc.column('path').doNothing())
          .execute();
        added++;
      }
    }
    return { added, total: files.length };
  }

  /** A kept asset by its address (`/assets/…`), from memory when it was read lately. */
  async get(address: string): Promise<KeptAsset | undefined> {
    if (address.length > MAX_PATH || !address.startsWith('/assets/')) return undefined;
    const known = this.memory.get(address);
    if (known) {
      this.memory.delete(address);
      this.memory.set(address, known);
      return known;
    }
    const row = await this.db
      .selectFrom('build_assets')
      .select(['content_type', 'body', 'body_br', 'body_gz'])
      .where('path', '=', address)
      .executeTakeFirst();
    // Not remembered when absent: a later build's node may add it in a moment (a rolling deploy).
    if (!row) return undefined;
    const asset: KeptAsset = {
      contentType: row.content_type,
      body: Buffer.from(row.body),
      br: row.body_br ? Buffer.from(row.body_br) : null,
      gz: row.body_gz ? Buffer.from(row.body_gz) : null,
    };
    const bytes = asset.body.length + (asset.br?.length ?? 0) + (asset.gz?.length ?? 0);
    if (bytes <= this.maxMemoryBytes / 4) {
      this.memory.set(address, asset);
      this.memoryBytes += bytes;
      while (this.memoryBytes > this.maxMemoryBytes) {
        const oldest = this.memory.keys().next().value;
        if (oldest === undefined) break;
        const gone = this.memory.get(oldest);
        this.memory.delete(oldest);
        if (gone) this.memoryBytes -= gone.body.length + (gone.br?.length ?? 0) + (gone.gz?.length ?? 0);
      }
    }
    return asset;
  }

  /** Deletes up to `limit` assets that no build started at or after `since` has; returns how many. */
  async purge(since: number, limit = 500): Promise<number> {
    const rows = await this.db
      .selectFrom('build_assets')
      .select('path')
      .where('build_at', '<', since)
      .limit(limit)
      .execute();
    if (rows.length === 0) return 0;
    await this.db
      .deleteFrom('build_assets')
      .where(
        'path',
        'in',
        rows.map((r) => r.path),
      )
      .where('build_at', '<', since)
      .execute();
    return rows.length;
  }
}

/** The body of an asset in the best encoding the client takes. */
export function assetBody(asset: KeptAsset, acceptEncoding: string | undefined): { body: Buffer; encoding?: string } {
  const wanted = preferredEncoding(acceptEncoding);
  if (wanted === 'br' && asset.br) return { body: asset.br, encoding: 'br' };
  if (wanted === 'gzip' && asset.gz) return { body: asset.gz, encoding: 'gzip' };
  return { body: asset.body };
}
