import { CORRECTIONS_FEED_PATH, CORRECTIONS_MSG, type Correction } from '@vaggen/contract';
import { Link } from 'react-router';
import { CorrectionDate } from './CorrectionDate';

/** Issue 43: every correction, newest first (`/rattelser`), with a link to the next page. */
export function CorrectionsList({ items, nextHref }: { items: Correction[]; nextHref: string | null }) {
  return (
    <section className="corrections-page">
      <h1 className="page-title">{CORRECTIONS_MSG.pageTitle}</h1>
      <p>
        {CORRECTIONS_MSG.pageIntro} <a href={CORRECTIONS_FEED_PATH}>Rättelserna som RSS-flöde</a>.
      </p>
      {items.length === 0 ? (
        <p className="empty">{CORRECTIONS_MSG.empty}</p>
      ) : (
        <ol className="correction-items">
          {items.map((c) => (
            <li key={c.id} id={`rattelse-${c.id}`} className="correction-item">
              <CorrectionDate correction={c} />
              <h2>
                <Link to={c.article_url}>{c.article_title}</Link>
              </h2>
              <p>
                {c.text}
                {c.what_was_wrong && <span className="correction-wrong"> Fel: {c.what_was_wrong}</span>}
              </p>
            </li>
          ))}
        </ol>
      )}
      {nextHref && (
        <nav className="pager" aria-label="Fler rättelser">
          <Link to={nextHref} rel="next">
            Äldre rättelser
          </Link>
        </nav>
      )}
    </section>
  );
}
