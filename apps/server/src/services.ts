import { DELETE_ATTEMPTS_WINDOW_MS, INBOX_RATE_WINDOW_MS, PICTURES_PER_HOUR } from '@vaggen/contract';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Config } from './config.js';
import type { DbHandle } from './db/index.js';
import type { ClusterBus } from './lib/cluster-bus.js';
import type { DomainEvents } from './lib/events/domain-events.js';
import { RotatingKeyedHash } from './lib/keyed-hash.js';
import type { PageCache } from './lib/page-cache/index.js';
import { type FailureTracker, MemoryFailureTracker, MemoryRateLimiter, type RateLimiter } from './lib/rate-limit.js';
import { FallbackFailureTracker, FallbackRateLimiter, type SharedRedis } from './lib/redis.js';
import { loadSecret } from './lib/secret.js';
import { siteOrigin } from './lib/site-origin.js';
import type { MediaStorage } from './lib/storage/index.js';
import { loadVapidKeys } from './lib/vapid.js';
import { AdsService } from './modules/ads/service.js';
import { AnalyticsService, MostRead } from './modules/analytics/service.js';
import { ApiTokensService } from './modules/api-tokens/service.js';
import { ArticlePages } from './modules/articles/page-tags.js';
import { ArticlesService, BylineInvitations } from './modules/articles/service.js';
import { AuthService } from './modules/auth/service.js';
import { CommentsService } from './modules/comments/service.js';
import { DsaService } from './modules/dsa/service.js';
import { FeedsService } from './modules/feeds/service.js';
import { FrontsService } from './modules/fronts/service.js';
import { InboxService } from './modules/inbox/service.js';
import { LiveService } from './modules/live/service.js';
import { MailService } from './modules/mail/service.js';
import { MediaService } from './modules/media/service.js';
import { ModerationService } from './modules/moderation/service.js';
import { NewsletterService } from './modules/newsletter/service.js';
import { NotificationMailService, NotificationsService } from './modules/notifications/service.js';
import { PrivacyService } from './modules/privacy/service.js';
import { PushService } from './modules/push/service.js';
import { RepliesService } from './modules/replies/service.js';
import { RevenueService } from './modules/revenue/service.js';
import { RoleRequestsService } from './modules/role-requests/service.js';
import { ScienceService } from './modules/science/service.js';
import { SearchService } from './modules/search/service.js';
import { NewsroomSettingsService } from './modules/settings/service.js';
import { SolarSystemService } from './modules/solar-system/service.js';
import { StaffInvitationsService } from './modules/staff-invitations/service.js';
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
  /** Issue 41: invitations to the newsroom by e-mail. */
  staffInvitations: StaffInvitationsService;
  ads: AdsService;
  ticker: TickerService;
  solarSystem: SolarSystemService;
  science: ScienceService;
  media: MediaService;
  users: UsersService;
  inbox: InboxService;
  mail: MailService;
  dsa: DsaService;
  replies: RepliesService;
  search: SearchService;
  feeds: FeedsService;
  /** "Hottest last week" and the newsletter's "most read", ranked from the analytics days. */
  mostRead: MostRead;
  /** Issue 45: the newsroom's analytics. */
  analytics: AnalyticsService;
  settings: NewsroomSettingsService;
  /** Issue 41: front pages (Förstasidan). */
  fronts: FrontsService;
  /** Issue 44: live reports' entries and their streams. */
  live: LiveService;
  /** Issue 44: breaking-news push. */
  push: PushService;
  /** Issue 42: reader revenue (plans, subscriptions, the paywall's rules). */
  revenue: RevenueService;
}

export interface ServiceDeps {
  config: Config;
  dbh: DbHandle;
  /** Shared Redis when several processes run; null in a single process. */
  redis: SharedRedis | null;
  storage: MediaStorage;
  pageCache: PageCache;
  /** Domain events and their outbox (issue 39): who reacts is wired in `events.ts`. */
  events: DomainEvents;
  log: FastifyBaseLogger;
  /** Issue 44: messages to the other processes (live streams); a LocalBus in one process. */
  bus: ClusterBus;
}

/**
 * The composition root of the domain: builds every service and wires who reacts to what.
 * Adding a module means adding it here (and its routes in app.ts); services never subscribe to
 * each other in their constructors — every reaction to an event is listed in `events.ts`.
 */
export function createServices({ config, dbh, redis, storage, pageCache, events, log, bus }: ServiceDeps): Services {
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
  const users = new UsersService(db, events);
  const notifications = new NotificationsService(db);
  const articles = new ArticlesService(db, events, new BylineInvitations(db, events, notifications));
  const mail = new MailService(db, { smtpUrl: config.mail.smtpUrl, from: config.mail.from, log });
  // Links in mails that jobs send (no request to take the host from).
  const siteUrl = siteOrigin(config);
  const mostRead = new MostRead(db, articles);
  const comments = new CommentsService(
    db,
    events,
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
  const moderation = new ModerationService(
    db,
    events,
    comments,
    articles,
    users,
    notifications,
    limiter('reports', 60_000),
    (ip) => reportAddresses.hash(ip),
  );
  // Issue 44: live reports' entries and the streams open in this process.
  const live = new LiveService(db, events, articles, {
    bus,
    heartbeatMs: config.live.heartbeatMs,
    catchUpMs: config.live.catchUpMs,
    onError: (err) => log.warn({ err }, 'live: could not read a report’s changes'),
  });
  const settings = new NewsroomSettingsService(db, events);
  const services: Services = {
    auth,
    apiTokens: new ApiTokensService(db, users, secret),
    articles,
    comments,
    moderation,
    notifications,
    privacy: new PrivacyService(users, auth, limiter('account-delete', DELETE_ATTEMPTS_WINDOW_MS)),
    notificationMail: new NotificationMailService(db, users, mail, secret, siteUrl),
    newsletter: new NewsletterService(db, {
      mail,
      articles,
      mostRead,
      secret,
      siteUrl,
      limiters: {
        address: limiter('newsletter-address', 60 * 60_000),
        client: limiter('newsletter-client', 60 * 60_000),
      },
    }),
    roleRequests: new RoleRequestsService(db, users, notifications),
    staffInvitations: new StaffInvitationsService(db, users, mail),
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
    feeds: new FeedsService(articles, undefined, live),
    mostRead,
    analytics: new AnalyticsService(db, articles, config.analytics),
    settings,
    // Issue 43: the DSA's notices, statements of reasons and appeals (uses moderation's actions).
    dsa: new DsaService({
      db,
      events,
      mail,
      notifications,
      comments,
      articles,
      moderation,
      secret,
      siteUrl,
      limiter: limiter('dsa-notices', 60 * 60_000),
    }),
    replies: new RepliesService(db, { events, articles, mail, limiter: limiter('replies', 60 * 60_000), siteUrl }),
    fronts: new FrontsService(db, events, articles),
    live,
    push: new PushService({
      db,
      articles,
      live,
      keys: loadVapidKeys(config.vapid, config.dataDir, () => webpush.generateVAPIDKeys()),
      subject: config.vapid.subject ?? (siteUrl.startsWith('https://') ? siteUrl : 'mailto:redaktionen@vaggen.example'),
      minIntervalMinutes: async () => (await settings.get()).push_min_interval_minutes,
      siteUrl,
      allowHttp: config.env === 'test',
    }),
    revenue: new RevenueService(db, {
      articles,
      auth,
      users,
      settings,
      events,
      secret,
      stripe: config.stripe,
      onBackgroundError: (err) => log.warn({ err }, 'stripe: could not apply events now; the job retries'),
    }),
  };
  services.auth.onBackgroundError = (err) => log.warn({ err }, 'auth: could not queue an account mail');
  // The moderation screen every new comment passes (issue 16, decision 024) and, with e-mail
  // verification on, the check that its author confirmed their address (issue 21): policies the
  // comments module asks before it writes, not reactions.
  services.comments.useScreen((draft) => services.moderation.screen(draft));
  services.comments.useAuthorCheck((author) => services.auth.assertMayComment(author.id));
  wirePersonalData(services, pageCache);
  return services;
}

/**
 * Issue 21 (decision 027): who keeps what about a person — the one list of the download's sections
 * and of the steps that delete an account, in order. Each module exports and erases only its own
 * rows. A new module with personal data adds one `include` here (e.g. the newsletter:
 * `s.privacy.include({ section: 'subscriptions', exportFor: (p) => s.newsletter.exportForUser(p),
 * erase: (p) => s.newsletter.eraseForUser(p) })`) and its section to `PersonalDataExportSchema`.
 */
function wirePersonalData(s: Services, pageCache: PageCache): void {
  s.privacy.include({ section: 'account', exportFor: (p) => s.users.exportForUser(p.id) });
  // Issue 42: a live Stripe subscription is cancelled at Stripe before anything else goes
  s.privacy.include({
    section: 'reader_subscriptions',
    exportFor: (p) => s.revenue.exportForUser(p.id),
    erase: (p) => s.revenue.eraseForUser(p.id),
  });
  // the gifts they bought (erased above: unlinked, still redeemable by whoever has the link)
  s.privacy.include({ section: 'gift_subscriptions', exportFor: (p) => s.revenue.giftsExport(p.id) });
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
        pageCache.invalidate({
          evict: touched.flatMap((id) => [ArticlePages.article(id), ArticlePages.shows(id)]),
          stale: [],
        });
      }
    },
  });
  // Issue 44: entries posted to live reports (kept with the author's name, as bylines are)
  s.privacy.include({ section: 'live_entries', exportFor: (p) => s.live.exportForUser(p.id) });
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
}
