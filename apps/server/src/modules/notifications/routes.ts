import {
  ErrorSchema,
  IdParamSchema,
  NotificationMailPrefsSchema,
  NotificationMailPrefUpdateSchema,
  NotificationSchema,
  NotificationsQuerySchema,
} from '@vaggen/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../http/guards.js';

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { notifications, notificationMail } = app.services;
  const errors = { 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema };

  // Issue 21: which notifications also come by e-mail (opt-in per kind, profile page).
  app.get(
    '/profile/mail-notifications',
    {
      schema: {
        tags: ['notifications'],
        summary:
          'The notification kinds the caller gets by e-mail (writers and admins also see "new comment on my article")',
        response: { 200: NotificationMailPrefsSchema, 401: ErrorSchema },
      },
      preHandler: requireUser,
    },
    async (req, _reply) => {
      return notificationMail.prefs(currentUser(req));
    },
  );

  app.put(
    '/profile/mail-notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Turn e-mail for one notification kind on or off (at most one mail per kind per 15 minutes)',
        body: NotificationMailPrefUpdateSchema,
        response: { 200: NotificationMailPrefsSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
      preHandler: requireUser,
    },
    async (req) => notificationMail.setPref(currentUser(req), req.body.kind, req.body.enabled),
  );

  app.get(
    '/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Own notifications, newest first (default 50, max 100)',
        querystring: NotificationsQuerySchema,
        response: { 200: z.array(NotificationSchema), ...errors },
      },
      preHandler: requireUser,
    },
    async (req, _reply) => {
      return notifications.list(currentUser(req).id, { unread: req.query.unread, limit: req.query.limit });
    },
  );

  app.get(
    '/notifications/unread-count',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Number of unread notifications',
        response: { 200: z.object({ unread_count: z.number().int() }), ...errors },
      },
      preHandler: requireUser,
    },
    async (req, _reply) => {
      return { unread_count: await notifications.unreadCount(currentUser(req).id) };
    },
  );

  app.post(
    '/notifications/:id/mark-read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark one of own notifications read',
        params: IdParamSchema,
        response: { 200: z.object({ msg: z.string() }), ...errors },
      },
      preHandler: requireUser,
    },
    async (req) => {
      await notifications.markRead(currentUser(req).id, req.params.id);
      return { msg: 'Markerad som läst' };
    },
  );

  app.post(
    '/notifications/mark-all-read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark all own notifications read',
        response: { 200: z.object({ msg: z.string(), updated: z.number().int() }), ...errors },
      },
      preHandler: requireUser,
    },
    async (req) => ({ msg: 'Alla markerade som lästa', updated: await notifications.markAllRead(currentUser(req).id) }),
  );
};
