import { createHmac } from 'node:crypto';

/**
 * Issue 40 (finding 10): a visitor's address kept only as far as a limit needs it — as a keyed hash
 * whose key changes every window, as the tips inbox does (decision 009). Unlike the inbox's
 * in-memory key, this one is derived from the server secret and the window's number, so every
 * process of a cluster makes the same hash of the same address in the same window (one report per
 * visitor and comment holds across processes), while a hash from another window matches nothing and
 * no stored hash names an address without the secret.
 */
export class RotatingKeyedHash {
  constructor(
    private readonly secret: Buffer,
    private readonly purpose: string,
    private readonly windowMs: number,
  ) {}

  hash(value: string, now = Date.now()): string {
    const window = Math.floor(now / this.windowMs);
    const key = createHmac('sha256', this.secret).update(`${this.purpose}:${window}`).digest();
    return createHmac('sha256', key).update(value).digest('base64url').slice(0, 22);
  }
}
