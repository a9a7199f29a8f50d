import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The shared reference data folder (`../shared/data` beside the repository, or SHARED_DATA_DIR).
 * Tests read PubChem's and NUBASE2020's tables from there; they are never copied into the repository.
 */
export const SHARED_DATA_DIR =
  process.env.SHARED_DATA_DIR ??
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../../shared/data');

export function sharedFile(name: string): string | null {
  const file = path.join(SHARED_DATA_DIR, name);
  if (fs.existsSync(file)) return file;
  console.warn(`SKIPPED: ${file} not found, so the tests that need it are skipped.`);
  return null;
}

/** Minimal CSV reader for PubChem's file (quoted fields, commas inside quotes). */
export function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const out: string[] = [];
    let cur = '';
    let quoted = false;
    for (const ch of line) {
      if (ch === '"') quoted = !quoted;
      else if (ch === ',' && !quoted) {
        out.push(cur);
        cur = '';
      } else cur += ch;
    }
    out.push(cur);
    rows.push(out);
  }
  const [head = [], ...body] = rows;
  return body.map((r) => Object.fromEntries(head.map((h, i) => [h, r[i] ?? ''])));
}
