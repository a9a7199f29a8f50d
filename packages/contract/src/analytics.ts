/**
 * Issue 45 (decision 050): newsroom analytics — first-party counts without cookies, storage or
 * personal data. Constants and Swedish texts shared by the server and the dashboard.
 */

/** Where a page view came from (`other`: a link on another site that is no search engine or social network). */
export const REFERRER_KINDS = ['search', 'social', 'newsletter', 'push', 'direct', 'internal', 'other'] as const;
export type ReferrerKind = (typeof REFERRER_KINDS)[number];

export const DEVICE_CLASSES = ['mobile', 'tablet', 'desktop'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

export const SCROLL_DEPTHS = [25, 50, 75, 100] as const;

/** The longest engaged time one beacon may report (seconds); longer is a 400. */
export const ENGAGED_SECONDS_MAX = 1800;
/** Top lists: default and largest `limit`. */
export const ANALYTICS_TOP_DEFAULT = 50;
export const ANALYTICS_TOP_MAX = 100;
/** The longest range one time series covers: hourly 90 days (its retention), daily ten years. */
export const ANALYTICS_HOURS_MAX = 90 * 24;
export const ANALYTICS_DAYS_MAX = 3660;
/** Retention of the finer grains (the daily grain is kept for ever). */
export const ANALYTICS_MINUTES_KEEP_HOURS = 48;
export const ANALYTICS_HOURS_KEEP_DAYS = 90;

export const REFERRER_LABELS: Record<ReferrerKind, string> = {
  search: 'Sök',
  social: 'Sociala medier',
  newsletter: 'Nyhetsbrev',
  push: 'Pushnotiser',
  direct: 'Direkt',
  internal: 'Interna länkar',
  other: 'Andra sajter',
};

export const ANALYTICS_MSG = {
  badEvent: 'Ogiltig händelse',
  badRange: 'Ogiltigt tidsintervall',
  rangeTooLong: 'Tidsintervallet är för långt',
  notOwnArticle: 'Du kan bara se statistik för dina egna artiklar',
  notOwnAuthor: 'Du kan bara se din egen statistik',
  badIds: 'Ange upp till 100 artikelnummer, åtskilda med kommatecken',
} as const;

export const ANALYTICS_TEXT = {
  title: 'Statistik',
  realtime: 'Just nu',
  readers5min: 'Läsare senaste 5 minuterna',
  topNow: 'Mest lästa just nu',
  referrersNow: 'Varifrån läsarna kommer just nu',
  hourly: 'Sidvisningar per timme, senaste 48 timmarna',
  daily: 'Sidvisningar per dag, senaste 90 dagarna',
  previous: 'Föregående period',
  current: 'Denna period',
  topArticles: 'Mest lästa artiklarna, senaste 7 dagarna',
  views: 'Sidvisningar',
  engagedAvg: 'Aktiv lästid (snitt, s)',
  csv: 'Ladda ner CSV',
  loading: 'Hämtar statistik …',
  error: 'Statistiken kunde inte hämtas.',
  empty: 'Inga läsningar ännu.',
  showTable: 'Visa som tabell',
  domains: 'Andra sajter läsarna kom från, senaste 30 dagarna',
  domain: 'Sajt',
  domainsEmpty: 'Inga läsare från andra sajter ännu.',
  listViews: 'Visningar',
  listEngaged: 'Lästid',
} as const;
