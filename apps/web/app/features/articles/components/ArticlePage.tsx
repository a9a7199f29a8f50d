import {
  type Article,
  type ArticleSummary,
  AVATAR_BYLINE_SIZE,
  categoryLabel,
  categoryPath,
  defaultAvatarUrl,
  imageSrcSet,
} from '@vaggen/contract';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { formatArticleDate } from '../../../lib/format';
import { CommentsSection } from '../../comments';
import { EditArticleButton } from '../../newsroom';
import { articleJsonLd, authorPath, JsonLd } from '../structured-data';
import { ArticleBody } from './ArticleBody';
import { ArticleCard } from './ArticleCard';

/** What the article route's loader gives the page. */
export interface ArticlePageData {
  article: Article;
  related: ArticleSummary[];
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

/** The article page: header, image, body, tags, share links, related articles and the comments. */
export function ArticlePage({ loaderData }: { loaderData: ArticlePageData }) {
  const { article, related, url, origin } = loaderData;
  useCountView(article.id);
  const avatar = article.author_profile_picture || defaultAvatarUrl(article.author_display_name || article.author, 96);
  return (
    <article className="article" data-article-id={article.id}>
      <JsonLd data={articleJsonLd(article, origin)} />
      <header className="article-header">
        <p className="article-meta">
          <Link className="badge" to={categoryPath(article.category)}>
            {categoryLabel(article.category)}
          </Link>
          <time dateTime={article.date}>{formatArticleDate(article.date)}</time>
        </p>
        <h1 className="article-title">{article.title}</h1>
        <p className="byline">
          <img className="avatar" src={avatar} alt="" width={AVATAR_BYLINE_SIZE} height={AVATAR_BYLINE_SIZE} />
          <span>
            Av{' '}
            <strong>
              {article.author_id !== null ? (
                <Link to={authorPath(article.author)} rel="author">
                  {article.author_display_name}
                </Link>
              ) : (
                article.author_display_name
              )}
            </strong>
          </span>
        </p>
      </header>
      {article.featured_image && (
        <figure className="article-figure">
          <img
            src={article.featured_image}
            srcSet={imageSrcSet(article.featured_image)}
            sizes="(max-width: 900px) 100vw, 760px"
            alt=""
            width={1200}
            height={675}
            fetchPriority="high"
          />
        </figure>
      )}
      <ArticleBody content={article.content} />
      <footer className="article-footer">
        <ul className="tags" aria-label="Taggar">
          <li>
            <Link to={`/tag/${encodeURIComponent(article.category.toLocaleLowerCase('sv-SE'))}`}>
              #{categoryLabel(article.category)}
            </Link>
          </li>
          {article.category !== 'NYHETER' && (
            <li>
              <Link to="/tag/nyheter">#Nyheter</Link>
            </li>
          )}
        </ul>
        <ShareLinks url={url} title={article.title} />
        <EditArticleButton article={article} />
      </footer>
      {related.length > 0 && (
        <section className="related" aria-labelledby="related-title">
          <h2 id="related-title">Mer från {categoryLabel(article.category)}</h2>
          <div className="related-list">
            {related.map((a) => (
              <ArticleCard key={a.id} article={a} />
            ))}
          </div>
        </section>
      )}
      <section id="comments" className="comments-placeholder" aria-label="Kommentarer">
        <CommentsSection articleId={article.id} />
      </section>
    </article>
  );
}
