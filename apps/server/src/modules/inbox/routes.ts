import { INBOX_MSG } from '@vaggen/contract';
import {
  AdInquiryInputSchema,
  ContactInputSchema,
  ErrorSchema,
  InboxHandledInputSchema,
  InboxItemParamsSchema,
  InboxItemSchema,
  InboxListSchema,
  InboxQuerySchema,
  InboxSentSchema,
  TipInputSchema,
} from '@vaggen/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireRole } from '../../http/guards.js';

export const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { inbox } = app.services;
  const sendErrors = { 400: ErrorSchema, 429: ErrorSchema };
  const adminErrors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

  app.post(
    '/contact',
    {
      schema: {
        tags: ['inbox'],
        summary: 'Send the newsroom a message (contact form)',
        body: ContactInputSchema,
        response: { 201: InboxSentSchema, ...sendErrors },
      },
    },
    async (req, reply) => {
      await inbox.createContact(req.body, req.ip);
      return reply.code(201).send({ msg: INBOX_MSG.contactSent });
    },
  );

  app.post(
    '/tips',
    {
      // Source protection: this route is never logged, so no log line carries the sender's
      // address (Fastify's request log includes it). The handler gets the address only to make
      // an irreversible rate-limit key.
      logLevel: 'silent',
      schema: {
        tags: ['inbox'],
        summary: 'Send the newsroom a tip; an anonymous tip stores nothing that identifies the sender',
        body: TipInputSchema,
        response: { 201: InboxSentSchema, ...sendErrors },
      },
    },
    async (req, reply) => {
      await inbox.createTip(req.body, req.ip);
      return reply.code(201).send({ msg: INBOX_MSG.tipSent });
    },
  );

  app.post(
    '/ad-inquiries',
    {
      schema: {
        tags: ['inbox'],
        summary: 'Ask the ad sales team about advertising',
        body: AdInquiryInputSchema,
        response: { 201: InboxSentSchema, ...sendErrors },
      },
    },
    async (req, reply) => {
      await inbox.createAdInquiry(req.body, req.ip);
      return reply.code(201).send({ msg: INBOX_MSG.adSent });
    },
  );

  app.get(
    '/inbox',
    {
      schema: {
        tags: ['inbox'],
        summary: 'The inbox of one kind, newest first (admin)',
        querystring: InboxQuerySchema,
        response: { 200: InboxListSchema, ...adminErrors },
      },
      preHandler: requireRole('admin'),
    },
    async (req, _reply) => {
      const { kind, status, limit, offset } = req.query;
      return inbox.list(kind, { status, limit, offset });
    },
  );

  app.get(
    '/inbox/:kind/:id',
    {
      schema: {
        tags: ['inbox'],
        summary: 'One inbox item (admin)',
        params: InboxItemParamsSchema,
        response: { 200: InboxItemSchema, ...adminErrors },
      },
      preHandler: requireRole('admin'),
    },
    async (req, _reply) => {
      return inbox.get(req.params.kind, req.params.id);
    },
  );

  app.post(
    '/inbox/:kind/:id/handled',
    {
      schema: {
        tags: ['inbox'],
        summary: 'Mark an inbox item handled, or with {"handled": false} back to new (admin)',
        params: InboxItemParamsSchema,
        body: InboxHandledInputSchema.nullish(),
        response: { 200: InboxItemSchema, ...adminErrors },
      },
      preHandler: requireRole('admin'),
    },
    async (req) => inbox.setHandled(req.params.kind, req.params.id, req.body?.handled ?? true, currentUser(req)),
  );
};
