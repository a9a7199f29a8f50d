import { COMMENTS_PAGE, COMMENTS_PAGE_MAX } from '@vaggen/contract';
import {
  CommentDeletedSchema,
  CommentInputSchema,
  CommentPageSchema,
  CommentRepliesPageSchema,
  CommentRepliesQuerySchema,
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
        summary: "A page of an article's top-level comments, each with its first replies",
        description:
          `Top-level comments by id (keyset cursor: no duplicates or gaps when comments arrive between pages), ` +
          `${COMMENTS_PAGE} a page by default (at most ${COMMENTS_PAGE_MAX}), each with its first replies nested ` +
          'and the reply_count of its thread. With `order`, `cursor` or `limit` the answer is a CommentPage ' +
          "(with `total` and `next_cursor`); without them it is the spec's array — the first page, oldest first — " +
          'with the paging in the headers X-Total-Count, X-Next-Cursor and Link rel="next" (decision 015).',
        querystring: CommentsQuerySchema,
        response: { 200: z.union([CommentPageSchema, z.array(CommentSchema)]), 400: ErrorSchema },
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { articleId, order, cursor, limit } = req.query;
      const page = await comments.page(articleId, req.user, { order, cursor, limit });
      if (order !== undefined || cursor !== undefined || limit !== undefined) return page;
      reply.header('X-Total-Count', String(page.total));
      if (page.next_cursor !== null) {
        reply.header('X-Next-Cursor', page.next_cursor);
        reply.header(
          'Link',
          `</api/comments?articleId=${articleId}&order=oldest&cursor=${page.next_cursor}>; rel="next"`,
        );
      }
      return page.comments;
    },
  );

  app.get(
    '/comments/:id/replies',
    {
      schema: {
        tags: ['comments'],
        summary: "The next replies of a thread (its top-level comment's id), oldest first",
        description:
          'Replies at every depth of the thread in id order, nested among themselves; a reply whose parent ' +
          'came on an earlier page is at the top of `replies` (attach it by parentId). A parent is always older ' +
          'than its replies, so each page attaches to what the reader already has.',
        params: IdParamSchema,
        querystring: CommentRepliesQuerySchema,
        response: { 200: CommentRepliesPageSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return comments.replies(req.params.id, req.user, req.query);
    },
  );

  app.post(
    '/comments',
    {
      schema: {
        tags: ['comments'],
        summary: 'Comment (visitors give name and e-mail; logged-in users comment as themselves)',
        description:
          "A reply to a comment at the deepest level (6) hangs under that comment's parent, with reply_to_id " +
          'naming the comment answered.',
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
        response: { 200: CommentDeletedSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (req) => {
      const result = await comments.delete(req.params.id, currentUser(req));
      return { msg: 'Kommentaren är borttagen', ...result };
    },
  );
};
