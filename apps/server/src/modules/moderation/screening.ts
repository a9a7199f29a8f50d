import { canWrite, isAdmin, MODERATION_MSG, type ModerationReason, moderationDate } from '@vaggen/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { httpError } from '../../lib/http-errors.js';
import { sha256 } from '../../lib/secret.js';
import type { CommentDraft, CreatedComment, Screening } from '../comments/service.js';
import type { QueueAlerts } from './alerts.js';
import type { ArticlePolicies } from './policy.js';
import type { ModerationSettingsStore } from './settings.js';
import { commenterKey } from './shared.js';
import { countLinks, normalizedText, tokenize } from './words.js';

/** Repeated-text window, and the length from which a text repeated by anyone counts. */
const REPEAT_WINDOW_MS = 7 * 24 * 3600_000;
const REPEAT_ANYONE_MIN = 20;

/**
 * The automatic checks every new comment passes (decision 024), and what moderation records of it
 * in its transaction (`CommentPosted`): the commenter's history, the text's fingerprint, the queue.
 */
export class CommentScreening {
  constructor(
    private readonly db: Db,
    private readonly settings: ModerationSettingsStore,
    private readonly policies: ArticlePolicies,
    private readonly alerts: QueueAlerts,
  ) {}

  /** The active bans (and always-pre-moderate entries) of a commenter: account and e-mail. */
  private async activeBans(userId: number | null, email: string | null, now: string) {
    const e = email?.trim().toLowerCase() || null;
    if (userId === null && e === null) return [];
    const rows = await this.db
      .selectFrom('moderation_bans')
      .select(['id', 'kind', 'until', 'user_id', 'email'])
      .where((eb) => {
        const ors = [];
        if (userId !== null) ors.push(eb('user_id', '=', userId));
        if (e !== null) ors.push(eb('email', '=', e));
        return eb.or(ors);
      })
      .where('lifted_at', 'is', null)
      .limit(50)
      .execute();
    return rows.filter((r) => r.until === null || r.until > now);
  }

  /**
   * Every new comment passes here before it is stored (comments module, `useScreen`): refused with
   * a message (banned commenter, comments closed, banned word), or published, or held with its
   * reasons. Staff (writers, admins) are never held; banned words and closing apply to them too.
   */
  async screen(draft: CommentDraft, nowMs = Date.now()): Promise<Screening> {
    const now = new Date(nowMs).toISOString();
    const staff = canWrite(draft.author);
    const reasons: ModerationReason[] = [];
    // one round trip for the three reads (issue 13: posting under read load)
    const [{ settings, banned, suspect }, bans, articleRow] = await Promise.all([
      this.settings.current(nowMs),
      staff ? [] : this.activeBans(draft.author?.id ?? null, draft.email, now),
      this.policies.articleRow(draft.article.id),
    ]);
    const ban = bans.find((b) => b.kind === 'ban');
    if (ban) {
      throw httpError(
        403,
        ban.until === null ? MODERATION_MSG.bannedForGood : MODERATION_MSG.bannedUntil(moderationDate(ban.until)),
      );
    }
    const policy = this.policies.policyOf(draft.article, articleRow, settings, nowMs);
    if (!policy.open && !isAdmin(draft.author)) throw httpError(403, MODERATION_MSG.closed);

    const tokens = tokenize(draft.content);
    const nfc = draft.content.normalize('NFC');
    const bad = banned.size ? banned.findIn(tokens, nfc) : null;
    if (bad) throw httpError(400, MODERATION_MSG.bannedWord(bad.found));
    if (staff) return { status: 'visible', reasons: [] };

    if (bans.some((b) => b.kind === 'premoderate')) reasons.push({ code: 'premoderated', detail: null });
    const sus = suspect.size ? suspect.findIn(tokens, nfc) : null;
    if (sus) reasons.push({ code: 'suspect-word', detail: sus.found });
    if (settings.link_limit !== null) {
      const links = countLinks(draft.content);
      if (links > settings.link_limit) reasons.push({ code: 'links', detail: String(links) });
    }
    const [earlier, known] = await Promise.all([
      settings.hold_repeated ? this.repeatedOf(draft, nowMs) : null,
      policy.effective_mode === 'first-time' ? this.isKnown(commenterKey(draft.author?.id ?? null, draft.email)) : true,
    ]);
    if (earlier !== null) reasons.push({ code: 'repeated', detail: String(earlier) });
    if (policy.effective_mode === 'all') reasons.push({ code: 'mode-all', detail: null });
    else if (!known) reasons.push({ code: 'first-time', detail: null });
    return { status: reasons.length ? 'pending' : 'visible', reasons };
  }

  private fingerprint(content: string): { hash: string; long: boolean } {
    const text = normalizedText(content);
    return { hash: sha256(`text:${text}`).slice(0, 64), long: text.length >= REPEAT_ANYONE_MIN };
  }

  /** The id of an earlier comment with the same text (same commenter, or anyone for a longer text), or null. */
  private async repeatedOf(draft: CommentDraft, nowMs: number): Promise<number | null> {
    const { hash, long } = this.fingerprint(draft.content);
    const who = commenterKey(draft.author?.id ?? null, draft.email);
    const rows = await this.db
      .selectFrom('moderation_fingerprints')
      .select(['commenter', 'comment_id'])
      .where('hash', '=', hash)
      .where('created_at', '>', new Date(nowMs - REPEAT_WINDOW_MS).toISOString())
      .orderBy('created_at', 'desc')
      .limit(20)
      .execute();
    const hit = rows.find((r) => long || r.commenter === who);
    return hit ? Number(hit.comment_id) : null;
  }

  /** A commenter with an approved or published comment is no longer "first-time". */
  private async isKnown(commenter: string): Promise<boolean> {
    const r = await this.db
      .selectFrom('moderation_commenters')
      .select(['approved', 'published'])
      .where('commenter', '=', commenter)
      .executeTakeFirst();
    return !!r && Number(r.approved) + Number(r.published) > 0;
  }

  /** After a new comment is stored (same transaction): its commenter's history, fingerprint and queue item. */
  async recordCreated(c: CreatedComment, trx: Db): Promise<void> {
    const who = commenterKey(c.author?.id ?? null, c.email);
    const now = nowIso();
    const visible = c.screening.status === 'visible';
    await trx
      .insertInto('moderation_commenters')
      .values({ commenter: who, approved: 0, rejected: 0, published: visible ? 1 : 0, updated_at: now })
      .onConflict((oc) =>
        oc
          .column('commenter')
          .doUpdateSet(
            visible ? { published: sql`moderation_commenters.published + 1`, updated_at: now } : { updated_at: now },
          ),
      )
      .execute();
    // inside the comment's transaction: no query outside it (SQLite has a single connection)
    const settings = await this.settings.cachedOrRead(trx);
    if (settings.hold_repeated) {
      const { hash, long } = this.fingerprint(c.content);
      await trx
        .insertInto('moderation_fingerprints')
        .values({ hash, commenter: who, comment_id: c.id, long_text: long ? 1 : 0, created_at: c.createdAt })
        .execute();
    }
    if (!visible) {
      await trx
        .insertInto('moderation_items')
        .values({
          comment_id: c.id,
          article_id: c.article.id,
          article_owner_id: c.article.author_id,
          category: c.article.category,
          commenter: who,
          status: 'pending',
          tab: 'pending',
          reasons: JSON.stringify(c.screening.reasons),
          open_reports: 0,
          queued_at: now,
          updated_at: now,
        })
        .execute();
    }
  }

  /** After a held comment was stored: the queue alert (it reads the users module, so after the commit). */
  async afterCreated(c: CreatedComment): Promise<void> {
    if (c.screening.status !== 'visible') await this.alerts.maybeAlert();
  }

  /** Comments deleted (or made placeholders): they leave the queue, their reports with them. */
  async forget(commentIds: number[], trx: Db): Promise<void> {
    if (commentIds.length === 0) return;
    await trx.deleteFrom('moderation_reports').where('comment_id', 'in', commentIds).execute();
    await trx.deleteFrom('moderation_items').where('comment_id', 'in', commentIds).execute();
  }

  /** Fingerprints older than the repeated-text window go (a job). */
  async purgeFingerprints(now: Date): Promise<number> {
    const res = await this.db
      .deleteFrom('moderation_fingerprints')
      .where('created_at', '<', new Date(now.getTime() - REPEAT_WINDOW_MS).toISOString())
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }
}
