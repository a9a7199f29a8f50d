import { ACCOUNT_MSG } from '@vaggen/contract';
import {
  ErrorSchema,
  PasswordChangeSchema,
  ProfileUpdateSchema,
  RoleChangeSchema,
  UserIdParamSchema,
  UserSchema,
} from '@vaggen/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireRole, requireUser } from '../auth/guards.js';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users } = app.services;

  app.put(
    '/profile',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Update own profile (only the changed fields)',
        body: ProfileUpdateSchema,
        response: { 200: UserSchema, 400: ErrorSchema, 401: ErrorSchema, 409: ErrorSchema },
      },
      preHandler: requireUser,
    },
    async (req) => {
      return users.updateProfile(currentUser(req).id, req.body);
    },
  );

  app.put(
    '/profile/password',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Change own password (current one required; other sessions are revoked)',
        body: PasswordChangeSchema,
        response: { 200: z.object({ msg: z.string() }), 400: ErrorSchema, 401: ErrorSchema },
      },
      preHandler: requireUser,
    },
    async (req) => {
      await app.services.auth.changePassword(
        currentUser(req).id,
        req.body.current_password,
        req.body.new_password,
        req.sessionToken,
      );
      return { msg: ACCOUNT_MSG.passwordChanged };
    },
  );

  app.get(
    '/users',
    {
      schema: {
        tags: ['accounts'],
        summary: 'All users (admin)',
        response: { 200: z.array(UserSchema), 401: ErrorSchema, 403: ErrorSchema },
      },
      preHandler: requireRole('admin'),
    },
    async () => users.list(),
  );

  app.put(
    '/users/:id/role',
    {
      schema: {
        tags: ['accounts'],
        summary: "Change a user's account type (admin; not one's own)",
        params: UserIdParamSchema,
        body: RoleChangeSchema,
        response: { 200: UserSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema },
      },
      preHandler: requireRole('admin'),
    },
    async (req) => users.setRole(currentUser(req).id, req.params.id, req.body.account_type),
  );
};
