import { stockholmWallToUtc } from '@vaggen/contract';

/**
 * A Stockholm wall-clock time ("2026-06-01T06:00", as a datetime-local input gives it) → ISO UTC;
 * null if invalid. (The same rule as the newsroom editor's schedule field, for any feature.)
 */
export function stockholmLocalToIso(local: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const t = stockholmWallToUtc(+m[1]!, +m[2]!, +m[3]!, +m[4]!, +m[5]!);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}
