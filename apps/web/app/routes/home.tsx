import { HOME_FRONT } from '@vaggen/contract';
import { InlineStyle } from '../components/InlineStyle';
import cardSizes from '../features/articles/card-sizes.css?inline';
import { ArticleListError } from '../features/articles/components/ArticleError';
import { ArticleList } from '../features/articles/components/ArticleList';
import { Pager, pageFromUrl } from '../features/articles/components/Pager';
import { sidebarBeside } from '../features/articles/sidebar-beside';
import { homeJsonLd, JsonLd } from '../features/articles/structured-data';
import { loadCuratedPage } from '../features/fronts/loaders';
import { SubscribeForm } from '../features/newsletter/components/SubscribeForm';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/home';
import { useSidebarData } from './reader-layout';

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageFromUrl(request.url);
  // Issue 41: the editors' front first (its lead larger), then the newest articles
  return { ...(await loadCuratedPage(context.reader, page, HOME_FRONT)), origin: context.origin };
}

export const meta = ({ data }: Route.MetaArgs) =>
  pageMeta({
    url: `${data?.origin ?? ''}/${data && data.page > 1 ? `?sida=${data.page}` : ''}`,
    image: data?.articles[0]?.featured_image,
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { articles, hasMore, page, origin, beside } = loaderData;
  // issue 41: SENASTE NYTT does not repeat what the list beside it shows
  const sidebar = sidebarBeside(useSidebarData(), beside);
  return (
    <>
      {/* issue 41: the front's card sizes, inline (no render-blocking request, decision 043) */}
      <InlineStyle id="card-sizes-css" css={cardSizes} />
      {page === 1 && <JsonLd data={homeJsonLd(origin)} />}
      <h1 className="visually-hidden">Väggen – senaste nyheterna</h1>
      <ArticleList articles={articles} sidebar={sidebar} empty={'Inga artiklar ännu.'} />
      <Pager page={page} hasMore={hasMore} basePath="/" />
      <SubscribeForm place="home" />
    </>
  );
}

export { ArticleListError as ErrorBoundary };
