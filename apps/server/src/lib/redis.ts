import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { loadIoredis } from './lazy.js';
import {
  type FailureTracker,
  MemoryFailureTracker,
  MemoryRateLimiter,
  type RateLimiter,
  RedisFailureTracker,
  RedisRateLimiter,
} from './rate-limit.js';

/**
 * The shared Redis of a multi-process deployment, built to degrade rather than fail: commands fail
 * at once while it is away (no offline queue, so a login never waits seconds for it), the client
 * keeps reconnecting in the background, one warning is logged per outage and one line when it is
 * back. Callers check `isUp()` and fall back to per-process behaviour meanwhile.
 */
export class SharedRedis {
  readonly client: Redis;
  private down = false;
  private closing = false;
  private readonly backListeners: (() => void)[] = [];

  constructor(
    readonly url: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.client = SharedRedis.connect(url);
    this.watch(this.client, 'Redis');
  }

  static connect(url: string): Redis {
    return new (loadIoredis().Redis)(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      retryStrategy: (times) => Math.min(250 * times, 2000),
    });
  }

  /** Connects without failing the start: when Redis is unreachable the server comes up degraded. */
  async start(): Promise<void> {
    try {
      await this.client.connect();
    } catch (err) {
      this.markDown(err);
    }
  }

  /** A second connection (subscriptions need their own), watched the same way. */
  duplicate(): Redis {
    const c = SharedRedis.connect(this.url);
    this.watch(c, 'Redis subscriber');
    return c;
  }

  isUp(): boolean {
    return this.client.status === 'ready';
  }

  /** Called every time Redis comes back after an outage. */
  onBack(listener: () => void): void {
    this.backListeners.push(listener);
  }

  async ping(): Promise<void> {
    if (!this.isUp()) throw new Error(`unreachable (${this.client.status})`);
    await this.client.ping();
  }

  /**
   * The shared answer while Redis is up, the local one while it is away or when the command fails:
   * how every Redis-backed counter degrades (rate limits, login failures).
   */
  async orLocal<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    if (!this.isUp()) return local();
    try {
      return await shared();
    } catch (err) {
      this.markDown(err);
      return local();
    }
  }

  private watch(c: Redis, what: string): void {
    c.on('error', (err) => {
      if (c === this.client) this.markDown(err);
      else this.log.debug({ err }, `${what}: connection error`);
    });
    // A dropped connection is an outage at once, before the first reconnect attempt fails.
    c.on('close', () => {
      if (c === this.client && !this.closing) this.markDown(new Error('connection closed'));
    });
    c.on('ready', () => {
      if (c !== this.client || !this.down) return;
      this.down = false;
      this.log.warn(`Redis at ${redact(this.url)} is back: shared rate limits and cache invalidation resume`);
      for (const l of this.backListeners) l();
    });
  }

  private markDown(err: unknown): void {
    if (this.down) return;
    this.down = true;
    this.log.warn(
      { err: err instanceof Error ? err.message : String(err) },
      `Redis at ${redact(this.url)} is unreachable; retrying in the background. Meanwhile rate limits count per process and cached pages expire within seconds.`,
    );
  }

  async close(): Promise<void> {
    this.closing = true;
    this.client.disconnect();
  }
}

/** Rate limits shared through Redis while it answers, counted in this process while it does not. */
export class FallbackRateLimiter implements RateLimiter {
  private readonly local: MemoryRateLimiter;
  private readonly shared: RedisRateLimiter;

  constructor(
    private readonly redis: SharedRedis,
    prefix: string,
    windowMs: number,
  ) {
    this.local = new MemoryRateLimiter(windowMs);
    this.shared = new RedisRateLimiter(redis.client, prefix, windowMs);
  }

  count(key: string) {
    return this.redis.orLocal(
      () => this.shared.count(key),
      () => this.local.count(key),
    );
  }
  hit(key: string) {
    return this.redis.orLocal(
      () => this.shared.hit(key),
      () => this.local.hit(key),
    );
  }
  ttl(key: string) {
    return this.redis.orLocal(
      () => this.shared.ttl(key),
      () => this.local.ttl(key),
    );
  }
  async reset(key: string) {
    await this.local.reset(key);
    await this.redis.orLocal(
      () => this.shared.reset(key),
      async () => {},
    );
  }
}

/** Login failure counts shared through Redis while it answers, kept in this process while it does not. */
export class FallbackFailureTracker implements FailureTracker {
  private readonly local: MemoryFailureTracker;
  private readonly shared: RedisFailureTracker;

  constructor(
    private readonly redis: SharedRedis,
    prefix: string,
    keepMs: number,
  ) {
    this.local = new MemoryFailureTracker(keepMs);
    this.shared = new RedisFailureTracker(redis.client, prefix, keepMs);
  }

  get(key: string) {
    return this.redis.orLocal(
      () => this.shared.get(key),
      () => this.local.get(key),
    );
  }
  record(key: string) {
    return this.redis.orLocal(
      () => this.shared.record(key),
      () => this.local.record(key),
    );
  }
  async reset(key: string) {
    await this.local.reset(key);
    await this.redis.orLocal(
      () => this.shared.reset(key),
      async () => {},
    );
  }
}

/** The URL without its password, for logs. */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'the configured address';
  }
}
