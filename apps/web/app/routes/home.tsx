import { HOME_FRONT } from '@vaggen/contract';
import { ArticleListError } from '../features/articles/components/ArticleError';
import { ArticleList } from '../features/articles/components/ArticleList';
import { Pager, pageFromUrl } from '../features/articles/components/Pager';
import { sidebarBeside } from '../features/articles/sidebar-beside';
import { homeJsonLd, JsonLd } from '../features/articles/structured-data';
import { loadCuratedPage } from '../features/fronts/loaders';
import { SubscribeFormIsland } from '../features/newsletter';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/home';
import { readerAds } from './compose/reader-ads';

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageFromUrl(request.url);
  // Issue 41: the editors' front first (its lead larger), then the newest articles; the sidebar
  // beside them without what they show (filtered here, on the server: no reader JavaScript)
  const [list, sidebar] = await Promise.all([
    loadCuratedPage(context.reader, page, HOME_FRONT),
    context.reader.sidebar(),
  ]);
  return { ...list, sidebar: sidebarBeside(sidebar, list.beside), origin: context.origin };
}

export const meta = ({ data }: Route.MetaArgs) =>
  pageMeta({
    url: `${data?.origin ?? ''}/${data && data.page > 1 ? `?sida=${data.page}` : ''}`,
    image: data?.articles[0]?.featured_image,
  });

/** Issue 46: an island page (root.tsx). */
export const handle = { islands: true };

export default function Home({ loaderData }: Route.ComponentProps) {
  const { articles, hasMore, page, origin, sidebar } = loaderData;
  return (
    <>
      {page === 1 && <JsonLd data={homeJsonLd(origin)} />}
      <h1 className="visually-hidden">Väggen – senaste nyheterna</h1>
      <ArticleList articles={articles} sidebar={sidebar} ads={readerAds} empty={'Inga artiklar ännu.'} />
      <Pager page={page} hasMore={hasMore} basePath="/" />
      <SubscribeFormIsland place="home" />
    </>
  );
}

export { ArticleListError as ErrorBoundary };
