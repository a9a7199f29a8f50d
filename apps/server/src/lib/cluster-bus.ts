import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { SharedRedis } from './redis.js';

/**
 * The cluster bus (issue 39): messages from one process to every other one — cache changes,
 * settings saved, later live entries. On Redis when several processes run (`REDIS_URL`), one
 * channel per topic (`<prefix><topic>`, messages `{ from, change }` as the page cache has always
 * sent on `content-changed`); in one process there is nobody else to tell.
 *
 * A process never hears its own messages: the sender applies its change itself. While Redis is
 * away others' messages cannot arrive, so `onMissed` listeners hear every 10 s that they may have
 * missed some, and once more when Redis is back (they start afresh: caches empty).
 */
export interface ClusterBus {
  publish(topic: string, message: unknown): void;
  subscribe(topic: string, listener: (message: unknown) => void): void;
  /** Messages may have been lost (Redis away, or just back): derived state should start afresh. */
  onMissed(listener: (why: 'down' | 'back') => void): void;
  close(): Promise<void>;
}

/** One process: nothing to tell, nothing missed. */
export class LocalBus implements ClusterBus {
  publish(): void {}
  subscribe(): void {}
  onMissed(): void {}
  async close(): Promise<void> {}
}

export class RedisBus implements ClusterBus {
  private readonly me = randomUUID();
  private readonly sub: Redis;
  private readonly listeners = new Map<string, ((message: unknown) => void)[]>();
  private readonly missed: ((why: 'down' | 'back') => void)[] = [];
  private readonly outage: NodeJS.Timeout;

  constructor(
    private readonly redis: SharedRedis,
    private readonly prefix: string,
  ) {
    this.sub = redis.duplicate();
    this.sub.on('ready', () => {
      const channels = [...this.listeners.keys()].map((t) => this.channel(t));
      if (channels.length) void this.sub.subscribe(...channels).catch(() => {});
    });
    this.sub.on('message', (channel: string, raw: string) => {
      const topic = channel.slice(this.prefix.length);
      let parsed: { from?: string; change?: unknown } | null = null;
      try {
        parsed = JSON.parse(raw) as { from?: string; change?: unknown };
      } catch {
        // an older process's plain message: the topic's listeners hear "all"
      }
      if (parsed?.from === this.me) return;
      for (const l of this.listeners.get(topic) ?? []) l(parsed ? parsed.change : 'all');
    });
    this.outage = setInterval(() => {
      if (!redis.isUp()) for (const l of this.missed) l('down');
    }, 10_000);
    this.outage.unref();
    redis.onBack(() => {
      for (const l of this.missed) l('back');
    });
  }

  /** Connects the subscriber (an unreachable Redis is retried in the background). */
  async start(): Promise<void> {
    await this.sub.connect().catch(() => {});
  }

  private channel(topic: string): string {
    return `${this.prefix}${topic}`;
  }

  publish(topic: string, message: unknown): void {
    if (!this.redis.isUp()) return;
    void this.redis.client
      .publish(this.channel(topic), JSON.stringify({ from: this.me, change: message }))
      .catch(() => {});
  }

  subscribe(topic: string, listener: (message: unknown) => void): void {
    const list = this.listeners.get(topic);
    if (list) {
      list.push(listener);
      return;
    }
    this.listeners.set(topic, [listener]);
    if (this.sub.status === 'ready') void this.sub.subscribe(this.channel(topic)).catch(() => {});
  }

  onMissed(listener: (why: 'down' | 'back') => void): void {
    this.missed.push(listener);
  }

  async close(): Promise<void> {
    clearInterval(this.outage);
    this.sub.disconnect();
  }
}
