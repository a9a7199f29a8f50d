import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { loadIoredis } from './lazy.js';
import { MemoryRateLimiter, type RateLimiter, RedisRateLimiter } from './rate-limit.js';

/**
 * The shared Redis of a multi-process deployment, built to degrade rather than fail: commands fail
 * at once while it is away (no offline queue, so a login never waits seconds for it), the client
 * keeps reconnecting in the background, one warning is logged per outage and one line when it is
 * back. Callers check `isUp()` and fall back to per-process behaviour meanwhile.
 */
export class SharedRedis {
  readonly client: Redis;
  private down = false;
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

  private watch(c: Redis, what: string): void {
    c.on('error', (err) => {
      if (c === this.client) this.markDown(err);
      else this.log.debug({ err }, `${what}: connection error`);
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

  private async either<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    if (!this.redis.isUp()) return local();
    try {
      return await shared();
    } catch {
      return local();
    }
  }

  count(key: string) {
    return this.either(
      () => this.shared.count(key),
      () => this.local.count(key),
    );
  }
  hit(key: string) {
    return this.either(
      () => this.shared.hit(key),
      () => this.local.hit(key),
    );
  }
  async reset(key: string) {
    await this.local.reset(key);
    await this.either(
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
