import { type Category, type Front, HOME_PAGE_SIZE, type PlacedArticle, type ReaderApi } from '@vaggen/contract';

/** Flow articles on page 1 that count as beside the sidebar (the first group of the mobile list). */
const BESIDE_FLOW = 3;

/** A front's pinned articles as a list shows them: the slot's looks on each, the first the lead. */
export function placedArticles(front: Front): PlacedArticle[] {
  return front.slots.map((s, i) => ({
    ...s.article,
    front_slot: { size: s.size, headline: s.headline, teaser: s.teaser, image: s.image, lead: i === 0 },
  }));
}

/**
 * Issue 41: one page of a home or category list in the editors' order: the front's pinned articles
 * first (page 1), then the chronological flow without them. Page p shows items (p−1)·30 … p·30 of
 * that combined list, so later pages continue the flow where page 1 left it (one extra row is read
 * to know whether another page follows). Without pinned articles it is the plain newest-first list.
 */
export async function loadCuratedPage(
  reader: ReaderApi,
  page: number,
  front: string,
  category?: Category,
): Promise<{ articles: PlacedArticle[]; hasMore: boolean; page: number; beside: number[] }> {
  const pinned = placedArticles(await reader.front(front));
  const excludeIds = pinned.map((a) => a.id);
  const size = HOME_PAGE_SIZE;
  const onFirst = page === 1 ? pinned : [];
  const room = size - onFirst.length;
  const offset = page === 1 ? 0 : (page - 1) * size - pinned.length;
  const flow = await reader.listArticles({
    category,
    limit: room + 1,
    offset,
    ...(excludeIds.length ? { excludeIds } : {}),
  });
  const articles = [...onFirst, ...flow.slice(0, room)];
  // what sits beside the sidebar's SENASTE NYTT on page 1: the pinned stories and the first three
  const beside = page === 1 ? articles.slice(0, onFirst.length + BESIDE_FLOW).map((a) => a.id) : [];
  return { articles, hasMore: flow.length > room, page, beside };
}
