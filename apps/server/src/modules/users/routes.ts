import { USERS_MSG } from '@vaggen/contract';
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
import { currentUser, requireRole, requireUser } from '../../http/guards.js';
import { readUploadedFile } from '../../lib/multipart.js';
import { mailOrigin } from '../../lib/site-origin.js';

/** Anything not on our own origin: absolute http(s) URLs and protocol-relative `//host/...`. */
export const isRemotePicture = (url: string) => /^(https?:)?\/\//i.test(url);

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users } = app.services;

  app.put(
    '/profile',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Update own profile (only the changed fields)',
        body: ProfileUpdateSchema,
        response: { 200: UserSchema, 400: ErrorSchema, 401: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema },
      },
      preHandler: requireUser,
    },
    async (req) => {
      const changes = { ...req.body };
      // Issue 17: a picture named by URL is fetched once and stored as our own file, so public
      // pages never make readers' browsers contact a third-party host.
      const pic = changes.profile_picture?.trim();
      if (pic && isRemotePicture(pic)) {
        await app.services.media.countPictureChange(currentUser(req).id);
        changes.profile_picture = (
          await app.services.media.importRemoteImage(pic, { allowPrivate: app.config.avatarFetchAllowPrivate })
        ).url;
      }
      const me = currentUser(req);
      const user = await users.updateProfile(me.id, changes);
      if (changes.email !== undefined)
        await app.services.auth.emailChanged(me.id, me.email ?? null, mailOrigin(req, app.config));
      return user;
    },
  );

  app.post(
    '/profile/picture',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Upload own profile picture (multipart field "file"; re-encoded, served from /uploads)',
        response: {
          200: UserSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          413: ErrorSchema,
          415: ErrorSchema,
          429: ErrorSchema,
        },
      },
      preHandler: requireUser,
    },
    async (req) => {
      await app.services.media.countPictureChange(currentUser(req).id);
      const { url } = await app.services.media.storeUpload(await readUploadedFile(req));
      return users.updateProfile(currentUser(req).id, { profile_picture: url });
    },
  );

  app.put(
    '/profile/password',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Change own password (current one required; other sessions are revoked)',
        description: 'At most 5 wrong current passwords per account in 15 minutes, then 429 with Retry-After.',
        body: PasswordChangeSchema,
        response: { 200: z.object({ msg: z.string() }), 400: ErrorSchema, 401: ErrorSchema, 429: ErrorSchema },
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
      return { msg: USERS_MSG.passwordChanged };
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
