/**
 * What a refused write means, on both databases: the error codes of PostgreSQL (`pg`) and SQLite
 * (`better-sqlite3`). Services turn these into their own 4xx answers.
 */
const codeOf = (err: unknown) => (err as { code?: unknown } | null)?.code;

/** A unique index refused the row (PostgreSQL unique_violation 23505). */
export const isUniqueViolation = (err: unknown) => {
  const code = codeOf(err);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

/** A foreign key refused the row: what it points at is gone (PostgreSQL foreign_key_violation 23503). */
export const isForeignKeyViolation = (err: unknown) => {
  const code = codeOf(err);
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
};
