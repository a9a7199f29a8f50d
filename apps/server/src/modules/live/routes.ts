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
import { currentUser, requireRole } from '../../http/guards.js';
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

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

/** Issue 44: live reports' entries, and the stream of their changes. */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { live } = app.services;
  const limits = app.config.live;
  /** Open streams per address in this process. */
  const open = new Map<string, number>();

  app.get(
    '/articles/:id/live-entries',
    {
      schema: {
        tags: ['live'],
        summary: "A live report's entries, newest first (public, paged)",
        description:
          'Paged by `cursor` (the `next_cursor` of the page before). The first page also carries the pinned entries ' +
          '("Viktigast just nu") and `last_event_id`, the stream position to resume `live-stream` from.',
        params: IdParamSchema,
        querystring: LiveEntriesQuerySchema,
        response: { 200: LiveEntryPageSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (req, reply) =>
      sendPublicJson(req, reply, app.pageCache, async () => {
        await live.readerReport(req.params.id);
        return {
          body: await live.page(
            req.params.id,
            req.query.cursor === undefined ? null : Number(req.query.cursor),
            req.query.limit,
          ),
          tags: [LivePages.entries(req.params.id), ArticlePages.article(req.params.id)],
        };
      }),
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
      const article = await live.readerReport(req.params.id);
      const ip = req.ip;
      const n = open.get(ip) ?? 0;
      if (n >= limits.streamsPerAddress) throw httpError(429, LIVE_MSG.tooManyStreams);
      const header = Number(req.headers['last-event-id']);
      const from =
        Number.isSafeInteger(header) && header >= 0
          ? header
          : (req.query.last_event_id ?? (await live.position(article.id)));
      open.set(ip, n + 1);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(RETRY);
      // Per stream only this: its position and the response. Each event is encoded once for all
      // streams (`encoded`), by better-sse's EventBuffer (the spec's fields, sanitised).
      const conn: LiveConnection = {
        lastSeq: from,
        waiting: null,
        send(e: StreamEvent) {
          if (conn.waiting) {
            conn.waiting.push(e);
            return;
          }
          if (e.event !== 'end') {
            if (e.seq <= conn.lastSeq) return;
            conn.lastSeq = e.seq;
          }
          res.write(encoded(e));
        },
        heartbeat() {
          res.write(HEARTBEAT);
        },
        end() {
          res.end();
        },
      };
      res.once('close', () => {
        live.hub.leave(article.id, conn);
        const left = (open.get(ip) ?? 1) - 1;
        if (left <= 0) open.delete(ip);
        else open.set(ip, left);
      });
      await live.hub.join(article.id, conn);
      if (article.live_ended_at) conn.send({ seq: 0, event: 'end', data: { live_ended_at: article.live_ended_at } });
    },
  );

  app.post(
    '/articles/:id/live-entries',
    {
      schema: {
        tags: ['live'],
        summary: 'Post an entry to a live report (its writers, or an admin)',
        description: 'The content is cleaned HTML as in articles. 409 when the article is no live report or has ended.',
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
        summary: "Edit or pin an entry (the report's writers, or an admin)",
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
        summary: "Remove an entry (the report's writers, or an admin)",
        params: IdParamSchema,
        response: { 200: z.object({ msg: z.string() }), ...errors },
      },
      preHandler: requireRole('writer', 'admin'),
    },
    async (req) => {
      await live.remove(req.params.id, currentUser(req));
      return { msg: 'Inlägget är borttaget' };
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
