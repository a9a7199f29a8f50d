import { stockholmWallClock, stockholmWallToUtc } from '@vaggen/contract';

/** "2026-06-01T08:30" as the wall clock in Stockholm shows the instant. */
export function isoToStockholmLocal(iso: string): string {
  const t = new Date(iso).getTime();
  if (Number.isNaN(t)) return '';
  const w = stockholmWallClock(t);
  return `${w.year}-${w.month}-${w.day}T${w.hour}:${w.minute}`;
}

/** A Stockholm wall-clock time ("2026-06-01T08:30", as a datetime-local input gives it) → ISO UTC; null if invalid. */
export function stockholmLocalToIso(local: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const t = stockholmWallToUtc(+m[1]!, +m[2]!, +m[3]!, +m[4]!, +m[5]!);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}
