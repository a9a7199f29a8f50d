import type { Socket } from 'node:net';
import { LIVE_MSG } from '@vaggen/contract';
import {
  ArticleSchema,
  ErrorSchema,
  IdParamSchema,
  LiveEntriesQuerySchema,
  LiveEntryInputSchema,
  LiveEntryPageSchema,
  LiveEntrySchema,
  LiveEntryUpdateSchema,
  LiveStreamQuerySchema,
} from '@vaggen/contract/schemas';
import { EventBuffer } from 'better-sse';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireRole, requireUser } from '../../http/guards.js';
import { httpError } from '../../lib/http-errors.js';
import { sendPublicJson } from '../../lib/page-cache/index.js';
import { ArticlePages } from '../articles/page-tags.js';
import { LivePages } from './page-tags.js';
import type { StreamEvent } from './service.js';
import type { LiveConnection } from './stream.js';

const RETRY = new EventBuffer().retry(3000).dispatch().read();
const HEARTBEAT = new EventBuffer().comment().dispatch().read();
/** An event as the stream sends it, encoded once however many streams get it. */
const texts = new WeakMap<StreamEvent, string>();
function encoded(e: StreamEvent): string {
  let text = texts.get(e);
  if (text === undefined) {
    const b = new EventBuffer().event(e.event);
    if (e.event !== 'end') b.id(String(e.seq));
    text = b.data(e.data).dispatch().read();
    texts.set(e, text);
  }
  return text;
}

const ignore = () => {};

/** What a stream's response starts with: the same string for every stream. */
const HEAD =
  'HTTP/1.1 200 OK\r\n' +
  'content-type: text/event-stream; charset=utf-8\r\n' +
  'cache-control: no-store\r\n' +
  'x-content-type-options: nosniff\r\n' +
  'x-accel-buffering: no\r\n' +
  'connection: close\r\n\r\n';
const HEAD_AND_RETRY = HEAD + RETRY;
/** A reader this far behind (bytes not yet taken by the socket) is cut off; it resumes with Last-Event-ID. */
const MAX_BEHIND = 256 * 1024;

/**
 * One open stream (issue 44, scale): its position, socket, report and address. Methods on the
 * prototype, no closures, no article, no response headers kept: with 10 000 streams open in a
 * process every byte here counts 10 000 times.
 */
class Stream implements LiveConnection {
  waiting: StreamEvent[] | null = null;
  constructor(
    readonly socket: Socket,
    readonly articleId: number,
    readonly ip: string,
    public lastSeq: number,
  ) {}
  send(e: StreamEvent): void {
    if (this.waiting) {
      this.waiting.push(e);
      return;
    }
    if (e.event !== 'end') {
      if (e.seq <= this.lastSeq) return;
      this.lastSeq = e.seq;
    }
    this.write(encoded(e));
  }
  heartbeat(): void {
    this.write(HEARTBEAT);
  }
  end(): void {
    this.socket.end();
  }
  private write(text: string): void {
    if (this.socket.destroyed) return;
    if (this.socket.writableLength > MAX_BEHIND) this.socket.destroy();
    else this.socket.write(text);
  }
}

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

/** Issue 44: live reports' entries, and the stream of their changes. */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { live } = app.services;
  const limits = app.config.live;
  /** Open streams per address in this process. */
  const open = new Map<string, number>();
  /** Each open stream by its socket (one shared close handler, no closure per stream). */
  const streams = new Map<Socket, Stream>();
  function closeStream(this: Socket): void {
    const conn = streams.get(this);
    if (!conn) return;
    streams.delete(this);
    live.hub.leave(conn.articleId, conn);
    const left = (open.get(conn.ip) ?? 1) - 1;
    if (left <= 0) open.delete(conn.ip);
    else open.set(conn.ip, left);
  }

  app.get(
    '/articles/:id/live-entries',
    {
      schema: {
        tags: ['live'],
        summary:
          "A live report's entries, newest first (public, paged); with `drafts=1` its drafts (its writers, or an admin)",
        description:
          'Paged by `cursor` (the `next_cursor` of the page before). The first page also carries the pinned entries ' +
          '("Viktigast just nu") and `last_event_id`, the stream position to resume `live-stream` from. ' +
          "Readers never get drafts. `drafts=1` lists the report's drafts instead (401 without login, 403 for anyone " +
          "but the report's writers and admins; `Cache-Control: private, no-store`, never in the page cache).",
        params: IdParamSchema,
        querystring: LiveEntriesQuerySchema,
        response: { 200: LiveEntryPageSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (req, reply) => {
      if (req.query.drafts === '1') {
        // the desk's drafts: answered here, never through the public page cache
        await requireUser(req, reply);
        const page = await live.drafts(
          req.params.id,
          currentUser(req),
          req.query.cursor === undefined ? null : Number(req.query.cursor),
          req.query.limit,
        );
        return reply.header('cache-control', 'private, no-store').send(page);
      }
      return sendPublicJson(req, reply, app.pageCache, async () => {
        await live.readerReport(req.params.id);
        return {
          body: await live.page(
            req.params.id,
            req.query.cursor === undefined ? null : Number(req.query.cursor),
            req.query.limit,
          ),
          tags: [LivePages.entries(req.params.id), ArticlePages.article(req.params.id)],
        };
      });
    },
  );

  app.get(
    '/articles/:id/live-stream',
    {
      schema: {
        tags: ['live'],
        summary: "A live report's changes as server-sent events (text/event-stream)",
        description:
          'Events `entry`, `edit` (also a pin), `remove` (data `{ id }`), each with `id:`, and `end` when the report ends. ' +
          'Resumes after `Last-Event-ID` (or `?last_event_id=`, e.g. the page snapshot’s `last_event_id`); without either it ' +
          'starts from now. Comment lines are heartbeats. 429 when the address has too many streams open.',
        params: IdParamSchema,
        querystring: LiveStreamQuerySchema,
        response: { 400: ErrorSchema, 404: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (req, reply) => {
      // Only the id and end time are kept: nothing else of the article stays with the stream.
      const article = await live.readerReport(req.params.id);
      const endedAt = article.live_ended_at;
      const ip = req.ip;
      const n = open.get(ip) ?? 0;
      if (n >= limits.streamsPerAddress) throw httpError(429, LIVE_MSG.tooManyStreams);
      const header = Number(req.headers['last-event-id']);
      const from =
        Number.isSafeInteger(header) && header >= 0
          ? header
          : (req.query.last_event_id ?? (await live.position(article.id)));
      reply.hijack();
      // The head is one string shared by every stream, written straight to the socket (the
      // response ends with the connection, so no chunked framing per event either).
      const socket = req.raw.socket;
      if (req.method === 'HEAD') {
        socket.end(HEAD);
        return;
      }
      open.set(ip, n + 1);
      socket.write(HEAD_AND_RETRY);
      // The response object is never written (the stream writes to the socket), so its 'finish'
      // never comes: what waits for it (Fastify's request and reply, Node's keep-alive bookkeeping)
      // would stay as long as the stream. Errors go to the socket's close.
      const res = reply.raw;
      res.removeAllListeners('finish');
      res.removeAllListeners('error');
      res.on('error', ignore);
      const conn = new Stream(socket, article.id, ip, from);
      streams.set(socket, conn);
      socket.on('close', closeStream);
      await live.hub.join(conn.articleId, conn);
      if (endedAt) conn.send({ seq: 0, event: 'end', data: { live_ended_at: endedAt } });
    },
  );

  app.post(
    '/articles/:id/live-entries',
    {
      schema: {
        tags: ['live'],
        summary: 'Post an entry, or save a draft, in a live report (its writers, or an admin)',
        description:
          'The content is cleaned HTML as in articles. 409 when the article is no live report or has ended. ' +
          '`draft: true` saves it as a draft: no reader, stream or feed sees it until it is published.',
        params: IdParamSchema,
        body: LiveEntryInputSchema,
        response: { 201: LiveEntrySchema, ...errors },
      },
      preHandler: requireRole('writer', 'admin'),
    },
    async (req, reply) => reply.code(201).send(await live.post(req.params.id, req.body, currentUser(req))),
  );

  app.put(
    '/live-entries/:id',
    {
      schema: {
        tags: ['live'],
        summary: "Edit or pin an entry or a draft, or publish a draft (the report's writers, or an admin)",
        description:
          '`draft: false` publishes a draft: it is posted anew with a new `id` and the time of publishing, and the ' +
          'stream sends it as `entry` (409 when the report has ended). A posted entry cannot become a draft (409).',
        params: IdParamSchema,
        body: LiveEntryUpdateSchema,
        response: { 200: LiveEntrySchema, ...errors },
      },
      preHandler: requireRole('writer', 'admin'),
    },
    async (req) => live.update(req.params.id, req.body, currentUser(req)),
  );

  app.delete(
    '/live-entries/:id',
    {
      schema: {
        tags: ['live'],
        summary: "Remove an entry, or delete a draft (the report's writers, or an admin)",
        params: IdParamSchema,
        response: { 200: z.object({ msg: z.string() }), ...errors },
      },
      preHandler: requireRole('writer', 'admin'),
    },
    async (req) => {
      const removed = await live.remove(req.params.id, currentUser(req));
      return { msg: removed === 'draft' ? LIVE_MSG.draftRemoved : 'Inlägget är borttaget' };
    },
  );

  app.post(
    '/articles/:id/live-end',
    {
      schema: {
        tags: ['live'],
        summary: 'End a live report (its writers, or an admin); it stays readable',
        params: IdParamSchema,
        response: { 200: ArticleSchema, ...errors },
      },
      preHandler: requireRole('writer', 'admin'),
    },
    async (req) => live.end(req.params.id, currentUser(req)),
  );
};
