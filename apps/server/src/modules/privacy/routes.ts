import { Readable } from 'node:stream';
import { exportFileName, PRIVACY_MSG } from '@vaggen/contract';
import {
  AccountDeletedSchema,
  AccountDeleteSchema,
  ErrorSchema,
  PersonalDataExportSchema,
} from '@vaggen/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../http/guards.js';

/** Readers' own data (issue 21): the download and the account's deletion, on the profile. */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { privacy } = app.services;

  app.get(
    '/profile/export',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Download everything kept about one’s own account (JSON attachment)',
        description:
          'Account, sessions, API token, comments, notifications, role requests, reports, bans and articles; ' +
          'never a password hash or a token. Sent as `vaggen-mina-uppgifter-YYYY-MM-DD.json`, streamed.',
        response: { 200: PersonalDataExportSchema, 401: ErrorSchema },
      },
      preHandler: requireUser,
    },
    async (req, reply) => {
      const person = await privacy.person(currentUser(req).id, req.sessionToken);
      reply
        .header('Content-Type', 'application/json; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${exportFileName()}"`);
      // streamed as it is read (the schema documents the shape; a stream is sent as is, unserialised)
      return reply.send(Readable.from(privacy.exportJson(person)) as never);
    },
  );

  app.delete(
    '/profile',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Delete one’s own account (password again; comments kept as "Raderad användare" or removed)',
        body: AccountDeleteSchema,
        response: {
          200: AccountDeletedSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          409: ErrorSchema,
          429: ErrorSchema,
        },
      },
      preHandler: requireUser,
    },
    async (req) => {
      await privacy.deleteAccount(currentUser(req), req.body.password, req.body.comments, req.sessionToken);
      return { msg: PRIVACY_MSG.deleted };
    },
  );
};
