import { API_TOKENS_MSG, AUTH_MSG, canWrite, type ExportApiToken, type User } from '@vaggen/contract';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { httpError } from '../../lib/http-errors.js';
import { decrypt, encrypt, randomToken, sha256 } from '../../lib/secret.js';
import type { UsersService } from '../users/service.js';

/**
 * One personal API token per writer or admin, for `POST /api/articles/external` (`X-API-Key`).
 * Looked up by SHA-256 hash; kept encrypted with the server secret so its owner can see it again,
 * while the database alone reveals nothing.
 */
export class ApiTokensService {
  constructor(
    private readonly db: Db,
    private readonly users: UsersService,
    private readonly key: Buffer,
  ) {}

  async get(userId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('api_tokens')
      .select('token_encrypted')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? decrypt(this.key, row.token_encrypted) : null;
  }

  /** Makes a new token; the old one stops working at once. */
  async regenerate(userId: number): Promise<string> {
    const token = `vg_${randomToken(30)}`;
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('api_tokens').where('user_id', '=', userId).execute();
      await trx
        .insertInto('api_tokens')
        .values({
          user_id: userId,
          token_hash: sha256(token),
          token_encrypted: encrypt(this.key, token),
          created_at: nowIso(),
        })
        .execute();
    });
    return token;
  }

  /** The owner of a key, who must still be a writer or admin; 401 otherwise. */
  async authenticate(key: string | undefined): Promise<User> {
    if (!key || key.length > 200) throw httpError(401, API_TOKENS_MSG.invalidApiKey);
    const row = await this.db
      .selectFrom('api_tokens')
      .select('user_id')
      .where('token_hash', '=', sha256(key))
      .executeTakeFirst();
    const user = row ? await this.users.getById(Number(row.user_id)) : null;
    if (!user) throw httpError(401, API_TOKENS_MSG.invalidApiKey);
    if (!canWrite(user)) throw httpError(403, AUTH_MSG.forbidden);
    return user;
  }

  /** The download's token section: that there is one and since when, never the token (issue 21). */
  async exportForUser(userId: number): Promise<ExportApiToken[]> {
    const rows = await this.db.selectFrom('api_tokens').select('created_at').where('user_id', '=', userId).execute();
    return rows.map((r) => ({ name: 'API-token', created_at: r.created_at }));
  }

  /** The person's token stops working at once (account deletion). */
  async deleteForUser(userId: number): Promise<void> {
    await this.db.deleteFrom('api_tokens').where('user_id', '=', userId).execute();
  }
}
