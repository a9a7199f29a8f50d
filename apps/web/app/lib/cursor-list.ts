import { useCallback, useEffect, useRef, useState } from 'react';

export interface CursorPage<T> {
  items: T[];
  next: string | null;
}

/** An API paged by a numeric `after` id (`{ items, next }`) as a `fetchPage` for `useCursorList`. */
export function numericCursor<T>(
  fetchAfter: (after: number | null) => Promise<{ items: T[]; next: number | null }>,
): (cursor: string | null) => Promise<CursorPage<T>> {
  return (cursor) =>
    fetchAfter(cursor === null ? null : Number(cursor)).then((page) => ({
      items: page.items,
      next: page.next === null ? null : String(page.next),
    }));
}

export interface CursorList<T> {
  items: T[];
  status: 'loading' | 'ready' | 'error';
  /** Why the first page failed (status `error`), for `serverMsgOr`. */
  error: unknown;
  /** A further page exists ("Visa fler"). */
  hasMore: boolean;
  loadingMore: boolean;
  /** The next page failed; what is shown stays. */
  moreFailed: boolean;
  loadMore(): void;
  reload(): void;
  /** Drop items that left the list (handled). */
  removeLocal(ids: Iterable<number>): void;
  /** Replace one item in place (e.g. after an edit). */
  replaceLocal(item: T): void;
}

/**
 * A list paged by cursor (the moderation queue, bans, the audit log, subscribers, gifts): one home
 * for "Visa fler" in the newsroom. `key` names the query
 * (tab, filters, order): a new key loads the first page afresh. Each load gets a number, so an
 * older answer never overwrites a newer list; a page's items already shown are not repeated.
 */
export function useCursorList<T>(
  key: string,
  fetchPage: (cursor: string | null) => Promise<CursorPage<T>>,
  idOf: (item: T) => number,
): CursorList<T> {
  const [items, setItems] = useState<T[]>([]);
  const [status, setStatus] = useState<CursorList<T>['status']>('loading');
  const [error, setError] = useState<unknown>(null);
  const [next, setNext] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const generation = useRef(0);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const idRef = useRef(idOf);
  idRef.current = idOf;

  const reload = useCallback(() => {
    const gen = ++generation.current;
    setStatus('loading');
    setMoreFailed(false);
    setLoadingMore(false);
    fetchRef
      .current(null)
      .then((page) => {
        if (gen !== generation.current) return;
        setItems(page.items);
        setNext(page.next);
        setError(null);
        setStatus('ready');
      })
      .catch((err) => {
        if (gen !== generation.current) return;
        console.error('loading a list failed', err);
        setError(err);
        setStatus('error');
      });
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key is a new query
  useEffect(() => {
    reload();
  }, [reload, key]);

  const loadMore = useCallback(() => {
    if (!next || loadingMore) return;
    const gen = generation.current;
    setLoadingMore(true);
    setMoreFailed(false);
    fetchRef
      .current(next)
      .then((page) => {
        if (gen !== generation.current) return;
        setItems((prev) => {
          const seen = new Set(prev.map(idRef.current));
          return [...prev, ...page.items.filter((i) => !seen.has(idRef.current(i)))];
        });
        setNext(page.next);
      })
      .catch((err) => {
        if (gen !== generation.current) return;
        console.error('loading more failed', err);
        setMoreFailed(true);
      })
      .finally(() => {
        if (gen === generation.current) setLoadingMore(false);
      });
  }, [next, loadingMore]);

  const removeLocal = useCallback((ids: Iterable<number>) => {
    const gone = new Set(ids);
    setItems((prev) => prev.filter((i) => !gone.has(idRef.current(i))));
  }, []);

  const replaceLocal = useCallback((item: T) => {
    const id = idRef.current(item);
    setItems((prev) => prev.map((i) => (idRef.current(i) === id ? item : i)));
  }, []);

  return {
    items,
    status,
    error,
    hasMore: next !== null,
    loadingMore,
    moreFailed,
    loadMore,
    reload,
    removeLocal,
    replaceLocal,
  };
}
