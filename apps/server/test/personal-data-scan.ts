import { sql } from 'kysely';
import type { DbHandle } from '../src/db/index.js';

export interface Hit {
  table: string;
  column: string;
  needle: string;
  rows: number;
}

/**
 * Every column of every table in the database — read from the database's own catalogue
 * (`sqlite_master` + `pragma table_info`, or `information_schema`), so a table added later is
 * searched without anyone listing it — searched case-insensitively for each needle (a username,
 * e-mail, full name). Issue 21: after an account is deleted, nothing may still hold them.
 */
export async function findText(dbh: DbHandle, needles: string[]): Promise<Hit[]> {
  const db = dbh.db;
  const columns: { table: string; column: string }[] = [];
  if (dbh.dialect === 'sqlite') {
    const tables = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.execute(db);
    for (const { name } of tables.rows) {
      const cols = await sql<{ name: string }>`SELECT name FROM pragma_table_info(${name})`.execute(db);
      for (const c of cols.rows) columns.push({ table: name, column: c.name });
    }
  } else {
    const cols = await sql<{ table_name: string; column_name: string }>`
      SELECT c.table_name, c.column_name FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'`.execute(db);
    for (const c of cols.rows) columns.push({ table: c.table_name, column: c.column_name });
  }
  if (columns.length < 20) throw new Error(`the catalogue listed only ${columns.length} columns`);
  const hits: Hit[] = [];
  for (const { table, column } of columns) {
    for (const needle of needles) {
      const text =
        dbh.dialect === 'sqlite'
          ? sql`instr(lower(CAST(${sql.ref(column)} AS TEXT)), ${needle.toLowerCase()}) > 0`
          : sql`strpos(lower(CAST(${sql.ref(column)} AS TEXT)), ${needle.toLowerCase()}) > 0`;
      const r = await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM ${sql.table(table)} WHERE ${text}`.execute(
        db,
      );
      const n = Number(r.rows[0]?.n ?? 0);
      if (n > 0) hits.push({ table, column, needle, rows: n });
    }
  }
  return hits;
}

/** The number of tables the scan reads (the test asserts the catalogue really listed them). */
export async function tableNames(dbh: DbHandle): Promise<string[]> {
  if (dbh.dialect === 'sqlite') {
    const r = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.execute(dbh.db);
    return r.rows.map((x) => x.name);
  }
  const r = await sql<{ table_name: string }>`SELECT table_name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(dbh.db);
  return r.rows.map((x) => x.table_name);
}
