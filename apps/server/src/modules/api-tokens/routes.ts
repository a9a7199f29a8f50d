import { ApiTokenSchema, ErrorSchema } from '@vaggen/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireRole } from '../../http/guards.js';

export const apiTokensRoutes: FastifyPluginAsyncZod = async (app) => {
  const { apiTokens } = app.services;
  const schema = (summary: string) => ({
    tags: ['accounts'],
    summary,
    response: { 200: ApiTokenSchema, 401: ErrorSchema, 403: ErrorSchema },
  });

  app.get(
    '/api-token',
    { schema: schema('Own API token (writer or admin)'), preHandler: requireRole('writer', 'admin') },
    async (req, _reply) => {
      return { api_token: await apiTokens.get(currentUser(req).id) };
    },
  );

  app.post(
    '/api-token',
    { schema: schema('Generate a new API token, replacing the old one'), preHandler: requireRole('writer', 'admin') },
    async (req, _reply) => {
      return { api_token: await apiTokens.regenerate(currentUser(req).id) };
    },
  );
};
