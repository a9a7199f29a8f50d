import { NEWSROOM_TIME_ZONE } from '@vaggen/contract';

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: NEWSROOM_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "2026-06-01T08:30" as the wall clock in Stockholm shows the instant. */
export function isoToStockholmLocal(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = Object.fromEntries(parts.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** A Stockholm wall-clock time ("2026-06-01T08:30", as a datetime-local input gives it) → ISO UTC; null if invalid. */
export function stockholmLocalToIso(local: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const wall = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!);
  // The zone's offset at that moment (twice, for the hours around a DST change).
  let t = wall;
  for (let i = 0; i < 2; i++) {
    const shown = Date.parse(`${isoToStockholmLocal(new Date(t).toISOString())}:00Z`);
    t = wall - (shown - t);
  }
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}
