import { MODERATION_MSG } from '@vaggen/contract';
import {
  ArticleModerationInputSchema,
  ArticleModerationSchema,
  AuditPageSchema,
  AuditQuerySchema,
  BanInputSchema,
  BanPageSchema,
  BanSchema,
  BansQuerySchema,
  BulkInputSchema,
  BulkResultSchema,
  ErrorSchema,
  IdParamSchema,
  ModerationResultSchema,
  ModerationSettingsInputSchema,
  ModerationSettingsSchema,
  QueueCountSchema,
  QueuePageSchema,
  QueueQuerySchema,
  RejectCommentInputSchema,
  ReportInputSchema,
} from '@vaggen/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireRole } from '../../http/guards.js';

const Ok = z.object({ msg: z.string() });

/** Comment moderation (issue 16): the endpoints listed in packages/contract/src/moderation-schemas.ts. */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { moderation } = app.services;
  const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };
  const admin = requireRole('admin');
  const staff = requireRole('writer', 'admin');
  const tags = ['moderation'];

  app.get(
    '/moderation/settings',
    {
      schema: { tags, summary: 'Moderation settings (admin)', response: { 200: ModerationSettingsSchema, ...errors } },
      preHandler: admin,
    },
    async (_req, _reply) => {
      return moderation.getSettings();
    },
  );

  app.put(
    '/moderation/settings',
    {
      schema: {
        tags,
        summary: 'Save the moderation settings (admin)',
        description:
          'Mode, link limit, repeated text, auto-close, report threshold, queue alert and the banned and suspect ' +
          'word lists. Every process uses the new lists at once (decision 024). Logged in the audit log.',
        body: ModerationSettingsInputSchema,
        response: { 200: ModerationSettingsSchema, ...errors },
      },
      preHandler: admin,
    },
    async (req) => moderation.saveSettings(req.body, currentUser(req)),
  );

  app.get(
    '/moderation/articles/:id',
    {
      schema: {
        tags,
        summary: "An article's comment policy: its mode, and whether comments are open",
        params: IdParamSchema,
        response: { 200: ArticleModerationSchema, 404: ErrorSchema },
      },
    },
    async (req, _reply) => {
      return moderation.articlePolicy(req.params.id, req.user);
    },
  );

  app.put(
    '/moderation/articles/:id',
    {
      schema: {
        tags,
        summary: "Set an article's moderation mode or close its comments (admin, or the article's writer)",
        params: IdParamSchema,
        body: ArticleModerationInputSchema,
        response: { 200: ArticleModerationSchema, ...errors },
      },
      preHandler: staff,
    },
    async (req) => moderation.setArticlePolicy(req.params.id, req.body, currentUser(req)),
  );

  app.post(
    '/comments/:id/reports',
    {
      schema: {
        tags,
        summary: 'Report a comment ("Anmäl"): reason and an optional note',
        description:
          'Anyone may report a visible comment once; visitors per address and users per account are limited ' +
          'per minute (429). At the threshold of open reports the comment is hidden until reviewed.',
        params: IdParamSchema,
        body: ReportInputSchema,
        response: { 201: Ok, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (req, reply) => {
      await moderation.report(req.params.id, req.body, req.user, req.ip);
      return reply.code(201).send({ msg: MODERATION_MSG.reportSent });
    },
  );

  app.get(
    '/moderation/queue',
    {
      schema: {
        tags,
        summary: 'The moderation queue (admins: all; writers: comments on their own articles)',
        description:
          'Tab pending (held), reported (open reports; hidden at the threshold) or rejected; filter by category ' +
          'or article; oldest or newest first; keyset paging on the comment id (`next_cursor`).',
        querystring: QueueQuerySchema,
        response: { 200: QueuePageSchema, ...errors },
      },
      preHandler: staff,
    },
    async (req, _reply) => {
      return moderation.queuePage(req.query, currentUser(req));
    },
  );

  app.get(
    '/moderation/queue/count',
    {
      schema: {
        tags,
        summary: 'Sizes of the queue tabs the viewer moderates (header badge)',
        response: { 200: QueueCountSchema, ...errors },
      },
      preHandler: staff,
    },
    async (req, _reply) => {
      return moderation.count(currentUser(req));
    },
  );

  app.post(
    '/moderation/comments/:id/approve',
    {
      schema: {
        tags,
        summary: 'Approve a held, reported or rejected comment (admin, or the article’s writer)',
        params: IdParamSchema,
        response: { 200: ModerationResultSchema, ...errors },
      },
      preHandler: staff,
    },
    async (req) => moderation.approve(req.params.id, currentUser(req)),
  );

  app.post(
    '/moderation/comments/:id/reject',
    {
      schema: {
        tags,
        summary: 'Reject a comment, with a reason (admin, or the article’s writer)',
        params: IdParamSchema,
        body: RejectCommentInputSchema.nullish(),
        response: { 200: ModerationResultSchema, ...errors },
      },
      preHandler: staff,
    },
    async (req) => moderation.reject(req.params.id, req.body?.reason, currentUser(req)),
  );

  app.post(
    '/moderation/bulk',
    {
      schema: {
        tags,
        summary: 'Approve or reject a selection (at most 100)',
        description: 'Comments the viewer may not moderate, or that are gone, are skipped with the reason.',
        body: BulkInputSchema,
        response: { 200: BulkResultSchema, ...errors },
      },
      preHandler: staff,
    },
    async (req) => moderation.bulk(req.body, currentUser(req)),
  );

  app.get(
    '/moderation/bans',
    {
      schema: {
        tags,
        summary: 'Bans and always-pre-moderated commenters (admin), newest first',
        querystring: BansQuerySchema,
        response: { 200: BanPageSchema, ...errors },
      },
      preHandler: admin,
    },
    async (req, _reply) => {
      return moderation.listBans(req.query);
    },
  );

  app.post(
    '/moderation/bans',
    {
      schema: {
        tags,
        summary: 'Ban a commenter, or always pre-moderate them (admin): an account or an e-mail address',
        body: BanInputSchema,
        response: { 201: BanSchema, ...errors },
      },
      preHandler: admin,
    },
    async (req, reply) => reply.code(201).send(await moderation.createBan(req.body, currentUser(req))),
  );

  app.delete(
    '/moderation/bans/:id',
    {
      schema: {
        tags,
        summary: 'Lift a ban (admin)',
        params: IdParamSchema,
        response: { 200: Ok, ...errors },
      },
      preHandler: admin,
    },
    async (req) => {
      await moderation.liftBan(req.params.id, currentUser(req));
      return { msg: 'Avstängningen är hävd' };
    },
  );

  app.get(
    '/moderation/audit',
    {
      schema: {
        tags,
        summary: 'The moderation audit log (admin), newest first',
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema, ...errors },
      },
      preHandler: admin,
    },
    async (req, _reply) => {
      return moderation.auditLog(req.query);
    },
  );
};
