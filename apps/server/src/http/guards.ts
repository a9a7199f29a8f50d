import { type AccountType, AUTH_MSG, type User } from '@vaggen/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { httpError } from '../lib/http-errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user behind the bearer token, or null. */
    user: User | null;
    /** Whether a bearer token was sent but did not match a live session. */
    authFailed: boolean;
    sessionToken: string | null;
    sessionExpiresAt: string | null;
  }
}

const bearer = (req: FastifyRequest): string | null => {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m ? m[1] : null;
};

/** Reads the bearer token of every API request into `req.user` (scoped to the plugin it is called in). */
export function registerAuthentication(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('authFailed', false);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('sessionExpiresAt', null);
  app.addHook('onRequest', async (req) => {
    const token = bearer(req);
    if (!token) return;
    const session = await app.services.auth.authenticate(token);
    if (session) {
      req.user = session.user;
      req.sessionToken = token;
      req.sessionExpiresAt = session.expiresAt;
    } else {
      req.authFailed = true;
    }
  });
}

/** preHandler: 401 unless logged in. */
export async function requireUser(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!req.user) throw httpError(401, req.authFailed ? AUTH_MSG.sessionExpired : AUTH_MSG.notLoggedIn);
}

/** preHandler factory: 401 unless logged in, 403 unless one of the roles. */
export function requireRole(...roles: AccountType[]) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await requireUser(req, reply);
    if (!roles.includes(req.user!.account_type)) throw httpError(403, AUTH_MSG.forbidden);
  };
}

/** The logged-in user in a handler behind requireUser/requireRole. */
export const currentUser = (req: FastifyRequest): User => {
  if (!req.user) throw httpError(401, AUTH_MSG.notLoggedIn);
  return req.user;
};
