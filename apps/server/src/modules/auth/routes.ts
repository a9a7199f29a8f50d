import { ErrorSchema, LoginResponseSchema, LoginSchema, RegisterSchema, UserSchema } from '@vaggen/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from './guards.js';
import { DEVICE_COOKIE } from './service.js';

/** One cookie's value from the Cookie header (no cookie plugin needed for the one we use). */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** What the spec's test page (001 §2 /test-auth) shows of the caller's own authentication. */
const DebugAuthSchema = z.object({
  token_present: z.boolean(),
  token_valid: z.boolean(),
  authenticated: z.boolean(),
  user_id: z.number().nullable(),
  username: z.string().nullable(),
  account_type: z.string().nullable(),
  is_admin: z.boolean(),
  session_expires_at: z.string().nullable(),
});

const RETRY = 'With Retry-After and RateLimit-Limit / -Remaining / -Reset headers';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth } = app.services;

  app.post(
    '/register',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Create an account (account_type user)',
        body: RegisterSchema,
        response: { 201: UserSchema, 400: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema.describe(RETRY) },
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
        description:
          'Sets an HttpOnly device cookie (path /api/login): a browser that has logged in to the account keeps ' +
          'its own allowance when the account is throttled after failures from elsewhere (decision 021).',
        response: { 200: LoginResponseSchema, 400: ErrorSchema, 401: ErrorSchema, 429: ErrorSchema.describe(RETRY) },
      },
    },
    async (req, reply) => {
      const { response, deviceCookie } = await auth.login(
        req.body.username,
        req.body.password,
        req.ip,
        readCookie(req.headers.cookie, DEVICE_COOKIE),
      );
      const secure = req.protocol === 'https' || app.config.publicUrl?.startsWith('https:') ? '; Secure' : '';
      reply.header(
        'Set-Cookie',
        `${DEVICE_COOKIE}=${deviceCookie}; Path=/api/login; Max-Age=31536000; HttpOnly; SameSite=Strict${secure}`,
      );
      return response;
    },
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
        description: 'Only what the test page shows; never the token, the address or anything about others.',
        response: { 200: DebugAuthSchema },
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return {
        token_present: Boolean(req.headers.authorization),
        token_valid: Boolean(req.user),
        authenticated: Boolean(req.user),
        user_id: req.user?.id ?? null,
        username: req.user?.username ?? null,
        account_type: req.user?.account_type ?? null,
        is_admin: req.user?.is_admin ?? false,
        session_expires_at: req.sessionExpiresAt,
      };
    },
  );
};
