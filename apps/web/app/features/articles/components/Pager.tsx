import { Link } from 'react-router';

/** "Nyare" / "Äldre" links for paged lists (`?sida=N`). */
export function Pager({ page, hasMore, basePath }: { page: number; hasMore: boolean; basePath: string }) {
  if (page <= 1 && !hasMore) return null;
  const href = (p: number) => (p <= 1 ? basePath : `${basePath}?sida=${p}`);
  return (
    <nav className="pager" aria-label="Sidor">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev">
          ← Nyare artiklar
        </Link>
      ) : (
        <span />
      )}
      <span className="pager-page">Sida {page}</span>
      {hasMore ? (
        <Link to={href(page + 1)} rel="next">
          Äldre artiklar →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** `?sida=` as a page number (1 … 10 000); anything else is page 1. */
export function pageFromUrl(url: string): number {
  const n = Number(new URL(url).searchParams.get('sida'));
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}
