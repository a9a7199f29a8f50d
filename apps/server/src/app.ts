import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import { INBOX_RATE_WINDOW_MS, MSG, UPLOAD_MAX_BYTES } from '@vaggen/contract';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config.js';
import { type DbHandle, openDb } from './db/index.js';
import { MemoryRateLimiter, type RateLimiter, RedisRateLimiter } from './lib/rate-limit.js';
import { loadSecret } from './lib/secret.js';
import { adsRoutes } from './modules/ads/routes.js';
import { AdsService } from './modules/ads/service.js';
import { apiTokensRoutes } from './modules/api-tokens/routes.js';
import { ApiTokensService } from './modules/api-tokens/service.js';
import { articlesRoutes } from './modules/articles/routes.js';
import { ArticlesService } from './modules/articles/service.js';
import { registerAuthentication } from './modules/auth/guards.js';
import { authRoutes } from './modules/auth/routes.js';
import { AuthService } from './modules/auth/service.js';
import { commentsRoutes } from './modules/comments/routes.js';
import { CommentsService } from './modules/comments/service.js';
import { inboxRoutes } from './modules/inbox/routes.js';
import { InboxService } from './modules/inbox/service.js';
import { mediaRoutes } from './modules/media/routes.js';
import { MediaService } from './modules/media/service.js';
import { notificationsRoutes } from './modules/notifications/routes.js';
import { NotificationsService } from './modules/notifications/service.js';
import { roleRequestsRoutes } from './modules/role-requests/routes.js';
import { RoleRequestsService } from './modules/role-requests/service.js';
import { scienceRoutes } from './modules/science/routes.js';
import { ScienceService } from './modules/science/service.js';
import { solarSystemRoutes } from './modules/solar-system/routes.js';
import { SolarSystemService } from './modules/solar-system/service.js';
import { tickerRoutes } from './modules/ticker/routes.js';
import { TickerService } from './modules/ticker/service.js';
import { usersRoutes } from './modules/users/routes.js';
import { UsersService } from './modules/users/service.js';
import { registerErrorHandling } from './plugins/errors.js';
import { PageCache } from './web/page-cache.js';
import { createReaderApi } from './web/reader-api.js';
import { registerWeb } from './web/ssr.js';

export interface Services {
  auth: AuthService;
  apiTokens: ApiTokensService;
  articles: ArticlesService;
  comments: CommentsService;
  notifications: NotificationsService;
  roleRequests: RoleRequestsService;
  ads: AdsService;
  ticker: TickerService;
  solarSystem: SolarSystemService;
  science: ScienceService;
  media: MediaService;
  users: UsersService;
  inbox: InboxService;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    dbh: DbHandle;
    services: Services;
    pageCache: PageCache;
  }
}

export interface BuildOptions {
  /** Use an already opened database (tests); otherwise one is opened from the config and closed with the app. */
  dbh?: DbHandle;
  /** Log sink (tests capture logs to check that secrets never appear). */
  logStream?: NodeJS.WritableStream;
}

/** Composes the whole server from a config. Does not migrate, seed or listen: main.ts does that. */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, ...(opts.logStream ? { stream: opts.logStream } : {}) },
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

  const dbh = opts.dbh ?? openDb(config.database);
  if (!opts.dbh) app.addHook('onClose', () => dbh.close());

  fs.mkdirSync(config.uploadsDir, { recursive: true });
  const pageCache = new PageCache(config.pageCacheEntries);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }) : null;
  if (redis) {
    // Several processes: a content change anywhere empties every process's page cache.
    const sub = redis.duplicate();
    const me = randomUUID();
    const channel = 'vaggen:content-changed';
    await sub.subscribe(channel);
    sub.on('message', (_ch, from) => {
      if (from !== me) pageCache.clearLocal();
    });
    pageCache.onInvalidate(() => void redis.publish(channel, me).catch(() => {}));
    app.addHook('onClose', async () => {
      await sub.quit();
      await redis.quit();
    });
  }
  const limiter = (name: string, windowMs: number): RateLimiter =>
    redis ? new RedisRateLimiter(redis, `vaggen:rl:${name}:`, windowMs) : new MemoryRateLimiter(windowMs);
  const users = new UsersService(dbh.db);
  const articles = new ArticlesService(dbh.db);
  const notifications = new NotificationsService(dbh.db);
  articles.onDelete((articleId, trx) => notifications.deleteForArticle(articleId, trx));
  const services: Services = {
    auth: new AuthService(dbh.db, users, {
      failures: limiter('login', 15 * 60_000),
      registrations: limiter('register', 60 * 60_000),
      registrationsPerHour: config.registrationsPerHour,
    }),
    apiTokens: new ApiTokensService(dbh.db, users, loadSecret(config.appSecret, config.dataDir)),
    articles,
    comments: new CommentsService(
      dbh.db,
      articles,
      notifications,
      limiter('comments', 60_000),
      config.commentsPerMinute,
    ),
    notifications,
    roleRequests: new RoleRequestsService(dbh.db, users, notifications),
    ads: new AdsService(dbh.db),
    ticker: new TickerService(config.srNewsUrl, app.log),
    solarSystem: new SolarSystemService(),
    science: new ScienceService(dbh.db),
    media: new MediaService(config.uploadsDir),
    users,
    inbox: new InboxService(
      dbh.db,
      users,
      {
        contact: limiter('contact', INBOX_RATE_WINDOW_MS),
        tip: limiter('tips', INBOX_RATE_WINDOW_MS),
        ad: limiter('ad-inquiries', INBOX_RATE_WINDOW_MS),
      },
      INBOX_RATE_WINDOW_MS,
    ),
  };
  services.articles.onChange(() => pageCache.invalidate());
  app.decorate('config', config);
  app.decorate('dbh', dbh);
  app.decorate('services', services);
  app.decorate('pageCache', pageCache);

  registerErrorHandling(app);
  app.addHook('onSend', async (_req, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
  });

  await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Väggen API', version: '0.1.0', description: 'Public Content API and authenticated Admin API.' },
      servers: [{ url: '/' }],
    },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      registerAuthentication(api);
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(apiTokensRoutes);
      await api.register(articlesRoutes);
      await api.register(commentsRoutes);
      await api.register(notificationsRoutes);
      await api.register(roleRequestsRoutes);
      await api.register(adsRoutes);
      await api.register(tickerRoutes);
      await api.register(solarSystemRoutes);
      await api.register(scienceRoutes);
      await api.register(mediaRoutes);
      await api.register(inboxRoutes);
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
      api.get('/health', { schema: { hide: true } }, async () => {
        await dbh.db.selectFrom('articles').select('id').limit(1).execute();
        return { ok: true };
      });
      api.all('/*', { schema: { hide: true } }, async (_req, reply) => reply.code(404).send({ msg: MSG.notFound }));
    },
    { prefix: '/api' },
  );

  await app.register(fastifyStatic, {
    root: config.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    immutable: true,
    maxAge: '365d',
  });

  if (config.webBuildDir) {
    await registerWeb(app, {
      buildDir: config.webBuildDir,
      reader: createReaderApi(services.articles, pageCache),
      cache: pageCache,
      publicUrl: config.publicUrl,
      testHooks: config.env === 'test',
    });
  }
  return app;
}
