import { describe, expect, it } from 'vitest';
import {
  formatShortDateTime,
  stockholmDay,
  stockholmIsoWithOffset,
  stockholmOffsetMs,
  stockholmWallClock,
  stockholmWallTime,
  stockholmWallToUtc,
} from './stockholm.js';

const at = (iso: string) => Date.parse(iso);
const H = 3600_000;

/** The paper's clock, written once for the server and the browser (issue 19). */
describe('Stockholm time', () => {
  it('knows the offset in winter and summer, and on both sides of each change (2026: 29 March, 25 October, 01:00 UTC)', () => {
    expect(stockholmOffsetMs(at('2026-01-15T12:00:00Z'))).toBe(H);
    expect(stockholmOffsetMs(at('2026-07-01T12:00:00Z'))).toBe(2 * H);
    expect(stockholmOffsetMs(at('2026-03-29T00:59:59Z'))).toBe(H);
    expect(stockholmOffsetMs(at('2026-03-29T01:00:00Z'))).toBe(2 * H);
    expect(stockholmOffsetMs(at('2026-10-25T00:59:59Z'))).toBe(2 * H);
    expect(stockholmOffsetMs(at('2026-10-25T01:00:00Z'))).toBe(H);
  });

  it('names the Swedish day, which starts an hour or two before UTC’s', () => {
    expect(stockholmDay(at('2026-01-14T22:59:59Z'))).toBe('2026-01-14');
    expect(stockholmDay(at('2026-01-14T23:00:00Z'))).toBe('2026-01-15');
    expect(stockholmDay(at('2026-06-30T22:00:00Z'))).toBe('2026-07-01');
    // midnight is "00", never "24"
    expect(stockholmWallClock(at('2026-01-14T23:00:00Z'))).toEqual({
      year: '2026',
      month: '01',
      day: '15',
      hour: '00',
      minute: '00',
      second: '00',
    });
  });

  it('turns a wall-clock time into the instant, across the changes; a skipped time lands an hour later', () => {
    const iso = (...a: Parameters<typeof stockholmWallToUtc>) => new Date(stockholmWallToUtc(...a)).toISOString();
    expect(iso(2026, 1, 15)).toBe('2026-01-14T23:00:00.000Z');
    expect(iso(2026, 7, 1, 7)).toBe('2026-07-01T05:00:00.000Z');
    expect(iso(2026, 3, 29)).toBe('2026-03-28T23:00:00.000Z');
    expect(iso(2026, 3, 29, 7)).toBe('2026-03-29T05:00:00.000Z');
    expect(iso(2026, 3, 29, 2, 30)).toBe('2026-03-29T01:30:00.000Z');
    expect(iso(2026, 10, 25)).toBe('2026-10-24T22:00:00.000Z');
    expect(iso(2026, 10, 25, 7)).toBe('2026-10-25T06:00:00.000Z');
    expect(iso(2026, 12, 31, 23, 59)).toBe('2026-12-31T22:59:00.000Z');
  });

  it('writes an instant with its Swedish offset, as Google asks for article dates', () => {
    expect(stockholmIsoWithOffset('2026-03-01T10:00:00.000Z')).toBe('2026-03-01T11:00:00+01:00');
    expect(stockholmIsoWithOffset('2026-07-01T10:00:05Z')).toBe('2026-07-01T12:00:05+02:00');
    expect(stockholmIsoWithOffset('2026-12-31T23:30:00Z')).toBe('2027-01-01T00:30:00+01:00');
  });

  it('shows a moment short, as the newsroom’s lists do; what is not a time stays as given', () => {
    expect(formatShortDateTime('2026-11-27T08:15:00Z')).toBe('2026-11-27 09:15');
    expect(formatShortDateTime('2026-06-01T22:30:00Z')).toBe('2026-06-02 00:30');
    expect(formatShortDateTime('inte ett datum')).toBe('inte ett datum');
  });
});

/** Decision 044: the rules written out agree with the platform's tz database (ICU), hour by hour. */
describe('Stockholm time without Intl', () => {
  const icu = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Stockholm',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const icuOffset = (t: number) => {
    const p: Record<string, string> = {};
    for (const x of icu.formatToParts(new Date(t))) p[x.type] = x.value;
    const shown = Date.UTC(+p.year, +p.month - 1, +p.day, p.hour === '24' ? 0 : +p.hour, +p.minute, +p.second);
    return shown - t;
  };

  it('gives the tz database’s offset for every hour around each change, 1970–2045, and at noon every day', () => {
    const wrong: string[] = [];
    for (let year = 1970; year <= 2045; year++) {
      const hours: number[] = [];
      for (const [from, to] of [
        [Date.UTC(year, 2, 20), Date.UTC(year, 3, 10)],
        [Date.UTC(year, 8, 20), Date.UTC(year, 10, 1)],
      ]) {
        for (let t = from; t < to; t += H) hours.push(t);
      }
      for (let t = Date.UTC(year, 0, 1, 12); t < Date.UTC(year + 1, 0, 1); t += 24 * H) hours.push(t);
      for (const t of hours) {
        if (stockholmOffsetMs(t) !== icuOffset(t)) wrong.push(new Date(t).toISOString());
      }
    }
    expect(wrong).toEqual([]);
  });

  it('gives the wall clock and weekday of an instant, seconds cut as a clock shows them', () => {
    expect(stockholmWallTime(at('2026-03-29T00:59:59.999Z'))).toEqual({
      year: 2026,
      month: 3,
      day: 29,
      hour: 1,
      minute: 59,
      second: 59,
      weekday: 0,
    });
    expect(stockholmWallTime(at('2026-03-29T01:00:00Z'))).toMatchObject({ hour: 3, minute: 0, weekday: 0 });
    expect(stockholmWallTime(at('1995-09-24T00:30:00Z'))).toMatchObject({ month: 9, day: 24, hour: 2 });
    expect(stockholmWallTime(at('1995-09-24T01:30:00Z'))).toMatchObject({ month: 9, day: 24, hour: 2 });
    expect(() => stockholmWallTime(Number.NaN)).toThrow(RangeError);
  });
});
