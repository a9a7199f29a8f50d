import {
  CheckoutInputSchema,
  ComplimentaryInputSchema,
  ErrorSchema,
  GiftAdminPageSchema,
  GiftCheckoutInputSchema,
  GiftLinkSchema,
  GiftPreviewSchema,
  GiftSchema,
  GiftTokenParamSchema,
  IdParamSchema,
  MeterSchema,
  OfferInputSchema,
  OfferQuoteSchema,
  OfferSchema,
  PlanInputSchema,
  PlanSchema,
  RevenueHistoryQuerySchema,
  RevenueHistorySchema,
  RevenueSummarySchema,
  SubscriberPageSchema,
  SubscriptionSchema,
  SubscriptionStatusSchema,
  UrlResponseSchema,
} from '@vaggen/contract/schemas';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readCookie } from '../../http/cookies.js';
import { currentUser, requireRole, requireUser } from '../../http/guards.js';
import { mailOrigin } from '../../lib/site-origin.js';
import { ACCESS_PASS_COOKIE } from './service.js';

/** Issue 42: reader revenue. Endpoints in packages/contract/src/revenue-schemas.ts. */
export const revenueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { revenue } = app.services;
  const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };
  const admin = requireRole('admin');
  const tags = ['revenue'];

  app.get(
    '/plans',
    {
      schema: {
        tags,
        summary: 'The plans on sale, prices in kronor including VAT (public)',
        response: { 200: z.array(PlanSchema) },
      },
    },
    async () => revenue.listPlans(true),
  );

  app.get(
    '/newsroom/plans',
    {
      schema: { tags, summary: 'Every plan (admin)', response: { 200: z.array(PlanSchema), ...errors } },
      preHandler: admin,
    },
    async () => revenue.listPlans(false),
  );

  app.post(
    '/newsroom/plans',
    {
      schema: {
        tags,
        summary: 'Define a plan (admin)',
        body: PlanInputSchema,
        response: { 201: PlanSchema, ...errors },
      },
      preHandler: admin,
    },
    async (req, reply) => reply.code(201).send(await revenue.createPlan(req.body)),
  );

  app.put(
    '/newsroom/plans/:id',
    {
      schema: {
        tags,
        summary: 'Change a plan (admin); subscribers keep what they bought',
        params: IdParamSchema,
        body: PlanInputSchema,
        response: { 200: PlanSchema, ...errors },
      },
      preHandler: admin,
    },
    async (req) => revenue.updatePlan(req.params.id, req.body),
  );

  app.post(
    '/newsroom/subscriptions',
    {
      schema: {
        tags,
        summary: 'Grant a complimentary subscription to an account until a date (admin)',
        body: ComplimentaryInputSchema,
        response: { 201: SubscriptionSchema, ...errors },
      },
      preHandler: admin,
    },
    async (req, reply) =>
      reply.code(201).send(await revenue.grantComplimentary(req.body.userId, req.body.planId, req.body.until)),
  );

  app.get(
    '/newsroom/subscribers',
    {
      schema: {
        tags,
        summary:
          'Subscriptions, newest first, 50 a page (admin); `after` is the last id shown; `q` a username or account id',
        querystring: z.object({
          after: z.coerce.number().int().positive().max(2_147_483_647).optional(),
          status: SubscriptionStatusSchema.optional(),
          q: z.string().trim().max(100).optional(),
        }),
        response: {
          200: SubscriberPageSchema,
          ...errors,
        },
      },
      preHandler: admin,
    },
    async (req) =>
      revenue.subscribersPage({
        after: req.query.after ?? null,
        status: req.query.status,
        q: req.query.q || undefined,
      }),
  );

  app.get(
    '/newsroom/revenue',
    {
      schema: {
        tags,
        summary: 'Counts by status, MRR in kronor incl. VAT and conversions per article (admin)',
        response: {
          200: RevenueSummarySchema,
          ...errors,
        },
      },
      preHandler: admin,
    },
    async () => revenue.revenueSummary(),
  );

  app.get(
    '/newsroom/revenue/history',
    {
      schema: {
        tags,
        summary: 'MRR and the counts by status per Swedish day, the last `days` days (≤ 400), oldest first (admin)',
        querystring: RevenueHistoryQuerySchema,
        response: { 200: RevenueHistorySchema, ...errors },
      },
      preHandler: admin,
    },
    async (req) => ({ days: await revenue.revenueHistory(req.query.days) }),
  );

  app.get(
    '/newsroom/offers',
    {
      schema: { tags, summary: 'Offers, newest first (admin)', response: { 200: z.array(OfferSchema), ...errors } },
      preHandler: admin,
    },
    async () => revenue.listOffers(),
  );

  app.post(
    '/newsroom/offers',
    {
      schema: {
        tags,
        summary:
          "An offer for a plan: a code (case-insensitive, unique) for the first period's price less a percentage (admin)",
        body: OfferInputSchema,
        response: { 201: OfferSchema, ...errors, 409: ErrorSchema },
      },
      preHandler: admin,
    },
    async (req, reply) => reply.code(201).send(await revenue.createOffer(req.body)),
  );

  app.get(
    '/offers/:code',
    {
      schema: {
        tags,
        summary: "What an offer's code gives: the plan, the first period's price and the later one, incl. VAT (public)",
        description: 'Unknown code 404, past its last day 410, used up 409.',
        params: z.object({ code: z.string().trim().min(1).max(40) }),
        response: { 200: OfferQuoteSchema, ...errors, 409: ErrorSchema, 410: ErrorSchema },
      },
    },
    async (req) => revenue.quoteOffer(req.params.code),
  );

  app.get(
    '/newsroom/subscribers.csv',
    { schema: { tags, summary: 'Every subscription as CSV (admin)' }, preHandler: admin },
    async (_req, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="prenumeranter.csv"')
        .send(await revenue.subscribersCsv()),
  );

  app.get(
    '/subscriptions/mine',
    {
      schema: {
        tags,
        summary: "The reader's subscription (the one giving access, else the newest), or null",
        response: { 200: SubscriptionSchema.nullable(), 401: ErrorSchema },
      },
      preHandler: requireUser,
    },
    async (req) => revenue.mine(currentUser(req).id),
  );

  app.post(
    '/subscriptions/checkout',
    {
      schema: {
        tags,
        summary: 'A Stripe Checkout session for a plan (logged in) → its address',
        description: 'Without Stripe keys 409 (payment not configured), as when the reader already has access.',
        body: CheckoutInputSchema,
        response: { 200: UrlResponseSchema, ...errors, 409: ErrorSchema },
      },
      preHandler: requireUser,
    },
    async (req) => revenue.checkout(currentUser(req), req.body, mailOrigin(req, app.config)),
  );

  app.post(
    '/subscriptions/portal',
    {
      schema: {
        tags,
        summary: "Stripe's customer portal for the reader's subscription (change card, cancel, resume) → its address",
        response: { 200: UrlResponseSchema, ...errors, 409: ErrorSchema },
      },
      preHandler: requireUser,
    },
    async (req) => revenue.portal(currentUser(req).id, mailOrigin(req, app.config)),
  );

  // Stripe's webhook: the raw body (its signature is over the bytes), kept and applied by a job
  await app.register(async (hook) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    hook.post(
      '/stripe/webhook',
      {
        schema: {
          tags,
          summary: "Stripe's events (raw body, Stripe-Signature); a forged or stale signature is a 400",
          response: { 200: z.object({ received: z.boolean() }), 400: ErrorSchema, 409: ErrorSchema },
        },
      },
      async (req) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.from('');
        const sig = req.headers['stripe-signature'];
        await revenue.receiveWebhook(raw, Array.isArray(sig) ? sig[0] : sig);
        return { received: true };
      },
    );
  });

  // ---------------------------------------------------------------- gift subscriptions
  app.post(
    '/gifts/checkout',
    {
      schema: {
        tags,
        summary: 'A Stripe Checkout session (one payment) for a gift subscription: a plan for 1, 3, 6 or 12 months',
        description:
          'The gift is written when Stripe reports the payment complete (webhook), never from the return page. ' +
          'Without Stripe keys 409.',
        body: GiftCheckoutInputSchema,
        response: { 200: UrlResponseSchema, ...errors, 409: ErrorSchema },
      },
      preHandler: requireUser,
    },
    async (req) => revenue.giftCheckout(currentUser(req), req.body, mailOrigin(req, app.config)),
  );

  app.get(
    '/gifts/mine',
    {
      schema: {
        tags,
        summary: 'The gift subscriptions this reader bought, newest first, with their redeem links and status',
        response: { 200: z.array(GiftSchema), 401: ErrorSchema },
      },
      preHandler: requireUser,
    },
    async (req) => revenue.giftsOf(currentUser(req).id, mailOrigin(req, app.config)),
  );

  app.get(
    '/gifts/:token',
    {
      schema: {
        tags,
        summary: "What a gift's redeem link gives: the plan, the months and the greeting (public; never the buyer)",
        description: 'Unknown or forged token 404, expired 410.',
        params: GiftTokenParamSchema,
        response: { 200: GiftPreviewSchema, ...errors, 410: ErrorSchema },
      },
    },
    async (req, reply) => {
      // the token is in the address: never sent on (no-store is the group's default)
      reply.header('referrer-policy', 'no-referrer');
      return revenue.giftPreview(req.params.token);
    },
  );

  app.post(
    '/gifts/:token/redeem',
    {
      schema: {
        tags,
        summary: 'Redeem a gift (logged in): a subscription to its plan for its months, once',
        description:
          'Already redeemed 409; a reader whose subscription renews 409 (the gift stays unredeemed); ' +
          'expired 410; unknown 404. Access that will not renew is extended: the gift starts when it ends.',
        params: GiftTokenParamSchema,
        response: { 200: SubscriptionSchema, ...errors, 409: ErrorSchema, 410: ErrorSchema },
      },
      preHandler: requireUser,
    },
    async (req) => revenue.redeemGift(currentUser(req).id, req.params.token),
  );

  app.get(
    '/newsroom/gifts',
    {
      schema: {
        tags,
        summary: 'Gift subscriptions, newest first, 50 a page (admin); `after` is the last id shown',
        querystring: z.object({ after: z.coerce.number().int().positive().max(2_147_483_647).optional() }),
        response: { 200: GiftAdminPageSchema, ...errors },
      },
      preHandler: admin,
    },
    async (req) => revenue.giftsPage(req.query.after ?? null),
  );

  app.get(
    '/subscriptions/meter',
    {
      schema: {
        tags,
        summary: 'Subscriber articles a logged-in free reader may still read this month',
        response: { 200: MeterSchema, 401: ErrorSchema },
      },
      preHandler: requireUser,
    },
    async (req) => revenue.access.meter(currentUser(req).id),
  );

  app.post(
    '/articles/:id/gift-links',
    {
      schema: {
        tags,
        summary: 'A gift link to one article: anyone with it reads it whole for 14 days (subscriber)',
        params: IdParamSchema,
        response: { 201: UrlResponseSchema, ...errors, 429: ErrorSchema },
      },
      preHandler: requireUser,
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(await revenue.access.createGiftLink(currentUser(req).id, req.params.id, mailOrigin(req, app.config))),
  );

  app.get(
    '/gift-links/mine',
    {
      schema: {
        tags,
        summary: "The reader's gift links that still work",
        response: { 200: z.array(GiftLinkSchema), 401: ErrorSchema },
      },
      preHandler: requireUser,
    },
    async (req) => revenue.access.giftLinksOf(currentUser(req).id, mailOrigin(req, app.config)),
  );

  app.delete(
    '/gift-links/:id',
    {
      schema: {
        tags,
        summary: 'Revoke one of your gift links',
        params: IdParamSchema,
        response: { 200: z.object({ msg: z.string() }), ...errors },
      },
      preHandler: requireUser,
    },
    async (req) => {
      await revenue.access.revokeGiftLink(currentUser(req).id, req.params.id);
      return { msg: 'Länken fungerar inte längre' };
    },
  );
};

/**
 * Issue 42 (decision 048): an API answer to a logged-in reader carries the access pass cookie — a
 * signed note of the account and its session's hash — so that their page requests, which carry no
 * token, can be served the page of their access class. It stands for nothing once the session ends.
 */
export function registerAccessPass(api: FastifyInstance): void {
  api.addHook('onSend', async (req, reply, payload) => {
    if (!req.user || !req.sessionToken || reply.hasHeader('set-cookie')) return payload;
    const pass = api.services.revenue.access.passFor(req.user.id, req.sessionToken);
    if (readCookie(req.headers.cookie, ACCESS_PASS_COOKIE) === pass) return payload;
    const maxAge = req.sessionExpiresAt
      ? Math.max(0, Math.floor((Date.parse(req.sessionExpiresAt) - Date.now()) / 1000))
      : 30 * 86_400;
    const secure = req.protocol === 'https' ? '; Secure' : '';
    reply.header(
      'set-cookie',
      `${ACCESS_PASS_COOKIE}=${pass}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`,
    );
    return payload;
  });
}
