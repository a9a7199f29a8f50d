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

const DAY_MS = 86_400_000;

/**
 * Issue 40 (finding 10): a token that also says when it was made (the day, base 36, inside the
 * signed payload): `payload~<day>.<sig>`. Unsubscribe links stop working `maxDays` after their mail.
 */
export function signExpiringToken(secret: Buffer, purpose: string, payload: string, now = Date.now()): string {
  return signToken(secret, purpose, `${payload}~${Math.floor(now / DAY_MS).toString(36)}`);
}

/**
 * The payload of a token of ours made at most `maxDays` ago; `expired` when it is older; null when
 * forged. A token made before tokens carried their day is taken until `legacyUntil` (ms), if given.
 */
export function verifyExpiringToken(
  secret: Buffer,
  purpose: string,
  token: string,
  maxDays: number,
  opts: { now?: number; legacyUntil?: number } = {},
): { payload: string } | 'expired' | null {
  const now = opts.now ?? Date.now();
  const signed = verifyToken(secret, purpose, token);
  if (signed === null) return null;
  const tilde = signed.lastIndexOf('~');
  if (tilde < 0) return opts.legacyUntil !== undefined && now < opts.legacyUntil ? { payload: signed } : 'expired';
  const day = Number.parseInt(signed.slice(tilde + 1), 36);
  if (!Number.isSafeInteger(day)) return null;
  return now - day * DAY_MS > (maxDays + 1) * DAY_MS ? 'expired' : { payload: signed.slice(0, tilde) };
}
