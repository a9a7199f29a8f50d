import {
  type AccessClass,
  type Article,
  type ArticleSummary,
  classReads,
  displayName,
  HOME_PAGE_SIZE,
  HOTTEST_COUNT,
  HOTTEST_DAYS,
  isHtmlContent,
  isOwnPicturePath,
  LIVE_ENTRIES_PAGE,
  MSG,
  PAPER_POLICIES,
  parseCategory,
  type ReaderApi,
  SIDEBAR_LATEST_COUNT,
  SIDEBAR_MORE_COUNT,
  SIDEBAR_NEXT_COUNT,
  type SidebarData,
} from '@vaggen/contract';
import { SearchQuerySchema } from '@vaggen/contract/schemas';
import { PageCache, tagPage } from '../lib/page-cache/index.js';
import type { MostRead } from '../modules/analytics/service.js';
import { ArticlePages, bylineTags } from '../modules/articles/page-tags.js';
import { type ArticlesService, cleanArticleHtml } from '../modules/articles/service.js';
import { DsaPages } from '../modules/dsa/page-tags.js';
import type { DsaService } from '../modules/dsa/service.js';
import { FrontPages } from '../modules/fronts/page-tags.js';
import type { FrontsService } from '../modules/fronts/service.js';
import type { LiveService } from '../modules/live/service.js';
import type { RepliesService } from '../modules/replies/service.js';
import { RevenuePages } from '../modules/revenue/page-tags.js';
import type { RevenueService } from '../modules/revenue/service.js';
import { SearchPages } from '../modules/search/page-tags.js';
import type { SearchService } from '../modules/search/service.js';
import { SettingsPages } from '../modules/settings/page-tags.js';
import type { NewsroomSettingsService } from '../modules/settings/service.js';
import { UserPages } from '../modules/users/page-tags.js';
import type { UsersService } from '../modules/users/service.js';
import { paywalledBody } from './paywall-html.js';

export interface ReaderServices {
  articles: ArticlesService;
  replies: RepliesService;
  dsa: DsaService;
  settings: NewsroomSettingsService;
  search: SearchService;
  users: UsersService;
  mostRead: MostRead;
  fronts: FrontsService;
  live: LiveService;
  revenue: RevenueService;
}

/** The services as the server-rendered pages see them (see ReaderApi in the contract). */
export function createReaderApi(
  { articles, search, users, mostRead, settings, dsa, replies, fronts, live, revenue }: ReaderServices,
  cache: PageCache,
  /** Issue 42: the access class the pages are rendered for (decision 048). */
  access: AccessClass = 'anonymous',
): ReaderApi {
  // Refreshed at least every minute so "hottest last week" moves with time.
  let sidebar: { at: number; data: Promise<SidebarData> } | null = null;
  cache.onChange((change) => {
    if (PageCache.touches(change, ArticlePages.sidebar)) sidebar = null;
  });
  // What each read puts on the page, so the cache drops exactly the pages a change shows (decision 016).
  const tagArticle = (a: Pick<Article, 'id' | 'author_id' | 'authors'>) => {
    tagPage(ArticlePages.article(a.id), ...bylineTags(a));
  };
  const tagList = (category: string | undefined, list: ArticleSummary[], tag?: string) => {
    tagPage(tag ? ArticlePages.tag(tag) : ArticlePages.list(category));
    for (const a of list) {
      tagPage(ArticlePages.shows(a.id), ...bylineTags(a));
    }
    return list;
  };
  const clean = <T extends { content: string }>(a: T): T =>
    isHtmlContent(a.content) ? { ...a, content: cleanArticleHtml(a.content) } : a;
  /**
   * Issue 42: a locked article's page differs by access class: the render says so (`paywallTag`,
   * read by ssr.ts), and a class that may read it gets the whole text. Anonymous pages keep the teaser.
   */
  const forClass = async (a: Article): Promise<Article> => {
    if (a.access === 'free') return a;
    tagPage(paywallTag(a.id, a.access));
    if (!a.locked || !classReads(access, a.access)) return a;
    const whole = await articles.unlocked(a.id);
    return whole ? { ...whole, corrections: a.corrections } : a;
  };
  /** The page's body of a paywalled article: the box after a teaser, or the locked part marked (no script). */
  const paywalled = async (a: Article): Promise<Article> => {
    if (a.access === 'free') return a;
    // plans change seldom: pages showing them follow within PAGE_MAX_AGE_MIN (decision 048)
    tagPage(SettingsPages.identity);
    const [plans, s] = await Promise.all([a.locked ? revenue.listPlans(true) : [], settings.get()]);
    return { ...a, content: paywalledBody(a, { plans, vatPercent: s.vat_percent }) };
  };

  return {
    listArticles: async (opts) => tagList(opts.category, await articles.list(opts), opts.tag),
    async articleBySlug(slug) {
      const found = await articles.getBySlug(slug);
      if (!found || !('article' in found)) return found;
      tagArticle(found.article);
      // the article's page shows its corrections (issue 43)
      return { article: await paywalled(clean(await forClass(await articles.withCorrections(found.article)))) };
    },
    async articleById(id) {
      const a = await articles.getById(id);
      if (a) tagArticle(a);
      return a && paywalled(clean(await forClass(a)));
    },
    related: (article, limit) => {
      tagPage(ArticlePages.related(article.category));
      return articles.related(article, limit);
    },
    async search(params) {
      // The same validation as GET /api/search; the first problem's text is for the reader.
      const parsed = SearchQuerySchema.safeParse(params);
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Ogiltig sökning');
      const { q, from, to, sort, cursor, limit } = parsed.data;
      const category = parsed.data.category ? parseCategory(parsed.data.category) : undefined;
      if (category === null) throw new Error(`${MSG.invalidCategory}: ${parsed.data.category}`);
      // Any article change may add, drop or reword a hit.
      tagPage(SearchPages.results);
      const found = await search.search({ q, category, from, to, sort, cursor, limit });
      // Issue 45: a first page without hits is a search the newsroom hears about (its words counted)
      if (found.total === 0 && !cursor) tagPage(SEARCH_EMPTY_TAG);
      return found;
    },
    async author(username, page) {
      const user =
        username.length <= 100 && !username.includes('\u0000') ? await users.findRowByUsername(username) : undefined;
      if (!user) return null;
      tagPage(UserPages.author(Number(user.id)));
      const rows = await articles.listVisible({
        authorId: Number(user.id),
        limit: HOME_PAGE_SIZE + 1,
        offset: (page - 1) * HOME_PAGE_SIZE,
      });
      if (rows.length === 0 && page === 1 && user.account_type === 'user') return null;
      return {
        author: {
          username: user.username,
          display_name: displayName(user),
          // issue 40: only a picture the app serves (as every public profile, users/public-profile.ts)
          profile_picture: user.profile_picture && isOwnPicturePath(user.profile_picture) ? user.profile_picture : null,
        },
        articles: tagList(undefined, rows.slice(0, HOME_PAGE_SIZE)),
        page,
        hasMore: rows.length > HOME_PAGE_SIZE,
      };
    },
    liveEntries(articleId) {
      // Issue 44: the entries on a live report's page, a snapshot: an entry makes the page stale
      // (re-rendered on its next visit: live page-tags.ts); open pages follow the stream from it.
      tagPage(ArticlePages.article(articleId));
      return live.page(articleId, null, LIVE_ENTRIES_PAGE);
    },
    articleReplies(articleId) {
      // shown on the article's page: ReplyPublished drops it (article:<id>)
      tagPage(ArticlePages.article(articleId));
      return replies.linksFor(articleId);
    },
    async transparency(from, to) {
      tagPage(DsaPages.transparency);
      return dsa.transparency(from, to);
    },
    async policies() {
      tagPage(SettingsPages.identity);
      const s = await settings.get();
      return PAPER_POLICIES.map((p) => ({ key: p.key, title: p.title, anchor: p.anchor, text: s[p.key] }));
    },
    async paperIdentity() {
      tagPage(SettingsPages.identity);
      const s = await settings.get();
      return {
        responsible_publisher: s.responsible_publisher,
        publisher_name: s.publisher_name,
        utgivningsbevis: s.utgivningsbevis,
        address: s.address,
      };
    },
    async corrections(cursor, limit) {
      if (cursor !== null && !/^\d{1,12}$/.test(cursor)) return null;
      tagPage(ArticlePages.corrections);
      return articles.corrections.page(cursor === null ? null : Number(cursor), limit);
    },
    async front(key) {
      // Issue 41: a change of this front drops exactly the pages that show it; a pinned article's
      // own change (unpublished, deleted, edited) reaches them through `shows:id`.
      tagPage(FrontPages.front(key));
      const front = await fronts.forReaders(key);
      for (const s of front.slots) tagPage(ArticlePages.shows(s.article.id), ...bylineTags(s.article));
      return front;
    },
    async plans() {
      // a plan created or changed drops these pages at once (PlansChanged); the VAT rate is a setting
      tagPage(RevenuePages.plans, SettingsPages.identity);
      const [plans, s] = await Promise.all([revenue.listPlans(true), settings.get()]);
      // without Stripe keys /prenumerera says payment is not configured
      return { plans, vat_percent: s.vat_percent, payment_configured: revenue.paymentConfigured };
    },
    sidebar() {
      tagPage(ArticlePages.sidebar);
      if (sidebar && Date.now() - sidebar.at < 60_000) return sidebar.data;
      const data = (async () => {
        const newest = await articles.list({
          limit: SIDEBAR_LATEST_COUNT + SIDEBAR_NEXT_COUNT + SIDEBAR_MORE_COUNT,
          offset: 0,
        });
        const six = newest.slice(0, SIDEBAR_LATEST_COUNT + SIDEBAR_NEXT_COUNT);
        // Ranked by page views and comments (the analytics days); while few articles have been read, recent ones fill the block.
        const shown = six.map((a) => a.id);
        const read = await mostRead.list(HOTTEST_DAYS, HOTTEST_COUNT, shown);
        const hottest =
          read.length >= HOTTEST_COUNT
            ? read
            : [
                ...read,
                // while few articles have been read, the newest not shown yet fill the block
                ...(await articles.list({
                  limit: HOTTEST_COUNT - read.length,
                  offset: 0,
                  excludeIds: [...shown, ...read.map((a) => a.id)],
                })),
              ];
        return {
          latest: six.slice(0, SIDEBAR_LATEST_COUNT),
          next: six.slice(SIDEBAR_LATEST_COUNT),
          hottest,
          more: newest.slice(six.length),
        };
      })();
      sidebar = { at: Date.now(), data };
      data.catch(() => {
        if (sidebar?.data === data) sidebar = null;
      });
      return data;
    },
  };
}

/** Issue 42: the tag a render of a locked article's page records (taken off by ssr.ts, never stored). */
export const PAYWALL_TAG = 'paywall:';
/** Issue 45: a search page that found nothing (read by ssr.ts for the analytics, never kept as a tag). */
export const SEARCH_EMPTY_TAG = 'analytics:search-empty';
const paywallTag = (id: number, access: string) => `${PAYWALL_TAG}${id}:${access}`;
