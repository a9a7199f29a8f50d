import { COMMENTER_TOKEN_HEADER, COMMENTS_PAGE, COMMENTS_PAGE_MAX, type Comment, type User } from '@vaggen/contract';
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
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../http/guards.js';
import { sendNoStoreJson } from '../../lib/page-cache/index.js';
import { UserPages } from '../users/page-tags.js';
import { CommentPages } from './page-tags.js';

/** The visitor's commenter token, when the browser sent one (issue 16). */
const tokenOf = (headers: Record<string, string | string[] | undefined>): string | null => {
  const v = headers[COMMENTER_TOKEN_HEADER];
  return typeof v === 'string' ? v : null;
};

/**
 * Issue 13 (decision 031): whether the answer is the same for every reader who could send this
 * request — no bearer token (logged-in readers, admins) and no commenter token (a visitor's own held
 * comments). Only these are served from and stored in the page cache.
 */
const isAnonymous = (req: FastifyRequest): boolean =>
  req.user === null && req.headers.authorization === undefined && req.headers[COMMENTER_TOKEN_HEADER] === undefined;

/** The page tags of the comment authors with an account in an answer (their picture and staff role are shown). */
function authorTags(list: Comment[], into = new Set<string>()): Set<string> {
  for (const c of list) {
    if (c.author_id !== null) into.add(UserPages.author(c.author_id));
    authorTags(c.replies, into);
  }
  return into;
}

/** A body serialized by the route's 200 response schema, byte for byte what Fastify sends for it. */
const serialized = (reply: FastifyReply, body: object): string =>
  String(reply.serializeInput(body as Record<string, unknown>, '200'));

export const commentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { comments } = app.services;
  const viewerOf = (req: { user: User | null; headers: Record<string, string | string[] | undefined> }) => ({
    user: req.user,
    key: comments.verifyCommenterToken(tokenOf(req.headers)),
  });
  const tokenNote =
    ' A visitor who sends the `X-Commenter-Token` header (the `author_token` of their earlier comment) also ' +
    'gets their own held comments, with `moderation_status` "pending" or "hidden" (issue 16).';
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
          'with the paging in the headers X-Total-Count, X-Next-Cursor and Link rel="next" (decision 015). ' +
          'Only visible comments count and page; a hidden or rejected comment with visible replies stays as a ' +
          'placeholder without name or text.' +
          tokenNote,
        querystring: CommentsQuerySchema,
        response: { 200: z.union([CommentPageSchema, z.array(CommentSchema)]), 400: ErrorSchema },
      },
    },
    async (req, reply) => {
      const { articleId, order, cursor, limit } = req.query;
      const answer = async (viewer: ReturnType<typeof viewerOf>) => {
        const page = await comments.page(articleId, viewer, { order, cursor, limit });
        if (order !== undefined || cursor !== undefined || limit !== undefined)
          return { page, body: page, headers: {} };
        const headers: Record<string, string> = { 'x-total-count': String(page.total) };
        if (page.next_cursor !== null) {
          headers['x-next-cursor'] = page.next_cursor;
          headers.link = `</api/comments?articleId=${articleId}&order=oldest&cursor=${page.next_cursor}>; rel="next"`;
        }
        return { page, body: page.comments, headers };
      };
      if (!isAnonymous(req)) {
        const { body, headers } = await answer(viewerOf(req));
        reply.headers(headers);
        return body;
      }
      // one key per answer, whatever else the query string holds (its order, unknown parameters)
      const key = `comments:${articleId}?order=${order ?? ''}&cursor=${cursor ?? ''}&limit=${limit ?? ''}`;
      return sendNoStoreJson(req, reply, app.pageCache, key, async () => {
        const { page, body, headers } = await answer({ user: null, key: null });
        return {
          body: serialized(reply, body),
          headers,
          tags: [CommentPages.thread(articleId), ...authorTags(page.comments)],
        };
      });
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
          'than its replies, so each page attaches to what the reader already has.' +
          tokenNote,
        params: IdParamSchema,
        querystring: CommentRepliesQuerySchema,
        response: { 200: CommentRepliesPageSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (req, reply) => {
      if (!isAnonymous(req)) return comments.replies(req.params.id, viewerOf(req), req.query);
      const { cursor, limit } = req.query;
      const key = `replies:${req.params.id}?cursor=${cursor ?? ''}&limit=${limit ?? ''}`;
      return sendNoStoreJson(req, reply, app.pageCache, key, async () => {
        const { page, articleId } = await comments.repliesOf(req.params.id, { user: null, key: null }, req.query);
        return { body: serialized(reply, page), tags: [CommentPages.thread(articleId), ...authorTags(page.replies)] };
      });
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
          'naming the comment answered. Moderation (issue 16) may hold it: `moderation_status` "pending", shown ' +
          'to its author only. Refused with 400 (banned word, named in the message) or 403 (banned commenter, ' +
          'comments closed). A visitor gets `author_token`; sending it back in `X-Commenter-Token` keeps one ' +
          "token per browser and shows the browser's held comments.",
        body: CommentInputSchema,
        response: { 201: CommentSchema, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await comments.create(req.body, req.user, req.ip, tokenOf(req.headers))),
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
