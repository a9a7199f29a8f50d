import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import { MSG, UPLOAD_MAX_BYTES } from '@vaggen/contract';
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
import { createJobs, JobRunner } from './jobs/index.js';
import { registerErrorHandling } from './lib/http-errors.js';
import { PageCache } from './lib/page-cache.js';
import { adsRoutes } from './modules/ads/routes.js';
import { apiTokensRoutes } from './modules/api-tokens/routes.js';
import { articlesRoutes } from './modules/articles/routes.js';
import { registerAuthentication } from './modules/auth/guards.js';
import { authRoutes } from './modules/auth/routes.js';
import { commentsRoutes } from './modules/comments/routes.js';
import { feedsRoutes } from './modules/feeds/routes.js';
import { inboxRoutes } from './modules/inbox/routes.js';
import { mediaRoutes } from './modules/media/routes.js';
import { notificationsRoutes } from './modules/notifications/routes.js';
import { readershipRoutes } from './modules/readership/routes.js';
import { roleRequestsRoutes } from './modules/role-requests/routes.js';
import { scienceRoutes } from './modules/science/routes.js';
import { searchRoutes } from './modules/search/routes.js';
import { solarSystemRoutes } from './modules/solar-system/routes.js';
import { tickerRoutes } from './modules/ticker/routes.js';
import { usersRoutes } from './modules/users/routes.js';
import { createServices, type Services } from './services.js';
import { createReaderApi } from './ssr/reader-api.js';
import { registerWeb } from './ssr/ssr.js';

export type { Services } from './services.js';

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
  const services = createServices({ config, dbh, redis, pageCache, log: app.log });
  // Background work (src/jobs): runs once when the server is ready, then on each job's interval.
  const jobs = new JobRunner(createJobs(services), app.log);
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
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
      await api.register(searchRoutes);
      await api.register(readershipRoutes);
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
      reader: createReaderApi(services, pageCache),
      cache: pageCache,
      publicUrl: config.publicUrl,
      testHooks: config.env === 'test',
    });
  }
  return app;
}
