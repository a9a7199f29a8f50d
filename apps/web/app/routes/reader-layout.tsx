import type { SidebarData } from '@vaggen/contract';
import { Outlet, useMatches, useRouteLoaderData } from 'react-router';
import { Sidebar } from '../features/articles/components/SidebarSections';
import type { Route } from './+types/reader-layout';
import { readerAds } from './compose/reader-ads';

export async function loader({ context }: Route.LoaderArgs) {
  return { sidebar: await context.reader.sidebar() };
}

/** The sidebar data of the reader layout, for pages that interleave it (mobile lists). */
export function useSidebarData(): SidebarData {
  const d = useRouteLoaderData<typeof loader>('routes/reader-layout');
  return d?.sidebar ?? { latest: [], next: [], hottest: [] };
}

export default function ReaderLayout({ loaderData }: Route.ComponentProps) {
  // Issue 41: a list page's own sidebar (without what its list shows beside it), else the layout's
  const page = useMatches().at(-1)?.data as { sidebar?: SidebarData } | undefined;
  return (
    <div className="reader-layout">
      <div className="reader-main">
        <Outlet />
      </div>
      <aside className="reader-sidebar desktop-only" aria-label="Senaste nytt">
        <Sidebar data={page?.sidebar ?? loaderData.sidebar} ads={readerAds} />
      </aside>
    </div>
  );
}
