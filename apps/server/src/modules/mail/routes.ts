import { ErrorSchema, MailSettingsSchema, MailStatusSchema } from '@vaggen/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireRole } from '../../http/guards.js';

/** Outgoing e-mail (issue 21): what admins see and set. Endpoints in packages/contract/src/mail-schemas.ts. */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { mail } = app.services;
  const errors = { 401: ErrorSchema, 403: ErrorSchema };
  const admin = requireRole('admin');
  const tags = ['mail'];

  app.get(
    '/admin/mail/status',
    {
      schema: {
        tags,
        summary: 'Is e-mail sent (SMTP_URL set), the queue, failures and the last send (admin)',
        response: { 200: MailStatusSchema, ...errors },
      },
      preHandler: admin,
    },
    async (_req, _reply) => {
      return mail.status();
    },
  );

  app.get(
    '/admin/mail/settings',
    {
      schema: { tags, summary: 'E-mail settings (admin)', response: { 200: MailSettingsSchema, ...errors } },
      preHandler: admin,
    },
    async (_req, _reply) => {
      return mail.getSettings();
    },
  );

  app.put(
    '/admin/mail/settings',
    {
      schema: {
        tags,
        summary: 'Save the e-mail settings (admin)',
        description:
          'require_email_verification: new accounts with an e-mail get a confirmation mail and may not comment ' +
          'until they confirm (existing accounts count as confirmed).',
        body: MailSettingsSchema,
        response: { 200: MailSettingsSchema, 400: ErrorSchema, ...errors },
      },
      preHandler: admin,
    },
    async (req) => mail.updateSettings(currentUser(req).id, req.body),
  );
};
