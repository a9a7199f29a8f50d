import {
  ErrorSchema,
  FrontBoardSchema,
  FrontInputSchema,
  FrontOverviewSchema,
  FrontParamsSchema,
  FrontRestoreBodySchema,
  FrontScheduleInputSchema,
  FrontScheduleParamsSchema,
  FrontScheduleSchema,
  FrontSchema,
  FrontVersionParamsSchema,
  FrontVersionSchema,
  FrontVersionsQuerySchema,
} from '@vaggen/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireRole } from '../../http/guards.js';
import { sendPublicJson } from '../../lib/page-cache/index.js';
import { ArticlePages } from '../articles/page-tags.js';
import { FrontPages } from './page-tags.js';
import { frontKey } from './service.js';

/** Issue 41: front pages. Schemas and the endpoint list: packages/contract/src/fronts-schemas.ts. */
export const frontsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { fronts } = app.services;
  const tags = ['fronts'];
  const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };
  const admin = requireRole('admin');
  const by = (req: Parameters<typeof currentUser>[0]) => currentUser(req).id;

  app.get(
    '/fronts/:front',
    {
      schema: {
        tags,
        summary: 'A front page: its pinned slots in order, the first the lead (public)',
        description:
          '`:front` is `hem` or a category as in `/category/{category}`. Unpublished or deleted pinned articles are left out (no gap).',
        params: FrontParamsSchema,
        response: { 200: FrontSchema, 404: ErrorSchema },
      },
    },
    async (req, reply) =>
      sendPublicJson(req, reply, app.pageCache, async () => {
        const key = frontKey(req.params.front);
        const front = await fronts.forReaders(key);
        return {
          body: front,
          tags: [FrontPages.front(key), ...front.slots.map((s) => ArticlePages.shows(s.article.id))],
        };
      }),
  );

  app.get(
    '/newsroom/fronts',
    {
      schema: {
        tags,
        summary: 'Every front with its version, pinned count and waiting changes (admin)',
        response: { 200: z.array(FrontOverviewSchema), 401: ErrorSchema, 403: ErrorSchema },
      },
      preHandler: admin,
    },
    async () => fronts.overview(),
  );

  app.get(
    '/newsroom/fronts/:front',
    {
      schema: {
        tags,
        summary: "A front's board: every pinned slot (hidden articles marked) and the waiting changes (admin)",
        params: FrontParamsSchema,
        response: { 200: FrontBoardSchema, ...errors },
      },
      preHandler: admin,
    },
    async (req) => fronts.board(frontKey(req.params.front)),
  );

  app.put(
    '/newsroom/fronts/:front',
    {
      schema: {
        tags,
        summary: "Save a front's pinned slots (admin); a stale `version` answers 409",
        params: FrontParamsSchema,
        body: FrontInputSchema,
        response: { 200: FrontSchema, ...errors, 409: ErrorSchema },
      },
      preHandler: admin,
    },
    async (req) => fronts.save(frontKey(req.params.front), req.body.version, req.body.slots, by(req)),
  );

  app.get(
    '/newsroom/fronts/:front/versions',
    {
      schema: {
        tags,
        summary: "A front's saved versions, newest first (20 a page; `before` = the last version seen) (admin)",
        params: FrontParamsSchema,
        querystring: FrontVersionsQuerySchema,
        response: { 200: z.array(FrontVersionSchema), ...errors },
      },
      preHandler: admin,
    },
    async (req) => fronts.versions(frontKey(req.params.front), req.query.before),
  );

  app.post(
    '/newsroom/fronts/:front/versions/:version/restore',
    {
      schema: {
        tags,
        summary: 'Undo: save an earlier version again (admin); `version` is the current one (409 when stale)',
        params: FrontVersionParamsSchema,
        body: FrontRestoreBodySchema,
        response: { 200: FrontSchema, ...errors, 409: ErrorSchema },
      },
      preHandler: admin,
    },
    async (req) => fronts.restore(frontKey(req.params.front), req.params.version, req.body.version, by(req)),
  );

  app.post(
    '/newsroom/fronts/:front/schedules',
    {
      schema: {
        tags,
        summary: 'Schedule a change of the front at `apply_at` (admin)',
        params: FrontParamsSchema,
        body: FrontScheduleInputSchema,
        response: { 201: FrontScheduleSchema, ...errors },
      },
      preHandler: admin,
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(await fronts.schedule(frontKey(req.params.front), req.body.slots, req.body.apply_at, by(req))),
  );

  app.delete(
    '/newsroom/fronts/:front/schedules/:id',
    {
      schema: {
        tags,
        summary: 'Cancel a scheduled change (admin)',
        params: FrontScheduleParamsSchema,
        response: { 200: z.object({ msg: z.string() }), ...errors },
      },
      preHandler: admin,
    },
    async (req) => {
      await fronts.cancelSchedule(frontKey(req.params.front), req.params.id);
      return { msg: 'Den schemalagda ändringen är borttagen' };
    },
  );
};
