import { ArticleListError } from '../features/articles/components/ArticleError';
import { ArticleList } from '../features/articles/components/ArticleList';
import { Pager, pageFromUrl } from '../features/articles/components/Pager';
import { loadListPage } from '../features/articles/loaders';
import { homeJsonLd, JsonLd } from '../features/articles/structured-data';
import { SubscribeForm } from '../features/newsletter/components/SubscribeForm';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/home';
import { readerAds } from './compose/reader-ads';
import { useSidebarData } from './reader-layout';

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageFromUrl(request.url);
  return { ...(await loadListPage(context.reader, page)), origin: context.origin };
}

export const meta = ({ data }: Route.MetaArgs) =>
  pageMeta({
    url: `${data?.origin ?? ''}/${data && data.page > 1 ? `?sida=${data.page}` : ''}`,
    image: data?.articles[0]?.featured_image,
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  const sidebar = useSidebarData();
  const { articles, hasMore, page, origin } = loaderData;
  return (
    <>
      {page === 1 && <JsonLd data={homeJsonLd(origin)} />}
      <h1 className="visually-hidden">Väggen – senaste nyheterna</h1>
      <ArticleList articles={articles} sidebar={sidebar} ads={readerAds} empty={'Inga artiklar ännu.'} />
      <Pager page={page} hasMore={hasMore} basePath="/" />
      <SubscribeForm place="home" />
    </>
  );
}

export { ArticleListError as ErrorBoundary };
