import type { Redis } from 'ioredis';

/** Counts events per key in a fixed window. In-process by default; shared through Redis when configured. */
export interface RateLimiter {
  /** Current count for the key in its window. */
  count(key: string): Promise<number>;
  /** Adds one and returns the new count. */
  hit(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly buckets = new Map<string, { n: number; until: number }>();
  constructor(private readonly windowMs: number) {}

  private bucket(key: string) {
    const now = Date.now();
    const b = this.buckets.get(key);
    if (b && b.until > now) return b;
    if (this.buckets.size > 50_000) {
      for (const [k, v] of this.buckets) if (v.until <= now) this.buckets.delete(k);
    }
    return undefined;
  }
  async count(key: string) {
    return this.bucket(key)?.n ?? 0;
  }
  async hit(key: string) {
    const b = this.bucket(key);
    if (b) return ++b.n;
    this.buckets.set(key, { n: 1, until: Date.now() + this.windowMs });
    return 1;
  }
  async reset(key: string) {
    this.buckets.delete(key);
  }
}

export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly windowMs: number,
  ) {}
  async count(key: string) {
    return Number((await this.redis.get(this.prefix + key)) ?? 0);
  }
  async hit(key: string) {
    const k = this.prefix + key;
    const [[, n]] = (await this.redis.multi().incr(k).pexpire(k, this.windowMs, 'NX').exec()) as [
      [unknown, number],
      unknown,
    ];
    return n;
  }
  async reset(key: string) {
    await this.redis.del(this.prefix + key);
  }
}
