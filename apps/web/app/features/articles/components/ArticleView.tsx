import {
  type Article,
  type ArticleReplyLinks,
  type ArticleSummary,
  AVATAR_BYLINE_SIZE,
  categoryLabel,
  creditLine,
  croppedImage,
  DSA_NOTICE_PATH,
  defaultAvatarUrl,
  focalPosition,
  imageAlt,
  imageSrcSet,
  normalizeTag,
  REPLY_PATH,
  UPDATED_AFTER_MS,
} from '@vaggen/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CategoryBadge } from '../../../components/CategoryBadge';
import { formatArticleDate } from '../../../lib/format';
import { ArticleBody } from './ArticleBody';
import { ArticleCard } from './ArticleCard';
import { BylineLinks } from './BylineLinks';
import { CorrectionBox } from './CorrectionBox';

/**
 * Saved again after it went live (issue 14): "Uppdaterad {date}" beside the date. A first version
 * is never "updated", even when it was stored after its publish time (imports, the demo paper).
 */
export const wasUpdated = (a: Pick<Article, 'date' | 'updated_at' | 'status' | 'version'>) =>
  a.status === 'published' && a.version > 1 && Date.parse(a.updated_at) - Date.parse(a.date) > UPDATED_AFTER_MS;

/**
 * An article as readers see it: the article page, and the newsroom's preview of an article that
 * is not published yet (`head`, `footer` and `after` are left out there).
 */
export function ArticleView({
  article,
  related = [],
  head,
  footer,
  after,
  replyLinks,
  afterBody,
}: {
  article: Article;
  /** Issue 44: right after the body (a live report's entries). */
  afterBody?: ReactNode;
  /** Issue 43: the replies (genmälen) published to this article, and what this one replies to. */
  replyLinks?: ArticleReplyLinks;
  related?: ArticleSummary[];
  /** First in the article, e.g. its structured data. */
  head?: ReactNode;
  footer?: ReactNode;
  after?: ReactNode;
}) {
  const free = article.authors?.length === 1 && article.authors[0]?.id === null;
  const avatar = article.author_profile_picture || defaultAvatarUrl(article.author_display_name || article.author, 96);
  const credit = creditLine(article.featured_image_credit);
  // Issue 41: our own picture cut to 16:9 around its focal point on the server (decision 056)
  const lead = croppedImage(article.featured_image, '16x9', article.featured_image_focal);
  return (
    <article className="article" data-article-id={article.id}>
      {head}
      <header className="article-header">
        <p className="article-meta">
          <CategoryBadge category={article.category} />
          <time dateTime={article.date}>{formatArticleDate(article.date)}</time>
          {wasUpdated(article) && (
            <span className="article-updated">
              Uppdaterad <time dateTime={article.updated_at}>{formatArticleDate(article.updated_at)}</time>
            </span>
          )}
        </p>
        <h1 className="article-title">{article.title}</h1>
        <p className="byline">
          {!free && (
            <img className="avatar" src={avatar} alt="" width={AVATAR_BYLINE_SIZE} height={AVATAR_BYLINE_SIZE} />
          )}
          <span>
            Av{' '}
            <strong>
              <BylineLinks article={article} />
            </strong>
          </span>
        </p>
        {article.ingress && <p className="article-ingress">{article.ingress}</p>}
      </header>
      {article.corrections && <CorrectionBox corrections={article.corrections} />}
      {replyLinks?.replyTo && (
        <p className="reply-link">
          Genmäle till artikeln <Link to={replyLinks.replyTo.url}>{replyLinks.replyTo.title}</Link>
        </p>
      )}
      {replyLinks && replyLinks.replies.length > 0 && (
        <aside className="reply-link" aria-label="Genmälen">
          <strong>Genmäle:</strong>{' '}
          {replyLinks.replies.map((r, i) => (
            <span key={r.url}>
              {i > 0 && ' · '}
              <Link to={r.url}>{r.title}</Link>
            </span>
          ))}
        </aside>
      )}
      {article.featured_image && (
        <figure className="article-figure">
          <img
            src={lead?.src ?? article.featured_image}
            srcSet={lead?.srcSet ?? imageSrcSet(article.featured_image)}
            sizes="(max-width: 900px) 100vw, 760px"
            alt={imageAlt(article.featured_image_alt, article.featured_image_caption, article.title)}
            width={lead?.width ?? 1200}
            height={lead?.height ?? 675}
            fetchPriority="high"
            style={
              !lead && article.featured_image_focal
                ? { objectPosition: focalPosition(article.featured_image_focal) }
                : undefined
            }
          />
          {(article.featured_image_caption || credit) && (
            <figcaption className="article-caption">
              {article.featured_image_caption}
              {credit && <span className="article-credit"> {credit}</span>}
            </figcaption>
          )}
        </figure>
      )}
      <ArticleBody content={article.content} title={article.title} />
      {afterBody}
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
          {(article.tags ?? []).map((tag) => (
            <li key={tag}>
              <Link to={`/tag/${encodeURIComponent(normalizeTag(tag))}`}>#{tag}</Link>
            </li>
          ))}
        </ul>
        {footer}
      </footer>
      <p className="article-illegal">
        <Link to={`${REPLY_PATH}?artikel=${article.id}`}>Begär genmäle</Link> ·{' '}
        <Link to={`${DSA_NOTICE_PATH}?url=${encodeURIComponent(`/article/${article.slug}`)}`}>
          Anmäl olagligt innehåll
        </Link>
      </p>
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
      {after}
    </article>
  );
}
