import { displayName, isAdmin } from '@vaggen/contract';
import {
  ArticleSchema,
  ErrorSchema,
  IdParamSchema,
  ReviewDecisionInputSchema,
  ReviewPolicySchema,
  ReviewQueuePageSchema,
  ReviewQueueQuerySchema,
} from '@vaggen/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireRole } from '../../http/guards.js';

/** Issue 41: the review queue and an admin's decisions (registered by the module's routes.ts). */
export const articleReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { articles } = app.services;
  const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

  app.get(
    '/newsroom/review/policy',
    {
      schema: {
        tags: ['articles'],
        summary: 'Whether the caller must send articles for review instead of publishing (writer or admin)',
        response: { 200: ReviewPolicySchema, 401: ErrorSchema, 403: ErrorSchema },
      },
      preHandler: requireRole('writer', 'admin'),
    },
    async (req) => {
      const { review_required } = await app.services.settings.get();
      return { review_required, must_send_for_review: review_required && !isAdmin(currentUser(req)) };
    },
  );

  app.get(
    '/newsroom/review',
    {
      schema: {
        tags: ['articles'],
        summary: 'Articles writers sent for review, oldest first (admin; 20 a page, `after` = the previous `next`)',
        querystring: ReviewQueueQuerySchema,
        response: { 200: ReviewQueuePageSchema, ...errors },
      },
      preHandler: requireRole('admin'),
    },
    async (req) => articles.review.queue(req.query.after),
  );

  app.post(
    '/newsroom/articles/:id/review',
    {
      schema: {
        tags: ['articles'],
        summary: 'Decide on an article in review: publish, schedule (`publish_at`) or return it with a comment (admin)',
        description:
          'The article must have status `review` (else 409). `return` needs a `comment`; the writer is told (bell, and e-mail when chosen). ' +
          "The article's revisions note who approved or returned it.",
        params: IdParamSchema,
        body: ReviewDecisionInputSchema,
        response: { 200: ArticleSchema, ...errors, 404: ErrorSchema, 409: ErrorSchema },
      },
      preHandler: requireRole('admin'),
    },
    async (req) => {
      const user = currentUser(req);
      return articles.review.decide(req.params.id, { id: user.id, name: displayName(user) }, req.body);
    },
  );
};
