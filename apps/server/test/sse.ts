/** A text/event-stream client for tests: fetch with a stream reader, events parsed as they come. */
export interface SseEvent {
  event: string;
  id: string | null;
  data: string;
}

export interface SseClient {
  status: number;
  headers: Headers;
  events: SseEvent[];
  comments: number;
  /** Resolves once `n` events have arrived (fails after `ms`). */
  waitFor(n: number, ms?: number): Promise<SseEvent[]>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const ac = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: ac.signal });
  const client: SseClient = {
    status: res.status,
    headers: res.headers,
    events: [],
    comments: 0,
    async waitFor(n, ms = 5000) {
      const until = Date.now() + ms;
      while (client.events.length < n) {
        if (Date.now() > until)
          throw new Error(`${client.events.length} of ${n} events after ${ms} ms: ${JSON.stringify(client.events)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return client.events.slice(0, n);
    },
    close: () => ac.abort(),
  };
  if (!res.ok || !res.body) return client;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buf = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buf += value;
        let cut = buf.indexOf('\n\n');
        while (cut >= 0) {
          const block = buf.slice(0, cut);
          buf = buf.slice(cut + 2);
          cut = buf.indexOf('\n\n');
          const e: SseEvent = { event: 'message', id: null, data: '' };
          let isEvent = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) {
              client.comments++;
              continue;
            }
            const i = line.indexOf(':');
            const field = i < 0 ? line : line.slice(0, i);
            const v = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
            if (field === 'event') e.event = v;
            else if (field === 'id') e.id = v;
            else if (field === 'data') {
              e.data = e.data ? `${e.data}\n${v}` : v;
              isEvent = true;
            }
          }
          if (isEvent) client.events.push(e);
        }
      }
    } catch {
      // aborted
    }
  })();
  return client;
}
