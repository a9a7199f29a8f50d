import type { Article, ArticleReplyLinks, ArticleSummary } from '@vaggen/contract';
import { type ReactNode, useEffect } from 'react';
import { articleJsonLd, JsonLd } from '../structured-data';
import { ArticleView } from './ArticleView';

/** What the article route's loader gives the page. */
export interface ArticlePageData {
  article: Article;
  related: ArticleSummary[];
  /** Issue 43: published replies (genmälen) to this article, and the article it replies to. */
  replyLinks?: ArticleReplyLinks;
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

/** "Most read": one anonymous count per page view, sent after hydration (bots rarely run it). */
function useCountView(articleId: number) {
  useEffect(() => {
    const url = `/api/articles/${articleId}/view`;
    if (!navigator.sendBeacon?.(url)) void fetch(url, { method: 'POST', keepalive: true }).catch(() => {});
  }, [articleId]);
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
}: {
  loaderData: ArticlePageData;
  /** After the share links (the edit button). */
  actions?: ReactNode;
  /** Below the article (the newsletter form, the comments). */
  after?: ReactNode;
}) {
  const { article, related, url, origin } = loaderData;
  useCountView(article.id);
  return (
    <ArticleView
      head={<JsonLd data={articleJsonLd(article, origin)} />}
      article={article}
      related={related}
      replyLinks={loaderData.replyLinks}
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
