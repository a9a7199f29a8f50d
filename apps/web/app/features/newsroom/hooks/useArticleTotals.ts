import { useQuery } from '@tanstack/react-query';
import { ANALYTICS_TOP_MAX, type ArticleTotals } from '@vaggen/contract';
import { newsroomApi } from '../api';

/**
 * Issue 45: views and average engaged time since publication of the published articles the list
 * shows (one call per 100), for the newsroom's article list. A failure leaves the figures out: the
 * list works without them.
 */
export function useArticleTotals(ids: number[]): Map<number, ArticleTotals> {
  const key = ids.join(',');
  const q = useQuery({
    queryKey: ['newsroom', 'article-totals', key],
    queryFn: async () => {
      const chunks: number[][] = [];
      for (let i = 0; i < ids.length; i += ANALYTICS_TOP_MAX) chunks.push(ids.slice(i, i + ANALYTICS_TOP_MAX));
      const lists = await Promise.all(chunks.map((c) => newsroomApi.totals(c)));
      return new Map(lists.flat().map((t) => [t.articleId, t]));
    },
    enabled: ids.length > 0,
    staleTime: 60_000,
    retry: 1,
  });
  return q.data ?? EMPTY;
}
const EMPTY = new Map<number, ArticleTotals>();

/** "1 234" views. */
export const viewsText = (n: number) => n.toLocaleString('sv-SE');

/** Average engaged time: "45 s", "2 min 5 s". */
export function engagedText(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  return s % 60 === 0 ? `${m} min` : `${m} min ${s % 60} s`;
}
