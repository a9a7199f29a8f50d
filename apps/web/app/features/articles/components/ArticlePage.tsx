import type { Article, ArticleReplyLinks, ArticleSummary, LiveEntryPage } from '@vaggen/contract';
import type { ReactNode } from 'react';
import { articleJsonLd, JsonLd } from '../structured-data';
import { ArticleView } from './ArticleView';

/** What the article route's loader gives the page. */
export interface ArticlePageData {
  article: Article;
  related: ArticleSummary[];
  /** Issue 43: published replies (genmälen) to this article, and the article it replies to. */
  replyLinks?: ArticleReplyLinks;
  /** Issue 44: a live report's first entries (for its LiveBlogPosting data). */
  live?: LiveEntryPage | null;
  url: string;
  /** The site's origin, for absolute URLs in the JSON-LD. */
  origin: string;
}

function ShareLinks({ url, title }: { url: string; title: string }) {
  const u = encodeURIComponent(url);
  return (
    <nav className="share" aria-label="Dela artikeln">
      <a
        className="share-facebook"
        href={`https://www.facebook.com/sharer/sharer.php?u=${u}`}
        target="_blank"
        rel="noopener noreferrer"
      >
        Dela på Facebook
      </a>
      <a
        className="share-twitter"
        href={`https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(title)}`}
        target="_blank"
        rel="noopener noreferrer"
      >
        Dela på Twitter
      </a>
    </nav>
  );
}

/**
 * The article page: header, image, body, tags, share links and related articles. What other features
 * add (the edit button after the share links; the newsletter form and the comments below the
 * article) the route passes in as slots.
 */
export function ArticlePage({
  loaderData,
  actions,
  after,
  afterBody,
}: {
  loaderData: ArticlePageData;
  /** Issue 44: right after the body (a live report's entries). */
  afterBody?: ReactNode;
  /** After the share links (the edit button). */
  actions?: ReactNode;
  /** Below the article (the newsletter form, the comments). */
  after?: ReactNode;
}) {
  const { article, related, url, origin } = loaderData;
  return (
    <ArticleView
      head={
        <JsonLd data={articleJsonLd(article, origin, import.meta.env.SSR ? loaderData.live?.entries : undefined)} />
      }
      article={article}
      related={related}
      replyLinks={loaderData.replyLinks}
      afterBody={afterBody}
      footer={
        <>
          <ShareLinks url={url} title={article.title} />
          {actions}
        </>
      }
      after={after}
    />
  );
}
