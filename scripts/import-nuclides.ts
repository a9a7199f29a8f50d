/**
 * Imports the NUBASE2020 nuclide table into the database (DATABASE_URL or the SQLite file in DATA_DIR):
 *
 *   npm run import:nuclides -- ../shared/data/nubase_4.mas20.txt
 *   npm run import:nuclides -- https://example.org/nubase_4.mas20.txt
 *
 * Every ground state and isomer replaces the previous import in one transaction; the isotope pages then
 * use the full table instead of the built-in selection. Running servers see the new data at once.
 */
import { loadConfig } from '../apps/server/src/config.js';
import { openDb } from '../apps/server/src/db/index.js';
import { importNubase } from '../apps/server/src/modules/science/importer.js';
import { NubaseFormatError } from '../apps/server/src/modules/science/nubase.js';
import { ScienceService } from '../apps/server/src/modules/science/service.js';

async function main(): Promise<number> {
  const source = process.argv[2];
  if (!source || source === '--help' || source === '-h') {
    console.error('Usage: npm run import:nuclides -- <nubase_4.mas20.txt file or http(s) URL>');
    return source ? 0 : 2;
  }
  const config = loadConfig();
  const dbh = openDb(config.database);
  try {
    await dbh.migrate();
    const started = Date.now();
    const result = await importNubase(new ScienceService(dbh.db), source);
    console.log(
      `Imported ${result.groundStates} ground states and ${result.isomers} isomers from ${source} ` +
        `into ${config.database.kind} in ${Date.now() - started} ms.`,
    );
    return 0;
  } catch (err) {
    if (err instanceof NubaseFormatError) console.error(`Not a NUBASE2020 table: ${err.message}`);
    else console.error(err instanceof Error ? err.message : err);
    return 1;
  } finally {
    await dbh.close();
  }
}

main().then((code) => process.exit(code));
