import { cardRatio, croppedImage, FRONT_SIZE_LABELS } from '@vaggen/contract';
import type { BoardSlot } from '../board';

/**
 * The board's live preview (issue 41): the pinned stories as readers will see them — at desktop
 * width and at 480 px — before saving. Hidden articles are left out, as on the site; the newest
 * articles follow below them there.
 */
export function FrontPreview({ slots }: { slots: BoardSlot[] }) {
  const shown = slots.filter((s) => s.visible);
  return (
    <section className="front-preview" aria-labelledby="front-preview-heading">
      <h2 id="front-preview-heading" className="front-section-title">
        Förhandsvisning
      </h2>
      <div className="front-preview-panes">
        {(['desktop', 'mobile'] as const).map((pane) => (
          <figure key={pane} className={`front-preview-pane front-preview-${pane}`} data-preview={pane}>
            <figcaption>{pane === 'desktop' ? 'Dator' : 'Mobil (480 px)'}</figcaption>
            <div className="front-preview-page">
              {shown.length === 0 && <p className="muted">Bara de senaste artiklarna i tidsordning.</p>}
              {shown.map((s, i) => {
                const own = s.image.trim();
                const image = own || s.article.featured_image;
                // issue 41: the crop readers get for this slot (its ratio, the article's focal point)
                const ratio = cardRatio({ size: s.size, lead: i === 0 });
                const crop = croppedImage(image, ratio, own ? null : s.article.featured_image_focal);
                return (
                  <article
                    key={s.articleId}
                    className={`preview-card preview-${s.size}${i === 0 ? ' preview-lead' : ''}${image ? '' : ' preview-no-image'}`}
                    aria-label={`${i === 0 ? 'Toppnyhet' : `Plats ${i + 1}`}, ${FRONT_SIZE_LABELS[s.size].toLocaleLowerCase('sv-SE')}`}
                  >
                    {image && (
                      <img
                        src={crop?.src ?? image}
                        srcSet={crop?.srcSet}
                        sizes="240px"
                        alt=""
                        loading="lazy"
                        data-ratio={ratio}
                      />
                    )}
                    <div>
                      <p className="preview-title">{s.headline.trim() || s.article.title}</p>
                      {s.size !== 'small' && <p className="preview-teaser">{s.teaser.trim() || s.article.excerpt}</p>}
                    </div>
                  </article>
                );
              })}
              {shown.length > 0 && <p className="preview-flow muted">… sedan de senaste artiklarna</p>}
            </div>
          </figure>
        ))}
      </div>
    </section>
  );
}
