import { categoryLabel, categoryPath, feedPath, MSG, normalizeTag, parseCategory } from '@vaggen/contract';

const tagPath = (tag: string) => `/tag/${encodeURIComponent(tag)}`;

import { data } from 'react-router';
import { ArticleListError } from '../features/articles/components/ArticleError';
import { ArticleList } from '../features/articles/components/ArticleList';
import { Pager, pageFromUrl } from '../features/articles/components/Pager';
import { loadListPage } from '../features/articles/loaders';
import { sidebarBeside } from '../features/articles/sidebar-beside';
import { loadCuratedPage } from '../features/fronts/loaders';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/category';
import { readerAds } from './compose/reader-ads';
import { useSidebarData } from './reader-layout';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const category = parseCategory(params.category);
  // `/tag/{tag}`: the spec's category links keep working; any other word is a free tag (issue 14).
  if (!category && new URL(request.url).pathname.startsWith('/tag/')) {
    const tag = normalizeTag(params.category);
    const page = pageFromUrl(request.url);
    const list = await loadListPage(context.reader, page, undefined, tag);
    // A tag no article has: the 404 page (issue 41).
    if (list.articles.length === 0 && page === 1)
      throw data(`Inga artiklar har taggen #${tag}. Taggen kan ha tagits bort eller stavas på ett annat sätt.`, {
        status: 404,
      });
    return { category: null, tag, ...list, origin: context.origin, name: `#${tag}` };
  }
  if (!category) {
    return data(
      {
        category: null,
        tag: null,
        articles: [],
        hasMore: false,
        page: 1,
        origin: context.origin,
        name: params.category,
      },
      { status: 404 },
    );
  }
  const page = pageFromUrl(request.url);
  // Issue 41: the category's front first, then its newest articles; the sidebar beside them without
  // what they show (filtered here, on the server: no reader JavaScript)
  const [list, sidebar] = await Promise.all([
    loadCuratedPage(context.reader, page, category.toLocaleLowerCase('sv-SE'), category),
    context.reader.sidebar(),
  ]);
  return {
    category,
    tag: null,
    ...list,
    sidebar: sidebarBeside(sidebar, list.beside),
    origin: context.origin,
    name: category,
  };
}

export const meta = ({ data: d }: Route.MetaArgs) => {
  const label = d?.category ? categoryLabel(d.category) : d?.tag ? `#${d.tag}` : 'Okänd kategori';
  const path = d?.category ? categoryPath(d.category) : d?.tag ? tagPath(d.tag) : '/';
  const tags = pageMeta({
    title: label,
    description: `Senaste artiklarna i ${label.toLocaleLowerCase('sv-SE')} från Väggen.`,
    url: `${d?.origin ?? ''}${path}${d && d.page > 1 ? `?sida=${d.page}` : ''}`,
  });
  if (d?.category) {
    tags.push({
      tagName: 'link',
      rel: 'alternate',
      type: 'application/rss+xml',
      title: `Väggen – ${label}`,
      href: feedPath(d.category),
    });
  }
  return tags;
};

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const layoutSidebar = useSidebarData();
  const { category, tag, articles, hasMore, page } = loaderData;
  const sidebar = 'sidebar' in loaderData ? loaderData.sidebar : layoutSidebar;
  return (
    <>
      <h1 className="page-title">{category ? categoryLabel(category) : loaderData.name}</h1>
      <ArticleList articles={articles} sidebar={sidebar} ads={readerAds} empty={MSG.noArticlesInCategory} />
      {category && <Pager page={page} hasMore={hasMore} basePath={categoryPath(category)} />}
      {tag && <Pager page={page} hasMore={hasMore} basePath={tagPath(tag)} />}
    </>
  );
}

export { ArticleListError as ErrorBoundary };
