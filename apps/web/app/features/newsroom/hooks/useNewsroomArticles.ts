import { type ArticleSummary, newsroomCursor } from '@vaggen/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type NewsroomFilters, newsroomApi } from '../api';

/** Rows fetched per page of the dashboard ("Visa fler" loads the next). */
export const NEWSROOM_PAGE_SIZE = 20;

export type ListStatus = 'loading' | 'ready' | 'error';

export interface NewsroomArticles {
  articles: ArticleSummary[];
  status: ListStatus;
  /** A further page exists. */
  hasMore: boolean;
  loadingMore: boolean;
  /** Loading the next page failed (the rows already shown stay). */
  moreFailed: boolean;
  loadMore(): void;
  reload(): void;
  /** Drop a row after it was deleted. */
  removeLocal(id: number): void;
}

/**
 * The dashboard list: `GET /api/newsroom/articles` (the server gives a writer only their own
 * articles, an admin all), filtered (issue 41) and paged by a cursor (the last row's date and id,
 * as cheap on page 500 as on page 1). One extra row is asked for to know whether a next page exists.
 */
export function useNewsroomArticles(userId: number, filters: NewsroomFilters): NewsroomArticles {
  const [articles, setArticles] = useState<ArticleSummary[]>([]);
  const [status, setStatus] = useState<ListStatus>('loading');
  const [hasMore, setHasMore] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  // Each load gets a number; an older answer never overwrites a newer list.
  const generation = useRef(0);
  const cursor = useRef<string | undefined>(undefined);
  const { status: statusFilter, category, q } = filters;
  const authorId = filters.author?.id;

  const fetchPage = useCallback(
    async (first: boolean) => {
      const gen = first ? ++generation.current : generation.current;
      const page = await newsroomApi.list(
        NEWSROOM_PAGE_SIZE + 1,
        { status: statusFilter, category, author: authorId ? { id: authorId, name: '' } : undefined, q },
        first ? undefined : cursor.current,
      );
      if (gen !== generation.current) return;
      const more = page.length > NEWSROOM_PAGE_SIZE;
      const rows = more ? page.slice(0, NEWSROOM_PAGE_SIZE) : page;
      const last = rows.at(-1);
      if (last) cursor.current = newsroomCursor(last);
      setHasMore(more);
      setArticles((prev) => {
        if (first) return rows;
        const seen = new Set(prev.map((a) => a.id));
        return [...prev, ...rows.filter((a) => !seen.has(a.id))];
      });
    },
    [statusFilter, category, authorId, q],
  );

  const reload = useCallback(() => {
    setStatus('loading');
    setMoreFailed(false);
    fetchPage(true)
      .then(() => setStatus('ready'))
      .catch((err) => {
        console.error('loading the newsroom articles failed', err);
        setStatus('error');
      });
  }, [fetchPage]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a different user means a different list
  useEffect(() => {
    reload();
  }, [reload, userId]);

  const loadMore = useCallback(() => {
    setLoadingMore(true);
    setMoreFailed(false);
    fetchPage(false)
      .catch((err) => {
        console.error('loading more newsroom articles failed', err);
        setMoreFailed(true);
      })
      .finally(() => setLoadingMore(false));
  }, [fetchPage]);

  const removeLocal = useCallback((id: number) => {
    setArticles((prev) => prev.filter((a) => a.id !== id));
  }, []);

  return { articles, status, hasMore, loadingMore, moreFailed, loadMore, reload, removeLocal };
}
