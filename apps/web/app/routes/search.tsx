import type { SearchResult } from '@vaggen/contract';
import { SearchForm } from '../features/search/components/SearchForm';
import { SearchResults } from '../features/search/components/SearchResults';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/search';

const FIELDS = ['q', 'category', 'from', 'to', 'sort'] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const values = Object.fromEntries(FIELDS.map((f) => [f, (url.searchParams.get(f) ?? '').slice(0, 300)])) as Record<
    (typeof FIELDS)[number],
    string
  >;
  const cursor = url.searchParams.get('cursor') ?? '';
  let result: SearchResult | null = null;
  let error: string | null = null;
  if (values.q.trim()) {
    try {
      result = await context.reader.search({ ...values, cursor });
    } catch (e) {
      error = e instanceof Error ? e.message : 'Sökningen misslyckades';
    }
  }
  let nextHref: string | null = null;
  if (result?.next_cursor) {
    const next = new URLSearchParams(Object.entries(values).filter(([, v]) => v));
    next.set('cursor', result.next_cursor);
    nextHref = `/sok?${next}`;
  }
  return { values, result, error, nextHref, origin: context.origin };
}

export const meta = ({ data: d }: Route.MetaArgs) => [
  ...pageMeta({
    title: d?.values.q ? `Sök: ${d.values.q}` : 'Sök',
    description: 'Sök bland Väggens artiklar.',
    url: `${d?.origin ?? ''}/sok`,
  }),
  { name: 'robots', content: 'noindex, follow' },
];

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { values, result, error, nextHref } = loaderData;
  const filtered = Boolean(values.category || values.from || values.to);
  return (
    <section className="search-page" aria-labelledby="search-heading">
      <h1 id="search-heading" className="page-title">
        Sök
      </h1>
      <SearchForm values={values} />
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {!values.q.trim() && (
        <p className="search-empty">Skriv ett eller flera ord, till exempel ”bostad” eller ”val 2026”.</p>
      )}
      {result && (
        <SearchResults
          q={values.q}
          result={result}
          nextHref={nextHref}
          filtered={filtered}
          clearFiltersHref={`/sok?${new URLSearchParams({ q: values.q })}`}
        />
      )}
    </section>
  );
}
