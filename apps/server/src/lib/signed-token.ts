import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Tokens the server can check without storing them (issue 21: one-click unsubscribe links): the
 * payload in clear, then an HMAC-SHA-256 of it under the server secret (128 bits, base64url).
 * `sign(secret, 'nl.42')` → `nl.42.<sig>`; `verify` gives the payload back, or null when forged.
 */
export function signToken(secret: Buffer, purpose: string, payload: string): string {
  return `${payload}.${mac(secret, purpose, payload)}`;
}

export function verifyToken(secret: Buffer, purpose: string, token: string): string | null {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const want = Buffer.from(mac(secret, purpose, payload));
  return given.length === want.length && timingSafeEqual(given, want) ? payload : null;
}

function mac(secret: Buffer, purpose: string, payload: string): string {
  return createHmac('sha256', secret).update(`${purpose}\n${payload}`).digest().subarray(0, 16).toString('base64url');
}
