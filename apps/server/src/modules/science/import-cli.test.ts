/**
 * `npm run import:nuclides -- <file-or-URL>` end to end: the real command, on the real NUBASE2020 file,
 * into a fresh SQLite database (the in-process importer is tested on both databases in science.test.ts).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { sharedFile } from '../../../test/fixtures/science-data.js';

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaggen-import-cli-'));

/** Runs the npm script; resolves with its exit code and output instead of throwing on failure. */
async function importNuclides(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL; // always the scratch SQLite file in DATA_DIR
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', 'import:nuclides', '--', ...args], {
      cwd: repoRoot,
      env,
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('npm run import:nuclides', () => {
  const nubase = sharedFile('nubase_4.mas20.txt');

  it.skipIf(!nubase)(
    'imports every ground state and isomer of the real NUBASE2020 file into the database',
    async () => {
      const res = await importNuclides(nubase as string);
      expect(res.stderr.replace(/npm warn[^\n]*\n?/g, '')).toBe('');
      expect(res.code).toBe(0);
      const m = res.stdout.match(/Imported (\d+) ground states and (\d+) isomers from .* into sqlite/);
      expect(m, res.stdout).not.toBeNull();
      expect(Number(m?.[1])).toBeGreaterThanOrEqual(3300);

      const db = new Database(path.join(dataDir, 'vaggen.db'), { readonly: true });
      try {
        const count = db.prepare('select count(*) as n from nuclides where isomer_index = 0').get() as { n: number };
        expect(count.n).toBe(Number(m?.[1]));
        const row = (z: number, a: number) =>
          db
            .prepare(
              'select half_life, abundance, stable from nuclides where atomic_number = ? and mass_number = ? and isomer_index = 0',
            )
            .get(z, a) as { half_life: string; abundance: number | null; stable: number };
        expect(row(6, 14).half_life).toBe('5700 years');
        expect(row(92, 238).half_life).toBe('4.463e9 years');
        expect(row(19, 40).abundance).toBe(0.0117);
        expect(row(17, 35)).toMatchObject({ stable: 1 });
        expect(row(17, 35).abundance).toBeCloseTo(75.76, 1); // NUBASE2020: 75.8(2) %, IUPAC 75.76(10) %
        const isomers = db.prepare('select count(*) as n from nuclides where isomer_index > 0').get() as { n: number };
        expect(isomers.n).toBe(Number(m?.[2]));
        const imports = db.prepare('select source, ground_states from nuclide_imports').all();
        expect(imports).toEqual([{ source: 'NUBASE2020: nubase_4.mas20.txt', ground_states: Number(m?.[1]) }]);
      } finally {
        db.close();
      }
    },
    120_000,
  );

  it('explains its usage without an argument, and refuses a file that is not a NUBASE table', async () => {
    const usage = await importNuclides();
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run import:nuclides -- <nubase_4.mas20.txt file or http(s) URL>');

    const wrong = await importNuclides(path.join(repoRoot, 'package.json'));
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('Not a NUBASE2020 table');

    const missing = await importNuclides(path.join(dataDir, 'no-such-file.txt'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('ENOENT');
  }, 120_000);
});
