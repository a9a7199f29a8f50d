/**
 * The paper's clock (issue 19: one home). Every calendar day, wall-clock time and UTC offset the
 * paper shows, schedules or counts by is Stockholm's: the newsroom's schedule, Morgonbrevet's 07:00,
 * search's date filters, the readership's days, the JSON-LD dates. Browser-safe; each formatter is
 * made once (making one costs ~0.1 ms).
 */
export const TIME_ZONE = 'Europe/Stockholm';

// Made on first use, not at import: a module without side effects is dropped from the bundles of
// the pages that do not use it (a formatter made at import kept ~6 KB of the contract in the reader's).
let wallFormat: Intl.DateTimeFormat | undefined;
const wall = () =>
  (wallFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }));

/** What a clock in Stockholm shows, each part zero-padded ("2026", "03", "01", "11", "00", "00"). */
export interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/** What a clock in Stockholm shows at instant `t` (ms since the epoch). */
export function stockholmWallClock(t: number): WallClock {
  const p: Record<string, string> = {};
  for (const x of wall().formatToParts(new Date(t))) p[x.type] = x.value;
  // some engines write midnight as "24" even with h23
  const hour = p.hour === '24' ? '00' : (p.hour ?? '00');
  return {
    year: p.year ?? '',
    month: p.month ?? '',
    day: p.day ?? '',
    hour,
    minute: p.minute ?? '',
    second: p.second ?? '',
  };
}

/** Stockholm's offset from UTC at instant `t`, in ms: +1 h in winter, +2 h in summer. */
export function stockholmOffsetMs(t: number): number {
  return offsetOf(stockholmWallClock(t), t);
}

/** The offset a wall clock `w` read at instant `t` shows. */
function offsetOf(w: WallClock, t: number): number {
  const shown = Date.UTC(+w.year, +w.month - 1, +w.day, +w.hour, +w.minute, +w.second);
  return shown - Math.floor(t / 1000) * 1000;
}

/** The Swedish calendar day of instant `t`: YYYY-MM-DD. */
export function stockholmDay(t: number): string {
  const w = stockholmWallClock(t);
  return `${w.year}-${w.month}-${w.day}`;
}

/**
 * The instant (ms) when the clock in Stockholm shows `hour`:`minute` on that day, summer time
 * included: the offset at a first guess, then at the corrected instant (they differ only around a
 * change). A time the spring change skips lands an hour later, as clocks do.
 */
export function stockholmWallToUtc(year: number, month: number, day: number, hour = 0, minute = 0): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const first = wall - stockholmOffsetMs(wall);
  return wall - stockholmOffsetMs(first);
}

/** An instant as Stockholm time with its offset written out (2026-03-01T11:00:00+01:00), as Google asks. */
export function stockholmIsoWithOffset(at: string | number | Date): string {
  const t = new Date(at).getTime();
  const w = stockholmWallClock(t);
  const offsetMin = Math.round(offsetOf(w, t) / 60_000);
  const abs = Math.abs(offsetMin);
  const offset = `${offsetMin >= 0 ? '+' : '-'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${w.year}-${w.month}-${w.day}T${w.hour}:${w.minute}:${w.second}${offset}`;
}

let shortFormat: Intl.DateTimeFormat | undefined;

/** "2026-11-27 09:15": a moment as the newsroom's lists and messages show it; unreadable input as given. */
export function formatShortDateTime(at: string | number | Date): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return String(at);
  shortFormat ??= new Intl.DateTimeFormat('sv-SE', { dateStyle: 'short', timeStyle: 'short', timeZone: TIME_ZONE });
  return shortFormat.format(d);
}
