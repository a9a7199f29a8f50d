import { formatShortDateTime, NEWSROOM_TEXT, REVIEW_TEXT } from '@vaggen/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ClusterBus } from './lib/cluster-bus.js';
import type { DomainEvents } from './lib/events/domain-events.js';
import { type PageCache, subscribePageRules } from './lib/page-cache/index.js';
import {
  ArticleChanged,
  ArticleDeleted,
  ArticlePublished,
  ArticleReviewed,
  ArticleSentForReview,
  ArticleWritten,
} from './modules/articles/events.js';
import { articlePageRules } from './modules/articles/page-tags.js';
import { CommentPosted, CommentStatusChanged, CommentsRemoved } from './modules/comments/events.js';
import { commentPageRules } from './modules/comments/page-tags.js';
import { dsaPageRules } from './modules/dsa/page-tags.js';
import { feedPageRules } from './modules/feeds/page-tags.js';
import { frontPageRules } from './modules/fronts/page-tags.js';
import { LiveEntryEdited, LiveEntryPosted, LiveEntryRemoved } from './modules/live/events.js';
import { livePageRules } from './modules/live/page-tags.js';
import { ModerationSettingsChanged } from './modules/moderation/events.js';
import { replyPageRules } from './modules/replies/page-tags.js';
import { GiftPurchased, SubscriptionPaid } from './modules/revenue/events.js';
import { revenuePageRules } from './modules/revenue/page-tags.js';
import { receiptMail } from './modules/revenue/service.js';
import { searchPageRules } from './modules/search/page-tags.js';
import { NewsroomSettingsChanged } from './modules/settings/events.js';
import { settingsPageRules } from './modules/settings/page-tags.js';
import { AccountDeleted, RoleChanged } from './modules/users/events.js';
import { userPageRules } from './modules/users/page-tags.js';
import type { Services } from './services.js';

/** The bus topic of saved moderation settings. */
const MODERATION_SETTINGS_TOPIC = 'moderation-settings';
/** The bus topic of the paper's saved settings. */
const NEWSROOM_SETTINGS_TOPIC = 'newsroom-settings';

/**
 * Who reacts to what (issue 39, decision 046): the one place to read when asking "what happens when
 * X happens?". Each event is defined in its module's `events.ts`; each handler here says its phase:
 * `inTransaction` (commits or fails with the write) or `afterCommit` (through the outbox, retried
 * until done; idempotent). Handlers run in the order listed. docs/architecture.md draws this map.
 *
 * Which cached pages each event reaches is said by the module that owns the pages, in its
 * `page-tags.ts` (first below): one after-commit handler per event merges them.
 */
export function wireEvents(
  events: DomainEvents,
  s: Services,
  pageCache: PageCache,
  bus: ClusterBus,
  log: FastifyBaseLogger,
  /** The site's address, for links in mail (PUBLIC_URL, else the local one). */
  siteUrl: string,
): void {
  // ---------------------------------------------------------------- the pages readers see
  subscribePageRules(events, pageCache, [
    dsaPageRules,
    replyPageRules,
    searchPageRules,
    feedPageRules,
    articlePageRules,
    commentPageRules,
    userPageRules,
    settingsPageRules,
    frontPageRules,
    livePageRules,
    revenuePageRules,
  ]);

  // ---------------------------------------------------------------- articles
  // The search index follows every write of an article in the same transaction.
  events.inTransaction(ArticleWritten, 'search: index the text', (a, trx) => s.search.index(a, trx));
  // A deleted article takes what hangs on it along, in the same transaction.
  events.inTransaction(ArticleDeleted, 'notifications: delete those about it', (a, trx) =>
    s.notifications.deleteForArticle(a.id, trx),
  );
  events.inTransaction(ArticleDeleted, 'comments: delete its comments', (a, trx) =>
    s.comments.deleteForArticle(a.id, trx),
  );
  events.inTransaction(ArticleDeleted, 'search: remove it', (a, trx) => s.search.remove(a.id, trx));
  // Issue 41: its pinned slots go too (readers never saw a gap: reads skip hidden articles).
  events.inTransaction(ArticleDeleted, 'fronts: unpin it', (a, trx) => s.fronts.forgetArticle(a.id, trx));
  // The moderation queue filters by an article's category and owner: its items follow an update.
  events.afterCommit(ArticleChanged, 'moderation: queue items follow', (c) => s.moderation.articleChanged(c));
  // A scheduled article went live: its author is told, in the same transaction as the change.
  events.inTransaction(ArticlePublished, 'notifications: tell the author', async (a, trx) => {
    if (a.authorId === null) return;
    await s.notifications.notify(
      [a.authorId],
      {
        type: 'article_published',
        title: NEWSROOM_TEXT.publishedTitle,
        message: NEWSROOM_TEXT.publishedMessage(a.title),
        actionUrl: `/article/${a.slug}`,
        articleId: a.id,
      },
      trx,
    );
  });

  // Issue 41: a writer sent an article for review: the admins are told (the queue is theirs).
  events.inTransaction(ArticleSentForReview, 'notifications: tell the admins', async (a, trx) => {
    await s.notifications.notify(
      await s.users.adminIds(trx),
      {
        type: 'review_requested',
        title: REVIEW_TEXT.requestedTitle,
        message: REVIEW_TEXT.requestedMessage(a.by, a.title),
        actionUrl: '/admin/granskning',
        articleId: a.id,
      },
      trx,
    );
  });
  // Issue 41: an admin published, scheduled or returned an article sent for review: its writer is
  // told (the bell, and e-mail for those who chose it), in the same transaction as the decision.
  events.inTransaction(ArticleReviewed, 'notifications: tell the writer', async (r, trx) => {
    if (r.authorId === null) return;
    const at = r.publishAt ? formatShortDateTime(r.publishAt) : '';
    const [title, message] =
      r.decision === 'publish'
        ? [REVIEW_TEXT.publishedTitle, REVIEW_TEXT.publishedMessage(r.title)]
        : r.decision === 'schedule'
          ? [REVIEW_TEXT.scheduledTitle, REVIEW_TEXT.scheduledMessage(r.title, at)]
          : [REVIEW_TEXT.returnedTitle, REVIEW_TEXT.returnedMessage(r.title, r.comment ?? '')];
    await s.notifications.notify(
      [r.authorId],
      {
        type: 'article_reviewed',
        title,
        message,
        actionUrl: r.decision === 'publish' ? `/article/${r.slug}` : `/admin/articles/edit/${r.id}`,
        articleId: r.id,
        data: { decision: r.decision },
        mailKind: 'review_decision',
      },
      trx,
    );
  });

  // ---------------------------------------------------------------- reader revenue (issue 42)
  // A paid invoice: its receipt is queued in the transaction that applies Stripe's event (applied
  // once, so one receipt per invoice), and sent right after the commit.
  events.inTransaction(SubscriptionPaid, 'mail: queue the receipt', async (p, trx) => {
    const user = await s.users.getById(p.userId, trx);
    if (!user?.email) return;
    await s.mail.enqueue(receiptMail(p, user.email, await s.settings.readIn(trx), siteUrl), new Date(), trx);
  });
  events.afterCommit(SubscriptionPaid, 'mail: send it now', async () => s.mail.nudge());
  // A paid gift subscription: the recipient the buyer named is mailed the redeem link, queued in the
  // transaction that writes the gift (once per Checkout session), sent right after the commit.
  events.inTransaction(GiftPurchased, 'mail: queue the gift to its recipient', async (g, trx) => {
    if (!g.hasRecipient) return;
    const mail = await s.revenue.giftMailFor(g.giftId, siteUrl, trx);
    if (mail) await s.mail.enqueue(mail, new Date(), trx);
  });
  events.afterCommit(GiftPurchased, 'mail: send it now', async (g) => {
    if (g.hasRecipient) s.mail.nudge();
  });

  // ---------------------------------------------------------------- live reports (issue 44)
  // Open streams in every process hear of each change (through the cluster bus; a lost message is
  // found in the database by position). A retry delivers nothing twice: streams skip old positions.
  events.afterCommit(LiveEntryPosted, 'live: tell open streams', async (c) => s.live.changed(c, 'entry'));
  events.afterCommit(LiveEntryEdited, 'live: tell open streams', async (c) => s.live.changed(c, 'edit'));
  events.afterCommit(LiveEntryRemoved, 'live: tell open streams', async (c) => s.live.changed(c, 'remove'));

  // ---------------------------------------------------------------- comments
  // Issue 16 (decision 024): moderation records every new comment in its transaction (history,
  // fingerprint, queue item), and the authors concerned hear of a visible one.
  events.inTransaction(CommentPosted, 'moderation: record it', (c, trx) => s.moderation.recordCreated(c, trx));
  events.inTransaction(CommentPosted, 'notifications: tell the authors', (c, trx) => s.comments.notifyPosted(c, trx));
  // A held comment may bring the queue to its alert threshold (reads the users module: after commit).
  events.afterCommit(CommentPosted, 'moderation: queue alert', (c) => s.moderation.afterCreated(c));
  // "Hottest last week" weighs the comments readers see (issue 15); held ones do not count.
  events.afterCommit(CommentPosted, 'analytics: count it', async (c) => {
    if (c.screening.status === 'visible') s.analytics.recordComment(c.article.id);
  });
  events.inTransaction(CommentsRemoved, 'moderation: forget them', (c, trx) => s.moderation.forget(c.commentIds, trx));
  // A held comment made public is news for the article's writer (never announced while held).
  events.afterCommit(CommentStatusChanged, 'notifications: announce an approved one', (c) => s.comments.announced(c));
  // Issue 43 (DSA Art. 17): a removed or hidden comment's commenter gets a statement of reasons.
  events.afterCommit(CommentStatusChanged, 'dsa: statement of reasons', (c) => s.dsa.statementFor(c));

  // ---------------------------------------------------------------- moderation
  // Settings saved in any process: every process drops its compiled word lists, through the
  // cluster bus (and, when the bus may have lost messages, every process anyway).
  events.afterCommit(ModerationSettingsChanged, 'moderation: every process re-reads', async () => {
    s.moderation.forgetSettings();
    bus.publish(MODERATION_SETTINGS_TOPIC, {});
  });
  bus.subscribe(MODERATION_SETTINGS_TOPIC, () => s.moderation.forgetSettings());
  bus.onMissed(() => s.moderation.forgetSettings());

  // ---------------------------------------------------------------- the paper's settings
  // Saved in any process: every process re-reads them (through the cluster bus).
  events.afterCommit(NewsroomSettingsChanged, 'settings: every process re-reads', async () => {
    s.settings.forget();
    bus.publish(NEWSROOM_SETTINGS_TOPIC, {});
  });
  bus.subscribe(NEWSROOM_SETTINGS_TOPIC, () => s.settings.forget());
  bus.onMissed(() => s.settings.forget());

  // ---------------------------------------------------------------- accounts
  // An admin changed someone's role: their tokens stop working at once (decision 013).
  events.inTransaction(RoleChanged, 'auth: end their sessions', (u, trx) => s.auth.revokeAll(u.userId, trx));
  // The account is gone: its uploaded picture too, when no other account or article shows the same
  // file (names are content hashes, decision 018).
  events.afterCommit(AccountDeleted, 'media: their picture', async (u) => {
    const url = u.profilePicture;
    if (!url || (await s.users.pictureInUse(url)) || (await s.articles.imageInUse(url))) return;
    await s.media.removeStoredImage(url).catch((err) => log.warn({ err }, 'privacy: could not delete a picture'));
  });
}
