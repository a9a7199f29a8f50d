import { TIME_ZONE as TZ } from '@vaggen/contract';

const longDate = new Intl.DateTimeFormat('sv-SE', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: TZ,
});
const articleDate = new Intl.DateTimeFormat('sv-SE', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: TZ,
});
const shortDate = new Intl.DateTimeFormat('sv-SE', { day: 'numeric', month: 'short', timeZone: TZ });

/** "söndag 22 november 2026" (header). */
export const formatLongDate = (d: Date) => longDate.format(d);
/** "22 november 2026 09:15" (article). */
export const formatArticleDate = (iso: string) => articleDate.format(new Date(iso));
/** "22 nov." (lists). */
export const formatShortDate = (iso: string) => shortDate.format(new Date(iso));
