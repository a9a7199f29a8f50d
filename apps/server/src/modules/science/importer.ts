import fs from 'node:fs/promises';
import path from 'node:path';
import { parseNubase } from './nubase.js';
import type { ImportResult, ScienceService } from './service.js';

const MAX_BYTES = 20 * 1024 * 1024;

/** Reads a NUBASE2020 table from a file path or an http(s) URL. */
export async function readNubaseSource(fileOrUrl: string, timeoutMs = 60_000): Promise<string> {
  if (/^https?:\/\//i.test(fileOrUrl)) {
    const res = await fetch(fileOrUrl, { signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) throw new Error(`Could not download ${fileOrUrl}: HTTP ${res.status}`);
    const text = await res.text();
    if (text.length > MAX_BYTES) throw new Error(`${fileOrUrl} is larger than ${MAX_BYTES} bytes`);
    return text;
  }
  const stat = await fs.stat(fileOrUrl);
  if (stat.size > MAX_BYTES) throw new Error(`${fileOrUrl} is larger than ${MAX_BYTES} bytes`);
  return fs.readFile(fileOrUrl, 'utf8');
}

/** Parses the table and replaces the stored nuclides with it. Throws NubaseFormatError on a wrong file. */
export async function importNubase(science: ScienceService, fileOrUrl: string): Promise<ImportResult> {
  const text = await readNubaseSource(fileOrUrl);
  const { records } = parseNubase(text);
  const name = /^https?:\/\//i.test(fileOrUrl) ? fileOrUrl : path.basename(fileOrUrl);
  return science.importNuclides(records, `NUBASE2020: ${name}`);
}
