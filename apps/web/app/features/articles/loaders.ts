import { type ArticleSummary, type Category, HOME_PAGE_SIZE, type ReaderApi } from '@vaggen/contract';

/** One page of a list plus whether another follows (one extra row is read to know). */
export async function loadListPage(
  reader: ReaderApi,
  page: number,
  category?: Category,
  tag?: string,
): Promise<{ articles: ArticleSummary[]; hasMore: boolean; page: number }> {
  const rows = await reader.listArticles({
    category,
    tag,
    limit: HOME_PAGE_SIZE + 1,
    offset: (page - 1) * HOME_PAGE_SIZE,
  });
  return { articles: rows.slice(0, HOME_PAGE_SIZE), hasMore: rows.length > HOME_PAGE_SIZE, page };
}
