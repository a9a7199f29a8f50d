import {
  DsaAppealDecisionInputSchema,
  DsaAppealInputSchema,
  DsaAppealPageSchema,
  DsaAppealsQuerySchema,
  DsaDecisionInputSchema,
  DsaNoticeInputSchema,
  DsaNoticePageSchema,
  DsaNoticeSchema,
  DsaNoticesQuerySchema,
  DsaReceiptSchema,
  DsaStatementSchema,
  ErrorSchema,
  IdParamSchema,
  TransparencyQuerySchema,
  TransparencyReportSchema,
} from '@vaggen/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireRole } from '../../http/guards.js';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

/** Issue 43: the Digital Services Act's notice and action, statements of reasons, appeals, transparency. */
export const dsaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dsa } = app.services;

  app.post(
    '/dsa/notices',
    {
      schema: {
        tags: ['dsa'],
        summary: 'Report illegal content (DSA Art. 16): anyone; answers with a case number',
        description:
          '`url` is the address of an article on this site, with `#comment-<id>` for a comment. ' +
          'Name and e-mail are optional; with an e-mail the notifier gets a receipt and the decision.',
        body: DsaNoticeInputSchema,
        response: { 201: DsaReceiptSchema, 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await dsa.notice(req.body, req.ip)),
  );

  app.get(
    '/dsa/notices',
    {
      schema: {
        tags: ['dsa'],
        summary: 'Notices of illegal content to decide (admin): open oldest first, decided newest first',
        querystring: DsaNoticesQuerySchema,
        response: { 200: DsaNoticePageSchema, ...errors },
      },
      preHandler: requireRole('admin'),
    },
    async (req) => dsa.listNotices(req.query),
  );

  app.post(
    '/dsa/notices/:id/decision',
    {
      schema: {
        tags: ['dsa'],
        summary: 'Decide a notice (admin): remove the comment (with its ground) or take no action, with reasons',
        params: IdParamSchema,
        body: DsaDecisionInputSchema,
        response: { 200: DsaNoticeSchema, ...errors },
      },
      preHandler: requireRole('admin'),
    },
    async (req) => dsa.decide(req.params.id, req.body, currentUser(req)),
  );

  app.get(
    '/dsa/statements/:caseNumber',
    {
      schema: {
        tags: ['dsa'],
        summary: "A statement of reasons (DSA Art. 17), for its commenter: by account, or with the mail's `token`",
        params: z.object({ caseNumber: z.string().max(40) }),
        querystring: z.object({ token: z.string().max(300).optional() }),
        response: { 200: DsaStatementSchema, 404: ErrorSchema },
      },
    },
    async (req) => dsa.statementForCommenter(req.params.caseNumber, req.user, req.query.token),
  );

  app.post(
    '/dsa/appeals',
    {
      schema: {
        tags: ['dsa'],
        summary: 'Appeal a removal (DSA Art. 20): the affected commenter, within six months',
        description: 'Logged in as the commenter, or with the `token` of the statement mail a visitor got.',
        body: DsaAppealInputSchema,
        response: { 201: z.object({ msg: z.string() }), 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await dsa.appeal(req.body, req.user)),
  );

  app.get(
    '/dsa/appeals',
    {
      schema: {
        tags: ['dsa'],
        summary: 'Appeals (admin): open oldest first, decided newest first',
        querystring: DsaAppealsQuerySchema,
        response: { 200: DsaAppealPageSchema, ...errors },
      },
      preHandler: requireRole('admin'),
    },
    async (req) => dsa.appeals(req.query),
  );

  app.post(
    '/dsa/appeals/:id/decision',
    {
      schema: {
        tags: ['dsa'],
        summary:
          'Decide an appeal (admin; not the moderator who decided): uphold, or reverse (the comment shows again)',
        params: IdParamSchema,
        body: DsaAppealDecisionInputSchema,
        response: { 200: DsaStatementSchema, ...errors },
      },
      preHandler: requireRole('admin'),
    },
    async (req) => dsa.decideAppeal(req.params.id, req.body, currentUser(req)),
  );

  app.get(
    '/transparency',
    {
      schema: {
        tags: ['dsa'],
        summary: 'The transparency report for a period (public): notices, actions, time to decide, appeals, automation',
        description: '`from` and `to` are days (YYYY-MM-DD, UTC, inclusive); default: this year so far.',
        querystring: TransparencyQuerySchema,
        response: { 200: TransparencyReportSchema, 400: ErrorSchema },
      },
    },
    async (req) => {
      const today = new Date().toISOString().slice(0, 10);
      return dsa.transparency(req.query.from ?? `${today.slice(0, 4)}-01-01`, req.query.to ?? today);
    },
  );
};
