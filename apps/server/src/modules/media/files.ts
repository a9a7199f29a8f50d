import fastifyStatic from '@fastify/static';
import { MSG } from '@vaggen/contract';
import type { FastifyInstance } from 'fastify';
import { type MediaStorage, OBJECT_NAME } from '../../lib/storage/index.js';

/**
 * Serves stored media at `/uploads/<name>` from whichever storage is configured: files on disk
 * through @fastify/static (ranges, ETags), objects in S3 streamed through this node (so any node,
 * and any CDN in front honouring Cache-Control, serves every upload — docs/decisions/018).
 * Names are content hashes: every answer is immutable for a year.
 */
export async function registerMediaFiles(app: FastifyInstance, storage: MediaStorage): Promise<void> {
  if (storage.kind === 'local') {
    await app.register(fastifyStatic, {
      root: (storage as unknown as { dir: string }).dir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      immutable: true,
      maxAge: '365d',
    });
    return;
  }
  app.get<{ Params: { name: string } }>('/uploads/:name', { schema: { hide: true } }, async (req, reply) => {
    const { name } = req.params;
    if (!OBJECT_NAME.test(name)) return reply.code(404).send({ msg: MSG.notFound });
    const obj = await storage.get(name);
    if (!obj) return reply.code(404).send({ msg: MSG.notFound });
    reply
      .type(obj.contentType ?? 'application/octet-stream')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff');
    if (obj.size !== undefined) reply.header('Content-Length', obj.size);
    return reply.send(obj.body);
  });
}
