import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { cleanTextInput, MSG, UPLOAD_MAX_BYTES } from '@vaggen/contract';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { type DbHandle, openDb } from './db/index.js';
import { wireEvents } from './events.js';
import { noStoreByDefault } from './http/cache-headers.js';
import { registerAuthentication } from './http/guards.js';
import { createJobs, JobRunner } from './jobs/index.js';
import { type ClusterBus, LocalBus, RedisBus } from './lib/cluster-bus.js';
import { DomainEvents } from './lib/events/domain-events.js';
import { registerErrorHandling } from './lib/http-errors.js';
import { serializeRequest } from './lib/log-redaction.js';
import {
  BuildAssets,
  HOT_PAGES_SAVE_MS,
  HotPages,
  linkPageCacheToCluster,
  PageCache,
  PageStore,
  pageBuildId,
} from './lib/page-cache/index.js';
import { SharedRedis } from './lib/redis.js';
import { registerSecurityHeaders } from './lib/security-headers.js';
import { isValidHost, siteOrigin } from './lib/site-origin.js';
import { createStorage } from './lib/storage/index.js';
import { adsRoutes } from './modules/ads/routes.js';
import { analyticsRoutes } from './modules/analytics/routes.js';
import { BEACON_SCRIPT, type ConversionKind, readerPage } from './modules/analytics/service.js';
import { apiTokensRoutes } from './modules/api-tokens/routes.js';
import { articlesRoutes } from './modules/articles/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { CommentPages } from './modules/comments/page-tags.js';
import { commentsRoutes } from './modules/comments/routes.js';
import { dsaRoutes } from './modules/dsa/routes.js';
import { feedsRoutes } from './modules/feeds/routes.js';
import { frontsRoutes } from './modules/fronts/routes.js';
import { inboxRoutes } from './modules/inbox/routes.js';
import { liveRoutes } from './modules/live/routes.js';
import { mailRoutes } from './modules/mail/routes.js';
import { mediaRoutes, registerMediaFiles } from './modules/media/routes.js';
import { moderationRoutes } from './modules/moderation/routes.js';
import { newsletterRoutes } from './modules/newsletter/routes.js';
import { notificationsRoutes } from './modules/notifications/routes.js';
import { privacyRoutes } from './modules/privacy/routes.js';
import { pushRoutes } from './modules/push/routes.js';
import { repliesRoutes } from './modules/replies/routes.js';
import { registerAccessPass, revenueRoutes } from './modules/revenue/routes.js';
import { roleRequestsRoutes } from './modules/role-requests/routes.js';
import { scienceRoutes } from './modules/science/routes.js';
import { searchRoutes } from './modules/search/routes.js';
import { settingsRoutes } from './modules/settings/routes.js';
import { solarSystemRoutes } from './modules/solar-system/routes.js';
import { staffInvitationsRoutes } from './modules/staff-invitations/routes.js';
import { tickerRoutes } from './modules/ticker/routes.js';
import { usersRoutes } from './modules/users/routes.js';
import { Readiness, registerHealth } from './ops/health.js';
import { Metrics, registerMetrics } from './ops/metrics.js';
import { createServices, type Services } from './services.js';
import { pageAccess } from './ssr/page-access.js';
import { BACKFILL_HEADER, PageBackfill, ReaderLoad } from './ssr/page-backfill.js';
import { createReaderApi } from './ssr/reader-api.js';
import { RenderLine } from './ssr/render-line.js';
import { registerWeb } from './ssr/ssr.js';

export type { Services } from './services.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    dbh: DbHandle;
    services: Services;
    pageCache: PageCache;
    /** Domain events and their outbox (issue 39): tests subscribe to them too. */
    events: DomainEvents;
    jobs: JobRunner;
    readiness: Readiness;
    /** Issue 46: requests the preloaded hot pages for a moment before the server listens (main.ts). */
    warmUp(): Promise<{ requests: number; ms: number }>;
  }
}

/** How long a starting process requests its preloaded hot pages before it listens, and how many of them. */
const WARM_UP_MS = 1000;
const WARM_UP_PAGES = 500;

/** Paths of the operations endpoints (src/ops), asked for by node address rather than site name. */
const OPS_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

export interface BuildOptions {
  /** Use an already opened database (tests); otherwise one is opened from the config and closed with the app. */
  dbh?: DbHandle;
  /** Log sink (tests capture logs to check that secrets never appear). */
  logStream?: NodeJS.WritableStream;
}

/** Composes the whole server from a config. Does not migrate, seed or listen: main.ts does that. */
/** Issue 45: the routes whose success is a conversion of the article the request came from. */
const CONVERSION_ROUTES: Record<string, ConversionKind> = {
  '/api/newsletter/subscribe': 'newsletter',
  '/api/register': 'registration',
  '/api/subscriptions/checkout': 'subscription',
};

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            // Issue 40 (finding 10): no token in a logged address, client addresses truncated (lib/log-redaction.ts).
            serializers: { req: serializeRequest },
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    // Per-address limits must not trust a header any client can write, unless a proxy sets it.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A malformed URL (bad percent-encoding) is the client's error: 400 in our { msg } shape.
    frameworkErrors: (_err, _req, reply) => {
      (reply as FastifyReply).code(400).send({ msg: 'Ogiltig adress' });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A connection whose request is under way when the close begins turns idle only afterwards, and
  // Node closes idle connections once, when the server closes: each such keep-alive connection held
  // the close up for the keep-alive timeout (72 s). From the first step of a close until the server
  // has closed, idle connections are closed every 100 ms.
  let closingIdle: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    closingIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    closingIdle.unref();
  });
  app.addHook('onClose', async () => clearInterval(closingIdle));

  const dbh = opts.dbh ?? openDb(config.database);
  if (!opts.dbh) app.addHook('onClose', () => dbh.close());

  const storage = createStorage(config);
  app.addHook('onClose', async () => storage.close());
  // Issue 13 (decision 040): pages rendered once for every process and kept over restarts, in the
  // database, named by the build that rendered them (the web app's and this server's code).
  const codeBuildId = config.webBuildDir
    ? pageBuildId(path.join(config.webBuildDir, 'server/index.js'), fileURLToPath(import.meta.url))
    : undefined;
  const buildId = codeBuildId && (config.pageBuildId ?? codeBuildId);
  const pageStore =
    config.pageStore && buildId
      ? new PageStore(dbh.db, dbh.dialect, {
          build: buildId,
          maxAgeMs: config.pageMaxAgeMs,
          pool: dbh.pool,
          // comment threads are kept in memory only: a new comment writes nothing to the store
          recordsTag: (tag) => !CommentPages.isThread(tag),
          keepBuilds: config.pageKeepBuilds,
        })
      : undefined;
  // Issue 46 (decision 051): a deploy never starts the paper cold. This build takes its place in the
  // order of builds, and serves the pages of the builds just before it (as stale) until it has
  // rendered its own; its client assets go into the database before it serves a page, so a page of
  // any kept build loads its scripts from any node (skew protection).
  const buildAssets = pageStore && config.webBuildDir ? new BuildAssets(dbh.db) : undefined;
  if (pageStore) {
    await pageStore.register();
    if (buildAssets && config.webBuildDir) {
      await buildAssets.register(path.join(config.webBuildDir, 'client'), pageStore.registeredSince ?? Date.now());
    }
  }
  const pageCache = new PageCache({
    maxBytes: config.pageCacheMb * 1024 * 1024,
    maxEntries: config.pageCacheEntries,
    maxAgeMs: config.pageMaxAgeMs,
    store: pageStore,
    previousBuildMemoryMs: config.pagePreviousBuildMemoryMs,
    onStoreError: (err) => app.log.warn({ err }, 'page store: could not read or write a page'),
  });
  const readiness = new Readiness();
  readiness.add('database', () => dbh.ping());
  if (storage.kind === 's3') readiness.add('storage', () => storage.check());
  const redis = config.redisUrl ? new SharedRedis(config.redisUrl, app.log) : null;
  let bus: ClusterBus = new LocalBus();
  if (redis) {
    await redis.start();
    readiness.add('redis', () => redis.ping());
    // Several processes: changes reach every process through the cluster bus (decision 016, issue 39).
    const redisBus = new RedisBus(redis, config.redisPrefix);
    await redisBus.start(); // unreachable: it keeps retrying and subscribes when ready
    bus = redisBus;
    app.addHook('onClose', async () => {
      await redisBus.close();
      await redis.close();
    });
  }
  // Domain events (issue 39, decision 046): after-commit effects through the outbox, run by the
  // committing process at once and by the `event-outbox` job after a crash or a failure.
  const events = new DomainEvents(dbh.db, {
    claimMs: config.outboxClaimMs,
    crashAfterCommit: config.crashAfterCommit,
    onHandlerError: (err, info) => app.log.warn({ err, ...info }, 'event handler failed; it is retried'),
  });
  const services = createServices({ config, dbh, redis, storage, pageCache, events, log: app.log, bus });
  // Open live streams end first: the server's close waits for every connection.
  app.addHook('preClose', async () => services.live.hub.close());
  linkPageCacheToCluster(pageCache, bus);
  wireEvents(events, services, pageCache, bus, app.log, siteOrigin(config));
  // Background work (src/jobs): runs once when the server is ready, then on each job's interval.
  const metrics = new Metrics({ pageCache, pool: dbh.pool });
  // Server renders wait in line and give way to API requests (decisions 033 and 036).
  const renderLine = new RenderLine(config.renderConcurrency, config.renderApiFirstMs, config.pageRefreshesPerSecond);
  // Article pages rendered into the store ahead of readers (decision 040): requested through this
  // server as a reader would, so they are exactly what a reader gets. Keys are paths only with
  // PUBLIC_URL (without it a page is kept per host, and the backfill cannot know the readers' host).
  const publicUrl = config.publicUrl;
  // Split into PAGE_BACKFILL_SHARDS shards by article id, one job each: with several processes,
  // each renders its own shard at the same time (one process alone renders them in turn).
  // Known to this process only: a reader cannot ask for a render over a stored page (decision 051).
  const backfillToken = randomBytes(18).toString('base64url');
  // Readers' requests a second (every request but the backfill's own): the backfill gives way to
  // them, entirely in a deploy's first seconds (decision 051).
  const readerLoad = new ReaderLoad();
  const warm = async (url: string) => {
    // Through the store, not memory: the backfill must not push readers' pages out of it.
    pageCache.forget(url);
    const res = await app
      .inject({
        method: 'GET',
        url,
        // rendered even when an earlier build's page is stored: that one is what the backfill replaces
        headers: { host: new URL(publicUrl as string).host, 'accept-encoding': 'br', [BACKFILL_HEADER]: backfillToken },
      })
      .catch((err: { code?: string }) => {
        // The close has begun (Fastify takes no request from then on): the run stops, no failure.
        if (err.code === 'FST_ERR_REOPENED_CLOSE_SERVER') return null;
        throw err;
      });
    if (res === null) return null;
    pageCache.forget(url);
    // Its page is in the store before the next one renders: writes never pile up behind it.
    await pageCache.settled();
    return res.statusCode;
  };
  const pageBackfill =
    pageStore && publicUrl && config.pageBackfill && config.webBuildDir
      ? Array.from(
          { length: config.pageBackfillShards },
          (_, index) =>
            new PageBackfill({
              articles: services.articles,
              store: pageStore,
              shard: { index, count: config.pageBackfillShards },
              idle: () => renderLine.idle,
              readers: () => readerLoad.perSecond(),
              warm,
              // assets no kept build has go with the builds' pages (decision 051)
              purgeAssets: buildAssets
                ? async () => buildAssets.purge((await pageStore.keptBuilds()).since)
                : undefined,
            }),
        )
      : undefined;
  const jobs = new JobRunner(createJobs(services, { pageBackfill, events }), {
    db: dbh.db,
    log: app.log,
    onRun: (job, outcome, seconds) => metrics.observeJob(job, outcome, seconds),
  });
  app.decorate('jobs', jobs);
  app.decorate('readiness', readiness);
  // Issue 46 (decision 051): the pages readers were reading are in memory before the first reader
  // comes (and before the backfill starts); each process saves its own now and then and at its stop.
  const hotPages = pageStore ? new HotPages(dbh.db, pageCache, { keep: config.pagePreload }) : undefined;
  if (hotPages) {
    let saving: NodeJS.Timeout | undefined;
    const save = () =>
      hotPages.save().catch((err) => app.log.warn({ err }, 'page store: could not save the hot pages'));
    app.addHook('onReady', async () => {
      const started = Date.now();
      const loaded = await hotPages.preload().catch((err) => {
        app.log.warn({ err }, 'page store: could not preload the hot pages');
        return 0;
      });
      if (loaded > 0) app.log.info({ loaded, ms: Date.now() - started }, 'page store: hot pages preloaded');
      saving = setInterval(save, HOT_PAGES_SAVE_MS).unref();
    });
    app.addHook('preClose', async () => {
      clearInterval(saving);
      await save();
    });
  }
  // A new process runs its request path in V8's interpreter until it is hot: its first second
  // served about half of what the next ones did (decision 051). Before it listens, it requests the
  // hot pages it preloaded for WARM_UP_MS (from memory: no render; no user agent: not counted as
  // views; not in the request log).
  app.decorate('warmUp', async () => {
    const started = Date.now();
    const pages = hotPages?.requests(WARM_UP_PAGES) ?? [];
    if (pages.length === 0) return { requests: 0, ms: 0 };
    const host = config.publicUrl ? new URL(config.publicUrl).host : undefined;
    const level = app.log.level;
    app.log.level = 'warn';
    let requests = 0;
    try {
      while (Date.now() - started < WARM_UP_MS) {
        for (const page of pages) {
          const h = page.host ?? host;
          await app.inject({
            method: 'GET',
            url: page.url,
            headers: { 'accept-encoding': 'gzip, br', ...(h ? { host: h } : {}) },
          });
          requests++;
          if (Date.now() - started >= WARM_UP_MS) break;
        }
      }
    } finally {
      app.log.level = level;
    }
    return { requests, ms: Date.now() - started };
  });
  app.addHook('onReady', async () => {
    jobs.start(); // not awaited: the server listens while the first pass runs
  });
  // Before the server closes: a job under way (the page backfill requests pages through the
  // server itself) ends its step while the server still answers, instead of failing on a closed one.
  app.addHook('preClose', () => jobs.stop());
  app.addHook('onClose', () => services.mail.close());
  // Renders under way end, and they and the changes made just before shutdown reach the store.
  app.addHook('onClose', () => pageCache.drain());
  // Issue 45: this site's host, for telling its own links (internal, conversions) from others'
  const publicHost = config.publicUrl ? new URL(config.publicUrl).host : null;
  const ownHost = (req: FastifyRequest) => publicHost ?? req.host;
  // Issue 45: each process writes its own analytics counts (the jobs home runs a job on one process)
  app.addHook('onReady', async () => {
    services.analytics.start((err) => app.log.warn({ err }, 'analytics: could not flush; kept for the next flush'));
  });
  app.addHook('preClose', async () => {
    services.analytics.stop();
    await services.analytics.flush().catch((err) => app.log.warn({ err }, 'analytics: could not flush on close'));
  });
  app.decorate('config', config);
  app.decorate('dbh', dbh);
  app.decorate('services', services);
  app.decorate('pageCache', pageCache);
  app.decorate('events', events);

  registerErrorHandling(app);
  if (config.env === 'production' && !config.publicUrl) {
    app.log.warn(
      'PUBLIC_URL is not set: canonical and Open Graph links name the host each request asks for, and pages are ' +
        'cached per host. Set PUBLIC_URL (e.g. https://vaggen.se) in production.',
    );
  }
  if (!config.mail.smtpUrl) {
    app.log.warn('SMTP_URL is not set: e-mail is not sent, each mail is written to this log instead.');
  }
  // Issue 40 (finding 6): a Host (or trusted X-Forwarded-Host) that names no host — `a@b`, `:80`,
  // `[::1`, `127.0.0.1:99999` — is the client's error, refused before any page or link is made of it.
  app.addHook('onRequest', async (req, reply) => {
    if (req.headers[BACKFILL_HEADER] === undefined) readerLoad.seen();
    if (!isValidHost(req.host ?? '')) return reply.code(400).send({ msg: 'Ogiltig värd' });
  });
  // Issue 40 (finding 7): no text the API takes keeps a control character (contract text.ts), in
  // any field of any body or query; names are checked to be one line by their schemas.
  app.addHook('preValidation', async (req) => {
    if (req.body !== undefined && req.body !== null) req.body = cleanTextInput(req.body);
    if (req.query && typeof req.query === 'object') cleanTextInput(req.query);
  });
  const allowedHosts = config.allowedHosts ? new Set(config.allowedHosts) : null;
  if (allowedHosts) {
    // Django's ALLOWED_HOSTS: a request naming another host (Host, or X-Forwarded-Host behind a
    // trusted proxy) is refused before anything renders or is cached for it.
    app.addHook('onRequest', async (req, reply) => {
      // Load balancers and monitors ask nodes by address: the operations endpoints answer any host.
      if (OPS_PATHS.has(req.url)) return;
      if (!allowedHosts.has(req.hostname.toLowerCase())) {
        return reply.code(400).send({ msg: 'Okänd värd' });
      }
    });
  }
  await registerSecurityHeaders(app, config.publicUrl);
  registerHealth(app, readiness);
  registerMetrics(app, metrics, config.metricsToken);

  await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Väggen API', version: '0.1.0', description: 'Public Content API and authenticated Admin API.' },
      servers: [{ url: '/' }],
    },
    transform: jsonSchemaTransform,
    // Every zod schema given an id (`.meta({ id })` in the contract) becomes a named component, so
    // each `$ref` in the document resolves (test: src/docs.test.ts validates the whole document).
    transformObject: jsonSchemaTransformObject,
  });
  // The same document for people: Swagger UI at /api/docs/ui (its routes are hidden from the document).
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs/ui' });

  await app.register(
    async (api) => {
      // Writes only (a comment posted, a login, a save): reads are single quick queries, and one
      // that waits on another service (the radio news) must not hold the pages.
      api.addHook('onRequest', async (req, reply) => {
        if (req.method !== 'GET' && req.method !== 'HEAD') reply.raw.once('close', renderLine.apiStarted());
      });
      // Issue 45 (decision 050): a newsletter sign-up, registration or subscription checkout sent
      // from an article's page counts for that article (its Referer).
      api.addHook('onResponse', async (req, reply) => {
        if (req.method !== 'POST' || reply.statusCode >= 300) return;
        const kind = CONVERSION_ROUTES[req.routeOptions.url ?? ''];
        if (kind) services.analytics.recordConversion(kind, req.headers.referer, ownHost(req));
      });
      registerAuthentication(api);
      registerAccessPass(api);
      noStoreByDefault(api);
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(apiTokensRoutes);
      await api.register(articlesRoutes);
      await api.register(commentsRoutes);
      await api.register(moderationRoutes);
      await api.register(notificationsRoutes);
      await api.register(privacyRoutes);
      await api.register(roleRequestsRoutes);
      await api.register(staffInvitationsRoutes);
      await api.register(adsRoutes);
      await api.register(tickerRoutes);
      await api.register(solarSystemRoutes);
      await api.register(scienceRoutes);
      await api.register(mediaRoutes);
      await api.register(inboxRoutes);
      await api.register(mailRoutes);
      await api.register(newsletterRoutes);
      await api.register(searchRoutes);
      await api.register(analyticsRoutes);
      await api.register(settingsRoutes);
      await api.register(dsaRoutes);
      await api.register(repliesRoutes);
      await api.register(frontsRoutes);
      await api.register(liveRoutes);
      await api.register(pushRoutes);
      await api.register(revenueRoutes);
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
      api.get('/health', { schema: { hide: true } }, async () => {
        await dbh.db.selectFrom('articles').select('id').limit(1).execute();
        return { ok: true };
      });
      api.all('/*', { schema: { hide: true } }, async (_req, reply) => reply.code(404).send({ msg: MSG.notFound }));
    },
    { prefix: '/api' },
  );

  // RSS, sitemaps and robots.txt at the root (before the web app's catch-all).
  await app.register(feedsRoutes);

  await registerMediaFiles(app, storage);

  if (config.webBuildDir) {
    await registerWeb(app, {
      buildDir: config.webBuildDir,
      reader: createReaderApi(services, pageCache),
      cache: pageCache,
      publicUrl: config.publicUrl,
      origins: config,
      testHooks: config.env === 'test',
      renderLine,
      access: pageAccess(services, pageCache),
      assets: buildAssets,
      backfillToken,
      analytics: {
        beacon: BEACON_SCRIPT,
        isReaderPage: (p) => readerPage(p) !== null,
        pageView: (req, v) =>
          services.analytics.recordPageView({
            ...v,
            referer: req.headers.referer,
            host: ownHost(req),
            userAgent: req.headers['user-agent'],
            ip: req.ip,
            purpose: (req.headers['sec-purpose'] ?? req.headers.purpose ?? req.headers['x-moz']) as string | undefined,
          }),
      },
    });
  }
  return app;
}
