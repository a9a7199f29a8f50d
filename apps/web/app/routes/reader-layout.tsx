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

/**
 * Issue 46 (decision 054): the reader layout's pages are island pages — the server's HTML, in which
 * only the header's controls, the ads, the sign-up, the edit button, the report and the comments
 * hydrate, without React Router's client (root.tsx). A page may say otherwise in its own handle.
 */
export const handle = { islands: true };

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
