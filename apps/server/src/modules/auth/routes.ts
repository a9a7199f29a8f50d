import { ErrorSchema, LoginResponseSchema, LoginSchema, RegisterSchema, UserSchema } from '@vaggen/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from './guards.js';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth } = app.services;

  app.post(
    '/register',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Create an account (account_type user)',
        body: RegisterSchema,
        response: { 201: UserSchema, 400: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (req, reply) => {
      const user = await auth.register(req.body, req.ip);
      return reply.code(201).send(user);
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Log in; returns a bearer token',
        body: LoginSchema,
        response: { 200: LoginResponseSchema, 400: ErrorSchema, 401: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (req) => auth.login(req.body.username, req.body.password, req.ip),
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Revoke the current token',
        response: { 200: z.object({ msg: z.string() }) },
      },
    },
    async (req) => {
      if (req.sessionToken) await auth.logout(req.sessionToken);
      return { msg: 'Du är utloggad' };
    },
  );

  app.get(
    '/me',
    {
      schema: { tags: ['accounts'], summary: 'The logged-in user', response: { 200: UserSchema, 401: ErrorSchema } },
      preHandler: requireUser,
    },
    async (req) => currentUser(req),
  );

  app.get(
    '/debug-auth',
    {
      schema: {
        tags: ['accounts'],
        summary: "What the server sees of the caller's own authentication (no secrets)",
        response: { 200: z.record(z.string(), z.unknown()) },
      },
    },
    async (req) => ({
      authorization_header: req.headers.authorization ? 'Bearer <redacted>' : null,
      token_present: Boolean(req.headers.authorization),
      token_valid: Boolean(req.user),
      authenticated: Boolean(req.user),
      user_id: req.user?.id ?? null,
      username: req.user?.username ?? null,
      account_type: req.user?.account_type ?? null,
      is_admin: req.user?.is_admin ?? false,
      session_expires_at: req.sessionExpiresAt,
      ip: req.ip,
      server_time: new Date().toISOString(),
    }),
  );
};
