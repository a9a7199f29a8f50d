import {
  HOTTEST_COUNT,
  HOTTEST_DAYS,
  isHtmlContent,
  type ReaderApi,
  SIDEBAR_LATEST_COUNT,
  SIDEBAR_NEXT_COUNT,
  type SidebarData,
} from '@vaggen/contract';
import type { PageCache } from '../lib/page-cache.js';
import { type ArticlesService, cleanArticleHtml } from '../modules/articles/service.js';

/** The services as the server-rendered pages see them (see ReaderApi in the contract). */
export function createReaderApi(articles: ArticlesService, cache: PageCache): ReaderApi {
  // Refreshed at least every minute so "hottest last week" moves with time.
  let sidebar: { at: number; data: Promise<SidebarData> } | null = null;
  cache.onClear(() => {
    sidebar = null;
  });
  const clean = <T extends { content: string }>(a: T): T =>
    isHtmlContent(a.content) ? { ...a, content: cleanArticleHtml(a.content) } : a;

  return {
    listArticles: (opts) => articles.list(opts),
    async articleBySlug(slug) {
      const found = await articles.getBySlug(slug);
      return found && 'article' in found ? { article: clean(found.article) } : found;
    },
    async articleById(id) {
      const a = await articles.getById(id);
      return a && clean(a);
    },
    related: (article, limit) => articles.related(article, limit),
    sidebar() {
      if (sidebar && Date.now() - sidebar.at < 60_000) return sidebar.data;
      const data = (async () => {
        const six = await articles.list({ limit: SIDEBAR_LATEST_COUNT + SIDEBAR_NEXT_COUNT, offset: 0 });
        const hottest = await articles.hottest(
          HOTTEST_DAYS,
          HOTTEST_COUNT,
          six.map((a) => a.id),
        );
        return { latest: six.slice(0, SIDEBAR_LATEST_COUNT), next: six.slice(SIDEBAR_LATEST_COUNT), hottest };
      })();
      sidebar = { at: Date.now(), data };
      data.catch(() => {
        if (sidebar?.data === data) sidebar = null;
      });
      return data;
    },
  };
}
