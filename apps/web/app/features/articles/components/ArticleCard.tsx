import {
  type ArticleSummary,
  type CropRatio,
  cardRatio,
  cropHeight,
  croppedImage,
  focalPosition,
  imageSrcSet,
  type PlacedArticle,
} from '@vaggen/contract';
import { memo } from 'react';
import { Link } from 'react-router';
import { CategoryBadge } from '../../../components/CategoryBadge';
import { formatShortDate } from '../../../lib/format';
import { articlePath } from '../../../lib/paths';
import { BylineLinks } from './BylineLinks';

/** How wide each kind of card shows its picture (cards.css, fronts.css, mobile.css). */
const CARD_SIZES: Record<CropRatio, string> = {
  '3x2': '(max-width: 480px) 100vw, (max-width: 900px) 40vw, 320px',
  '16x9': '(max-width: 900px) 100vw, 840px',
  '1x1': '(max-width: 480px) 100vw, 160px',
};

/**
 * Memoised: a list page re-renders its groups when the mobile ads arrive after hydration, and the
 * 30 cards (with their bylines) need not render again for it (issue 20).
 */
export const ArticleCard = memo(function ArticleCard({
  article,
  eager = false,
}: {
  article: ArticleSummary | PlacedArticle;
  eager?: boolean;
}) {
  const href = articlePath(article);
  // Issue 41: a pinned article shows its front's headline, teaser, picture and size; the lead is larger.
  const slot = 'front_slot' in article ? article.front_slot : undefined;
  const image = slot?.image ?? article.featured_image;
  const sized = slot ? ` card-${slot.size}${slot.lead ? ' card-lead' : ''}` : '';
  // Issue 41: the picture cut on the server to the card's ratio around the focal point (a front's
  // own picture has none: its centre). Pictures that are not ours keep CSS's crop (object-position).
  const ratio = cardRatio(slot);
  const crop = croppedImage(image, ratio, slot?.image ? null : article.featured_image_focal);
  return (
    <article
      className={`${image ? 'card' : 'card card-no-image'}${sized}`}
      data-front-size={slot?.size}
      data-article-id={article.id}
    >
      {image && (
        <Link to={href} prefetch="intent" className="card-image" tabIndex={-1} aria-hidden="true">
          <img
            src={crop?.src ?? image}
            srcSet={crop?.srcSet ?? imageSrcSet(image)}
            sizes={CARD_SIZES[ratio]}
            alt=""
            width={1600}
            height={cropHeight(ratio, 1600)}
            loading={eager ? 'eager' : 'lazy'}
            // the page's first picture is its largest paint on a phone: fetched first (issue 20)
            fetchPriority={eager ? 'high' : undefined}
            decoding="async"
            // issue 41: without crops of its own, CSS's crop keeps the article picture's focal point
            style={crop || slot?.image ? undefined : { objectPosition: focalPosition(article.featured_image_focal) }}
          />
        </Link>
      )}
      <div className="card-body">
        <p className="card-meta">
          <CategoryBadge category={article.category} />
          <time dateTime={article.date}>{formatShortDate(article.date)}</time>
        </p>
        <h2 className="card-title">
          <Link to={href} prefetch="intent">
            {slot?.headline ?? (article.front_headline || article.title)}
          </Link>
        </h2>
        <p className="card-excerpt">{slot?.teaser ?? (article.teaser || article.excerpt)}</p>
        <p className="card-byline">
          <BylineLinks article={article} />
        </p>
      </div>
    </article>
  );
});
