import { createHash } from 'node:crypto';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Where the browser may connect: our own API, and the translation service a user configures in the
 * translate tool (any https origin, or a model server on the user's own machine). One policy for
 * every page, because the app navigates client-side and keeps the first document's policy
 * (decision 022).
 */
const CONNECT_SRC = ["'self'", 'https:', 'http://localhost:*', 'http://127.0.0.1:*'];

const DIRECTIVES = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'object-src': ["'none'"],
  'frame-ancestors': ["'self'"],
  'form-action': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  // React's style props and the few <style> elements the app renders
  'style-src': ["'self'", "'unsafe-inline'"],
  'worker-src': ["'self'", 'blob:'],
  'connect-src': CONNECT_SRC,
  'script-src': ["'self'"],
} as const;

const serialize = (directives: Record<string, readonly string[]>) =>
  Object.entries(directives)
    .map(([k, v]) => `${k} ${v.join(' ')}`)
    .join('; ');

/** The default policy: no inline script at all (API answers, assets, uploads). */
export const BASE_CSP = serialize(DIRECTIVES);

/**
 * The policy for one server-rendered page: its inline scripts (React Router's hydration context,
 * route-module imports and stream chunks) are allowed by their SHA-256 hashes. Hashes, not nonces:
 * anonymous pages are cached and served to many readers, and a nonce repeated in a cached page is
 * no secret, while a hash stays correct for exactly the script it names.
 */
export function pageCsp(html: string): string {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1])) continue;
    hashes.add(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
  return serialize({ ...DIRECTIVES, 'script-src': [...DIRECTIVES['script-src'], ...hashes] });
}

// Only features Chromium knows: an unknown one (e.g. `bluetooth`) is a console warning on every page.
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), ' +
  'midi=(), magnetometer=(), gyroscope=(), accelerometer=(), interest-cohort=(), fullscreen=(self)';

/**
 * Security headers on every answer (issue 17, @fastify/helmet): CSP, HSTS when the site is served
 * over https (PUBLIC_URL), COOP, frame-ancestors / X-Frame-Options, nosniff, referrer policy and a
 * Permissions-Policy that turns off device APIs the paper never uses.
 */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string | undefined): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(Object.entries(DIRECTIVES).map(([k, v]) => [k, [...v]])),
    },
    strictTransportSecurity: publicUrl?.startsWith('https:') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Our images are meant to be shown elsewhere too (Content API consumers, link previews).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'sameorigin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
  });
}
