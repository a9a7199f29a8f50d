import { randomBytes } from 'node:crypto';
import {
  ACCESS_PASS_COOKIE_NAME,
  type AccessClass,
  type Article,
  type ArticleAccess,
  classReads,
  GIFT_LINK_DAYS,
  type GiftLink,
  type Meter,
  REVENUE_MSG,
} from '@vaggen/contract';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { httpError } from '../../lib/http-errors.js';
import { sha256 } from '../../lib/secret.js';
import { signToken, verifyToken } from '../../lib/signed-token.js';

/** The cookie a page request carries so the server knows its reader's access class (decision 048). */
export const ACCESS_PASS_COOKIE = ACCESS_PASS_COOKIE_NAME;
/** The page address's parameter that carries a gift link's token. */
export const GIFT_PARAM = 'gava';
const PASS_PURPOSE = 'access-pass';
const GIFT_PURPOSE = 'gift-link';
const DAY_MS = 86_400_000;
/** Bound on a giver's links listed. */
const GIFT_LIST_MAX = 200;
/** How long a process trusts what a pass stood for (a logout reaches pages within this). */
const PASS_MEMO_MS = 5_000;

/** The calendar month (UTC) a meter counts in. */
export const monthOf = (iso: string) => iso.slice(0, 7);

export interface AccessDeps {
  secret: Buffer;
  /** The account of a live session by its token's hash (the auth module). */
  userOfSessionHash: (hash: string) => Promise<number | null>;
  /** Whether a reader's subscription gives access now. */
  hasAccess: (userId: number) => Promise<boolean>;
  settings: () => Promise<{ metered_articles_per_month: number; gift_links_per_month: number }>;
  articleTitle: (id: number) => Promise<{ title: string; slug: string } | null>;
}

/**
 * Issue 42: who reads what. The access class of a reader (anonymous, registered, subscriber), the
 * meter of logged-in free readers, gift links, and the access pass a page request carries.
 */
export class ReaderAccess {
  private readonly passMemo = new Map<string, { at: number; user: Promise<number | null> }>();

  constructor(
    private readonly db: Db,
    private readonly deps: AccessDeps,
  ) {}

  async classOf(userId: number | null): Promise<AccessClass> {
    if (userId === null) return 'anonymous';
    return (await this.deps.hasAccess(userId)) ? 'subscriber' : 'registered';
  }

  /**
   * The class a reader reads one article as: their own, or — a logged-in free reader with the meter
   * on — a subscriber's for a subscriber article the meter still allows (counted once per article
   * and month, on the server).
   */
  async classForArticle(userId: number | null, articleId: number, access: ArticleAccess): Promise<AccessClass> {
    return (await this.readingOf(userId, articleId, access)).cls;
  }

  /** As classForArticle, and whether the meter opened it (the page then says how many are left). */
  async readingOf(
    userId: number | null,
    articleId: number,
    access: ArticleAccess,
  ): Promise<{ cls: AccessClass; metered: boolean }> {
    const cls = await this.classOf(userId);
    if (classReads(cls, access) || userId === null || access !== 'subscribers') return { cls, metered: false };
    return (await this.meterAllows(userId, articleId)) ? { cls: 'subscriber', metered: true } : { cls, metered: false };
  }

  /** An article for this reader: whole when they may read it, else as it came (locked). */
  async forReader(userId: number | null, article: Article, unlock: (id: number) => Promise<Article | null>) {
    if (!article.locked) return article;
    const cls = await this.classForArticle(userId, article.id, article.access);
    if (!classReads(cls, article.access)) return article;
    const whole = await unlock(article.id);
    return whole ? { ...whole, corrections: article.corrections } : article;
  }

  // ------------------------------------------------------------------ the meter
  private async meterAllows(userId: number, articleId: number, now = nowIso()): Promise<boolean> {
    const { metered_articles_per_month: n } = await this.deps.settings();
    if (n <= 0) return false;
    const month = monthOf(now);
    const read = await this.db
      .selectFrom('metered_reads')
      .select('article_id')
      .where('user_id', '=', userId)
      .where('month', '=', month)
      .where('article_id', '=', articleId)
      .executeTakeFirst();
    if (read) return true;
    if ((await this.meterCount(userId, month)) >= n) return false;
    await this.db
      .insertInto('metered_reads')
      .values({ user_id: userId, month, article_id: articleId, read_at: now })
      .onConflict((oc) => oc.doNothing())
      .execute();
    // two tabs at once may both pass the count: the later one over the limit gives its read back
    if ((await this.meterCount(userId, month)) > n) {
      await this.db
        .deleteFrom('metered_reads')
        .where('user_id', '=', userId)
        .where('month', '=', month)
        .where('article_id', '=', articleId)
        .execute();
      return false;
    }
    return true;
  }

  private async meterCount(userId: number, month: string): Promise<number> {
    const r = await this.db
      .selectFrom('metered_reads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('month', '=', month)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** "2 av 5 gratisartiklar kvar denna månad": null `left` without a meter (off, anonymous, subscriber). */
  async meter(userId: number | null, now = nowIso()): Promise<Meter> {
    const { metered_articles_per_month: n } = await this.deps.settings();
    if (n <= 0 || userId === null || (await this.classOf(userId)) === 'subscriber') return { left: null, of: n };
    return { left: Math.max(0, n - (await this.meterCount(userId, monthOf(now)))), of: n };
  }

  // ------------------------------------------------------------------ the access pass
  /** The pass for a session: its account and its token's hash, signed (never the token itself). */
  passFor(userId: number, sessionToken: string): string {
    return signToken(this.deps.secret, PASS_PURPOSE, `${userId}.${sha256(sessionToken)}`);
  }

  /** The account a page request's pass stands for while its session lives; null otherwise. */
  userOfPass(pass: string | null | undefined, now = Date.now()): Promise<number | null> {
    if (!pass || pass.length > 200) return Promise.resolve(null);
    const memo = this.passMemo.get(pass);
    if (memo && now - memo.at < PASS_MEMO_MS) return memo.user;
    const user = (async () => {
      const payload = verifyToken(this.deps.secret, PASS_PURPOSE, pass);
      const m = payload ? /^(\d{1,10})\.([0-9a-f]{64})$/.exec(payload) : null;
      if (!m) return null;
      const owner = await this.deps.userOfSessionHash(m[2]);
      return owner === Number(m[1]) ? owner : null;
    })();
    if (this.passMemo.size > 10_000) this.passMemo.clear();
    this.passMemo.set(pass, { at: now, user });
    user.catch(() => this.passMemo.delete(pass));
    return user;
  }

  // ------------------------------------------------------------------ gift links
  async createGiftLink(userId: number, articleId: number, origin: string, now = nowIso()): Promise<{ url: string }> {
    if ((await this.classOf(userId)) !== 'subscriber') throw httpError(403, REVENUE_MSG.notSubscriber);
    const article = await this.deps.articleTitle(articleId);
    if (!article) throw httpError(404, REVENUE_MSG.articleNotFound);
    const { gift_links_per_month: limit } = await this.deps.settings();
    const monthStart = `${monthOf(now)}-01T00:00:00.000Z`;
    const made = await this.db
      .selectFrom('gift_links')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('created_at', '>=', monthStart)
      .executeTakeFirstOrThrow();
    if (Number(made.n) >= limit) throw httpError(429, REVENUE_MSG.giftLimit);
    const nonce = randomBytes(16).toString('base64url');
    const expires = new Date(Date.parse(now) + GIFT_LINK_DAYS * DAY_MS).toISOString();
    await this.db
      .insertInto('gift_links')
      .values({ user_id: userId, article_id: articleId, nonce, created_at: now, expires_at: expires })
      .execute();
    return { url: this.giftUrl(origin, article.slug, articleId, nonce) };
  }

  private giftUrl(origin: string, slug: string, articleId: number, nonce: string): string {
    const token = signToken(this.deps.secret, GIFT_PURPOSE, `${articleId}.${nonce}`);
    return `${origin}/article/${encodeURIComponent(slug)}?${GIFT_PARAM}=${encodeURIComponent(token)}`;
  }

  async giftLinksOf(userId: number, origin: string): Promise<GiftLink[]> {
    const rows = await this.db
      .selectFrom('gift_links')
      .selectAll()
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .limit(GIFT_LIST_MAX)
      .execute();
    const out: GiftLink[] = [];
    for (const r of rows) {
      const a = await this.deps.articleTitle(Number(r.article_id));
      out.push({
        id: Number(r.id),
        article_id: Number(r.article_id),
        article_title: a?.title ?? '',
        url: this.giftUrl(origin, a?.slug ?? '', Number(r.article_id), r.nonce),
        created_at: r.created_at,
        expires_at: r.expires_at,
      });
    }
    return out;
  }

  async revokeGiftLink(userId: number, id: number): Promise<void> {
    const res = await this.db
      .updateTable('gift_links')
      .set({ revoked_at: nowIso() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw httpError(404, REVENUE_MSG.giftNotFound);
  }

  /** Whether a gift token opens this article now (signed, for this article, not revoked or expired). */
  async giftOpens(token: string | null, articleId: number, now = nowIso()): Promise<boolean> {
    if (!token || token.length > 200) return false;
    const payload = verifyToken(this.deps.secret, GIFT_PURPOSE, token);
    const m = payload ? /^(\d{1,10})\.([A-Za-z0-9_-]{10,40})$/.exec(payload) : null;
    if (!m || Number(m[1]) !== articleId) return false;
    const row = await this.db
      .selectFrom('gift_links')
      .select(['article_id', 'expires_at', 'revoked_at'])
      .where('nonce', '=', m[2])
      .executeTakeFirst();
    return !!row && Number(row.article_id) === articleId && row.revoked_at === null && row.expires_at > now;
  }

  /** A deleted account's meter and gift links. */
  async eraseForUser(userId: number): Promise<void> {
    await this.db.deleteFrom('metered_reads').where('user_id', '=', userId).execute();
    await this.db.deleteFrom('gift_links').where('user_id', '=', userId).execute();
  }
}
