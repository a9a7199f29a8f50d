import {
  CommentInputSchema,
  CommentSchema,
  CommentsQuerySchema,
  ErrorSchema,
  IdParamSchema,
} from '@vaggen/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../auth/guards.js';

export const commentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { comments } = app.services;
  const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 429: ErrorSchema };

  app.get(
    '/comments',
    {
      schema: {
        tags: ['comments'],
        summary: "An article's comments as a nested tree",
        querystring: CommentsQuerySchema,
        response: { 200: z.array(CommentSchema), 400: ErrorSchema },
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return comments.tree(req.query.articleId, req.user);
    },
  );

  app.post(
    '/comments',
    {
      schema: {
        tags: ['comments'],
        summary: 'Comment (visitors give name and e-mail; logged-in users comment as themselves)',
        body: CommentInputSchema,
        response: { 201: CommentSchema, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await comments.create(req.body, req.user, req.ip)),
  );

  app.delete(
    '/comments/:id',
    {
      schema: {
        tags: ['comments'],
        summary: 'Delete a comment (its author or an admin)',
        params: IdParamSchema,
        response: { 200: z.object({ msg: z.string() }), ...errors },
      },
      preHandler: requireUser,
    },
    async (req) => {
      await comments.delete(req.params.id, currentUser(req));
      return { msg: 'Kommentaren är borttagen' };
    },
  );
};
