import { DELETE_ATTEMPTS_WINDOW_MS, INBOX_RATE_WINDOW_MS, NEWSROOM_TEXT, PICTURES_PER_HOUR } from '@vaggen/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { DbHandle } from './db/index.js';
import { RotatingKeyedHash } from './lib/keyed-hash.js';
import { type Invalidation, PageCache, PageTag } from './lib/page-cache.js';
import { type FailureTracker, MemoryFailureTracker, MemoryRateLimiter, type RateLimiter } from './lib/rate-limit.js';
import { FallbackFailureTracker, FallbackRateLimiter, type SharedRedis } from './lib/redis.js';
import { loadSecret } from './lib/secret.js';
import { siteOrigin } from './lib/site-origin.js';
import type { MediaStorage } from './lib/storage/index.js';
import { AdsService } from './modules/ads/service.js';
import { ApiTokensService } from './modules/api-tokens/service.js';
import { type ArticleChange, ArticlesService, BylineInvitations } from './modules/articles/service.js';
import { AuthService } from './modules/auth/service.js';
import { CommentsService } from './modules/comments/service.js';
import { FeedsService } from './modules/feeds/service.js';
import { InboxService } from './modules/inbox/service.js';
import { MailService } from './modules/mail/service.js';
import { MediaService } from './modules/media/service.js';
import { ModerationService } from './modules/moderation/service.js';
import { NewsletterService } from './modules/newsletter/service.js';
import { NotificationMailService, NotificationsService } from './modules/notifications/service.js';
import { PrivacyService } from './modules/privacy/service.js';
import { ReadershipService } from './modules/readership/service.js';
import { RoleRequestsService } from './modules/role-requests/service.js';
import { ScienceService } from './modules/science/service.js';
import { SearchService } from './modules/search/service.js';
import { SolarSystemService } from './modules/solar-system/service.js';
import { TickerService } from './modules/ticker/service.js';
import { UsersService } from './modules/users/service.js';

export interface Services {
  auth: AuthService;
  apiTokens: ApiTokensService;
  articles: ArticlesService;
  comments: CommentsService;
  moderation: ModerationService;
  notifications: NotificationsService;
  privacy: PrivacyService;
  notificationMail: NotificationMailService;
  newsletter: NewsletterService;
  roleRequests: RoleRequestsService;
  ads: AdsService;
  ticker: TickerService;
  solarSystem: SolarSystemService;
  science: ScienceService;
  media: MediaService;
  users: UsersService;
  inbox: InboxService;
  mail: MailService;
  search: SearchService;
  feeds: FeedsService;
  readership: ReadershipService;
}

export interface ServiceDeps {
  config: Config;
  dbh: DbHandle;
  /** Shared Redis when several processes run; null in a single process. */
  redis: SharedRedis | null;
  storage: MediaStorage;
  pageCache: PageCache;
  log: FastifyBaseLogger;
}

/**
 * The composition root of the domain: builds every service and wires who reacts to what.
 * Adding a module means adding it here (and its routes in app.ts); services never subscribe to
 * each other in their constructors — every reaction to an event is listed in `wireEvents` below.
 */
export function createServices({ config, dbh, redis, storage, pageCache, log }: ServiceDeps): Services {
  const limiter = (name: string, windowMs: number): RateLimiter =>
    redis
      ? new FallbackRateLimiter(redis, `${config.redisPrefix}rl:${name}:`, windowMs)
      : new MemoryRateLimiter(windowMs);
  const failureTracker = (name: string, keepMs: number): FailureTracker =>
    redis
      ? new FallbackFailureTracker(redis, `${config.redisPrefix}ft:${name}:`, keepMs)
      : new MemoryFailureTracker(keepMs);
  const secret = loadSecret(config.appSecret, config.dataDir);
  // Issue 40: visitors' addresses behind reports, as daily keyed hashes (one report per visitor and comment a day).
  const reportAddresses = new RotatingKeyedHash(secret, 'report-address', 24 * 3600_000);
  const db = dbh.db;
  const users = new UsersService(db);
  const notifications = new NotificationsService(db);
  const articles = new ArticlesService(db, new BylineInvitations(db, notifications));
  const mail = new MailService(db, { smtpUrl: config.mail.smtpUrl, from: config.mail.from, log });
  // Links in mails that jobs send (no request to take the host from).
  const siteUrl = siteOrigin(config);
  const readership = new ReadershipService(db, articles);
  const comments = new CommentsService(
    db,
    articles,
    notifications,
    limiter('comments', 60_000),
    config.commentsPerMinute,
    (name) => users.isStaffName(name),
    secret,
  );
  const auth = new AuthService(
    db,
    users,
    {
      failures: limiter('login', 15 * 60_000),
      accountFailures: failureTracker('login-account', 24 * 3600_000),
      registrations: limiter('register', 60 * 60_000),
      registrationsPerHour: config.registrationsPerHour,
      resetPerAddress: limiter('reset-address', 60 * 60_000),
      resetPerClient: limiter('reset-client', 60 * 60_000),
    },
    secret,
    mail,
  );
  const services: Services = {
    auth,
    apiTokens: new ApiTokensService(db, users, secret),
    articles,
    comments,
    moderation: new ModerationService(db, comments, articles, users, notifications, limiter('reports', 60_000), (ip) =>
      reportAddresses.hash(ip),
    ),
    notifications,
    privacy: new PrivacyService(users, auth, limiter('account-delete', DELETE_ATTEMPTS_WINDOW_MS)),
    notificationMail: new NotificationMailService(db, users, mail, secret, siteUrl),
    newsletter: new NewsletterService(db, {
      mail,
      articles,
      readership,
      secret,
      siteUrl,
      limiters: {
        address: limiter('newsletter-address', 60 * 60_000),
        client: limiter('newsletter-client', 60 * 60_000),
      },
    }),
    roleRequests: new RoleRequestsService(db, users, notifications),
    ads: new AdsService(db),
    ticker: new TickerService(config.srNewsUrl, log),
    solarSystem: new SolarSystemService(),
    science: new ScienceService(db),
    media: new MediaService(storage, { limiter: limiter('pictures', 60 * 60_000), perHour: PICTURES_PER_HOUR }),
    users,
    inbox: new InboxService(
      db,
      users,
      {
        contact: limiter('contact', INBOX_RATE_WINDOW_MS),
        tip: limiter('tips', INBOX_RATE_WINDOW_MS),
        ad: limiter('ad-inquiries', INBOX_RATE_WINDOW_MS),
      },
      INBOX_RATE_WINDOW_MS,
    ),
    mail,
    search: new SearchService(db, dbh.dialect, articles),
    feeds: new FeedsService(articles),
    readership,
  };
  services.auth.onBackgroundError = (err) => log.warn({ err }, 'auth: could not queue an account mail');
  wireEvents(services, pageCache, log);
  wirePersonalData(services, pageCache, log);
  return services;
}

/**
 * Which cached pages an article change reaches. Dropped at once: the article's own page and API
 * answers, every list that shows it, and the lists whose membership it changes (a new or deleted
 * article shifts its category's list and the front page). Re-rendered on their next visit while
 * still served (stale): the sidebar on every reader page and the related lists of its category.
 * Search results, RSS feeds and sitemaps go on every change (a new text, title or `lastmod`).
 */
export function pageInvalidationFor(change: ArticleChange): Invalidation {
  const categories = [change.category, ...(change.previousCategory ? [change.previousCategory] : [])];
  const evict = new Set<string>([PageTag.search, PageTag.feeds]);
  if (change.kind !== 'created') evict.add(PageTag.article(change.id)).add(PageTag.shows(change.id));
  if (change.kind !== 'updated' || change.previousCategory) {
    evict.add(PageTag.list(null));
    for (const c of categories) evict.add(PageTag.list(c));
  }
  for (const t of tagListsAffected(change)) evict.add(PageTag.tag(t));
  return { evict: [...evict], stale: [PageTag.sidebar, ...categories.map((c) => PageTag.related(c))] };
}

/**
 * Issue 14: the `/tag/{tag}` lists whose membership changed. An article appearing (created, or a
 * hidden one published) or going away (deleted, unpublished) changes every list of its tags; an
 * update changes those of the tags added or removed (the lists still showing it go by `shows:id`).
 */
export function tagListsAffected(change: ArticleChange): string[] {
  const now = change.tags ?? [];
  if (change.kind !== 'updated') return now;
  if (!change.previousTags) return [];
  const before = change.previousTags;
  return [...new Set([...now.filter((t) => !before.includes(t)), ...before.filter((t) => !now.includes(t))])];
}

/** Who reacts to what: the one place to read when asking "what happens when X changes?". */
function wireEvents(s: Services, pageCache: PageCache, log: FastifyBaseLogger): void {
  // An article is deleted: its comments and the notifications about it go in the same transaction.
  s.articles.onDelete((articleId, trx) => s.notifications.deleteForArticle(articleId, trx));
  s.articles.onDelete((articleId, trx) => s.comments.deleteForArticle(articleId, trx));
  // The search index follows every write of an article in the same transaction.
  s.articles.onWrite((article, trx) => s.search.index(article, trx));
  s.articles.onDelete((articleId, trx) => s.search.remove(articleId, trx));
  // Readers see articles: the pages that show the changed one go, in every process (via Redis);
  // the sidebar and "Mer från …" around other articles re-render lazily (decision 016).
  s.articles.onChange((change) => pageCache.invalidate(pageInvalidationFor(change)));
  // Bylines and comments show names and pictures: only pages and threads with this person go. A
  // role change too: a comment shows its author's staff role (issue 13).
  s.users.onProfileChanged((userId) => pageCache.invalidate({ evict: [PageTag.author(userId)], stale: [] }));
  s.users.onUserChangedByAdmin(async (userId) => pageCache.invalidate({ evict: [PageTag.author(userId)], stale: [] }));
  // Issue 13 (decision 031): anonymous readers' comment threads are cached; an article's go after
  // every committed change of its comments (new, deleted, moderated, erased), and with the article.
  s.comments.onThreadChanged((articleId) => pageCache.invalidate({ evict: [PageTag.thread(articleId)], stale: [] }));
  s.articles.onDeleted((articleId) => pageCache.invalidate({ evict: [PageTag.thread(articleId)], stale: [] }));
  // A scheduled article went live: its author is told, in the same transaction as the change.
  s.articles.onWentLive(async (live, trx) => {
    for (const a of live) {
      if (a.authorId === null) continue;
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
    }
  });
  // Issue 16 (decision 024): every new comment passes moderation's screen (refused, published or
  // held); moderation records it in the same transaction, and forgets a deleted one.
  s.comments.useScreen((draft) => s.moderation.screen(draft));
  // Issue 21: with e-mail verification on, an account must confirm its e-mail before commenting.
  s.comments.useAuthorCheck((author) => s.auth.assertMayComment(author.id));
  s.comments.onCreated((comment, trx) => s.moderation.recordCreated(comment, trx));
  s.comments.onCommitted((comment) => s.moderation.afterCreated(comment));
  // "Most read" weighs the comments readers see (issue 15); held ones do not count.
  s.comments.onCommitted(async (comment) => {
    if (comment.screening.status === 'visible') s.readership.recordComment(comment.article.id);
  });
  s.comments.onDeleted((commentIds, trx) => s.moderation.forget(commentIds, trx));
  // The queue filters by an article's category and owner: its items follow an update.
  s.articles.onChange((change) => {
    s.moderation
      .articleChanged(change)
      .catch((err) => log.warn({ err }, 'moderation: could not follow an article change'));
  });
  // Moderation settings saved in any process: every process drops its compiled word lists, through
  // the page cache's Redis link (and after a Redis outage, with everything else).
  s.moderation.onSettingsChanged(() => pageCache.invalidate({ evict: [PageTag.moderationSettings], stale: [] }));
  pageCache.onChange((change) => {
    if (PageCache.touches(change, PageTag.moderationSettings)) s.moderation.forgetSettings();
  });
  // An admin changed someone's role or details: their tokens stop working (decision 013).
  s.users.onUserChangedByAdmin((userId) => s.auth.revokeAll(userId));
}

/**
 * Issue 21 (decision 027): who keeps what about a person — the one list of the download's sections
 * and of the steps that delete an account, in order. Each module exports and erases only its own
 * rows. A new module with personal data adds one `include` here (e.g. the newsletter:
 * `s.privacy.include({ section: 'subscriptions', exportFor: (p) => s.newsletter.exportForUser(p),
 * erase: (p) => s.newsletter.eraseForUser(p) })`) and its section to `PersonalDataExportSchema`.
 */
function wirePersonalData(s: Services, pageCache: PageCache, log: FastifyBaseLogger): void {
  s.privacy.include({ section: 'account', exportFor: (p) => s.users.exportForUser(p.id) });
  // sessions and the API token end first: nothing new is written while the rest goes
  s.privacy.include({
    section: 'sessions',
    exportFor: (p) => s.auth.exportForUser(p.id, p.sessionToken),
    erase: (p) => s.auth.eraseForUser(p.id),
  });
  // mail to the person's address (queued or sent) goes too (the outbox is a send log, not in the download)
  s.privacy.include({
    erase: async (p) => {
      if (p.email) await s.mail.eraseForAddress(p.email);
    },
  });
  s.privacy.include({
    section: 'api_tokens',
    exportFor: (p) => s.apiTokens.exportForUser(p.id),
    erase: (p) => s.apiTokens.deleteForUser(p.id),
  });
  s.privacy.include({
    section: 'comments',
    exportFor: (p) => s.comments.exportForUser(p.id),
    erase: (p, choice) => s.comments.eraseAuthor(p.id, choice),
  });
  s.privacy.include({
    section: 'notifications',
    exportFor: (p) => s.notifications.exportForUser(p.id),
    erase: (p) => s.notifications.deleteForUser(p.id),
  });
  s.privacy.include({
    section: 'role_requests',
    exportFor: (p) => s.roleRequests.exportForUser(p.id),
    erase: (p) => s.roleRequests.eraseForUser(p.id, p.username),
  });
  s.privacy.include({ section: 'moderation_reports', exportFor: (p) => s.moderation.exportReports(p.id) });
  s.privacy.include({
    section: 'moderation_bans',
    exportFor: (p) => s.moderation.exportBans(p.id),
    erase: (p) => s.moderation.eraseForUser(p.id),
  });
  s.privacy.include({
    section: 'articles',
    exportFor: (p) => s.articles.exportForUser(p.id),
    erase: async (p) => {
      const touched = await s.articles.forgetAuthor(p.id, p.displayName);
      // bylines now show the kept name without a link; the pages with them go
      if (touched.length) {
        pageCache.invalidate({ evict: touched.flatMap((id) => [PageTag.article(id), PageTag.shows(id)]), stale: [] });
      }
    },
  });
  // Issue 21: Morgonbrevet (by the account or its address) and the e-mail copies of notifications
  s.privacy.include({
    section: 'newsletter_subscriptions',
    exportFor: (p) => s.newsletter.exportForUser(p.id, p.email),
    erase: (p) => s.newsletter.eraseForUser(p.id, p.email),
  });
  s.privacy.include({
    section: 'email_notifications',
    exportFor: (p) => s.notificationMail.exportForUser(p.id),
    erase: (p) => s.notificationMail.eraseForUser(p.id),
  });
  // The account is gone: pages with the person's byline go, and the uploaded picture when no other
  // account or article shows the same file (names are content hashes, decision 018).
  s.privacy.onAccountDeleted((p) => pageCache.invalidate({ evict: [PageTag.author(p.id)], stale: [] }));
  s.privacy.onAccountDeleted(async (p) => {
    const url = p.profilePicture;
    if (!url || (await s.users.pictureInUse(url)) || (await s.articles.imageInUse(url))) return;
    await s.media.removeStoredImage(url).catch((err) => log.warn({ err }, 'privacy: could not delete a picture'));
  });
}
