/**
 * The paper's clock (issue 19: one home). Every calendar day, wall-clock time and UTC offset the
 * paper shows, schedules or counts by is Stockholm's: the newsroom's schedule, Morgonbrevet's 07:00,
 * search's date filters, the readership's days, the JSON-LD dates. Browser-safe, and without `Intl`.
 */
export const TIME_ZONE = 'Europe/Stockholm';

const HOUR = 3_600_000;

/** 01:00 UTC on the last Sunday of `month` (0-based) of `year`. */
function lastSundayAt1Utc(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
}

/**
 * Stockholm's offset from UTC at instant `t`, in ms: +1 h in winter, +2 h in summer.
 *
 * Sweden's rules as the tz database has them (zone Europe/Stockholm: CET until 1980, then the EU's
 * rules): summer time from 01:00 UTC on the last Sunday of March (1980: the first Sunday of April)
 * to 01:00 UTC on the last Sunday of September (until 1995) or of October (since 1996). Written
 * out rather than asked of `Intl`: the first `Intl.DateTimeFormat` a browser tab makes loads ICU's
 * data, 20–80 ms of the main thread on a reader's first page (decision 044); the test compares these
 * rules with the platform's tz database hour by hour, so a change of the rules shows there.
 */
export function stockholmOffsetMs(t: number): number {
  if (!Number.isFinite(t)) throw new RangeError('Invalid time value');
  const year = new Date(t).getUTCFullYear();
  if (year < 1980) return HOUR;
  const start = year === 1980 ? Date.UTC(1980, 3, 6, 1) : lastSundayAt1Utc(year, 2);
  const end = lastSundayAt1Utc(year, year < 1996 ? 8 : 9);
  return t >= start && t < end ? 2 * HOUR : HOUR;
}

/** What a clock in Stockholm shows, each part zero-padded ("2026", "03", "01", "11", "00", "00"). */
export interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/** What a clock in Stockholm shows at instant `t`, as numbers (month 1–12; weekday 0 = Sunday). */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

/** What a clock in Stockholm shows at instant `t` (ms since the epoch), as numbers. */
export function stockholmWallTime(t: number): WallTime {
  const d = new Date(Math.floor(t / 1000) * 1000 + stockholmOffsetMs(t));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    weekday: d.getUTCDay(),
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/** What a clock in Stockholm shows at instant `t` (ms since the epoch). */
export function stockholmWallClock(t: number): WallClock {
  const w = stockholmWallTime(t);
  return {
    year: String(w.year),
    month: two(w.month),
    day: two(w.day),
    hour: two(w.hour),
    minute: two(w.minute),
    second: two(w.second),
  };
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
  const offsetMin = Math.round(stockholmOffsetMs(t) / 60_000);
  const abs = Math.abs(offsetMin);
  const offset = `${offsetMin >= 0 ? '+' : '-'}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
  return `${w.year}-${w.month}-${w.day}T${w.hour}:${w.minute}:${w.second}${offset}`;
}

/** "2026-11-27 09:15": a moment as the newsroom's lists and messages show it; unreadable input as given. */
export function formatShortDateTime(at: string | number | Date): string {
  const t = new Date(at).getTime();
  if (Number.isNaN(t)) return String(at);
  const w = stockholmWallClock(t);
  return `${w.year}-${w.month}-${w.day} ${w.hour}:${w.minute}`;
}
