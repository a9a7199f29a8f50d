import { createReadStream, mkdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MediaStorage, StoredObject } from './index.js';

/** Files in DATA_DIR/uploads, written atomically (temp file + rename). */
export class LocalStorage implements MediaStorage {
  readonly kind = 'local';

  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  private file(name: string): string {
    return path.join(this.dir, path.basename(name));
  }

  async exists(name: string): Promise<boolean> {
    try {
      await fs.access(this.file(name));
      return true;
    } catch {
      return false;
    }
  }

  async putOnce(name: string, data: Buffer, _contentType?: string): Promise<void> {
    if (await this.exists(name)) return;
    await fs.mkdir(this.dir, { recursive: true });
    const target = this.file(name);
    const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(tmp, data);
    await fs.rename(tmp, target);
  }

  async remove(name: string): Promise<void> {
    await fs.rm(this.file(name), { force: true });
  }

  async get(name: string): Promise<StoredObject | null> {
    try {
      const stat = await fs.stat(this.file(name));
      return { body: createReadStream(this.file(name)), size: stat.size, contentType: contentTypeOf(name) };
    } catch {
      return null;
    }
  }

  async *list(prefix = ''): AsyncIterable<string> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir);
    } catch {
      return;
    }
    for (const n of names.sort()) if (n.startsWith(prefix) && !n.endsWith('.tmp')) yield n;
  }

  async check(): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    await fs.access(this.dir, fs.constants.W_OK);
  }

  close(): void {}
}

export function contentTypeOf(name: string): string {
  const ext = path.extname(name).toLowerCase();
  return (
    { '.webp': 'image/webp', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.avif': 'image/avif' }[
      ext
    ] ?? 'application/octet-stream'
  );
}
