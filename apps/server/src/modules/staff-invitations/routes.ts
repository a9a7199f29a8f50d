import { displayName, STAFF_INVITATION_ROLE_LABEL, STAFF_TEXT } from '@vaggen/contract';
import {
  ErrorSchema,
  IdParamSchema,
  StaffInvitationInputSchema,
  StaffInvitationPreviewSchema,
  StaffInvitationSchema,
  StaffInvitationTokenParamSchema,
} from '@vaggen/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireRole, requireUser } from '../../http/guards.js';
import { mailOrigin } from '../../lib/site-origin.js';

/** Issue 41: admins invite staff by e-mail with a preset role; the invited person takes it. */
export const staffInvitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { staffInvitations } = app.services;
  const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

  app.get(
    '/newsroom/staff-invitations',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Open invitations to the newsroom, newest first (admin; at most 100)',
        response: { 200: z.array(StaffInvitationSchema), ...errors },
      },
      preHandler: requireRole('admin'),
    },
    async () => staffInvitations.listOpen(),
  );

  app.post(
    '/newsroom/staff-invitations',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Invite someone to the newsroom by e-mail as writer or admin (admin)',
        description: `The mail's link works for ${14} days, once. 409 while an open invitation to the address exists; 429 after 50 a day.`,
        body: StaffInvitationInputSchema,
        response: { 201: StaffInvitationSchema, ...errors, 409: ErrorSchema, 429: ErrorSchema },
      },
      preHandler: requireRole('admin'),
    },
    async (req, reply) => {
      const me = currentUser(req);
      const created = await staffInvitations.invite(
        { id: me.id, name: displayName(me) },
        req.body,
        mailOrigin(req, app.config),
      );
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/newsroom/staff-invitations/:id',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Revoke an open invitation (admin)',
        params: IdParamSchema,
        response: { 204: z.null(), ...errors, 404: ErrorSchema },
      },
      preHandler: requireRole('admin'),
    },
    async (req, reply) => {
      await staffInvitations.revoke(req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/staff-invitations/:token',
    {
      schema: {
        tags: ['accounts'],
        summary: 'What an invitation offers (for its page); 404 when used, expired or unknown',
        params: StaffInvitationTokenParamSchema,
        response: { 200: StaffInvitationPreviewSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (req) => staffInvitations.preview(req.params.token),
  );

  app.post(
    '/staff-invitations/:token/accept',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Take an invitation: the logged-in account gets its role (and logs in again, as after any role change)',
        params: StaffInvitationTokenParamSchema,
        response: {
          200: z.object({ msg: z.string(), account_type: z.enum(['writer', 'admin']) }),
          ...errors,
          404: ErrorSchema,
        },
      },
      preHandler: requireUser,
    },
    async (req) => {
      const role = await staffInvitations.accept(req.params.token, currentUser(req).id);
      return { msg: STAFF_TEXT.accepted(STAFF_INVITATION_ROLE_LABEL[role]), account_type: role };
    },
  );
};
