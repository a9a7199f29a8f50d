import {
  type Article,
  type ArticleModeration,
  type ArticleModerationInput,
  type AuditAction,
  type AuditPage,
  type Ban,
  type BanInput,
  type BanPage,
  type BulkInput,
  type BulkResult,
  COMMENTS_MSG,
  type Commenter,
  canWrite,
  type ExportBan,
  type ExportReport,
  isAdmin,
  MODERATION_DEFAULTS,
  MODERATION_MSG,
  MODERATION_REASON_LABELS,
  type ModerationMode,
  type ModerationReason,
  type ModerationResult,
  type ModerationSettings,
  type ModerationSettingsInput,
  type ModerationStatus,
  MSG,
  mayEditArticle,
  moderationDate,
  QUEUE_COUNT_MAX,
  type QueueCount,
  type QueueItem,
  type QueuePage,
  type QueueQuery,
  type QueueTab,
  REPORT_REASONS,
  REPORTS_PER_MINUTE,
  type ReportInput,
  type ReportReason,
  type ReportSummary,
  type User,
  type WordEntry,
} from '@vaggen/contract';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import { isUniqueViolation } from '../../db/errors.js';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import type { ModerationItemsTable } from '../../db/schema.js';
import { keysetRows, mapRows } from '../../lib/batches.js';
import { httpError, tooManyRequests } from '../../lib/http-errors.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import { sha256 } from '../../lib/secret.js';
import type { ArticleChange, ArticlesService } from '../articles/service.js';
import type { CommentDraft, CommentsService, CreatedComment, Screening } from '../comments/service.js';
import type { NotificationsService } from '../notifications/service.js';
import { publicProfiles } from '../users/public-profile.js';
import type { UsersService } from '../users/service.js';
import { countLinks, normalizedText, tokenize, WordMatcher } from './words.js';

/** How long a process trusts its cached settings before it compares the stored version (safety net for a lost message). */
const SETTINGS_RECHECK_MS = 30_000;
/** Repeated-text window, and the length from which a text repeated by anyone counts. */
const REPEAT_WINDOW_MS = 7 * 24 * 3600_000;
const REPEAT_ANYONE_MIN = 20;
/** The most held comments of one commenter released by one approval. */
const AUTO_APPROVE_MAX = 100;

interface Compiled {
  settings: ModerationSettings;
  banned: WordMatcher;
  suspect: WordMatcher;
  checkedAt: number;
}

/** A queue row as stored (the table's own type, not a twin). */
type ItemRow = Selectable<ModerationItemsTable>;

/** 'u:<id>' for an account, 'e:<lower-case e-mail>' for a visitor. */
export function commenterKey(authorId: number | null, email: string | null): string {
  return authorId !== null ? `u:${authorId}` : `e:${(email ?? '').trim().toLowerCase()}`;
}

const parseReasons = (json: string): ModerationReason[] => {
  try {
    const v = JSON.parse(json) as ModerationReason[];
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
};

const parseWords = (json: string): WordEntry[] => {
  try {
    const v = JSON.parse(json) as WordEntry[];
    return Array.isArray(v) ? v.map((e) => ({ word: String(e.word), word_beginning: !!e.word_beginning })) : [];
  } catch {
    return [];
  }
};

const validCursor = (cursor: string | undefined): number | undefined => {
  if (cursor === undefined) return undefined;
  const n = Number(cursor);
  if (!(Number.isSafeInteger(n) && n > 0)) throw httpError(400, MODERATION_MSG.cursor);
  return n;
};

/**
 * Comment moderation (issue 16, decision 024): the site's policy and per-article overrides, the
 * automatic checks every new comment passes (`screen`), readers' reports, the queue and its
 * actions, bans and the audit log. Comments' own rows stay in the comments module; this module
 * keeps the queue beside them and changes a comment's status through `CommentsService.setStatus`.
 */
export class ModerationService {
  private compiled: Compiled | null = null;
  private loading: Promise<Compiled> | null = null;
  private readonly settingsListeners: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly comments: CommentsService,
    private readonly articles: ArticlesService,
    private readonly users: UsersService,
    private readonly notifications: NotificationsService,
    private readonly reportLimiter: RateLimiter,
    /** Issue 40: a visitor's address as a rotating keyed hash (lib/keyed-hash.ts); never stored plain. */
    private readonly addressKey: (ip: string) => string,
  ) {}

  // ---------------------------------------------------------------- settings

  /** Runs after settings are saved here (services.ts tells every process through the page cache's Redis link). */
  onSettingsChanged(listener: () => void): void {
    this.settingsListeners.push(listener);
  }

  /** Drops this process's compiled settings (a save here or in another process). */
  forgetSettings(): void {
    this.compiled = null;
  }

  private async readSettings(db: Db = this.db): Promise<ModerationSettings> {
    const r = await db.selectFrom('moderation_settings').selectAll().where('id', '=', 1).executeTakeFirst();
    if (!r) {
      return {
        ...MODERATION_DEFAULTS,
        banned_words: [],
        suspect_words: [],
        version: 0,
        updated_at: null,
      };
    }
    return {
      mode: r.mode as ModerationMode,
      link_limit: r.link_limit === null ? null : Number(r.link_limit),
      hold_repeated: Number(r.hold_repeated) === 1,
      auto_close_days: r.auto_close_days === null ? null : Number(r.auto_close_days),
      report_threshold: Number(r.report_threshold),
      queue_alert_threshold: r.queue_alert_threshold === null ? null : Number(r.queue_alert_threshold),
      banned_words: parseWords(r.banned_words),
      suspect_words: parseWords(r.suspect_words),
      version: Number(r.version),
      updated_at: r.updated_at,
    };
  }

  /**
   * The settings with their word lists compiled, once per version per process. A save anywhere
   * drops the cache in every process (services.ts); as a safety net a process compares the stored
   * version every 30 s and recompiles only when it changed.
   */
  async current(now = Date.now()): Promise<Compiled> {
    const c = this.compiled;
    if (c && now - c.checkedAt < SETTINGS_RECHECK_MS) return c;
    if (c) {
      const v = await this.db
        .selectFrom('moderation_settings')
        .select('version')
        .where('id', '=', 1)
        .executeTakeFirst();
      if (v && Number(v.version) === c.settings.version && this.compiled === c) {
        c.checkedAt = now;
        return c;
      }
    }
    this.loading ??= this.readSettings()
      .then((settings) => {
        const fresh: Compiled = {
          settings,
          banned: new WordMatcher(settings.banned_words),
          suspect: new WordMatcher(settings.suspect_words),
          checkedAt: Date.now(),
        };
        this.compiled = fresh;
        return fresh;
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }

  async getSettings(): Promise<ModerationSettings> {
    return (await this.current()).settings;
  }

  async saveSettings(input: ModerationSettingsInput, actor: User): Promise<ModerationSettings> {
    const before = await this.readSettings();
    const now = nowIso();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('moderation_settings')
        .set({
          mode: input.mode,
          link_limit: input.link_limit,
          hold_repeated: input.hold_repeated ? 1 : 0,
          auto_close_days: input.auto_close_days,
          report_threshold: input.report_threshold,
          queue_alert_threshold: input.queue_alert_threshold,
          banned_words: JSON.stringify(dedupe(input.banned_words)),
          suspect_words: JSON.stringify(dedupe(input.suspect_words)),
          version: sql`version + 1`,
          updated_at: now,
          updated_by: actor.id,
        })
        .where('id', '=', 1)
        .execute();
      await this.audit(trx, 'settings', actor.id, {
        detail: describeSettingsChange(before, {
          ...input,
          banned_words: dedupe(input.banned_words),
          suspect_words: dedupe(input.suspect_words),
        }),
      });
    });
    this.forgetSettings();
    for (const l of this.settingsListeners) l();
    return this.getSettings();
  }

  // ---------------------------------------------------------------- articles

  private async articleRow(articleId: number) {
    return this.db.selectFrom('moderation_articles').selectAll().where('article_id', '=', articleId).executeTakeFirst();
  }

  private policyOf(
    article: Pick<Article, 'id' | 'date'>,
    row: { mode: string | null; closed: number } | undefined,
    settings: ModerationSettings,
    now: number,
  ): ArticleModeration {
    const mode = (row?.mode ?? null) as ModerationMode | null;
    const closesAt =
      settings.auto_close_days === null
        ? null
        : new Date(new Date(article.date).getTime() + settings.auto_close_days * 86_400_000).toISOString();
    const closed = Number(row?.closed ?? 0) === 1;
    return {
      article_id: article.id,
      mode,
      effective_mode: mode ?? settings.mode,
      closed,
      closes_at: closesAt,
      open: !closed && (closesAt === null || now < new Date(closesAt).getTime()),
    };
  }

  /** An article's comment policy (readers: is the form open?). Published articles only, unless staff may edit it. */
  async articlePolicy(articleId: number, viewer: User | null): Promise<ArticleModeration> {
    const article =
      (await this.articles.getById(articleId)) ??
      (viewer && canWrite(viewer) ? await this.articles.getAnyById(articleId) : null);
    if (!article || (article.status !== 'published' && !mayEditArticle(viewer, article))) {
      throw httpError(404, MSG.articleNotFound);
    }
    const [row, { settings }] = await Promise.all([this.articleRow(articleId), this.current()]);
    return this.policyOf(article, row, settings, Date.now());
  }

  /** Admins, and the writer whose article it is, set its mode or close its comments. */
  async setArticlePolicy(articleId: number, input: ArticleModerationInput, actor: User): Promise<ArticleModeration> {
    const article = await this.articles.getAnyById(articleId);
    if (!article) throw httpError(404, MSG.articleNotFound);
    if (!mayEditArticle(actor, article)) throw httpError(403, MODERATION_MSG.notYourArticle);
    const now = nowIso();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('moderation_articles')
        .values({
          article_id: articleId,
          mode: input.mode,
          closed: input.closed ? 1 : 0,
          updated_at: now,
          updated_by: actor.id,
        })
        .onConflict((oc) =>
          oc
            .column('article_id')
            .doUpdateSet({ mode: input.mode, closed: input.closed ? 1 : 0, updated_at: now, updated_by: actor.id }),
        )
        .execute();
      const detail = `Läge: ${input.mode ?? 'webbplatsens'}; ${input.closed ? 'stängd för kommentarer' : 'öppen för kommentarer'}`;
      await this.audit(trx, 'article-settings', actor.id, { articleId, detail });
    });
    const [row, { settings }] = await Promise.all([this.articleRow(articleId), this.current()]);
    return this.policyOf(article, row, settings, Date.now());
  }

  /** An article's category or author changed: its queue items follow (queue filters read them). */
  async articleChanged(change: ArticleChange): Promise<void> {
    if (change.kind !== 'updated') return;
    await this.db
      .updateTable('moderation_items')
      .set({ category: change.category, article_owner_id: change.authorId })
      .where('article_id', '=', change.id)
      .execute();
  }

  // ---------------------------------------------------------------- screening new comments

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
      this.current(nowMs),
      staff ? [] : this.activeBans(draft.author?.id ?? null, draft.email, now),
      this.articleRow(draft.article.id),
    ]);
    const ban = bans.find((b) => b.kind === 'ban');
    if (ban) {
      throw httpError(
        403,
        ban.until === null ? MODERATION_MSG.bannedForGood : MODERATION_MSG.bannedUntil(moderationDate(ban.until)),
      );
    }
    const policy = this.policyOf(draft.article, articleRow, settings, nowMs);
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
    const settings = this.compiled?.settings ?? (await this.readSettings(trx));
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
    if (c.screening.status !== 'visible') await this.maybeAlert();
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

  // ---------------------------------------------------------------- queue alert

  /** Admins hear once when the queue (held + hidden) reaches the threshold; again after it went below. */
  private async maybeAlert(): Promise<void> {
    const { settings } = await this.current();
    const trx = this.db;
    const threshold = settings.queue_alert_threshold;
    if (threshold === null) return;
    const row = await trx.selectFrom('moderation_settings').select('alerted').where('id', '=', 1).executeTakeFirst();
    if (!row || Number(row.alerted) === 1) return;
    const n = await this.countUpTo(trx, threshold);
    if (n < threshold) return;
    const claimed = await trx
      .updateTable('moderation_settings')
      .set({ alerted: 1 })
      .where('id', '=', 1)
      .where('alerted', '=', 0)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return;
    const admins = (await this.users.list()).filter((u) => u.account_type === 'admin').map((u) => u.id);
    await this.notifications.notify(admins, {
      type: 'other',
      title: MODERATION_MSG.queueAlertTitle,
      message: MODERATION_MSG.queueAlert(n),
      actionUrl: '/admin/moderation',
      data: { queue: n },
    });
  }

  /** Held and hidden comments, counted no further than `max` (a bounded index read). */
  private async countUpTo(trx: Db, max: number): Promise<number> {
    const sub = trx
      .selectFrom('moderation_items')
      .select('comment_id')
      .where('tab', 'in', ['pending', 'reported'])
      .where('status', 'in', ['pending', 'hidden'])
      .limit(max);
    const r = await trx
      .selectFrom(sub.as('q'))
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  private async rearmAlert(): Promise<void> {
    const { settings } = await this.current();
    if (settings.queue_alert_threshold === null) return;
    const row = await this.db
      .selectFrom('moderation_settings')
      .select('alerted')
      .where('id', '=', 1)
      .executeTakeFirst();
    if (!row || Number(row.alerted) === 0) return;
    if ((await this.countUpTo(this.db, settings.queue_alert_threshold)) < settings.queue_alert_threshold) {
      await this.db.updateTable('moderation_settings').set({ alerted: 0 }).where('id', '=', 1).execute();
    }
  }

  // ---------------------------------------------------------------- reports

  /**
   * A reader reports a visible comment. One report per reader and comment; visitors and users are
   * rate-limited per address/account. At the threshold of open reports the comment is hidden until
   * a moderator approves (reports dismissed) or rejects it.
   */
  async report(commentId: number, input: ReportInput, reporter: User | null, ip: string): Promise<void> {
    const c = await this.comments.statusOf(commentId);
    if (!c || c.isDeleted || c.status !== 'visible') throw httpError(404, COMMENTS_MSG.commentNotFound);
    if (reporter && c.authorId === reporter.id) throw httpError(400, MODERATION_MSG.reportOwn);
    const who = reporter ? `u:${reporter.id}` : `ip:${this.addressKey(ip)}`;
    if ((await this.reportLimiter.hit(who)) > REPORTS_PER_MINUTE) {
      throw tooManyRequests(MODERATION_MSG.reportRate, await this.reportLimiter.ttl(who), REPORTS_PER_MINUTE);
    }
    const { settings } = await this.current();
    const now = nowIso();
    // other modules are read before the transaction, never inside it
    const [article, moderated] = await Promise.all([
      this.articles.getAnyById(c.articleId),
      this.comments.getForModeration([commentId]),
    ]);
    if (!article) throw httpError(404, COMMENTS_MSG.commentNotFound);
    const commenterEmail = moderated.get(commentId)?.email ?? null;
    const hid = await this.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('moderation_reports')
          .values({
            comment_id: commentId,
            reason: input.reason,
            note: input.note?.trim() || null,
            reporter: who,
            created_at: now,
            resolved: 0,
          })
          .execute();
        let item = await trx
          .selectFrom('moderation_items')
          .selectAll()
          .where('comment_id', '=', commentId)
          .executeTakeFirst();
        if (!item) {
          item = {
            comment_id: commentId,
            article_id: c.articleId,
            article_owner_id: article.author_id,
            category: article.category,
            commenter: commenterKey(c.authorId, commenterEmail),
            status: 'visible',
            tab: 'reported',
            reasons: '[]',
            open_reports: 0,
            queued_at: now,
            updated_at: now,
          };
          await trx.insertInto('moderation_items').values(item).execute();
        }
        const open = Number(item.open_reports) + 1;
        const hide = open >= settings.report_threshold;
        const reasons = parseReasons(item.reasons);
        if (hide) reasons.push({ code: 'reports', detail: String(open) });
        await trx
          .updateTable('moderation_items')
          .set({
            open_reports: open,
            tab: 'reported',
            ...(item.tab === 'reported' ? {} : { queued_at: now }),
            updated_at: now,
            ...(hide ? { status: 'hidden', reasons: JSON.stringify(reasons) } : {}),
          })
          .where('comment_id', '=', commentId)
          .execute();
        if (hide) {
          await this.comments.setStatus(commentId, 'hidden', trx);
          await this.audit(trx, 'auto-hide', null, {
            commentId,
            articleId: c.articleId,
            detail: `${open} anmälningar`,
          });
        }
        return hide;
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) throw httpError(409, MODERATION_MSG.reportAlready);
        throw err;
      });
    if (hid) {
      this.comments.statusCommitted(c.articleId);
      await this.maybeAlert();
    }
  }

  // ---------------------------------------------------------------- the queue

  /** The queue rows a viewer may act on: every row for admins, their own articles' for writers. */
  private scope(actor: User) {
    if (isAdmin(actor)) return null;
    if (canWrite(actor)) return actor.id;
    throw httpError(403, MODERATION_MSG.notYourArticle);
  }

  async queue(q: QueueQuery, actor: User): Promise<QueuePage> {
    const owner = this.scope(actor);
    const cursor = validCursor(q.cursor);
    const newest = q.order === 'newest';
    const rows = (await this.db
      .selectFrom('moderation_items')
      .selectAll()
      .where('tab', '=', q.tab)
      .$if(owner !== null, (b) => b.where('article_owner_id', '=', owner as number))
      .$if(q.articleId !== undefined, (b) => b.where('article_id', '=', q.articleId as number))
      .$if(q.category !== undefined, (b) => b.where('category', '=', q.category as string))
      .$if(cursor !== undefined, (b) => b.where('comment_id', newest ? '<' : '>', cursor as number))
      .orderBy('comment_id', newest ? 'desc' : 'asc')
      .limit(q.limit + 1)
      .execute()) as ItemRow[];
    const more = rows.length > q.limit;
    const page = more ? rows.slice(0, q.limit) : rows;
    const items = await this.hydrate(page, isAdmin(actor));
    return { items, next_cursor: more ? String(page[page.length - 1]?.comment_id) : null };
  }

  /** The page's comments, parents, articles, commenters and reports: a fixed number of batched reads. */
  private async hydrate(rows: ItemRow[], admin: boolean): Promise<QueueItem[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => Number(r.comment_id));
    const comments = await this.comments.getForModeration(ids);
    const parentIds = [...new Set([...comments.values()].flatMap((c) => (c.parentId === null ? [] : [c.parentId])))];
    const commenters = [...new Set(rows.map((r) => r.commenter))];
    const [parents, articles, history, reports, bans] = await Promise.all([
      this.comments.getForModeration(parentIds),
      this.articles.getManyByIds([...new Set(rows.map((r) => Number(r.article_id)))]),
      this.db.selectFrom('moderation_commenters').selectAll().where('commenter', 'in', commenters).execute(),
      this.reportSummaries(ids),
      this.bansOf(commenters),
    ]);
    const articleById = new Map(articles.map((a) => [a.id, a]));
    const historyBy = new Map(history.map((h) => [h.commenter, h]));
    const out: QueueItem[] = [];
    for (const r of rows) {
      const c = comments.get(Number(r.comment_id));
      const a = articleById.get(Number(r.article_id));
      if (!c || !a) continue;
      const p = c.parentId === null ? undefined : parents.get(c.parentId);
      const h = historyBy.get(r.commenter);
      const reasons = parseReasons(r.reasons);
      c.comment.moderation_reasons = reasons;
      if (!admin) c.comment.email = null;
      const standing = bans.get(r.commenter) ?? { banned: false, premoderated: false };
      const commenter: Commenter = {
        user_id: c.authorId,
        name: c.name,
        email: admin ? c.email : null,
        approved: Number(h?.approved ?? 0),
        rejected: Number(h?.rejected ?? 0),
        ...standing,
      };
      out.push({
        comment: c.comment,
        article: { id: a.id, title: a.title, slug: a.slug, category: a.category },
        parent: p
          ? {
              id: p.comment.id,
              name: p.comment.name,
              content: p.comment.content.slice(0, 500),
              isDeleted: p.comment.isDeleted,
              moderation_status: p.status,
            }
          : null,
        commenter,
        reasons,
        reports: reports.get(Number(r.comment_id)) ?? emptySummary(),
        queued_at: r.queued_at,
      });
    }
    return out;
  }

  private async reportSummaries(ids: number[]): Promise<Map<number, ReportSummary>> {
    const rows = await this.db
      .selectFrom('moderation_reports')
      .select(['comment_id', 'reason', 'note', 'created_at'])
      .where('comment_id', 'in', ids)
      .where('resolved', '=', 0)
      .orderBy('id', 'desc')
      .limit(ids.length * 50)
      .execute();
    const out = new Map<number, ReportSummary>();
    for (const r of rows) {
      const id = Number(r.comment_id);
      const s = out.get(id) ?? emptySummary();
      s.open++;
      s.by_reason[r.reason as ReportReason]++;
      if (r.note && s.notes.length < 5)
        s.notes.push({ reason: r.reason as ReportReason, note: r.note, created_at: r.created_at });
      out.set(id, s);
    }
    return out;
  }

  /** Whether each commenter is banned or always pre-moderated now. */
  private async bansOf(commenters: string[]): Promise<Map<string, { banned: boolean; premoderated: boolean }>> {
    const userIds = commenters.filter((c) => c.startsWith('u:')).map((c) => Number(c.slice(2)));
    const emails = commenters.filter((c) => c.startsWith('e:')).map((c) => c.slice(2));
    const out = new Map<string, { banned: boolean; premoderated: boolean }>();
    if (userIds.length === 0 && emails.length === 0) return out;
    const now = nowIso();
    const rows = await this.db
      .selectFrom('moderation_bans')
      .select(['user_id', 'email', 'kind', 'until'])
      .where((eb) =>
        eb.or([
          ...(userIds.length ? [eb('user_id', 'in', userIds)] : []),
          ...(emails.length ? [eb('email', 'in', emails)] : []),
        ]),
      )
      .where('lifted_at', 'is', null)
      .execute();
    for (const b of rows) {
      if (b.until !== null && b.until <= now) continue;
      const key = b.user_id !== null ? `u:${b.user_id}` : `e:${b.email}`;
      const s = out.get(key) ?? { banned: false, premoderated: false };
      if (b.kind === 'ban') s.banned = true;
      else s.premoderated = true;
      out.set(key, s);
    }
    return out;
  }

  async count(actor: User): Promise<QueueCount> {
    const owner = this.scope(actor);
    // bounded: a badge needs "10000+", not a count of a million rows
    const one = async (tab: QueueTab) => {
      const sub = this.db
        .selectFrom('moderation_items')
        .select('comment_id')
        .where('tab', '=', tab)
        .$if(owner !== null, (b) => b.where('article_owner_id', '=', owner as number))
        .limit(QUEUE_COUNT_MAX);
      const r = await this.db
        .selectFrom(sub.as('q'))
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    };
    const [pending, reported, rejected] = await Promise.all([one('pending'), one('reported'), one('rejected')]);
    return { pending, reported, rejected };
  }

  /** Whether the actor may moderate comments of this article (admins all; writers their own). */
  private mayModerate(actor: User, article: Pick<Article, 'author_id'> | undefined): boolean {
    return !!article && (isAdmin(actor) || (canWrite(actor) && article.author_id === actor.id));
  }

  async approve(commentId: number, actor: User): Promise<ModerationResult> {
    const r = await this.bulk({ action: 'approve', ids: [commentId] }, actor);
    const skipped = r.skipped[0];
    if (skipped) throw httpError(skipped.msg === MODERATION_MSG.notYourArticle ? 403 : 404, skipped.msg);
    return { msg: 'Kommentaren är godkänd', comment_id: commentId, moderation_status: 'visible' };
  }

  async reject(commentId: number, reason: string | null | undefined, actor: User): Promise<ModerationResult> {
    const r = await this.bulk({ action: 'reject', ids: [commentId], reason }, actor);
    const skipped = r.skipped[0];
    if (skipped) throw httpError(skipped.msg === MODERATION_MSG.notYourArticle ? 403 : 404, skipped.msg);
    return { msg: 'Kommentaren är avvisad', comment_id: commentId, moderation_status: 'rejected' };
  }

  /**
   * Approve or reject up to BULK_MAX comments. Each one the actor may not moderate, or that is not
   * there, is skipped with why; the rest are done one transaction each (a failure stops nothing else).
   * Approve: published (or reports dismissed), the commenter's approvals +1, and a first-time
   * commenter's other comments held only for being new are released. Reject: hidden from everyone
   * but moderators, with the reason; a visible comment may be rejected straight from its thread.
   */
  async bulk(input: BulkInput, actor: User): Promise<BulkResult> {
    this.scope(actor);
    const ids = [...new Set(input.ids)];
    const [items, comments] = await Promise.all([
      this.db.selectFrom('moderation_items').selectAll().where('comment_id', 'in', ids).execute() as Promise<ItemRow[]>,
      this.comments.getForModeration(ids),
    ]);
    const itemBy = new Map(items.map((i) => [Number(i.comment_id), i]));
    const articles = new Map(
      (await this.articles.getManyByIds([...new Set([...comments.values()].map((c) => c.articleId))])).map((a) => [
        a.id,
        a,
      ]),
    );
    const done: number[] = [];
    const skipped: { id: number; msg: string }[] = [];
    const approvedCommenters = new Set<string>();
    for (const id of ids) {
      const c = comments.get(id);
      const item = itemBy.get(id);
      if (!c || c.comment.isDeleted) {
        skipped.push({ id, msg: COMMENTS_MSG.commentNotFound });
        continue;
      }
      const article = articles.get(c.articleId);
      if (!this.mayModerate(actor, article)) {
        skipped.push({ id, msg: MODERATION_MSG.notYourArticle });
        continue;
      }
      if (input.action === 'approve' && (!item || item.tab === null) && c.status === 'visible') {
        skipped.push({ id, msg: MODERATION_MSG.notInQueue });
        continue;
      }
      const who = item?.commenter ?? commenterKey(c.authorId, c.email);
      await this.db.transaction().execute(async (trx) => {
        if (input.action === 'approve') await this.approveOne(trx, id, c.status, item, who, actor.id, 'approve');
        else await this.rejectOne(trx, id, c, item, who, article as Article, input.reason ?? null, actor.id);
      });
      this.comments.statusCommitted(c.articleId);
      // a held comment made public is news for the article's writer (never announced while held)
      if (input.action === 'approve' && c.status === 'pending') await this.comments.announce(id);
      if (input.action === 'approve') approvedCommenters.add(who);
      done.push(id);
    }
    for (const who of approvedCommenters) await this.releaseFirstTime(who, actor.id);
    await this.rearmAlert();
    const n = done.length;
    const msg =
      input.action === 'approve'
        ? `${n} ${n === 1 ? 'kommentar godkänd' : 'kommentarer godkända'}`
        : `${n} ${n === 1 ? 'kommentar avvisad' : 'kommentarer avvisade'}`;
    return { msg, done, skipped };
  }

  private async approveOne(
    trx: Db,
    id: number,
    status: ModerationStatus,
    item: ItemRow | undefined,
    who: string,
    actorId: number,
    action: 'approve' | 'auto-approve',
  ): Promise<void> {
    const now = nowIso();
    await this.comments.setStatus(id, 'visible', trx);
    if (item) {
      await trx
        .updateTable('moderation_items')
        .set({ status: 'visible', tab: null, open_reports: 0, updated_at: now })
        .where('comment_id', '=', id)
        .execute();
    }
    await trx
      .updateTable('moderation_reports')
      .set({ resolved: 1 })
      .where('comment_id', '=', id)
      .where('resolved', '=', 0)
      .execute();
    if (status !== 'visible') {
      await trx
        .insertInto('moderation_commenters')
        .values({ commenter: who, approved: 1, rejected: 0, published: 0, updated_at: now })
        .onConflict((oc) =>
          oc.column('commenter').doUpdateSet({
            approved: sql`moderation_commenters.approved + 1`,
            ...(status === 'rejected'
              ? {
                  rejected: sql`CASE WHEN moderation_commenters.rejected > 0 THEN moderation_commenters.rejected - 1 ELSE 0 END`,
                }
              : {}),
            updated_at: now,
          }),
        )
        .execute();
    }
    const detail = status === 'visible' ? 'Anmälningarna avfärdades' : null;
    await this.audit(trx, action, actorId, { commentId: id, articleId: item ? Number(item.article_id) : null, detail });
  }

  private async rejectOne(
    trx: Db,
    id: number,
    c: { status: ModerationStatus; articleId: number },
    item: ItemRow | undefined,
    who: string,
    article: Article,
    reason: string | null,
    actorId: number,
  ): Promise<void> {
    const now = nowIso();
    const text = reason?.trim() || null;
    await this.comments.setStatus(id, 'rejected', trx);
    const reasons = item ? parseReasons(item.reasons) : [];
    reasons.push({ code: 'rejected', detail: text });
    if (item) {
      await trx
        .updateTable('moderation_items')
        .set({
          status: 'rejected',
          tab: 'rejected',
          open_reports: 0,
          reasons: JSON.stringify(reasons),
          queued_at: now,
          updated_at: now,
        })
        .where('comment_id', '=', id)
        .execute();
    } else {
      await trx
        .insertInto('moderation_items')
        .values({
          comment_id: id,
          article_id: c.articleId,
          article_owner_id: article.author_id,
          category: article.category,
          commenter: who,
          status: 'rejected',
          tab: 'rejected',
          reasons: JSON.stringify(reasons),
          open_reports: 0,
          queued_at: now,
          updated_at: now,
        })
        .execute();
    }
    await trx
      .updateTable('moderation_reports')
      .set({ resolved: 1 })
      .where('comment_id', '=', id)
      .where('resolved', '=', 0)
      .execute();
    if (c.status !== 'rejected') {
      await trx
        .insertInto('moderation_commenters')
        .values({ commenter: who, approved: 0, rejected: 1, published: 0, updated_at: now })
        .onConflict((oc) =>
          oc.column('commenter').doUpdateSet({ rejected: sql`moderation_commenters.rejected + 1`, updated_at: now }),
        )
        .execute();
    }
    await this.audit(trx, 'reject', actorId, { commentId: id, articleId: c.articleId, detail: text });
  }

  /**
   * "Hold first-time commenters until one comment is approved": once approved, the commenter's other
   * comments held only because they were new are published too (audit: auto-approve).
   */
  private async releaseFirstTime(who: string, actorId: number): Promise<void> {
    const held = (await this.db
      .selectFrom('moderation_items')
      .selectAll()
      .where('commenter', '=', who)
      .where('status', '=', 'pending')
      .orderBy('comment_id')
      .limit(AUTO_APPROVE_MAX)
      .execute()) as ItemRow[];
    for (const item of held) {
      const reasons = parseReasons(item.reasons);
      if (!(reasons.length === 1 && reasons[0]?.code === 'first-time')) continue;
      await this.db
        .transaction()
        .execute((trx) => this.approveOne(trx, Number(item.comment_id), 'pending', item, who, actorId, 'auto-approve'));
      this.comments.statusCommitted(Number(item.article_id));
      await this.comments.announce(Number(item.comment_id));
    }
  }

  // ---------------------------------------------------------------- bans

  async createBan(input: BanInput, actor: User): Promise<Ban> {
    const userId = input.user_id ?? null;
    const email = input.email?.trim().toLowerCase() || null;
    if ((userId === null) === (email === null)) throw httpError(400, MODERATION_MSG.banTarget);
    let name: string | null = null;
    if (userId !== null) {
      const user = await this.users.getById(userId);
      if (!user) throw httpError(404, MODERATION_MSG.banUnknownUser);
      if (canWrite(user)) throw httpError(400, MODERATION_MSG.banStaff);
      name = user.full_name || user.username;
    }
    if (email !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw httpError(400, MSG.commentEmail);
    const until = input.until ? new Date(input.until).toISOString() : null;
    if (until !== null && until <= nowIso()) throw httpError(400, MODERATION_MSG.banUntilPast);
    const now = nowIso();
    const id = await this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('moderation_bans')
        .values({
          user_id: userId,
          email,
          kind: input.kind,
          until,
          reason: input.reason?.trim() || null,
          created_at: now,
          created_by: actor.id,
          lifted_at: null,
          lifted_by: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const target = email ?? `${name} (konto ${userId})`;
      const what = input.kind === 'ban' ? 'Avstängd' : 'Granskas alltid';
      const end = until === null ? 'tills vidare' : `till och med ${moderationDate(until)}`;
      await this.audit(trx, 'ban', actor.id, {
        banId: Number(id),
        detail: `${what}: ${target}, ${end}${input.reason?.trim() ? ` — ${input.reason.trim()}` : ''}`,
      });
      return Number(id);
    });
    const ban = (await this.listBansWhere((q) => q.where('b.id', '=', id)))[0];
    if (!ban) throw httpError(404, MODERATION_MSG.banNotFound);
    return ban;
  }

  async liftBan(id: number, actor: User): Promise<void> {
    const now = nowIso();
    await this.db.transaction().execute(async (trx) => {
      const res = await trx
        .updateTable('moderation_bans')
        .set({ lifted_at: now, lifted_by: actor.id })
        .where('id', '=', id)
        .where('lifted_at', 'is', null)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) throw httpError(404, MODERATION_MSG.banNotFound);
      await this.audit(trx, 'unban', actor.id, { banId: id, detail: null });
    });
  }

  private async listBansWhere(
    filter: (q: ReturnType<ModerationService['bansQuery']>) => ReturnType<ModerationService['bansQuery']>,
  ): Promise<Ban[]> {
    const rows = await filter(this.bansQuery()).execute();
    const now = nowIso();
    return rows.map((r) => ({
      id: Number(r.id),
      user_id: r.user_id === null ? null : Number(r.user_id),
      email: r.email,
      name: r.user_id === null ? null : r.full_name || r.username || null,
      kind: r.kind as Ban['kind'],
      until: r.until,
      reason: r.reason,
      created_at: r.created_at,
      created_by: r.created_by === null ? null : Number(r.created_by),
      active: r.lifted_at === null && (r.until === null || r.until > now),
    }));
  }

  private bansQuery() {
    return this.db
      .selectFrom('moderation_bans as b')
      .leftJoin(publicProfiles(this.db).as('u'), 'u.id', 'b.user_id')
      .select([
        'b.id',
        'b.user_id',
        'b.email',
        'b.kind',
        'b.until',
        'b.reason',
        'b.created_at',
        'b.created_by',
        'b.lifted_at',
        'u.full_name',
        'u.username',
      ]);
  }

  async listBans(q: { active: boolean; cursor?: string; limit: number }): Promise<BanPage> {
    const cursor = validCursor(q.cursor);
    const now = nowIso();
    const bans = await this.listBansWhere((b) =>
      b
        .$if(q.active, (x) =>
          x.where('b.lifted_at', 'is', null).where((eb) => eb.or([eb('b.until', 'is', null), eb('b.until', '>', now)])),
        )
        .$if(cursor !== undefined, (x) => x.where('b.id', '<', cursor as number))
        .orderBy('b.id', 'desc')
        .limit(q.limit + 1),
    );
    const more = bans.length > q.limit;
    const page = more ? bans.slice(0, q.limit) : bans;
    return { bans: page, next_cursor: more ? String(page[page.length - 1]?.id) : null };
  }

  // ---------------------------------------------------------------- audit

  private async audit(
    trx: Db,
    action: AuditAction,
    actorId: number | null,
    what: { commentId?: number | null; articleId?: number | null; banId?: number | null; detail?: string | null },
  ): Promise<void> {
    await trx
      .insertInto('moderation_audit')
      .values({
        created_at: nowIso(),
        action,
        actor_id: actorId,
        comment_id: what.commentId ?? null,
        article_id: what.articleId ?? null,
        ban_id: what.banId ?? null,
        detail: what.detail ?? null,
      })
      .execute();
  }

  async auditLog(q: { cursor?: string; limit: number; commentId?: number }): Promise<AuditPage> {
    const cursor = validCursor(q.cursor);
    const rows = await this.db
      .selectFrom('moderation_audit as m')
      .leftJoin(publicProfiles(this.db).as('u'), 'u.id', 'm.actor_id')
      .select([
        'm.id',
        'm.created_at',
        'm.action',
        'm.actor_id',
        'm.comment_id',
        'm.article_id',
        'm.ban_id',
        'm.detail',
        'u.full_name',
        'u.username',
      ])
      .$if(q.commentId !== undefined, (b) => b.where('m.comment_id', '=', q.commentId as number))
      .$if(cursor !== undefined, (b) => b.where('m.id', '<', cursor as number))
      .orderBy('m.id', 'desc')
      .limit(q.limit + 1)
      .execute();
    const more = rows.length > q.limit;
    const page = more ? rows.slice(0, q.limit) : rows;
    return {
      entries: page.map((r) => ({
        id: Number(r.id),
        created_at: r.created_at,
        action: r.action as AuditAction,
        actor_id: r.actor_id === null ? null : Number(r.actor_id),
        actor_name: r.actor_id === null ? null : r.full_name || r.username || null,
        comment_id: r.comment_id === null ? null : Number(r.comment_id),
        article_id: r.article_id === null ? null : Number(r.article_id),
        ban_id: r.ban_id === null ? null : Number(r.ban_id),
        detail: r.detail,
      })),
      next_cursor: more ? String(page[page.length - 1]?.id) : null,
    };
  }

  // ---------------------------------------------------------------- readers' own data (issue 21)

  /** The download's section: the person's reports of comments (all, a page at a time). */
  exportReports(userId: number): AsyncIterable<ExportReport> {
    const who = `u:${userId}`;
    const rows = keysetRows(
      (after, size) =>
        this.db
          .selectFrom('moderation_reports')
          .select(['id', 'comment_id', 'reason', 'note', 'resolved', 'created_at'])
          .where('reporter', '=', who)
          .$if(after !== null, (q) => q.where('id', '>', after as number))
          .orderBy('id')
          .limit(size)
          .execute(),
      (r) => Number(r.id),
    );
    return mapRows(rows, (r) => ({
      comment_id: Number(r.comment_id),
      reason: r.reason,
      note: r.note,
      resolved: Number(r.resolved) === 1,
      created_at: r.created_at,
    }));
  }

  /** The download's section: bans and "always pre-moderate" entries on the account (not who set them). */
  async exportBans(userId: number): Promise<ExportBan[]> {
    const rows = await this.db
      .selectFrom('moderation_bans')
      .select(['kind', 'until', 'reason', 'created_at', 'lifted_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .limit(10_000)
      .execute();
    return rows;
  }

  /**
   * A deleted account (decision 027): its commenter history and text fingerprints go; its reports
   * stay for the queue but no longer say who made them (nor the reporter's note); bans on the
   * account go, and the log lines about them no longer name the person. Bans on an e-mail address
   * stay: an unverified address on an account does not prove the ban is the account holder's.
   */
  async eraseForUser(userId: number): Promise<void> {
    const who = `u:${userId}`;
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('moderation_commenters').where('commenter', '=', who).execute();
      await trx.deleteFrom('moderation_fingerprints').where('commenter', '=', who).execute();
      await trx
        .updateTable('moderation_reports')
        .set({ reporter: sql<string>`'x:' || CAST(id AS varchar(20))`, note: null })
        .where('reporter', '=', who)
        .execute();
      const bans = await trx.selectFrom('moderation_bans').select('id').where('user_id', '=', userId).execute();
      const banIds = bans.map((b) => Number(b.id));
      if (banIds.length) {
        await trx
          .updateTable('moderation_audit')
          .set({ detail: MODERATION_MSG.auditAccountDeleted })
          .where('ban_id', 'in', banIds)
          .execute();
        await trx.deleteFrom('moderation_bans').where('id', 'in', banIds).execute();
      }
    });
  }
}

const emptySummary = (): ReportSummary => ({
  open: 0,
  by_reason: Object.fromEntries(REPORT_REASONS.map((r) => [r, 0])) as Record<ReportReason, number>,
  notes: [],
});

/** One entry per word (the same word twice keeps its first flag). */
function dedupe(list: WordEntry[]): WordEntry[] {
  const seen = new Set<string>();
  return list.filter((e) => {
    const k = e.word.normalize('NFC').toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** The audit line of a settings save: what changed, in Swedish. */
function describeSettingsChange(before: ModerationSettings, after: ModerationSettingsInput): string {
  const parts: string[] = [];
  if (before.mode !== after.mode) parts.push(`läge ${before.mode} → ${after.mode}`);
  if (before.link_limit !== after.link_limit)
    parts.push(`länkgräns ${before.link_limit ?? 'ingen'} → ${after.link_limit ?? 'ingen'}`);
  if (before.hold_repeated !== after.hold_repeated)
    parts.push(`upprepad text ${after.hold_repeated ? 'granskas' : 'tillåts'}`);
  if (before.auto_close_days !== after.auto_close_days)
    parts.push(`stängs efter ${before.auto_close_days ?? '–'} → ${after.auto_close_days ?? '–'} dagar`);
  if (before.report_threshold !== after.report_threshold)
    parts.push(`anmälningsgräns ${before.report_threshold} → ${after.report_threshold}`);
  if (before.queue_alert_threshold !== after.queue_alert_threshold)
    parts.push(`kölarm ${before.queue_alert_threshold ?? 'av'} → ${after.queue_alert_threshold ?? 'av'}`);
  const words = (l: WordEntry[]) => l.map((w) => `${w.word}${w.word_beginning ? '*' : ''}`);
  const diff = (label: string, a: WordEntry[], b: WordEntry[]) => {
    const was = new Set(words(a));
    const now = new Set(words(b));
    const added = [...now].filter((w) => !was.has(w));
    const removed = [...was].filter((w) => !now.has(w));
    if (added.length) parts.push(`${label} tillagda: ${added.slice(0, 20).join(', ')}${added.length > 20 ? ' …' : ''}`);
    if (removed.length)
      parts.push(`${label} borttagna: ${removed.slice(0, 20).join(', ')}${removed.length > 20 ? ' …' : ''}`);
  };
  diff('förbjudna ord', before.banned_words, after.banned_words);
  diff('misstänkta ord', before.suspect_words, after.suspect_words);
  return parts.length ? parts.join('; ') : 'inga ändringar';
}

/** Labels for a reason list (notifications, logs). */
export const reasonText = (reasons: ModerationReason[]): string =>
  reasons.map((r) => `${MODERATION_REASON_LABELS[r.code]}${r.detail ? ` (${r.detail})` : ''}`).join(', ');
