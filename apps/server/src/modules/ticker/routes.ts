import { TickerQuerySchema, TickerResponseSchema } from '@vaggen/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const tickerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sr_news',
    {
      schema: {
        tags: ['ticker'],
        summary: "Sveriges Radio's latest news for the ticker",
        description:
          'Always 200. `source: "unavailable"` with no items when upstream failed; the client then shows its built-in headlines.',
        querystring: TickerQuerySchema,
        response: { 200: TickerResponseSchema },
      },
    },
    async (req, reply) => {
      const result = await app.services.ticker.latest(req.query.limit);
      // kept a minute when fresh; the built-in fallback is the group's default `no-store`
      if (result.source === 'upstream') reply.header('Cache-Control', 'public, max-age=60');
      return result;
    },
  );
};
