import { ANALYTICS_MSG, type ArticleStats, REFERRER_KINDS, type TimeseriesPoint } from '@vaggen/contract';
import {
  AnalyticsEventSchema,
  AnalyticsRealtimeSchema,
  ArticleStatsQuerySchema,
  ArticleStatsSchema,
  ArticleTotalsQuerySchema,
  ArticleTotalsSchema,
  IdParamSchema,
  ReferrerDomainSchema,
  ReferrerDomainsQuerySchema,
  TimeseriesPointSchema,
  TimeseriesQuerySchema,
} from '@vaggen/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireRole } from '../../http/guards.js';
import { httpError } from '../../lib/http-errors.js';

/** A CSV cell: quoted when needed; a leading =, +, - or @ cannot become a spreadsheet formula. */
const cell = (v: string | number): string => {
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r;]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const csv = (rows: (string | number)[][]) => `${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;

export function articleStatsCsv(list: ArticleStats[]): string {
  return csv([
    [
      'articleId',
      'title',
      'views',
      'engaged_seconds_avg',
      ...REFERRER_KINDS,
      'newsletter_signups',
      'registrations',
      'subscriptions',
    ],
    ...list.map((a) => [
      a.articleId,
      a.title,
      a.views,
      a.engaged_seconds_avg,
      ...REFERRER_KINDS.map((k) => a.referrers[k]),
      a.conversions.newsletter,
      a.conversions.registrations,
      a.conversions.subscriptions,
    ]),
  ]);
}

export const timeseriesCsv = (points: TimeseriesPoint[]) => csv([['t', 'value'], ...points.map((p) => [p.t, p.value])]);

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { analytics } = app.services;
  const staff = requireRole('writer', 'admin');

  // Issue 15's view beacon. The page handler counts every reading now (decision 050, 2026-11-30),
  // and pages of this build no longer send it; a page of an earlier build (served while the store
  // is rendered again, decision 051) still may, and gets its 204.
  app.post(
    '/articles/:id/view',
    {
      schema: {
        tags: ['articles'],
        summary: 'Counts nothing any more (the page view was counted when the page was served); kept for older pages',
        params: IdParamSchema,
        response: { 204: z.null() },
      },
    },
    async (_req, reply) => reply.code(204).send(null),
  );

  app.post(
    '/analytics/events',
    {
      bodyLimit: 2048,
      schema: {
        tags: ['analytics'],
        summary:
          'The reading beacon (navigator.sendBeacon, text/plain or JSON): engaged seconds or scroll depth of a page. Nothing about the reader is kept.',
        body: z.union([z.string(), z.record(z.string(), z.unknown())]),
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      let body: unknown = req.body;
      if (typeof body === 'string') {
        try {
          body = JSON.parse(body);
        } catch {
          throw httpError(400, ANALYTICS_MSG.badEvent);
        }
      }
      const parsed = AnalyticsEventSchema.safeParse(body);
      if (!parsed.success) throw httpError(400, ANALYTICS_MSG.badEvent);
      analytics.recordEvent(parsed.data, req.headers['user-agent'], req.ip);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/newsroom/analytics/realtime',
    {
      preHandler: staff,
      schema: {
        tags: ['analytics'],
        summary:
          'Readers in the last five minutes, the top articles now and where readers come from (writers: their own)',
        response: { 200: AnalyticsRealtimeSchema },
      },
    },
    async (req) => analytics.realtime(currentUser(req)),
  );

  app.get(
    '/newsroom/analytics/articles',
    {
      preHandler: staff,
      schema: {
        tags: ['analytics'],
        summary:
          'Views, engaged time, referrers and conversions per article in a range (days, or hours when a bound is a time); top `limit`; `format=csv` for a spreadsheet',
        querystring: ArticleStatsQuerySchema,
        response: { 200: z.union([z.array(ArticleStatsSchema), z.string()]) },
      },
    },
    async (req, reply) => {
      const list = await analytics.articleStats(currentUser(req), req.query);
      if (req.query.format === 'csv')
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="artiklar.csv"')
          .send(articleStatsCsv(list));
      return list;
    },
  );

  app.get(
    '/newsroom/analytics/totals',
    {
      preHandler: staff,
      schema: {
        tags: ['analytics'],
        summary:
          'Lifetime views and average engaged seconds of up to 100 articles (`ids=1,2,3`) for the newsroom list; writers get their own only',
        querystring: ArticleTotalsQuerySchema,
        response: { 200: z.array(ArticleTotalsSchema) },
      },
    },
    async (req) => analytics.totals(currentUser(req), req.query.ids),
  );

  app.get(
    '/newsroom/analytics/referrers',
    {
      preHandler: staff,
      schema: {
        tags: ['analytics'],
        summary:
          'The other sites (host names) readers came from in a range of days (≤ 90; default the last 30), for the site or one article; `format=csv` for a spreadsheet',
        querystring: ReferrerDomainsQuerySchema,
        response: { 200: z.union([z.array(ReferrerDomainSchema), z.string()]) },
      },
    },
    async (req, reply) => {
      const list = await analytics.referrerDomains(currentUser(req), req.query);
      if (req.query.format === 'csv')
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="sajter.csv"')
          .send(csv([['domain', 'views'], ...list.map((d) => [d.domain, d.views])]));
      return list;
    },
  );

  app.get(
    '/newsroom/analytics/timeseries',
    {
      preHandler: staff,
      schema: {
        tags: ['analytics'],
        summary: 'Views or engaged seconds per hour or day (every bucket of the range); `format=csv` for a spreadsheet',
        querystring: TimeseriesQuerySchema,
        response: { 200: z.union([z.array(TimeseriesPointSchema), z.string()]) },
      },
    },
    async (req, reply) => {
      const points = await analytics.timeseries(currentUser(req), req.query);
      if (req.query.format === 'csv')
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${req.query.metric}-${req.query.bucket}.csv"`)
          .send(timeseriesCsv(points));
      return points;
    },
  );
};
