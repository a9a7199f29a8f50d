import type { FastifyRequest } from 'fastify';

/**
 * The origin of canonical, Open Graph and feed URLs: PUBLIC_URL; only without it the request's own
 * host. `req.host` / `req.protocol` read X-Forwarded-Host / -Proto only when TRUST_PROXY is on, and
 * a host outside ALLOWED_HOSTS never gets this far (app.ts answers 400) — issue 17, finding 1.
 */
export function originOf(req: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl;
  return `${req.protocol}://${req.host || 'localhost'}`;
}
