import { z } from 'zod';
import {
  ANALYTICS_MSG,
  ANALYTICS_TOP_DEFAULT,
  ANALYTICS_TOP_MAX,
  ENGAGED_SECONDS_MAX,
  REFERRER_KINDS,
  SCROLL_DEPTHS,
} from './analytics.js';
import { MESSAGE_AS_IS } from './errors.js';

const asIs = (message: string) => ({ message, params: MESSAGE_AS_IS });

/**
 * One beacon from a reader page (`navigator.sendBeacon`, sent as text/plain JSON): active reading
 * time since the last report, or the deepest quarter of the page reached.
 */
export const AnalyticsEventSchema = z
  .object({
    type: z.enum(['engaged', 'scroll']),
    path: z.string().min(1).max(300).startsWith('/'),
    seconds: z.number().int().min(1).max(ENGAGED_SECONDS_MAX).optional(),
    depth: z
      .number()
      .int()
      .refine((d) => (SCROLL_DEPTHS as readonly number[]).includes(d), asIs(ANALYTICS_MSG.badEvent))
      .optional(),
  })
  .strict()
  .refine((e) => (e.type === 'engaged' ? e.seconds !== undefined : e.depth !== undefined), asIs(ANALYTICS_MSG.badEvent))
  .meta({ id: 'AnalyticsEvent' });
export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;

const count = z.number().int();
export const ReferrerCountsSchema = z.object(
  Object.fromEntries(REFERRER_KINDS.map((k) => [k, count])) as Record<(typeof REFERRER_KINDS)[number], typeof count>,
);

export const AnalyticsRealtimeSchema = z
  .object({
    /** Page views in the last five minutes (of the asker's articles for a writer). */
    readers_5min: count,
    articles: z.array(z.object({ articleId: count, title: z.string(), readers_5min: count })),
    /** Where the last five minutes' readers came from. */
    referrers: ReferrerCountsSchema,
  })
  .meta({ id: 'AnalyticsRealtime' });
export type AnalyticsRealtime = z.infer<typeof AnalyticsRealtimeSchema>;

export const ArticleStatsSchema = z
  .object({
    articleId: count,
    title: z.string(),
    views: count,
    engaged_seconds_avg: z.number(),
    referrers: ReferrerCountsSchema,
    conversions: z.object({ newsletter: count, registrations: count, subscriptions: count }),
  })
  .meta({ id: 'ArticleStats' });
export type ArticleStats = z.infer<typeof ArticleStatsSchema>;

/** A day (YYYY-MM-DD, Swedish) or an RFC 3339 time. */
const when = z
  .string()
  .max(40)
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/, asIs(ANALYTICS_MSG.badRange));

const format = z.enum(['json', 'csv']).default('json');

export const ArticleStatsQuerySchema = z.object({
  from: when.optional(),
  to: when.optional(),
  author: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  category: z.string().min(1).max(60).optional(),
  /** One article only (its edit page's statistics). */
  articleId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(ANALYTICS_TOP_MAX).default(ANALYTICS_TOP_DEFAULT),
  format,
});
export type ArticleStatsQuery = z.infer<typeof ArticleStatsQuerySchema>;

export const TimeseriesQuerySchema = z.object({
  metric: z.enum(['views', 'engaged_seconds']).default('views'),
  bucket: z.enum(['hour', 'day']).default('hour'),
  from: when.optional(),
  to: when.optional(),
  articleId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  author: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  category: z.string().min(1).max(60).optional(),
  /** Views from one kind of referrer only. */
  referrer: z.enum(REFERRER_KINDS).optional(),
  format,
});
export type TimeseriesQuery = z.infer<typeof TimeseriesQuerySchema>;

export const TimeseriesPointSchema = z.object({ t: z.string(), value: z.number() }).meta({ id: 'TimeseriesPoint' });
export type TimeseriesPoint = z.infer<typeof TimeseriesPointSchema>;

/** Issue 45: an article's lifetime figures (the newsroom's article list). */
export const ArticleTotalsSchema = z
  .object({ articleId: count, views: count, engaged_seconds_avg: z.number() })
  .meta({ id: 'ArticleTotals' });
export type ArticleTotals = z.infer<typeof ArticleTotalsSchema>;

/** `ids=1,2,3`: at most ANALYTICS_TOP_MAX articles, each once. */
export const ArticleTotalsQuerySchema = z.object({
  ids: z
    .string()
    .default('')
    .refine((v) => v.length <= 1200 && /^\d{1,10}(,\d{1,10})*$/.test(v), asIs(ANALYTICS_MSG.badIds))
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .refine(
      (ids) => ids.length <= ANALYTICS_TOP_MAX && ids.every((n) => n > 0 && n <= 2_147_483_647),
      asIs(ANALYTICS_MSG.badIds),
    ),
});

/** Issue 45: views that came from another site (its host name), in a range of days. */
export const ReferrerDomainSchema = z.object({ domain: z.string(), views: count }).meta({ id: 'ReferrerDomain' });
export type ReferrerDomain = z.infer<typeof ReferrerDomainSchema>;

export const ReferrerDomainsQuerySchema = z.object({
  from: when.optional(),
  to: when.optional(),
  articleId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  format,
});
export type ReferrerDomainsQuery = z.infer<typeof ReferrerDomainsQuerySchema>;
