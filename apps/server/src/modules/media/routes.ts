import fastifyStatic from '@fastify/static';
import { MSG } from '@vaggen/contract';
import { ErrorSchema, UploadResponseSchema } from '@vaggen/contract/schemas';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../http/guards.js';
import { HttpError } from '../../lib/http-errors.js';
import { readUploadedFile } from '../../lib/multipart.js';
import { type MediaStorage, OBJECT_NAME } from '../../lib/storage/index.js';
import { avatarSvg, type MediaService, renderPng } from './service.js';

/**
 * The cache headers of what this module serves by a name that changes with the content (an upload,
 * a crop, an avatar of a name and size): kept a year by anyone, never sniffed.
 */
function immutable(reply: FastifyReply, type: string): FastifyReply {
  return reply
    .type(type)
    .header('Cache-Control', 'public, max-age=31536000, immutable')
    .header('X-Content-Type-Options', 'nosniff');
}

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/upload/image',
    {
      schema: {
        tags: ['media'],
        summary: 'Upload an image (multipart field "file"; writer or admin)',
        consumes: ['multipart/form-data'],
        response: {
          200: UploadResponseSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          413: ErrorSchema,
          415: ErrorSchema,
        },
      },
      preHandler: requireRole('writer', 'admin'),
    },
    async (req) => app.services.media.storeUpload(await readUploadedFile(req)),
  );

  // Rendering costs a few milliseconds of CPU; browsers cache the answer for a year, and the server
  // keeps the most recent ones so that a page full of bylines or a flood of requests stays cheap.
  const avatarCache = new Map<string, Buffer>();
  const AVATAR_CACHE_ENTRIES = 1000;

  app.get(
    '/avatar',
    {
      schema: {
        tags: ['media'],
        summary: 'Generated initials avatar (PNG)',
        description: 'Initials of `name` on a colour derived from it, `size` × `size` pixels (16–512, default 96).',
        querystring: z.object({
          name: z.string().trim().min(1).max(100),
          size: z.coerce.number().int().min(16).max(512).default(96),
        }),
      },
    },
    async (req, reply) => {
      const key = `${req.query.size}|${req.query.name}`;
      let png = avatarCache.get(key);
      if (png) {
        avatarCache.delete(key); // most recently used last
      } else {
        png = await renderPng(avatarSvg(req.query.name, req.query.size));
        if (avatarCache.size >= AVATAR_CACHE_ENTRIES) avatarCache.delete(avatarCache.keys().next().value as string);
      }
      avatarCache.set(key, png);
      return immutable(reply, 'image/png').send(png);
    },
  );
};

/**
 * Serves stored media at `/uploads/<name>` from whichever storage is configured: files on disk
 * through @fastify/static (ranges, ETags), objects in S3 streamed through this node (so any node,
 * and any CDN in front honouring Cache-Control, serves every upload — docs/decisions/018).
 * Names are content hashes: every answer is immutable for a year. A crop that is not stored yet
 * (issue 41, decision 056) is made on its first request, from either storage.
 */
export async function registerMediaFiles(app: FastifyInstance, storage: MediaStorage): Promise<void> {
  const media = app.services.media;
  if (storage.kind === 'local') {
    await app.register(
      async (uploads) => {
        // Issue 40 (finding 14): a missing file is { msg } as every other 404, not Fastify's own body.
        uploads.setNotFoundHandler(async (req, reply) => {
          // crop names are plain ASCII: anything percent-encoded is no crop (and never a 500)
          const name = (req.url.split('?')[0] as string).replace(/^\/uploads\//, '');
          if (OBJECT_NAME.test(name) && (await sendCrop(media, name, reply))) return reply;
          return reply.code(404).send({ msg: MSG.notFound });
        });
        await uploads.register(fastifyStatic, {
          root: (storage as unknown as { dir: string }).dir,
          prefix: '/',
          decorateReply: false,
          index: false,
          immutable: true,
          maxAge: '365d',
        });
      },
      { prefix: '/uploads' },
    );
    return;
  }
  app.get<{ Params: { name: string } }>('/uploads/:name', { schema: { hide: true } }, async (req, reply) => {
    const { name } = req.params;
    if (!OBJECT_NAME.test(name)) return reply.code(404).send({ msg: MSG.notFound });
    const obj = await storage.get(name);
    if (!obj) {
      if (await sendCrop(media, name, reply)) return reply;
      return reply.code(404).send({ msg: MSG.notFound });
    }
    immutable(reply, obj.contentType ?? 'application/octet-stream');
    if (obj.size !== undefined) reply.header('Content-Length', obj.size);
    return reply.send(obj.body);
  });
}

/**
 * A crop not stored yet: made, stored and sent (immutable like every stored file), or — while too
 * many are under way — a redirect to the uncropped file of its width that no one keeps. False when
 * `name` is no crop's; a crop's name with values the web never writes is a 400 (thrown).
 */
async function sendCrop(media: MediaService, name: string, reply: FastifyReply): Promise<boolean> {
  let answer: Awaited<ReturnType<MediaService['crop']>>;
  try {
    answer = await media.crop(name);
  } catch (err) {
    // refusals are kept by no one: the picture may be uploaded through another node a moment later
    if (!(err instanceof HttpError)) throw err;
    reply.code(err.statusCode).header('Cache-Control', 'no-store').send({ msg: err.message });
    return true;
  }
  if (!answer) return false;
  if ('fallback' in answer) {
    reply.header('Cache-Control', 'no-store').redirect(answer.fallback, 302);
    return true;
  }
  immutable(reply, 'image/webp').send(answer.data);
  return true;
}
