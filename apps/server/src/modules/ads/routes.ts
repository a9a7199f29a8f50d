import { AdSchema, AdsQuerySchema } from '@vaggen/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const adsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ads',
    {
      schema: {
        tags: ['ads'],
        summary: 'Random active ads of a type',
        querystring: AdsQuerySchema,
        response: { 200: z.array(AdSchema) },
      },
    },
    async (req, _reply) => {
      return app.services.ads.random(req.query.type, req.query.limit);
    },
  );
};
