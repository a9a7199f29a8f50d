import { stockholmWallTime } from '@vaggen/contract';

// Swedish dates written out here, not by `Intl.DateTimeFormat`: the first formatter a tab makes loads
// ICU's data, 20–80 ms of the main thread during a reader's first page (decision 044). The words and
// the forms are CLDR's for sv-SE, as `Intl` wrote them.
const MONTHS = [
  'januari',
  'februari',
  'mars',
  'april',
  'maj',
  'juni',
  'juli',
  'augusti',
  'september',
  'oktober',
  'november',
  'december',
];
const MONTHS_SHORT = ['jan.', 'feb.', 'mars', 'apr.', 'maj', 'juni', 'juli', 'aug.', 'sep.', 'okt.', 'nov.', 'dec.'];
const WEEKDAYS = ['söndag', 'måndag', 'tisdag', 'onsdag', 'torsdag', 'fredag', 'lördag'];

const two = (n: number) => String(n).padStart(2, '0');
const at = (d: Date | string) => stockholmWallTime(new Date(d).getTime());

/** "22 november 2026" from a calendar day (month 1–12). */
export const swedishDate = (year: number, month: number, day: number) => `${day} ${MONTHS[month - 1]} ${year}`;

/** "söndag 22 november 2026" (header). */
export function formatLongDate(d: Date): string {
  const w = at(d);
  return `${WEEKDAYS[w.weekday]} ${swedishDate(w.year, w.month, w.day)}`;
}

/** "22 november 2026" (a comment older than a week), the day in Stockholm. */
export function formatDate(iso: string): string {
  const w = at(iso);
  return swedishDate(w.year, w.month, w.day);
}

/** "22 november 2026 kl. 09:15" (article, tooltips). */
export function formatArticleDate(iso: string): string {
  const w = at(iso);
  return `${swedishDate(w.year, w.month, w.day)} kl. ${two(w.hour)}:${two(w.minute)}`;
}

/** "22 nov." (lists). */
export function formatShortDate(iso: string): string {
  const w = at(iso);
  return `${w.day} ${MONTHS_SHORT[w.month - 1]}`;
}

/** "3 nov. 2026 08:05" (the newsroom's inbox and mail lists: `dateStyle: 'medium', timeStyle: 'short'`). */
export function formatDateTime(iso: string): string {
  const w = at(iso);
  return `${w.day} ${MONTHS_SHORT[w.month - 1]} ${w.year} ${two(w.hour)}:${two(w.minute)}`;
}
