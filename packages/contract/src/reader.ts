import type { Article, ArticleSummary } from './articles-schemas.js';
import type { Category } from './categories.js';
import type { CorrectionPage } from './corrections-schemas.js';
import type { TransparencyReport } from './dsa-schemas.js';
import type { Front } from './fronts-schemas.js';
import type { LiveEntryPage } from './live-schemas.js';
import type { ArticleReplyLinks } from './replies-schemas.js';
import type { Plan } from './revenue-schemas.js';
import type { SearchResult } from './search-schemas.js';
import type { PaperIdentity } from './settings.js';

export interface SidebarData {
  /** SENASTE NYTT: the 3 newest. */
  latest: ArticleSummary[];
  /** SENASTE: the next 3. */
  next: ArticleSummary[];
  /** "Hetast senaste veckan". */
  hottest: ArticleSummary[];
  /**
   * Issue 41: the next newest after those six, to fill SENASTE NYTT and SENASTE when the list
   * beside them already shows some of the newest (a front's pinned stories, its first items).
   */
  more?: ArticleSummary[];
}

export type ArticleLookup = { article: Article } | { redirectTo: string; articleId: number } | null;

/**
 * What the server-rendered reader pages read. The server passes an implementation as the loaders'
 * context, so pages render straight from the services without an HTTP round trip to ourselves.
 */
export interface ReaderApi {
  /** Published articles only; `tag` (normalised) lists a free tag's articles. */
  listArticles(opts: {
    category?: Category;
    tag?: string;
    limit: number;
    offset: number;
    /** Issue 41: articles already shown (a front's pinned ones). */
    excludeIds?: number[];
  }): Promise<ArticleSummary[]>;
  /** Content is cleaned (spec 000 §5) before it is returned. */
  articleBySlug(slug: string): Promise<ArticleLookup>;
  articleById(id: number): Promise<Article | null>;
  related(article: Pick<Article, 'id' | 'category'>, limit: number): Promise<ArticleSummary[]>;
  sidebar(): Promise<SidebarData>;
  /** Full-text search (issue 15). Bad input throws an Error whose message is for the reader. */
  search(params: ReaderSearchParams): Promise<SearchResult>;
  /** A writer's page: who they are and their articles, newest first; null when no such writer. */
  author(username: string, page: number): Promise<AuthorPage | null>;
  /** Issue 43: every correction, newest first; `cursor` from the page before (null on a bad one). */
  corrections(cursor: string | null, limit: number): Promise<CorrectionPage | null>;
  /** Issue 43: the ansvarig utgivare and the publisher, for the footer, /about and JSON-LD. */
  paperIdentity(): Promise<PaperIdentity>;
  /** Issue 43: the paper's policies as its admins wrote them (/principer), in PAPER_POLICIES order. */
  policies(): Promise<{ key: string; title: string; anchor: string; text: string }[]>;
  /** Issue 43: the DSA transparency report for a period (days, inclusive); throws a reader's message on a bad one. */
  transparency(from: string, to: string): Promise<TransparencyReport>;
  /** Issue 43: the published replies (genmälen) to an article, and the article a reply answers. */
  articleReplies(articleId: number): Promise<ArticleReplyLinks>;
  /** Issue 41: a front's pinned slots readers see (`hem` or a category's lower-case name). */
  front(front: string): Promise<Front>;
  /** Issue 44: a live report's first page of entries (with the pinned ones and the stream position). */
  liveEntries(articleId: number): Promise<LiveEntryPage>;
  /** Issue 42: the plans on sale and the VAT included in their prices (the paywall box, /prenumerera). */
  plans(): Promise<{ plans: Plan[]; vat_percent: number; payment_configured: boolean }>;
}

export interface ReaderSearchParams {
  q: string;
  category?: string;
  from?: string;
  to?: string;
  sort?: string;
  cursor?: string;
}

export interface AuthorPage {
  author: { username: string; display_name: string; profile_picture: string | null };
  articles: ArticleSummary[];
  page: number;
  hasMore: boolean;
}

export interface ReaderContext {
  reader: ReaderApi;
  /** Scheme + host the page is served under, for canonical and Open Graph URLs. */
  origin: string;
  /** Test-only routes (the error-screen crash) are enabled: NODE_ENV=test only. */
  testHooks: boolean;
}
