import { describe, expect, it } from 'vitest';
import { relativeTime } from './relativeTime';

const now = Date.parse('2026-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('relativeTime (spec 000 §9, Swedish)', () => {
  it('says "Just nu" under 60 seconds, also for clocks slightly ahead', () => {
    expect(relativeTime(ago(0), now)).toBe('Just nu');
    expect(relativeTime(ago(59 * S), now)).toBe('Just nu');
    expect(relativeTime(ago(-5 * S), now)).toBe('Just nu');
  });
  it('counts minutes, hours and days with singular and plural', () => {
    expect(relativeTime(ago(60 * S), now)).toBe('1 minut sedan');
    expect(relativeTime(ago(5 * M + 30 * S), now)).toBe('5 minuter sedan');
    expect(relativeTime(ago(59 * M), now)).toBe('59 minuter sedan');
    expect(relativeTime(ago(H), now)).toBe('1 timme sedan');
    expect(relativeTime(ago(23 * H), now)).toBe('23 timmar sedan');
    expect(relativeTime(ago(D), now)).toBe('1 dag sedan');
    expect(relativeTime(ago(6 * D + 23 * H), now)).toBe('6 dagar sedan');
  });
  it('shows a week at 7 days and the date after that', () => {
    expect(relativeTime(ago(7 * D), now)).toBe('1 vecka sedan');
    expect(relativeTime(ago(7 * D + 23 * H), now)).toBe('1 vecka sedan');
    expect(relativeTime(ago(8 * D), now)).toBe('2 mars 2026');
    expect(relativeTime('2025-01-15T10:00:00Z', now)).toBe('15 januari 2025');
  });
  it('returns an empty label for an unreadable date', () => {
    expect(relativeTime('not a date', now)).toBe('');
  });
});
