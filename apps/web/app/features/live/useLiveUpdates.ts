import type { LiveEntry, LiveEntryPage } from '@vaggen/contract';
import { useCallback, useEffect, useRef, useState } from 'react';

/** How often the page asks for the entries when the stream is not available. */
export const POLL_MS = 15_000;

export interface LiveState {
  entries: LiveEntry[];
  pinned: LiveEntry[];
  /** New entries held behind the "N nya inlägg" button. */
  waiting: number;
  endedAt: string | null;
  /** The stream is open (or the page polls): for tests and the screen's state. */
  following: boolean;
  more: boolean;
  showNew(): void;
  loadMore(): void;
}

const without = (list: LiveEntry[], id: number) => list.filter((e) => e.id !== id);
const replace = (list: LiveEntry[], e: LiveEntry) => list.map((x) => (x.id === e.id ? e : x));
const byNewest = (a: LiveEntry, b: LiveEntry) => b.id - a.id;

/**
 * Issue 44: a live report's state in the browser. The stream (`EventSource`, which resumes with
 * Last-Event-ID by itself) starts from the page snapshot's position; new entries wait behind a
 * button, edits and removals apply at once. Without a stream (no EventSource, or it gave up) the
 * entries are asked for every POLL_MS instead.
 */
export function useLiveUpdates(articleId: number, page: LiveEntryPage, endedAt: string | null): LiveState {
  const [entries, setEntries] = useState(page.entries);
  const [pinned, setPinned] = useState(page.pinned ?? []);
  const [pending, setPending] = useState<LiveEntry[]>([]);
  const [ended, setEnded] = useState(endedAt);
  const [cursor, setCursor] = useState(page.next_cursor);
  const [following, setFollowing] = useState(false);
  const known = useRef(new Set(page.entries.map((e) => e.id)));

  const onEntry = useCallback((e: LiveEntry) => {
    if (known.current.has(e.id)) return;
    known.current.add(e.id);
    setPending((p) => [e, ...p]);
    if (e.pinned) setPinned((p) => [e, ...without(p, e.id)].sort(byNewest));
  }, []);
  const onEdit = useCallback((e: LiveEntry) => {
    setEntries((l) => replace(l, e));
    setPending((l) => replace(l, e));
    setPinned((p) => (e.pinned ? [e, ...without(p, e.id)].sort(byNewest) : without(p, e.id)));
  }, []);
  const onRemove = useCallback((id: number) => {
    setEntries((l) => without(l, id));
    setPending((l) => without(l, id));
    setPinned((l) => without(l, id));
  }, []);

  useEffect(() => {
    if (ended) return;
    let source: EventSource | null = null;
    let poll = 0;
    const read = (ev: Event) => JSON.parse((ev as MessageEvent<string>).data);
    const startPolling = () => {
      if (poll) return;
      setFollowing(true);
      poll = window.setInterval(async () => {
        try {
          const res = await fetch(`/api/articles/${articleId}/live-entries`);
          if (!res.ok) return;
          const fresh = (await res.json()) as LiveEntryPage;
          for (const e of [...fresh.entries].reverse()) {
            if (known.current.has(e.id)) onEdit(e);
            else onEntry(e);
          }
          setPinned(fresh.pinned ?? []);
        } catch {
          // offline: the next round tries again
        }
      }, POLL_MS);
    };
    if (typeof EventSource === 'undefined') startPolling();
    else {
      source = new EventSource(`/api/articles/${articleId}/live-stream?last_event_id=${page.last_event_id}`);
      source.addEventListener('open', () => setFollowing(true));
      source.addEventListener('entry', (ev) => onEntry(read(ev)));
      source.addEventListener('edit', (ev) => onEdit(read(ev)));
      source.addEventListener('remove', (ev) => onRemove(read(ev).id));
      source.addEventListener('end', (ev) => setEnded(read(ev).live_ended_at));
      // EventSource reconnects by itself; once it gives up (a 4xx, e.g. too many streams), poll.
      source.addEventListener('error', () => {
        if (source?.readyState === EventSource.CLOSED) startPolling();
      });
    }
    return () => {
      source?.close();
      window.clearInterval(poll);
    };
  }, [articleId, page.last_event_id, ended, onEntry, onEdit, onRemove]);

  const showNew = useCallback(() => {
    setEntries((l) => [...pending, ...l].sort(byNewest));
    setPending([]);
  }, [pending]);

  const loadMore = useCallback(async () => {
    if (!cursor) return;
    const res = await fetch(`/api/articles/${articleId}/live-entries?cursor=${cursor}`);
    if (!res.ok) return;
    const older = (await res.json()) as LiveEntryPage;
    for (const e of older.entries) known.current.add(e.id);
    setEntries((l) => [...l, ...older.entries.filter((e) => !l.some((x) => x.id === e.id))]);
    setCursor(older.next_cursor);
  }, [articleId, cursor]);

  return {
    entries,
    pinned,
    waiting: pending.length,
    endedAt: ended,
    following,
    more: cursor !== null,
    showNew,
    loadMore: () => void loadMore(),
  };
}
