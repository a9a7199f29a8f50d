import {
  ErrorSchema,
  IdParamSchema,
  RepliesQuerySchema,
  ReplyCasePageSchema,
  ReplyCaseSchema,
  ReplyDecisionSchema,
  ReplyInputSchema,
  ReplyReceiptSchema,
} from '@vaggen/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireRole } from '../../http/guards.js';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

/** Issue 43: the right of reply (genmäle): requests from anyone, cases for the newsroom's admins. */
export const repliesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { replies } = app.services;

  app.post(
    '/replies',
    {
      schema: {
        tags: ['replies'],
        summary: 'Ask for a right of reply to an article (anyone): answers with a case number; a receipt is mailed',
        body: ReplyInputSchema,
        response: { 201: ReplyReceiptSchema, 400: ErrorSchema, 404: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await replies.request(req.body, req.ip)),
  );

  app.get(
    '/newsroom/replies',
    {
      schema: {
        tags: ['replies'],
        summary: 'Requests for a reply, newest first (admin); `status` filters',
        querystring: RepliesQuerySchema,
        response: { 200: ReplyCasePageSchema, ...errors },
      },
      preHandler: requireRole('admin'),
    },
    async (req) => replies.list(req.query),
  );

  app.put(
    '/newsroom/replies/:id',
    {
      schema: {
        tags: ['replies'],
        summary: 'Move a case on (admin): granted, published (with the reply article), or rejected (with reasons)',
        description:
          'The requester is told each decision by e-mail. A published reply and its article link to each other.',
        params: IdParamSchema,
        body: ReplyDecisionSchema,
        response: { 200: ReplyCaseSchema, ...errors },
      },
      preHandler: requireRole('admin'),
    },
    async (req) => replies.decide(req.params.id, req.body, currentUser(req)),
  );
};
