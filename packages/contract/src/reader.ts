import type { Article, ArticleSummary } from './articles.js';
import type { Category } from './categories.js';

export interface SidebarData {
  /** SENASTE NYTT: the 3 newest. */
  latest: ArticleSummary[];
  /** SENASTE: the next 3. */
  next: ArticleSummary[];
  /** "Hetast senaste veckan". */
  hottest: ArticleSummary[];
}

export type ArticleLookup = { article: Article } | { redirectTo: string; articleId: number } | null;

/**
 * What the server-rendered reader pages read. The server passes an implementation as the loaders'
 * context, so pages render straight from the services without an HTTP round trip to ourselves.
 */
export interface ReaderApi {
  /** Published articles only; `tag` (normalised) lists a free tag's articles. */
  listArticles(opts: { category?: Category; tag?: string; limit: number; offset: number }): Promise<ArticleSummary[]>;
  /** Content is cleaned (spec 000 §5) before it is returned. */
  articleBySlug(slug: string): Promise<ArticleLookup>;
  articleById(id: number): Promise<Article | null>;
  related(article: Pick<Article, 'id' | 'category'>, limit: number): Promise<ArticleSummary[]>;
  sidebar(): Promise<SidebarData>;
}

export interface ReaderContext {
  reader: ReaderApi;
  /** Scheme + host the page is served under, for canonical and Open Graph URLs. */
  origin: string;
  /** Test-only routes (the error-screen crash) are enabled: NODE_ENV=test only. */
  testHooks: boolean;
}
