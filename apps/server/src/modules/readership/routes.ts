import { IdParamSchema } from '@vaggen/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const readershipRoutes: FastifyPluginAsyncZod = async (app) => {
  const { readership } = app.services;

  app.post(
    '/articles/:id/view',
    {
      schema: {
        tags: ['articles'],
        summary:
          'Count one reading of an article ("most read"); bots are not counted, nothing about the reader is kept',
        params: IdParamSchema,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      readership.recordView(req.params.id, req.headers['user-agent']);
      return reply.code(204).send(null);
    },
  );
};
