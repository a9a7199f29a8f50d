import { SCIENCE_MSG } from '@vaggen/contract';
import {
  AtomicNumberParamSchema,
  ElementSymbolParamSchema,
  ElementSymbolResponseSchema,
  ErrorSchema,
  IsotopesResponseSchema,
  PeriodicTableResponseSchema,
} from '@vaggen/contract/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { httpError } from '../../lib/http-errors.js';
import type { Tagged } from './service.js';

/** Reference data changes only with a deploy or an import: caches may keep it for a while and revalidate. */
const CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=86400';

/** Sends `tagged.body` with its ETag, or an empty 304 when the client already has it. */
function cached<T>(req: FastifyRequest, reply: FastifyReply, tagged: Tagged<T>): T | undefined {
  reply.header('Cache-Control', CACHE_CONTROL);
  reply.header('ETag', tagged.etag);
  const match = req.headers['if-none-match'];
  if (match?.split(',').some((t) => t.trim().replace(/^W\//, '') === tagged.etag)) {
    reply.code(304).send();
    return undefined;
  }
  return tagged.body;
}

export const scienceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { science } = app.services;

  app.get(
    '/periodic-table-data',
    {
      schema: {
        tags: ['science'],
        summary: 'The periodic table: 118 elements, elements by category, and the lists of categories and blocks',
        description: 'Cacheable: sends an ETag and answers 304 to a matching If-None-Match.',
        response: { 200: PeriodicTableResponseSchema },
      },
    },
    async (req, reply) => cached(req, reply, science.periodicTable()),
  );

  app.get(
    '/elements/:atomicNumber/isotopes',
    {
      schema: {
        tags: ['science'],
        summary: 'One element and its isotopes (ground states and isomers, lightest first)',
        description:
          'Values from NUBASE2020: the built-in selection (every stable nuclide and the notable radionuclides), or ' +
          'every nuclide once the full table has been imported (`npm run import:nuclides`). Cacheable (ETag).',
        params: AtomicNumberParamSchema,
        response: { 200: IsotopesResponseSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (req, reply) => {
      const found = await science.isotopes(Number(req.params.atomicNumber));
      if (!found) throw httpError(404, SCIENCE_MSG.elementNotFound);
      return cached(req, reply, found);
    },
  );

  app.get(
    '/elements/symbol/:symbol',
    {
      schema: {
        tags: ['science'],
        summary: 'Atomic number for an element symbol (any casing: fe, Fe, FE)',
        description: 'Cacheable: sends an ETag and answers 304 to a matching If-None-Match.',
        params: ElementSymbolParamSchema,
        response: { 200: ElementSymbolResponseSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (req, reply) => {
      const found = science.symbolLookup(req.params.symbol);
      if (!found) throw httpError(404, SCIENCE_MSG.elementNotFound);
      return cached(req, reply, found);
    },
  );
};
