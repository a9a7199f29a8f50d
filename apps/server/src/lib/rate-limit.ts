import type { Redis } from 'ioredis';

/** Counts events per key in a fixed window. In-process by default; shared through Redis when configured. */
export interface RateLimiter {
  /** Current count for the key in its window. */
  count(key: string): Promise<number>;
  /** Adds one and returns the new count. */
  hit(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  /** Milliseconds until the key's window ends (0 when it has no count). */
  ttl(key: string): Promise<number>;
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
  async ttl(key: string) {
    const b = this.bucket(key);
    return b ? b.until - Date.now() : 0;
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
  async ttl(key: string) {
    return Math.max(0, await this.redis.pttl(this.prefix + key));
  }
}

/** Failures of one key and when the last happened; forgotten `keepMs` after the last one. */
export interface FailureTracker {
  get(key: string): Promise<{ fails: number; lastAt: number }>;
  record(key: string): Promise<{ fails: number; lastAt: number }>;
  reset(key: string): Promise<void>;
}

export class MemoryFailureTracker implements FailureTracker {
  private readonly map = new Map<string, { fails: number; lastAt: number }>();
  constructor(private readonly keepMs: number) {}
  async get(key: string) {
    const e = this.map.get(key);
    if (!e || Date.now() - e.lastAt > this.keepMs) return { fails: 0, lastAt: 0 };
    return { ...e };
  }
  async record(key: string) {
    const now = Date.now();
    if (this.map.size > 50_000) {
      for (const [k, v] of this.map) if (now - v.lastAt > this.keepMs) this.map.delete(k);
    }
    const prev = await this.get(key);
    const e = { fails: prev.fails + 1, lastAt: now };
    this.map.set(key, e);
    return { ...e };
  }
  async reset(key: string) {
    this.map.delete(key);
  }
}

export class RedisFailureTracker implements FailureTracker {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly keepMs: number,
  ) {}
  async get(key: string) {
    const h = await this.redis.hgetall(this.prefix + key);
    return { fails: Number(h.fails ?? 0), lastAt: Number(h.lastAt ?? 0) };
  }
  async record(key: string) {
    const k = this.prefix + key;
    const now = Date.now();
    const res = (await this.redis
      .multi()
      .hincrby(k, 'fails', 1)
      .hset(k, 'lastAt', now)
      .pexpire(k, this.keepMs)
      .exec()) as [[unknown, number], ...unknown[]];
    return { fails: Number(res[0][1]), lastAt: now };
  }
  async reset(key: string) {
    await this.redis.del(this.prefix + key);
  }
}
