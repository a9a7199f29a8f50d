import type { AnalyticsRealtime, ArticleStats, ReferrerDomain, TimeseriesPoint } from '@vaggen/contract';
import { getFile, getJson } from '../../lib/api';

/** Issue 45: the newsroom's analytics calls (writers get their own articles only). */
export interface SeriesQuery {
  bucket: 'hour' | 'day';
  from: string;
  to: string;
  metric?: 'views' | 'engaged_seconds';
  articleId?: number;
}

const qs = (q: object) =>
  new URLSearchParams(
    Object.entries(q)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  ).toString();

export const analyticsApi = {
  realtime: () => getJson<AnalyticsRealtime>('/api/newsroom/analytics/realtime'),
  articles: (q: { from?: string; to?: string; limit?: number; articleId?: number }) =>
    getJson<ArticleStats[]>(`/api/newsroom/analytics/articles?${qs(q)}`),
  timeseries: (q: SeriesQuery) => getJson<TimeseriesPoint[]>(`/api/newsroom/analytics/timeseries?${qs(q)}`),
  /** The other sites readers came from (the last 30 days by default). */
  referrers: (q: { from?: string; to?: string; articleId?: number }) =>
    getJson<ReferrerDomain[]>(`/api/newsroom/analytics/referrers?${qs(q)}`),
  /** The same list as CSV, from the server (for spreadsheets). */
  csv: (what: 'articles' | 'timeseries' | 'referrers', q: object) =>
    getFile(`/api/newsroom/analytics/${what}?${qs({ ...q, format: 'csv' })}`),
};
