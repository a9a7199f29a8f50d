import type { FastifyRequest } from 'fastify';

/** Scheme + host of absolute URLs: PUBLIC_URL when set, else what the request names. */
export function originOf(req: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl;
  const host = req.headers['x-forwarded-host'] ?? req.headers.host ?? 'localhost';
  return `${req.protocol}://${Array.isArray(host) ? host[0] : host}`;
}
