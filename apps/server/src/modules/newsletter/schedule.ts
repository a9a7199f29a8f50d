import { NEWSLETTER_SEND_HOUR, NEWSLETTER_TIME_ZONE } from '@vaggen/contract';

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: NEWSLETTER_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The zone's offset from UTC at instant `t` (ms; +1 h in winter, +2 h in summer for Stockholm). */
export function zoneOffsetMs(t: number): number {
  const p = Object.fromEntries(parts.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return asUtc - Math.floor(t / 1000) * 1000;
}

/** The Swedish calendar day of instant `t`, YYYY-MM-DD. */
export const stockholmDay = (t: number): string =>
  new Date(t).toLocaleDateString('sv-SE', { timeZone: NEWSLETTER_TIME_ZONE });

/** The instant when the clock in Stockholm shows `hour`:00 on `day` (YYYY-MM-DD), DST included. */
export function stockholmTime(day: string, hour = NEWSLETTER_SEND_HOUR): Date {
  const [y, m, d] = day.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d, hour);
  // The offset at the guess, then at the corrected instant (they differ only across a DST change).
  const first = wall - zoneOffsetMs(wall);
  return new Date(wall - zoneOffsetMs(first));
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
