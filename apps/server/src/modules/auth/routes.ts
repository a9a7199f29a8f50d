import { AUTH_MSG } from '@vaggen/contract';
import {
  EmailVerificationStateSchema,
  ErrorSchema,
  ForgotPasswordSchema,
  LoginResponseSchema,
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
  UserSchema,
  VerifyEmailSchema,
} from '@vaggen/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readCookie } from '../../http/cookies.js';
import { currentUser, requireUser } from '../../http/guards.js';
import { mailOrigin } from '../../lib/site-origin.js';
import { DEVICE_COOKIE } from './service.js';

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

const Msg = z.object({ msg: z.string() });

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
      const user = await auth.register(req.body, req.ip, mailOrigin(req, app.config));
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

  // ---- Issue 21: password reset and e-mail verification (decision 026) ----

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Ask for a password-reset link by e-mail',
        description:
          'Always the same 200 answer, whether or not an account has the address (a link valid 60 minutes goes ' +
          'to it when one does). Limited per address and per client (429 alike for every address); an account ' +
          'gets at most 3 reset mails an hour.',
        body: ForgotPasswordSchema,
        response: { 200: Msg, 400: ErrorSchema, 429: ErrorSchema.describe(RETRY) },
      },
    },
    async (req, _reply) => {
      await auth.forgotPassword(req.body.email, req.ip, mailOrigin(req, app.config));
      return { msg: AUTH_MSG.forgotPasswordSent };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password with the token from a reset mail',
        description:
          'The token works once, for 60 minutes. Every session of the account is revoked (log in again). ' +
          'Password rules as at registration.',
        body: ResetPasswordSchema,
        response: { 200: Msg, 400: ErrorSchema },
      },
    },
    async (req) => {
      await auth.resetPassword(req.body.token, req.body.password);
      return { msg: AUTH_MSG.passwordResetDone };
    },
  );

  app.post(
    '/auth/verify-email',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Confirm an e-mail address with the token from a verification mail',
        body: VerifyEmailSchema,
        response: { 200: Msg, 400: ErrorSchema },
      },
    },
    async (req) => {
      await auth.verifyEmail(req.body.token);
      return { msg: AUTH_MSG.emailVerified };
    },
  );

  app.get(
    '/auth/email-verification',
    {
      schema: {
        tags: ['accounts'],
        summary: "Whether the caller's e-mail must be, and is, confirmed before commenting",
        response: { 200: EmailVerificationStateSchema, 401: ErrorSchema },
      },
      preHandler: requireUser,
    },
    async (req, _reply) => {
      return auth.emailVerificationState(currentUser(req));
    },
  );

  app.post(
    '/auth/resend-verification',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Send the verification mail again ("skicka igen")',
        description: 'At most 3 verification mails an hour per account.',
        response: { 200: Msg, 400: ErrorSchema, 401: ErrorSchema, 429: ErrorSchema.describe(RETRY) },
      },
      preHandler: requireUser,
    },
    async (req) => ({ msg: await auth.resendVerification(currentUser(req).id, mailOrigin(req, app.config)) }),
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
    async (req, _reply) => {
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
