import { NOTIFICATIONS_MSG } from '@vaggen/contract';
import { formatArticleDate, formatDate } from './format';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many} sedan`;

/**
 * Spec 000 §9 relative time labels in Swedish: under 60 seconds "Just nu", then minutes, hours and
 * days (singular and plural), a week at 7 days, and the date after that (decision 011).
 */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const seconds = Math.max(0, Math.floor((now - then) / 1000));
  if (seconds < 60) return NOTIFICATIONS_MSG.justNow;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return plural(minutes, 'minut', 'minuter');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'timme', 'timmar');
  const days = Math.floor(hours / 24);
  if (days < 7) return plural(days, 'dag', 'dagar');
  if (days === 7) return plural(1, 'vecka', 'veckor');
  return formatDate(iso);
}

/** Full date and time for a tooltip / `title`: "22 november 2026 kl. 09:15". */
export const fullDateTime = formatArticleDate;
