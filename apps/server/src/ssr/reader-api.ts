import {
  type Article,
  type ArticleSummary,
  HOTTEST_COUNT,
  HOTTEST_DAYS,
  isHtmlContent,
  type ReaderApi,
  SIDEBAR_LATEST_COUNT,
  SIDEBAR_NEXT_COUNT,
  type SidebarData,
} from '@vaggen/contract';
import { bylineTags, PageCache, PageTag, tagPage } from '../lib/page-cache.js';
import { type ArticlesService, cleanArticleHtml } from '../modules/articles/service.js';

/** The services as the server-rendered pages see them (see ReaderApi in the contract). */
export function createReaderApi(articles: ArticlesService, cache: PageCache): ReaderApi {
  // Refreshed at least every minute so "hottest last week" moves with time.
  let sidebar: { at: number; data: Promise<SidebarData> } | null = null;
  cache.onChange((change) => {
    if (PageCache.touches(change, PageTag.sidebar)) sidebar = null;
  });
  // What each read puts on the page, so the cache drops exactly the pages a change shows (decision 016).
  const tagArticle = (a: Pick<Article, 'id' | 'author_id' | 'authors'>) => {
    tagPage(PageTag.article(a.id), ...bylineTags(a));
  };
  const tagList = (category: string | undefined, list: ArticleSummary[], tag?: string) => {
    tagPage(tag ? PageTag.tag(tag) : PageTag.list(category));
    for (const a of list) {
      tagPage(PageTag.shows(a.id), ...bylineTags(a));
    }
    return list;
  };
  const clean = <T extends { content: string }>(a: T): T =>
    isHtmlContent(a.content) ? { ...a, content: cleanArticleHtml(a.content) } : a;

  return {
    listArticles: async (opts) => tagList(opts.category, await articles.list(opts), opts.tag),
    async articleBySlug(slug) {
      const found = await articles.getBySlug(slug);
      if (found && 'article' in found) tagArticle(found.article);
      return found && 'article' in found ? { article: clean(found.article) } : found;
    },
    async articleById(id) {
      const a = await articles.getById(id);
      if (a) tagArticle(a);
      return a && clean(a);
    },
    related: (article, limit) => {
      tagPage(PageTag.related(article.category));
      return articles.related(article, limit);
    },
    sidebar() {
      tagPage(PageTag.sidebar);
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
