import type { SidebarData } from '@vaggen/contract';
import { Outlet, useMatches, useRouteLoaderData } from 'react-router';
import { Sidebar } from '../features/articles/components/SidebarSections';
import { sidebarBeside } from '../features/articles/sidebar-beside';
import type { Route } from './+types/reader-layout';

export async function loader({ context }: Route.LoaderArgs) {
  return { sidebar: await context.reader.sidebar() };
}

/** The sidebar data of the reader layout, for pages that interleave it (mobile lists). */
export function useSidebarData(): SidebarData {
  const d = useRouteLoaderData<typeof loader>('routes/reader-layout');
  return d?.sidebar ?? { latest: [], next: [], hottest: [] };
}

/** Issue 41: the ids a page's list shows beside the sidebar (home and category pages say them). */
function useBeside(): number[] {
  return useMatches().flatMap((m) => {
    const beside = (m.data as { beside?: unknown } | undefined)?.beside;
    return Array.isArray(beside) ? (beside as number[]) : [];
  });
}

export default function ReaderLayout({ loaderData }: Route.ComponentProps) {
  const beside = useBeside();
  return (
    <div className="reader-layout">
      <div className="reader-main">
        <Outlet />
      </div>
      <aside className="reader-sidebar desktop-only" aria-label="Senaste nytt">
        <Sidebar data={sidebarBeside(loaderData.sidebar, beside)} />
      </aside>
    </div>
  );
}
