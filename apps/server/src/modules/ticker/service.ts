import { TICKER_CACHE_MS, TICKER_UPSTREAM_TIMEOUT_MS, type TickerItem, type TickerResponse } from '@vaggen/contract';

const MAX_ITEMS = 50;
/** After a failure, wait this long before asking upstream again (each try may cost the 3 s timeout). */
const FAILURE_BACKOFF_MS = 30_000;
/** Keep serving the last good answer this long when upstream is down. */
const STALE_MS = 60 * 60 * 1000;

function str(v: unknown): string {
  return typeof v === 'string' ? v.trim() : '';
}

function safeUrl(v: unknown): string {
  const s = str(v);
  try {
    const u = new URL(s);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : '';
  } catch {
    return '';
  }
}

function toItem(raw: unknown): TickerItem | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const title = str(r.title) || str(r.name);
  if (!title) return null;
  return {
    title: title.slice(0, 300),
    url: safeUrl(r.url) || safeUrl(r.link) || safeUrl(r.program_url),
    description: (str(r.description) || str(r.summary)).slice(0, 500),
  };
}

/**
 * The shapes spec 000 §7 allows: a list, an object with an `episodes` list, or any object holding a
 * list of items with a title or name.
 */
export function normaliseTickerPayload(payload: unknown): TickerItem[] {
  let list: unknown[] | undefined;
  if (Array.isArray(payload)) list = payload;
  else if (payload && typeof payload === 'object') {
    const obj = payload as Record<string, unknown>;
    if (Array.isArray(obj.episodes)) list = obj.episodes;
    else
      list = Object.values(obj).find(
        (v): v is unknown[] =>
          Array.isArray(v) && v.some((x) => x && typeof x === 'object' && ('title' in x || 'name' in x)),
      );
  }
  return (list ?? [])
    .map(toItem)
    .filter((x): x is TickerItem => x !== null)
    .slice(0, MAX_ITEMS);
}

/** Sveriges Radio's news, fetched at most once per cache period, never failing the caller. */
export class TickerService {
  private good: { at: number; items: TickerItem[] } | null = null;
  private failedAt = 0;
  private inFlight: Promise<void> | null = null;

  constructor(
    private readonly upstreamUrl: string,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  async latest(limit: number): Promise<TickerResponse> {
    const now = Date.now();
    const fresh = this.good && now - this.good.at < TICKER_CACHE_MS;
    if (!fresh && now - this.failedAt >= FAILURE_BACKOFF_MS) {
      this.inFlight ??= this.refresh().finally(() => {
        this.inFlight = null;
      });
      await this.inFlight;
    }
    if (this.good && Date.now() - this.good.at < STALE_MS && this.good.items.length > 0) {
      return { items: this.good.items.slice(0, limit), source: 'upstream' };
    }
    return { items: [], source: 'unavailable' };
  }

  private async refresh(): Promise<void> {
    try {
      const res = await fetch(this.upstreamUrl, {
        signal: AbortSignal.timeout(TICKER_UPSTREAM_TIMEOUT_MS),
        headers: { accept: 'application/json' },
      });
      if (!res.ok) throw new Error(`upstream answered ${res.status}`);
      const items = normaliseTickerPayload(await res.json());
      if (items.length === 0) throw new Error('upstream returned no items');
      this.good = { at: Date.now(), items };
    } catch (err) {
      this.failedAt = Date.now();
      this.log.warn({ err: (err as Error).message }, 'news ticker upstream failed');
    }
  }
}
