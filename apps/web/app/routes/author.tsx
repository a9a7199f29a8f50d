import { AVATAR_BYLINE_SIZE, defaultAvatarUrl } from '@vaggen/contract';
import { data } from 'react-router';
import { ArticleListError } from '../features/articles/components/ArticleError';
import { ArticleList } from '../features/articles/components/ArticleList';
import { Pager, pageFromUrl } from '../features/articles/components/Pager';
import { authorPath } from '../features/articles/structured-data';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/author';
import { readerAds } from './compose/reader-ads';
import { useSidebarData } from './reader-layout';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const found = await context.reader.author(params.username, pageFromUrl(request.url));
  if (!found) throw data('Det finns ingen skribent med den adressen på Väggen.', { status: 404 });
  return { ...found, origin: context.origin };
}

export const meta = ({ data: d }: Route.MetaArgs) =>
  d
    ? pageMeta({
        title: d.author.display_name,
        description: `Artiklar av ${d.author.display_name} på Väggen.`,
        url: `${d.origin}${authorPath(d.author.username)}${d.page > 1 ? `?sida=${d.page}` : ''}`,
      })
    : [{ title: 'Skribenten finns inte | Väggen' }];

export default function AuthorPage({ loaderData }: Route.ComponentProps) {
  const sidebar = useSidebarData();
  const { author, articles, page, hasMore } = loaderData;
  return (
    <>
      <header className="author-header">
        <img
          className="avatar"
          src={author.profile_picture || defaultAvatarUrl(author.display_name, 96)}
          alt=""
          width={AVATAR_BYLINE_SIZE * 2}
          height={AVATAR_BYLINE_SIZE * 2}
        />
        <div>
          <h1 className="page-title">{author.display_name}</h1>
          <p className="author-role">Skribent på Väggen</p>
        </div>
      </header>
      <ArticleList articles={articles} sidebar={sidebar} ads={readerAds} empty={'Inga artiklar ännu.'} />
      <Pager page={page} hasMore={hasMore} basePath={authorPath(author.username)} />
    </>
  );
}

export { ArticleListError as ErrorBoundary };
