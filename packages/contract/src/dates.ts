/**
 * Issue 40, finding 2: the times the API takes. An embargo given as `"20266-11-30"` or
 * `"+275760-09-13T00:00:00Z"` was accepted (`Date.parse` reads both) and stored as
 * `+020266-…`/`+275760-…`, which sorts before `2026-…`: the scheduler published it on its next run.
 * Every time the API takes is RFC 3339 (`2026-11-30T08:00:00Z`, `…+01:00`), with a four-digit year
 * in API_YEAR_MIN–API_YEAR_MAX and a real calendar date, and is stored in one form
 * (`toISOString()`: UTC, milliseconds, `Z`), so that comparing two stored times as text compares
 * them as times, on SQLite and PostgreSQL alike. Browser-safe, no zod.
 */

export const API_YEAR_MIN = 1970;
export const API_YEAR_MAX = 2100;

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;
const FULL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

const validDate = (y: number, m: number, d: number) =>
  y >= API_YEAR_MIN && y <= API_YEAR_MAX && m >= 1 && m <= 12 && d >= 1 && d <= daysIn(y, m);

/** Milliseconds since 1970 of an RFC 3339 date-time in range, or null. */
export function parseApiTime(value: string): number | null {
  const m = RFC3339.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (!validDate(y, mo, d) || h > 23 || mi > 59 || s > 59) return null;
  const offsetMin = m[8] ? 0 : (m[9] === '-' ? -1 : 1) * (Number(m[10]) * 60 + Number(m[11]));
  if (!m[8] && (Number(m[10]) > 23 || Number(m[11]) > 59)) return null;
  const ms = m[7] ? Number(m[7].slice(0, 3).padEnd(3, '0')) : 0;
  const t = Date.UTC(y, mo - 1, d, h, mi, s, ms) - offsetMin * 60_000;
  const year = new Date(t).getUTCFullYear();
  // An offset may carry the first or last instant of the range over its edge.
  return year >= API_YEAR_MIN && year <= API_YEAR_MAX ? t : null;
}

/** The stored form of an API time (`2026-11-30T07:00:00.000Z`), or null when it is not one. */
export function canonicalApiTime(value: string): string | null {
  const t = parseApiTime(value);
  return t === null ? null : new Date(t).toISOString();
}

/** Whether a value is a calendar date `YYYY-MM-DD` in range (search filters). */
export function isApiDate(value: string): boolean {
  const m = FULL_DATE.exec(value);
  return m !== null && validDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** Whether a stored time is in the one stored form (what every comparison of times relies on). */
export function isCanonicalTime(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value) && canonicalApiTime(value) === value;
}

export const DATES_MSG = {
  badTime: `Ogiltig tidpunkt: skriv datum och tid som 2026-11-30T08:00:00Z eller 2026-11-30T09:00:00+01:00 (år ${API_YEAR_MIN}–${API_YEAR_MAX}).`,
  badDate: `Ogiltigt datum: skriv det som 2026-11-30 (år ${API_YEAR_MIN}–${API_YEAR_MAX}).`,
} as const;

/** How to write a time, for messages that name the field first. */
export const DATES_HINT = `skriv den som 2026-11-30T08:00:00Z eller 2026-11-30T09:00:00+01:00 (år ${API_YEAR_MIN}–${API_YEAR_MAX})`;

/** The first stored time in range: every stored time sorts at or after it, as text and as time. */
export const API_TIME_FLOOR = `${API_YEAR_MIN}-01-01T00:00:00.000Z`;
