import { ErrorSchema, NewsroomSettingsSchema, NewsroomSettingsUpdateSchema } from '@vaggen/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireRole } from '../../http/guards.js';

/** The paper's own settings (issues 41–44). Endpoints in packages/contract/src/settings-schemas.ts. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { settings } = app.services;
  const errors = { 401: ErrorSchema, 403: ErrorSchema };
  const admin = requireRole('admin');
  const tags = ['settings'];

  app.get(
    '/newsroom/settings',
    {
      schema: {
        tags,
        summary: "The paper's settings: review, metering, gift links, VAT, legal identity, push (admin)",
        response: { 200: NewsroomSettingsSchema, ...errors },
      },
      preHandler: admin,
    },
    async () => settings.get(),
  );

  app.put(
    '/newsroom/settings',
    {
      schema: {
        tags,
        summary: "Save some of the paper's settings; the others stay (admin)",
        body: NewsroomSettingsUpdateSchema,
        response: { 200: NewsroomSettingsSchema, 400: ErrorSchema, ...errors },
      },
      preHandler: admin,
    },
    async (req) => settings.update(currentUser(req).id, req.body),
  );
};
