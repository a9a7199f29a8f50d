import { PUSH_MSG } from '@vaggen/contract';
import {
  ErrorSchema,
  PushAudienceSchema,
  PushPublicKeySchema,
  PushSendReceiptSchema,
  PushSendSchema,
  PushSubscriptionSchema,
  PushUnsubscribeSchema,
} from '@vaggen/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireRole } from '../../http/guards.js';
import { httpError } from '../../lib/http-errors.js';

/** Issue 44: breaking-news push. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { push } = app.services;
  const admin = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

  app.get(
    '/push/public-key',
    {
      schema: {
        tags: ['push'],
        summary: "The VAPID public key (a browser's applicationServerKey)",
        response: { 200: PushPublicKeySchema },
      },
    },
    async () => ({ publicKey: push.publicKey() }),
  );

  app.post(
    '/push/subscriptions',
    {
      schema: {
        tags: ['push'],
        summary: "Subscribe to breaking-news push (a PushSubscription's JSON; anonymous)",
        body: PushSubscriptionSchema,
        response: { 201: z.object({ msg: z.string() }), 400: ErrorSchema },
      },
    },
    async (req, reply) => {
      await push.subscribe(req.body);
      return reply.code(201).send({ msg: 'Du får pushnotiser vid stora nyheter' });
    },
  );

  app.delete(
    '/push/subscriptions',
    {
      schema: {
        tags: ['push'],
        summary: 'Unsubscribe (the subscription’s endpoint, or the whole PushSubscription JSON)',
        body: PushUnsubscribeSchema,
        response: { 200: z.object({ msg: z.string() }), 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (req) => {
      if (!(await push.unsubscribe(req.body.endpoint))) throw httpError(404, PUSH_MSG.notFound);
      return { msg: 'Pushnotiserna är avstängda' };
    },
  );

  app.get(
    '/newsroom/push',
    {
      schema: {
        tags: ['push'],
        summary: 'How many subscribers a push reaches now, and when the next one is allowed (admin)',
        response: { 200: PushAudienceSchema, ...admin },
      },
      preHandler: requireRole('admin'),
    },
    async () => ({ recipients: await push.count(), next_allowed_at: await push.nextAllowedAt() }),
  );

  app.post(
    '/newsroom/push',
    {
      schema: {
        tags: ['push'],
        summary: 'Send a breaking-news push for an article or a live entry (admin)',
        description:
          'Queued and sent by the `push-send` job; answers how many subscribers it reaches. At most one push per ' +
          'the setting `push_min_interval_minutes` (429 otherwise).',
        body: PushSendSchema,
        response: { 202: PushSendReceiptSchema, ...admin, 429: ErrorSchema },
      },
      preHandler: requireRole('admin'),
    },
    async (req, reply) => reply.code(202).send(await push.send(req.body, currentUser(req))),
  );
};
