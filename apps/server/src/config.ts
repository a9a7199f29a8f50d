import path from 'node:path';
import { COMMENTS_PER_MINUTE } from '@vaggen/contract';
import { z } from 'zod';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  REDIS_PREFIX: z.string().default('vaggen:'),
  MEDIA_S3_BUCKET: z.string().optional(),
  MEDIA_S3_ENDPOINT: z.string().url().optional(),
  MEDIA_S3_REGION: z.string().default('us-east-1'),
  MEDIA_S3_ACCESS_KEY_ID: z.string().optional(),
  MEDIA_S3_SECRET_ACCESS_KEY: z.string().optional(),
  MEDIA_S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
  MEDIA_S3_PREFIX: z.string().default(''),
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  APP_SECRET: z.string().min(16, 'APP_SECRET must be at least 16 characters').optional(),
  ADMIN_USERNAME: z.string().min(1).optional(),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  SR_NEWS_URL: z.string().url().default('https://api.sr.se/api/v2/news/episodes?format=json&pagination=false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_BUILD_DIR: z.string().optional(),
  PAGE_CACHE_MB: z.coerce.number().min(0).default(64),
  PAGE_CACHE_ENTRIES: z.coerce.number().int().min(0).optional(),
  PAGE_STORE: z.enum(['on', 'off']).default('on'),
  PAGE_MAX_AGE_MIN: z.coerce
    .number()
    .min(1)
    .max(7 * 24 * 60)
    .default(60),
  PAGE_BACKFILL: z.enum(['on', 'off']).optional(),
  PAGE_BUILD_ID: z.string().min(1).max(64).optional(),
  PAGE_REFRESHES_PER_SECOND: z.coerce.number().int().min(0).max(1000).default(10),
  PAGE_BACKFILL_SHARDS: z.coerce.number().int().min(1).max(64).default(4),
  PAGE_KEEP_BUILDS: z.coerce.number().int().min(1).max(10).default(3),
  PAGE_PRELOAD: z.coerce.number().int().min(0).max(20_000).default(2000),
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  RENDER_API_FIRST_MS: z.coerce.number().int().min(0).max(1000).default(25),
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** Issue 45: counted page views and beacons per address and minute (more are a flood, left out). */
  ANALYTICS_FLOOD_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Issue 45: how often each process writes its analytics counts (milliseconds). */
  ANALYTICS_FLUSH_MS: z.coerce.number().int().min(100).default(10_000),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  ALLOWED_HOSTS: z.string().optional(),
  AVATAR_FETCH_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
  COMMENTS_PER_MINUTE: z.coerce.number().int().min(1).default(COMMENTS_PER_MINUTE),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().optional(),
  LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  LIVE_HEARTBEAT_SECONDS: z.coerce.number().min(0.05).default(20),
  LIVE_CATCH_UP_SECONDS: z.coerce.number().min(0.05).default(15),
  OUTBOX_CLAIM_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  CRASH_AFTER_COMMIT: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'SMTP_URL must look like smtp://user:pass@host:587 or smtps://…')
    .optional()
    .or(z.literal('')),
  MAIL_FROM: z.string().min(3).optional(),
  // issue 42: Stripe (unset: payment is not configured; plans and complimentary subscriptions still work)
  STRIPE_SECRET_KEY: z.string().optional().or(z.literal('')),
  STRIPE_WEBHOOK_SECRET: z.string().optional().or(z.literal('')),
  STRIPE_API_URL: z.string().url().optional().or(z.literal('')),
});

export interface S3Settings {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Path-style addressing (http://host/bucket/key): what MinIO, Garage, Ceph and s3rver expect. */
  forcePathStyle: boolean;
  /** Key prefix inside the bucket (e.g. `media/`). */
  prefix: string;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string | undefined;
  dataDir: string;
  uploadsDir: string;
  /** S3-compatible object storage for media (MEDIA_S3_BUCKET set); null = files in uploadsDir. */
  mediaS3: S3Settings | null;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema?: string };
  redisUrl: string | undefined;
  /** Prefix of every Redis key and channel (several sites or test runs can share one Redis). */
  redisPrefix: string;
  /** On SIGTERM, how long /readyz answers 503 (so a load balancer stops sending) before the listener closes. */
  drainDelayMs: number;
  /** Bearer token that opens GET /metrics; unset = no metrics endpoint. */
  metricsToken: string | undefined;
  /** Encrypts stored API tokens; else a random key in DATA_DIR/secret.key. */
  appSecret: string | undefined;
  admin: { username: string; password: string | undefined };
  seedDemo: boolean;
  srNewsUrl: string;
  logLevel: string;
  /** Folder holding the React Router build (`build/server/index.js` and `build/client`); null = API only. */
  webBuildDir: string | null;
  /** Bound on the page cache's bytes (bodies and compressed variants); 0 turns it off. */
  pageCacheMb: number;
  /** Optional extra bound on the number of cached pages (0 turns the cache off). */
  pageCacheEntries: number | undefined;
  /** Issue 13 (decision 040): rendered pages kept in the database for every process (PAGE_STORE). */
  pageStore: boolean;
  /** A kept page older than this re-renders on its next visit (PAGE_MAX_AGE_MIN). */
  pageMaxAgeMs: number;
  /** Article pages are rendered into the store ahead of readers (PAGE_BACKFILL; needs PUBLIC_URL). */
  pageBackfill: boolean;
  /** The backfill's shards: up to this many processes render pages ahead at once (PAGE_BACKFILL_SHARDS). */
  pageBackfillShards: number;
  /**
   * Issue 46 (decision 051): builds whose pages and client assets are kept — this one and those
   * started just before it (PAGE_KEEP_BUILDS, default 3); an earlier build's page is served as stale
   * until this build has rendered its own.
   */
  pageKeepBuilds: number;
  /** How long a page of an earlier build stays in memory before the store is asked again (30 s; tests shorten it). */
  pagePreviousBuildMemoryMs: number;
  /** Hot pages each process saves and a starting process reads into memory first (PAGE_PRELOAD; 0: off). */
  pagePreload: number;
  /** Names the release whose pages the store serves (PAGE_BUILD_ID); default: a hash of the code. */
  pageBuildId: string | undefined;
  /** Background re-renders of stale pages allowed per second and process (PAGE_REFRESHES_PER_SECOND). */
  pageRefreshesPerSecond: number;
  /** Server renders of pages under way at once; more wait their turn (API requests do not). */
  renderConcurrency: number;
  /** How long an API write under way keeps the next render waiting, at most (0: not at all). */
  renderApiFirstMs: number;
  /** New accounts one address may create per hour. */
  registrationsPerHour: number;
  /** Issue 45 (decision 050): the analytics' flood limit and flush interval. */
  analytics: { floodPerMinute: number; flushEveryMs: number };
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  /**
   * Host names (lower case, no port) the site answers to; requests for others get 400 (issue 17).
   * null = any host (no PUBLIC_URL and no ALLOWED_HOSTS: then only local hosts' pages are cached).
   */
  allowedHosts: string[] | null;
  /** Tests only (honoured with NODE_ENV=test): profile pictures may be fetched from local addresses. */
  avatarFetchAllowPrivate: boolean;
  /** Comments one address may post per minute. */
  commentsPerMinute: number;
  /** Issue 44: live streams open at once from one address (per process), their heartbeat and database check. */
  live: { streamsPerAddress: number; heartbeatMs: number; catchUpMs: number };
  /** Issue 44: Web Push's VAPID keys (else made at first start in DATA_DIR/vapid.json) and contact. */
  vapid: { publicKey?: string; privateKey?: string; subject?: string };
  /**
   * Issue 39 (decision 046): how long a process keeps the outbox rows of its own commit to itself
   * before the `event-outbox` job of any process may run them (OUTBOX_CLAIM_SECONDS).
   */
  outboxClaimMs: number;
  /** Tests only (NODE_ENV=test): the process kills itself right after committing this event (CRASH_AFTER_COMMIT). */
  crashAfterCommit: string | undefined;
  /**
   * Outgoing e-mail (issue 21): `smtpUrl` null = no SMTP server, mails are written to the log.
   * `from` is the sender (`Väggen <noreply@host of PUBLIC_URL>` unless MAIL_FROM says otherwise).
   */
  mail: { smtpUrl: string | null; from: string };
  /** Issue 42: Stripe, or null without STRIPE_SECRET_KEY (payment not configured). */
  stripe: StripeSettings | null;
}

/** Issue 42: the Stripe account and where its API is (STRIPE_API_URL → the SDK's host, port, protocol). */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string | null;
  host: string | undefined;
  port: number | undefined;
  protocol: 'http' | 'https' | undefined;
}

/** Environment -> typed, validated config. Throws with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const dbUrl = e.DATABASE_URL;
  const isPg = dbUrl?.startsWith('postgres://') || dbUrl?.startsWith('postgresql://');
  if (dbUrl && !isPg && !dbUrl.startsWith('sqlite:')) {
    throw new Error('Invalid configuration:\n  DATABASE_URL: must start with postgres://, postgresql:// or sqlite:');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    mediaS3: e.MEDIA_S3_BUCKET
      ? {
          bucket: e.MEDIA_S3_BUCKET,
          endpoint: e.MEDIA_S3_ENDPOINT,
          region: e.MEDIA_S3_REGION,
          accessKeyId: e.MEDIA_S3_ACCESS_KEY_ID,
          secretAccessKey: e.MEDIA_S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.MEDIA_S3_FORCE_PATH_STYLE === 'true',
          prefix: e.MEDIA_S3_PREFIX,
        }
      : null,
    database: isPg
      ? { kind: 'postgres', url: dbUrl as string }
      : { kind: 'sqlite', file: dbUrl ? dbUrl.slice('sqlite:'.length) : path.join(dataDir, 'vaggen.db') },
    redisUrl: e.REDIS_URL || undefined,
    redisPrefix: e.REDIS_PREFIX,
    metricsToken: e.METRICS_TOKEN,
    drainDelayMs: e.DRAIN_DELAY_MS,
    appSecret: e.APP_SECRET,
    admin: { username: e.ADMIN_USERNAME ?? 'admin', password: e.ADMIN_PASSWORD },
    seedDemo: e.SEED_DEMO === 'true',
    srNewsUrl: e.SR_NEWS_URL,
    logLevel: e.LOG_LEVEL,
    webBuildDir:
      e.WEB_BUILD_DIR === ''
        ? null
        : path.resolve(e.WEB_BUILD_DIR ?? path.join(import.meta.dirname, '../../web/build')),
    pageCacheMb: e.PAGE_CACHE_MB,
    pageCacheEntries: e.PAGE_CACHE_ENTRIES,
    pageStore: e.PAGE_STORE === 'on',
    pageMaxAgeMs: e.PAGE_MAX_AGE_MIN * 60_000,
    // On by default in production only: elsewhere no reader waits for it, and tests turn it on.
    pageBuildId: e.PAGE_BUILD_ID,
    pageRefreshesPerSecond: e.PAGE_REFRESHES_PER_SECOND,
    pageBackfill: (e.PAGE_BACKFILL ?? (e.NODE_ENV === 'production' ? 'on' : 'off')) === 'on',
    pageBackfillShards: e.PAGE_BACKFILL_SHARDS,
    pageKeepBuilds: e.PAGE_KEEP_BUILDS,
    pagePreviousBuildMemoryMs: 30_000,
    pagePreload: e.PAGE_PRELOAD,
    renderConcurrency: e.RENDER_CONCURRENCY,
    renderApiFirstMs: e.RENDER_API_FIRST_MS,
    registrationsPerHour: e.REGISTRATIONS_PER_HOUR,
    analytics: { floodPerMinute: e.ANALYTICS_FLOOD_PER_MINUTE, flushEveryMs: e.ANALYTICS_FLUSH_MS },
    trustProxy: e.TRUST_PROXY === 'true',
    allowedHosts: allowedHosts(e.ALLOWED_HOSTS, e.PUBLIC_URL, e.NODE_ENV),
    avatarFetchAllowPrivate: e.NODE_ENV === 'test' && e.AVATAR_FETCH_ALLOW_PRIVATE === 'true',
    commentsPerMinute: e.COMMENTS_PER_MINUTE,
    vapid: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT },
    live: {
      streamsPerAddress: e.LIVE_STREAMS_PER_ADDRESS,
      heartbeatMs: e.LIVE_HEARTBEAT_SECONDS * 1000,
      catchUpMs: e.LIVE_CATCH_UP_SECONDS * 1000,
    },
    outboxClaimMs: e.OUTBOX_CLAIM_SECONDS * 1000,
    crashAfterCommit: e.NODE_ENV === 'test' ? e.CRASH_AFTER_COMMIT : undefined,
    mail: {
      smtpUrl: e.SMTP_URL || null,
      from: e.MAIL_FROM ?? `Väggen <noreply@${e.PUBLIC_URL ? new URL(e.PUBLIC_URL).hostname : 'localhost'}>`,
    },
    stripe: stripeSettings(e.STRIPE_SECRET_KEY, e.STRIPE_WEBHOOK_SECRET, e.STRIPE_API_URL),
  };
}

function stripeSettings(key?: string, webhookSecret?: string, apiUrl?: string): StripeSettings | null {
  if (!key) return null;
  const url = apiUrl ? new URL(apiUrl) : null;
  return {
    secretKey: key,
    webhookSecret: webhookSecret || null,
    host: url?.hostname,
    port: url ? Number(url.port || (url.protocol === 'http:' ? 80 : 443)) : undefined,
    protocol: url ? (url.protocol === 'http:' ? 'http' : 'https') : undefined,
  };
}

/** Names every machine calls itself; allowed outside production and always cacheable. */
export const LOCAL_HOSTS = ['localhost', '127.0.0.1', '::1', '[::1]'];

/**
 * ALLOWED_HOSTS (comma-separated, `*` = any) as Django's setting; by default the host of PUBLIC_URL,
 * plus the local names outside production. Without either, null: every host is served.
 */
function allowedHosts(list: string | undefined, publicUrl: string | undefined, env: string): string[] | null {
  const names = (list ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  if (names.includes('*')) return null;
  if (publicUrl) names.push(new URL(publicUrl).hostname.toLowerCase());
  if (names.length === 0) return null;
  if (env !== 'production') names.push(...LOCAL_HOSTS);
  return [...new Set(names)];
}
