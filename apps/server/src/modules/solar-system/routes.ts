import { MSG } from '@vaggen/contract';
import { ErrorSchema, SolarSystemResponseSchema, SolarSystemTextureParamsSchema } from '@vaggen/contract/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { httpError } from '../../lib/http-errors.js';

/** Reference data changes only with a deploy: browsers revalidate after an hour, CDNs may keep a day. */
const DATA_CACHE_CONTROL = 'public, max-age=3600, s-maxage=86400, stale-while-revalidate=86400';
/** Texture URLs carry their version (`?v=`), so the bytes behind one URL never change. */
const TEXTURE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

function notModified(req: FastifyRequest, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((s) => s.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/**
 * Sends bytes made once per process (pre-serialised JSON, an image) with their ETag, or an empty
 * 304 when the client already has them. Fastify sends strings and buffers as they are.
 */
function sendCached(
  req: FastifyRequest,
  reply: FastifyReply,
  cached: { etag: string; body: string | Buffer; contentType: string },
  cacheControl: string,
): FastifyReply {
  reply.header('ETag', cached.etag);
  reply.header('Cache-Control', cacheControl);
  if (notModified(req, cached.etag)) return reply.code(304).send();
  return reply.type(cached.contentType).send(cached.body);
}

export const solarSystemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { solarSystem } = app.services;

  app.get(
    '/solar-system-data',
    {
      schema: {
        tags: ['solar-system'],
        summary: 'The Sun, planets, dwarf planets and their major moons',
        description:
          'Spec 001 §7. `bodies` ordered by `solar_system_position` (the Sun is 0), each with its major moons nearest first. ' +
          'Units: radius km, mass kg, volume km³, density kg/m³, gravity m/s², escape velocity km/s, rotation hours ' +
          '(negative = retrograde), distance from the Sun millions of km, orbital period days, angles degrees, ' +
          'temperatures °C, pressure bar, atmosphere composition percent. Sent with an ETag; `If-None-Match` answers 304.',
        response: { 200: SolarSystemResponseSchema },
      },
    },
    async (req, reply) => {
      // Serialised once per process; the tests check it against SolarSystemResponseSchema.
      const json = solarSystem.dataJson();
      return sendCached(req, reply, { ...json, contentType: 'application/json; charset=utf-8' }, DATA_CACHE_CONTROL);
    },
  );

  app.get(
    '/solar-system/textures/:file',
    {
      schema: {
        tags: ['solar-system'],
        summary: 'A generated planet texture (equirectangular WebP)',
        description: 'Painted procedurally by the server on first request; `texture_map_url` of each body points here.',
        params: SolarSystemTextureParamsSchema,
        response: { 404: ErrorSchema },
      },
    },
    async (req, reply) => {
      const match = /^([a-z]+)\.webp$/.exec(req.params.file);
      if (!match || !solarSystem.hasTexture(match[1])) throw httpError(404, MSG.notFound);
      return sendCached(req, reply, await solarSystem.texture(match[1]), TEXTURE_CACHE_CONTROL);
    },
  );
};
