import { describe, expect, it } from 'vitest';
import { formatArticleDate, formatDate, formatDateTime, formatLongDate, formatShortDate } from './format';
import { fullDateTime, relativeTime } from './relativeTime';

/** Decision 044: Swedish dates written without Intl, as sv-SE's CLDR forms, in Stockholm time. */
describe('Swedish dates', () => {
  it('writes the header’s day with its weekday, in Stockholm (a day that has begun there but not in UTC)', () => {
    expect(formatLongDate(new Date('2026-03-01T08:05:00Z'))).toBe('söndag 1 mars 2026');
    expect(formatLongDate(new Date('2026-11-29T23:30:00Z'))).toBe('måndag 30 november 2026');
    const days = [0, 1, 2, 3, 4, 5, 6].map(
      (i) => formatLongDate(new Date(Date.UTC(2026, 10, 22 + i, 12))).split(' ')[0],
    );
    expect(days).toEqual(['söndag', 'måndag', 'tisdag', 'onsdag', 'torsdag', 'fredag', 'lördag']);
  });

  it('writes an article’s time with "kl.", on both sides of the summer-time changes', () => {
    expect(formatArticleDate('2026-03-01T08:05:00Z')).toBe('1 mars 2026 kl. 09:05');
    expect(formatArticleDate('2026-07-01T22:30:00Z')).toBe('2 juli 2026 kl. 00:30');
    expect(formatArticleDate('2026-10-25T00:59:00Z')).toBe('25 oktober 2026 kl. 02:59');
    expect(formatArticleDate('2026-10-25T01:00:00Z')).toBe('25 oktober 2026 kl. 02:00');
    expect(fullDateTime('2026-12-31T23:15:00Z')).toBe('1 januari 2027 kl. 00:15');
  });

  it('names every month, long and short', () => {
    const at = (m: number) => new Date(Date.UTC(2026, m, 5, 12)).toISOString();
    const months = Array.from({ length: 12 }, (_, m) => formatDate(at(m)));
    expect(months).toEqual([
      '5 januari 2026',
      '5 februari 2026',
      '5 mars 2026',
      '5 april 2026',
      '5 maj 2026',
      '5 juni 2026',
      '5 juli 2026',
      '5 augusti 2026',
      '5 september 2026',
      '5 oktober 2026',
      '5 november 2026',
      '5 december 2026',
    ]);
    const short = Array.from({ length: 12 }, (_, m) => formatShortDate(at(m)));
    expect(short).toEqual([
      '5 jan.',
      '5 feb.',
      '5 mars',
      '5 apr.',
      '5 maj',
      '5 juni',
      '5 juli',
      '5 aug.',
      '5 sep.',
      '5 okt.',
      '5 nov.',
      '5 dec.',
    ]);
  });

  it('writes the newsroom lists’ date and time as Intl’s medium date and short time did, every hour of two years', () => {
    expect(formatDateTime('2026-11-03T07:05:00Z')).toBe('3 nov. 2026 08:05');
    expect(formatDateTime('2026-06-30T22:30:00Z')).toBe('1 juli 2026 00:30');
    const intl = new Intl.DateTimeFormat('sv-SE', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Europe/Stockholm',
    });
    const wrong: string[] = [];
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2027, 0, 1); t += 3_600_000 + 60_000) {
      const iso = new Date(t).toISOString();
      if (formatDateTime(iso) !== intl.format(t)) wrong.push(`${iso}: ${formatDateTime(iso)} ≠ ${intl.format(t)}`);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it('gives a comment older than a week its date, and refuses what is not a time', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(relativeTime('2026-11-20T11:00:00Z', now)).toBe('20 november 2026');
    expect(relativeTime('inte ett datum', now)).toBe('');
    expect(() => formatArticleDate('inte ett datum')).toThrow(RangeError);
  });
});
