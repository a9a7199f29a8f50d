import { NEWSLETTER_SEND_HOUR, stockholmDay, stockholmWallToUtc } from '@vaggen/contract';

/** The instant when the clock in Stockholm shows `hour`:00 on `day` (YYYY-MM-DD), DST included. */
export function stockholmTime(day: string, hour = NEWSLETTER_SEND_HOUR): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(stockholmWallToUtc(y, m, d, hour));
}

/** The day after `day` (YYYY-MM-DD). */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The send time of the issue of `now`'s day (07:00 Stockholm), and the next one still to come. */
export function sendTimes(now: Date): { today: Date; next: Date; day: string } {
  const day = stockholmDay(now.getTime());
  const today = stockholmTime(day);
  return { day, today, next: now < today ? today : stockholmTime(nextDay(day)) };
}
