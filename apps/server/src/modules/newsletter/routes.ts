import { NEWSLETTER_MSG } from '@vaggen/contract';
import {
  ErrorSchema,
  NewsletterMessageSchema,
  NewsletterOverviewSchema,
  NewsletterSubscriberPageSchema,
  NewsletterSubscribersQuerySchema,
  NewsletterSubscribeSchema,
  NewsletterTokenSchema,
  UnsubscribeQuerySchema,
} from '@vaggen/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireRole } from '../../http/guards.js';
import { mailOrigin } from '../../lib/site-origin.js';
import { NotificationMailService } from '../notifications/service.js';

/**
 * Newsletter "Morgonbrevet" and one-click unsubscribe (issue 21). Endpoints in
 * packages/contract/src/newsletter-schemas.ts.
 */
export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const { newsletter, notificationMail, mail } = app.services;
  const tags = ['newsletter'];
  const admin = requireRole('admin');
  const adminErrors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

  // RFC 8058: mail clients POST `List-Unsubscribe=One-Click` as a form (this plugin's routes only).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.post(
    '/newsletter/subscribe',
    {
      schema: {
        tags,
        summary: 'Subscribe an address to Morgonbrevet (double opt-in: a confirmation link is mailed)',
        description:
          'The same 202 answer for every valid address, whether new, waiting or already subscribed. ' +
          'Rate-limited per address and per client (429).',
        body: NewsletterSubscribeSchema,
        response: { 202: NewsletterMessageSchema, 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (req, reply) => {
      const msg = await newsletter.subscribe(req.body.email, req.ip, mailOrigin(req, app.config), req.user ?? null);
      return reply.code(202).send({ msg });
    },
  );

  app.post(
    '/newsletter/confirm',
    {
      schema: {
        tags,
        summary: 'Confirm a subscription with the token from the confirmation mail (once)',
        body: NewsletterTokenSchema,
        response: { 200: NewsletterMessageSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (req) => ({ msg: await newsletter.confirm(req.body.token) }),
  );

  app.post(
    '/unsubscribe',
    {
      schema: {
        tags,
        summary: 'One-click unsubscribe (RFC 8058), no login: the newsletter or one kind of notification mail',
        description:
          'The URL of every List-Unsubscribe header. Mail clients POST the body `List-Unsubscribe=One-Click` ' +
          '(form-encoded); the token in the query decides what ends. A forged token is 404; one from a mail ' +
          'older than 60 days is 410 (every mail carries a fresh link).',
        querystring: UnsubscribeQuerySchema,
        response: { 200: NewsletterMessageSchema, 400: ErrorSchema, 404: ErrorSchema, 410: ErrorSchema },
      },
    },
    async (req, _reply) => {
      const token = req.query.token;
      if (NotificationMailService.isToken(token))
        return { msg: NEWSLETTER_MSG.unsubscribedNotification(await notificationMail.unsubscribe(token)) };
      return { msg: await newsletter.unsubscribe(token) };
    },
  );

  app.get(
    '/unsubscribe',
    {
      schema: {
        tags,
        summary: 'The unsubscribe link opened in a browser: redirects to the page /avprenumerera',
        querystring: UnsubscribeQuerySchema,
        response: { 400: ErrorSchema },
      },
    },
    async (req, reply) => reply.redirect(`/avprenumerera?token=${encodeURIComponent(req.query.token)}`, 303),
  );

  app.get(
    '/admin/newsletter',
    {
      schema: {
        tags,
        summary: 'Subscriber counts, the next send, the last issues and the mail status (admin)',
        response: { 200: NewsletterOverviewSchema, ...adminErrors },
      },
      preHandler: admin,
    },
    async (_req, _reply) => {
      return { ...(await newsletter.overview()), mail: await mail.status() };
    },
  );

  app.get(
    '/admin/newsletter/subscribers',
    {
      schema: {
        tags,
        summary: 'Subscribers by id, 50 per page: pass `next` as `after` (admin)',
        querystring: NewsletterSubscribersQuerySchema,
        response: { 200: NewsletterSubscriberPageSchema, ...adminErrors },
      },
      preHandler: admin,
    },
    async (req, _reply) => {
      return newsletter.listSubscribers(req.query.after, req.query.status);
    },
  );

  app.post(
    '/admin/newsletter/test',
    {
      schema: {
        tags,
        summary: "Send today's issue to the admin's own address (400 when the account has none)",
        response: { 202: NewsletterMessageSchema, ...adminErrors },
      },
      preHandler: admin,
    },
    async (req, reply) => reply.code(202).send({ msg: await newsletter.sendTest(currentUser(req)) }),
  );
};
