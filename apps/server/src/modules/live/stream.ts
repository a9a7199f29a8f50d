import type { ClusterBus } from '../../lib/cluster-bus.js';
import type { StreamEvent } from './service.js';

/** The cluster bus topic of live reports' changes (one for every report). */
export const LIVE_TOPIC = 'live';

/** A change as it travels between processes: the report and its stream event. */
export interface LiveMessage extends StreamEvent {
  articleId: number;
}

/** One open stream: where it is, and how to send it an event (and a heartbeat). */
export interface LiveConnection {
  lastSeq: number;
  send(e: StreamEvent): void;
  heartbeat(): void;
  /** Ends the response (the server is closing). */
  end(): void;
  /** While it catches up from the database, events from the bus wait here. */
  waiting: StreamEvent[] | null;
}

interface Channel {
  /** The newest stream event this process delivered for the report. */
  lastSeq: number;
  conns: Set<LiveConnection>;
  catchingUp: Promise<void> | null;
}

export interface LiveHubOptions {
  /** The report's changes after a position, oldest first (from the database). */
  since(articleId: number, after: number): Promise<StreamEvent[]>;
  bus: ClusterBus;
  heartbeatMs?: number;
  /** How often every open report is compared with the database (a lost message is found then). */
  catchUpMs?: number;
  onError?: (err: unknown) => void;
}

/**
 * Issue 44: fans out live reports' changes to the streams open in this process. One channel per
 * report with readers (not per connection), one bus subscription for all reports. A change arrives
 * from this process's after-commit handler or from another process through the bus; events are
 * delivered in the order of their ids, and a gap (a message lost while Redis was away, or two
 * posts from two processes crossing) is filled from the database. Every report with readers is
 * also compared with the database on a timer and whenever the bus says messages may have been lost.
 */
export class LiveHub {
  private readonly channels = new Map<number, Channel>();
  private readonly timers: NodeJS.Timeout[] = [];
  private count = 0;

  constructor(private readonly opts: LiveHubOptions) {
    opts.bus.subscribe(LIVE_TOPIC, (m) => this.receive(m as LiveMessage));
    opts.bus.onMissed(() => this.catchUpAll());
    const beat = setInterval(() => this.heartbeat(), opts.heartbeatMs ?? 20_000);
    const check = setInterval(() => this.catchUpAll(), opts.catchUpMs ?? 15_000);
    beat.unref();
    check.unref();
    this.timers.push(beat, check);
  }

  /** Open streams in this process. */
  get connections(): number {
    return this.count;
  }

  /** A change committed in this process: its readers here, and every other process. */
  publish(m: LiveMessage): void {
    this.receive(m);
    this.opts.bus.publish(LIVE_TOPIC, m);
  }

  /** A report's end (no position: an ended report is told again to every stream that opens). */
  ended(articleId: number, at: string): void {
    const m: LiveMessage = { articleId, seq: 0, event: 'end', data: { live_ended_at: at } };
    this.receive(m);
    this.opts.bus.publish(LIVE_TOPIC, m);
  }

  private receive(m: LiveMessage): void {
    const ch = this.channels.get(m.articleId);
    if (!ch) return;
    if (m.event === 'end') {
      for (const c of ch.conns) c.send(m);
      return;
    }
    if (m.seq <= ch.lastSeq) return; // delivered already (an outbox retry, or the database was faster)
    if (m.seq > ch.lastSeq + 1) {
      void this.catchUp(m.articleId); // one or more before it are missing: the database has them in order
      return;
    }
    this.deliver(ch, [m]);
  }

  private deliver(ch: Channel, events: StreamEvent[]): void {
    for (const e of events) {
      if (e.seq <= ch.lastSeq) continue;
      ch.lastSeq = e.seq;
      for (const c of ch.conns) c.send(e);
    }
  }

  private catchUp(articleId: number): Promise<void> {
    const ch = this.channels.get(articleId);
    if (!ch) return Promise.resolve();
    if (ch.catchingUp) return ch.catchingUp;
    ch.catchingUp = (async () => {
      try {
        this.deliver(ch, await this.opts.since(articleId, ch.lastSeq));
      } catch (err) {
        this.opts.onError?.(err);
      } finally {
        ch.catchingUp = null;
      }
    })();
    return ch.catchingUp;
  }

  /** Compares every report with readers here with the database. */
  catchUpAll(): Promise<void> {
    return Promise.all([...this.channels.keys()].map((id) => this.catchUp(id))).then(() => {});
  }

  /**
   * Adds a stream positioned at `conn.lastSeq`: it first gets what it missed from the database,
   * then everything live (events arriving meanwhile wait, and none is sent twice).
   */
  async join(articleId: number, conn: LiveConnection): Promise<void> {
    let ch = this.channels.get(articleId);
    if (!ch) {
      ch = { lastSeq: conn.lastSeq, conns: new Set(), catchingUp: null };
      this.channels.set(articleId, ch);
    }
    conn.waiting = [];
    ch.conns.add(conn);
    this.count++;
    try {
      const missed = await this.opts.since(articleId, conn.lastSeq);
      const last = missed.at(-1)?.seq ?? conn.lastSeq;
      if (last > ch.lastSeq) ch.lastSeq = last;
      const waiting = conn.waiting;
      conn.waiting = null;
      for (const e of [...missed, ...waiting]) conn.send(e);
    } catch (err) {
      conn.waiting = null;
      this.opts.onError?.(err);
    }
  }

  leave(articleId: number, conn: LiveConnection): void {
    const ch = this.channels.get(articleId);
    if (!ch?.conns.delete(conn)) return;
    this.count--;
    if (ch.conns.size === 0) this.channels.delete(articleId);
  }

  private heartbeat(): void {
    for (const ch of this.channels.values()) for (const c of ch.conns) c.heartbeat();
  }

  /** Stops the timers and ends every open stream (readers reconnect to another process). */
  close(): void {
    for (const t of this.timers) clearInterval(t);
    for (const ch of this.channels.values()) for (const c of ch.conns) c.end();
  }
}
