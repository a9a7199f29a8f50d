import { formatDecimalSv, type SearchResult } from '@vaggen/contract';
import { Link } from 'react-router';
import { CategoryBadge } from '../../../components/CategoryBadge';
import { formatShortDate } from '../../../lib/format';
import { articlePath } from '../../../lib/paths';
import { Highlighted } from './Highlighted';

const hitsText = (n: number) => (n === 1 ? '1 träff' : `${formatDecimalSv(n)} träffar`);

export function SearchResults({
  q,
  result,
  nextHref,
  filtered,
  clearFiltersHref,
}: {
  q: string;
  result: SearchResult;
  nextHref: string | null;
  filtered: boolean;
  clearFiltersHref: string;
}) {
  if (result.total === 0) {
    return (
      <div className="search-empty" role="status">
        <p>
          <strong>Inga träffar för ”{q}”.</strong>
        </p>
        <p>
          Kontrollera stavningen, pröva färre eller mer allmänna ord, eller ett annat ord med samma betydelse.
          {filtered && (
            <>
              {' '}
              Du söker med filter – <Link to={clearFiltersHref}>sök utan filter</Link>.
            </>
          )}
        </p>
      </div>
    );
  }
  return (
    <>
      <p className="search-count" role="status">
        {hitsText(result.total)} för ”{q}”
      </p>
      <ol className="search-hits">
        {result.hits.map((h) => (
          <li key={h.article.id} className="search-hit">
            <p className="card-meta">
              <CategoryBadge category={h.article.category} />
              <time dateTime={h.article.date}>{formatShortDate(h.article.date)}</time>
            </p>
            <h2 className="search-hit-title">
              <Link to={articlePath(h.article)}>
                <Highlighted segments={h.title} />
              </Link>
            </h2>
            <p className="search-hit-snippet">
              <Highlighted segments={h.snippet} />
            </p>
            <p className="card-byline">{h.article.author_display_name}</p>
          </li>
        ))}
      </ol>
      {nextHref && (
        <nav className="pager" aria-label="Fler träffar">
          <span />
          <Link to={nextHref} rel="next">
            Fler träffar →
          </Link>
        </nav>
      )}
    </>
  );
}
