import type { RequestKind } from '@vaggen/contract';
import {
  ErrorSchema,
  IdParamSchema,
  RejectInputSchema,
  RoleRequestInputSchema,
  RoleRequestSchema,
} from '@vaggen/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireRole, requireUser } from '../../http/guards.js';

const Ok = z.object({ msg: z.string() });

export const roleRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { roleRequests } = app.services;
  const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

  const routes: [RequestKind, string][] = [
    ['admin', '/admin/request'],
    ['writer', '/user/request-writer'],
  ];
  for (const [kind, path] of routes) {
    app.post(
      path,
      {
        schema: {
          tags: ['role-requests'],
          summary: `Ask for ${kind} rights (with a motivation)`,
          body: RoleRequestInputSchema,
          response: { 201: z.object({ id: z.number().int(), msg: z.string() }), ...errors },
        },
        preHandler: requireUser,
      },
      async (req, reply) => {
        const r = await roleRequests.request(kind, currentUser(req), req.body.message);
        return reply.code(201).send({ id: r.id, msg: 'Din förfrågan har skickats' });
      },
    );
    app.post(
      `${path}/:id/approve`,
      {
        schema: {
          tags: ['role-requests'],
          summary: `Approve a ${kind} request (admin)`,
          params: IdParamSchema,
          response: { 200: Ok, ...errors },
        },
        preHandler: requireRole('admin'),
      },
      async (req) => {
        await roleRequests.approve(kind, req.params.id, currentUser(req));
        return { msg: 'Förfrågan godkänd' };
      },
    );
    app.post(
      `${path}/:id/reject`,
      {
        schema: {
          tags: ['role-requests'],
          summary: `Reject a ${kind} request with a reason (admin)`,
          params: IdParamSchema,
          body: RejectInputSchema,
          response: { 200: Ok, ...errors },
        },
        preHandler: requireRole('admin'),
      },
      async (req) => {
        await roleRequests.reject(kind, req.params.id, currentUser(req), req.body.reason);
        return { msg: 'Förfrågan avslagen' };
      },
    );
  }

  app.get(
    '/role-requests/mine',
    {
      schema: {
        tags: ['role-requests'],
        summary: 'Own role requests',
        response: { 200: z.array(RoleRequestSchema), 401: ErrorSchema },
      },
      preHandler: requireUser,
    },
    async (req) => roleRequests.mine(currentUser(req).id),
  );
};
