import { createHmac, timingSafeEqual } from 'node:crypto';
import { randomToken, sha256 } from '../../lib/secret.js';

/**
 * Visitors' commenter tokens (issue 16): a browser that commented without an account keeps a
 * signed key, so it is shown its own held comments. Only the key's hash is stored.
 */
export class CommenterTokens {
  /** Signs visitors' commenter tokens (the server secret). */
  constructor(private readonly secret: Buffer = Buffer.alloc(32)) {}

  /**
   * A visitor's commenter token: `<key>.<signature>`. The same browser keeps one (sent back on its
   * next comment), so all its held comments are shown to it. Only the hash of the key is stored.
   */
  issue(existing: string | null | undefined): { token: string; key: string } {
    const key = this.verify(existing);
    if (key && existing) return { token: existing, key };
    const nonce = randomToken(18);
    return { token: `${nonce}.${this.sign(nonce)}`, key: sha256(`commenter:${nonce}`).slice(0, 64) };
  }

  /** The stored key of a token this server signed; null for none or a forged one. */
  verify(token: string | null | undefined): string | null {
    if (!token || token.length > 200) return null;
    const [nonce, sig] = token.split('.');
    if (!nonce || !sig) return null;
    const expected = Buffer.from(this.sign(nonce));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    return sha256(`commenter:${nonce}`).slice(0, 64);
  }

  private sign(nonce: string): string {
    return createHmac('sha256', this.secret).update(`commenter:${nonce}`).digest('base64url');
  }
}
